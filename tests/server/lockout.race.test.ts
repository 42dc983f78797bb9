import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, TEST_PASSWORD, type TestApp } from './helpers';

/**
 * the lockout of five failures in a row must hold against a burst of
 * parallel sign-ins. Before the fix the lock was read before the slow password check and the
 * failure written after it, so 30 requests sent at once all passed the check and the right
 * password among them signed in (5 of 5 trials).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-06-15T14:00:00Z'), env: { AUTH_RATE_LIMIT: '10000' } });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 1, login: 'target1' });
  await createOfficer(t.app, { officerId: 302, accessTypeId: 1, login: 'target2' });
});
afterAll(() => t.close());

const signIn = (username: string, password: string) => call(t.app, 'POST', '/api/authenticate', { body: { username, password } });

describe('lockout under 30 parallel sign-ins', () => {
  for (const login of ['target1']) {
    // 35 scrypt checks (the refused ones burn the same time): slow on a busy machine, never timed.
    it(`keeps ${login} locked: 4 failures, then 29 wrong and 1 right password at once`, { timeout: 180_000 }, async () => {
      for (let i = 0; i < 4; i++) expect((await signIn(login, 'Wrong12345')).status).toBe(401);
      const burst = [...Array.from({ length: 29 }, () => 'Wrong12345'), TEST_PASSWORD];
      const answers = await Promise.all(burst.map((password) => signIn(login, password)));
      // The fifth attempt in a row was a wrong one, so the lock holds: nobody gets in.
      expect(answers.map((a) => a.status)).toEqual(burst.map(() => 401));
      expect(new Set(answers.map((a) => a.body.message))).toEqual(new Set(['Invalid credentials!']));
      // Still locked afterwards, even for the right password...
      expect((await signIn(login, TEST_PASSWORD)).status).toBe(401);
      // ...until the 10 minutes have passed.
      t.clock.advanceMinutes(11);
      expect((await signIn(login, TEST_PASSWORD)).status).toBe(200);
    });
  }

  it('lets the right password through as the fifth attempt in a row, and counts afresh after it', { timeout: 120_000 }, async () => {
    await createOfficer(t.app, { officerId: 303, accessTypeId: 1, login: 'target3' });
    for (let i = 0; i < 4; i++) expect((await signIn('target3', 'Wrong12345')).status).toBe(401);
    expect((await signIn('target3', TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn('target3', 'Wrong12345')).status).toBe(401);
    expect((await signIn('target3', TEST_PASSWORD)).status).toBe(200);
  });
});
