import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, signInWithSecondFactor, tokenFor, TEST_PASSWORD, type TestApp } from './helpers';
import * as s from '../../server/db/schema';
import { createSession } from '../../server/db/repositories/sessions';
import { signToken } from '../../server/auth/tokens';
import { decryptSecret, loadTotpKey, totpCodeAt } from '../../server/auth/secondFactor';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, type SecondFactorStage } from '../../src/domain/secondFactor';
import { rc } from '../../src/domain/messages';

/**
 * Two-step sign-in (decision 029) as officers meet it: the step after the password, the
 * authenticator app (TOTP) with its recovery codes, the lockout, and the level-10 reset.
 * Levels 9 and up must use a second factor here (SECOND_FACTOR_LEVEL 9, the default).
 */
let t: TestApp;
const TOTP_KEY = randomBytes(32).toString('hex');
const ids = { chief: 301, patrol: 302, admin9: 303, resetter: 304, victim: 305, lockme: 306, steps: 307, ninth: 308, newcomer: 309, relock: 310, twin: 311, helped: 312 };

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-06-15T14:00:00Z'), env: { SECOND_FACTOR_LEVEL: '9', AUTH_RATE_LIMIT: '1000', TOTP_KEY } });
  await createOfficer(t.app, { officerId: ids.chief, accessTypeId: 10, login: 'chief' });
  await createOfficer(t.app, { officerId: ids.patrol, accessTypeId: 1, login: 'patrol' });
  await createOfficer(t.app, { officerId: ids.admin9, accessTypeId: 9, login: 'admin9' });
  await createOfficer(t.app, { officerId: ids.resetter, accessTypeId: 10, login: 'resetter' });
  await createOfficer(t.app, { officerId: ids.victim, accessTypeId: 1, login: 'victim', homeEmail: 'victim@example.org', deptEmail: null });
  await createOfficer(t.app, { officerId: ids.lockme, accessTypeId: 10, login: 'lockme' });
  await createOfficer(t.app, { officerId: ids.steps, accessTypeId: 10, login: 'steps' });
  await createOfficer(t.app, { officerId: ids.ninth, accessTypeId: 9, login: 'ninth' });
  await createOfficer(t.app, { officerId: ids.newcomer, accessTypeId: 9, login: 'newcomer', lastLoginDate: null });
  await createOfficer(t.app, { officerId: ids.relock, accessTypeId: 10, login: 'relock' });
  await createOfficer(t.app, { officerId: ids.twin, accessTypeId: 9, login: 'twin' });
  await createOfficer(t.app, { officerId: ids.helped, accessTypeId: 9, login: 'helped' });
});
afterAll(() => t.close());

const signIn = (username: string, password = TEST_PASSWORD) => call(t.app, 'POST', '/api/authenticate', { body: { username, password } });
const code = (secret: string, secondsFromNow = 0) => totpCodeAt(secret, new Date(t.app.ctx.now().getTime() + secondsFromNow * 1000));
/** The clock moves on by whole 30-second steps. */
const nextSteps = (n = 1) => {
  t.clock.current = new Date(t.clock.current.getTime() + n * 30_000);
};
/** A code that is none of the three accepted ones. */
const wrongCode = (secret: string) => {
  const near = new Set([code(secret, -30), code(secret), code(secret, 30)]);
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) return c;
  }
};
const auditOf = (officerId: number, action: string) =>
  t.app.ctx.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.entityId, String(officerId)), eq(s.auditLog.action, action)))
    .orderBy(asc(s.auditLog.auditLogId));

/** A session waiting in `stage`, made straight (as a password sign-in would open it). */
async function stageToken(officerId: number, stage: SecondFactorStage): Promise<string> {
  const now = t.app.ctx.now();
  const { sessionId, expiresAt } = await createSession(t.app.ctx.db, officerId, now, false, stage);
  return signToken(t.app.ctx.jwtSecret, { sessionId, officerId }, now, expiresAt);
}

/** Sets up and confirms the authenticator app with `token`; returns its secret and the first recovery codes. */
async function enrol(token: string): Promise<{ secret: string; codes: string[] | undefined; user: Record<string, unknown> }> {
  const setup = await call(t.app, 'POST', '/api/twoFactor/totp/setup', { token });
  expect(setup.status, setup.text).toBe(200);
  const confirm = await call(t.app, 'POST', '/api/twoFactor/totp/confirm', { token, body: { code: code(setup.body.secret) } });
  expect(confirm.status, confirm.text).toBe(200);
  return { secret: setup.body.secret, codes: confirm.body.recoveryCodes, user: confirm.body.user };
}

/** Signs in with the password and then the code; returns the full session's token. */
async function signInFully(login: string, secondFactor: string): Promise<string> {
  const res = await signIn(login);
  expect(res.body.user.secondFactor).toBe('required');
  const verify = await call(t.app, 'POST', '/api/twoFactor/verify', { token: res.body.jwt, body: { code: secondFactor } });
  expect(verify.status, verify.text).toBe(200);
  return res.body.jwt;
}

describe('a session waiting for its second factor', () => {
  /** The routes each stage still reaches (besides public ones); POST /api/logout is not called, it would end the session. */
  const STEP_ROUTES: Record<SecondFactorStage, string[]> = {
    enrol: ['GET /api/session', 'POST /api/logout', 'GET /api/twoFactor', 'POST /api/twoFactor/totp/setup', 'POST /api/twoFactor/totp/confirm'],
    required: ['GET /api/session', 'POST /api/logout', 'GET /api/twoFactor', 'POST /api/twoFactor/verify'],
  };

  for (const stage of ['enrol', 'required'] as const) {
    it(`is refused every other route of the API while it waits (${stage}), whatever the level`, { timeout: 120_000 }, async () => {
      const doc = (await call(t.app, 'GET', '/api/docs/json')).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
      const token = await stageToken(ids.resetter, stage);
      let refused = 0;
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(ops)) {
          const route = `${method.toUpperCase()} ${path}`;
          // Public routes answer without a session; the passkey routes are the passkey module's, which lists its own steps.
          if (Array.isArray(op.security) && op.security.length === 0) continue;
          if (STEP_ROUTES[stage].includes(route) || path.startsWith('/api/passkeys')) continue;
          const res = await call(t.app, method.toUpperCase() as 'GET', path.replace(/\{[^}]+\}/g, '1'), { token });
          if (res.status === 404 && res.body?.message !== 'Finish the two-step sign-in first.') continue;
          expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBe(403);
          expect(res.body.message, route).toBe('Finish the two-step sign-in first.');
          refused++;
        }
      }
      expect(refused).toBeGreaterThan(80);
      // ... and its step routes answer.
      const session = await call(t.app, 'GET', '/api/session', { token });
      expect(session.body.user.secondFactor).toBe(stage);
      const status = await call(t.app, 'GET', '/api/twoFactor', { token });
      expect(status.status).toBe(200);
      expect(status.body.stage).toBe(stage);
    });
  }

  it('refuses the other stage\'s step: no set-up while verifying, no verifying while enrolling', async () => {
    const verifying = await stageToken(ids.resetter, 'required');
    expect((await call(t.app, 'POST', '/api/twoFactor/totp/setup', { token: verifying })).status).toBe(403);
    const enrolling = await stageToken(ids.resetter, 'enrol');
    const res = await call(t.app, 'POST', '/api/twoFactor/verify', { token: enrolling, body: { code: '123456' } });
    expect(res.status).toBe(403);
  });
});

describe('level 10: enrolment at the first sign-in, then a code at every sign-in', () => {
  let secret = '';

  it('asks him to enrol after the right password, and the set-up ends the step with 10 recovery codes', async () => {
    const res = await signIn('chief');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ officerId: ids.chief, secondFactor: 'enrol' });
    // beside the user too, where a client of the legacy answer finds it
    expect(res.body.secondFactor).toBe('enrol');
    const token = res.body.jwt;
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${ids.chief}`, { token })).status).toBe(403);

    const status = await call(t.app, 'GET', '/api/twoFactor', { token });
    expect(status.body).toEqual({ required: true, totp: false, totpSince: null, recoveryCodesLeft: 0, passkeys: [], stage: 'enrol' });

    const setup = await call(t.app, 'POST', '/api/twoFactor/totp/setup', { token });
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toContain('otpauth://totp/');
    expect(setup.body.otpauthUri).toContain(`secret=${secret}`);
    expect(setup.body.otpauthUri).toContain('chief');
    expect(setup.body.otpauthUri).toContain(`issuer=${encodeURIComponent(t.config.ORG_NAME)}`);
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await call(t.app, 'POST', '/api/twoFactor/totp/confirm', { token, body: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid code!');

    const confirm = await call(t.app, 'POST', '/api/twoFactor/totp/confirm', { token, body: { code: code(secret) } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.user).toMatchObject({ officerId: ids.chief, secondFactor: null });
    expect(confirm.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const c of confirm.body.recoveryCodes) expect(c).toMatch(RECOVERY_CODE_PATTERN);

    // the same session now reaches the app
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${ids.chief}`, { token })).status).toBe(200);
    const after = await call(t.app, 'GET', '/api/twoFactor', { token });
    expect(after.body).toEqual({ required: true, totp: true, totpSince: '06/15/2026', recoveryCodesLeft: 10, passkeys: [], stage: null });
    const again = await call(t.app, 'POST', '/api/twoFactor/totp/setup', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The authenticator app is already set up. Turn it off first to set it up again.');

    expect((await auditOf(ids.chief, 'second-factor-setup')).map((e) => e.details)).toEqual(['totp']);
    const enrolments = await auditOf(ids.chief, 'second-factor-enrol');
    expect(enrolments.map((e) => [e.actorId, e.outcome, e.details])).toEqual([
      [ids.chief, 'failure', 'wrong code'],
      [ids.chief, 'success', 'totp'],
    ]);
  });

  it('asks for a code at the next sign-in, and the code opens the session', async () => {
    nextSteps();
    const res = await signIn('chief');
    expect(res.body.user.secondFactor).toBe('required');
    expect(res.body.secondFactor).toBe('required');
    const token = res.body.jwt;
    expect((await call(t.app, 'GET', '/api/events/calendar', { token })).status).toBe(403);
    const verify = await call(t.app, 'POST', '/api/twoFactor/verify', { token, body: { code: code(secret) } });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ user: { officerId: ids.chief, secondFactor: null } });
    // the count of recovery codes comes only after one was used, so its warning means something
    expect(verify.body.recoveryCodesLeft).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/session', { token })).body.user.secondFactor).toBeNull();
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${ids.chief}`, { token })).status).toBe(200);
    // a full session has nothing to verify
    expect((await call(t.app, 'POST', '/api/twoFactor/verify', { token, body: { code: code(secret) } })).status).toBe(403);
    const [login] = (await auditOf(ids.chief, 'login')).slice(-1);
    expect(login.details).toBe('second factor: required');
  });
});

describe('a first sign-in that must also change the password', () => {
  it('asks for the second factor first, then the password change', async () => {
    const res = await signIn('newcomer');
    expect(res.body.user).toMatchObject({ secondFactor: 'enrol', mustChangePassword: true });
    const token = res.body.jwt;
    const body = { login: 'newcomer', oldPassword: TEST_PASSWORD, newPassword: 'Changed123', verifyPassword: 'Changed123' };
    const early = await call(t.app, 'PUT', '/api/password/update', { token, body });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Finish the two-step sign-in first.');
    const { user } = await enrol(token);
    expect(user).toMatchObject({ secondFactor: null, mustChangePassword: true });
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${ids.newcomer}`, { token })).status).toBe(403);
    expect((await call(t.app, 'PUT', '/api/password/update', { token, body })).status).toBe(200);
  });
});

describe('codes', () => {
  let secret = '';
  let codes: string[] = [];
  beforeAll(async () => {
    const first = await signIn('steps');
    ({ secret, codes } = (await enrol(first.body.jwt)) as { secret: string; codes: string[] });
  });
  const verifyWith = async (value: string) => {
    const res = await signIn('steps');
    return call(t.app, 'POST', '/api/twoFactor/verify', { token: res.body.jwt, body: { code: value } });
  };

  it("accepts the previous step's code (a slow phone) but not one two steps old", async () => {
    nextSteps(3);
    expect((await verifyWith(code(secret, -30))).status).toBe(200);
    nextSteps(3);
    const old = await verifyWith(code(secret, -60));
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid code!');
  });

  it('accepts a code once: the same code again is refused', async () => {
    nextSteps(3);
    const current = code(secret);
    expect((await verifyWith(current)).status).toBe(200);
    expect((await verifyWith(current)).status).toBe(401);
    // nor does an older code of a step before the last one accepted work
    expect((await verifyWith(code(secret, -30))).status).toBe(401);
    nextSteps();
    expect((await verifyWith(` ${code(secret).slice(0, 3)} ${code(secret).slice(3)} `)).status).toBe(200);
  });

  it('accepts a recovery code once, in any letter case, and says how many are left', async () => {
    const used = await verifyWith(codes[0].toUpperCase());
    expect(used.status).toBe(200);
    expect(used.body.recoveryCodesLeft).toBe(9);
    expect((await verifyWith(codes[0])).status).toBe(401);
    const entries = await auditOf(ids.steps, 'recovery-code-used');
    expect(entries).toHaveLength(1);
    const verified = await auditOf(ids.steps, 'second-factor-verify');
    expect(verified.map((e) => e.details)).toContain('recovery');
  });

  it('makes new recovery codes that replace the old ones', async () => {
    const token = await signInFully('steps', codes[1]);
    const res = await call(t.app, 'POST', '/api/twoFactor/recoveryCodes', { token });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect((await verifyWith(codes[2])).status).toBe(401);
    expect((await verifyWith(res.body.recoveryCodes[0])).status).toBe(200);
    expect(await auditOf(ids.steps, 'recovery-codes-regenerated')).toHaveLength(1);
    codes = res.body.recoveryCodes;
  });

  it('never writes the secret or a code to the audit log, and keeps the secret sealed', async () => {
    const entries = JSON.stringify(await t.app.ctx.db.select().from(s.auditLog));
    expect(entries).not.toContain(secret);
    for (const c of codes) expect(entries).not.toContain(c);
    const [row] = await t.app.ctx.db.select().from(s.officerTotp).where(eq(s.officerTotp.officerId, ids.steps));
    expect(row.secretEnc).not.toContain(secret);
    expect(row.secretEnc.toUpperCase()).not.toContain(secret);
    expect(decryptSecret(t.app.ctx.totpKey, row.secretEnc)).toBe(secret);
    const otherKey = loadTotpKey({ ...t.config, TOTP_KEY: randomBytes(32).toString('hex') });
    expect(() => decryptSecret(otherKey, row.secretEnc)).toThrow();
    const stored = await t.app.ctx.db.select().from(s.recoveryCode).where(eq(s.recoveryCode.officerId, ids.steps));
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
  });
});

describe("the suites' sign-in helper", () => {
  it('signs the same administrator in twice within one 30-second step, and says so at the third', async () => {
    const { secret } = await enrol((await signIn('helped')).body.jwt);
    nextSteps();
    const tokens = [await signInWithSecondFactor(t.app, 'helped', secret), await signInWithSecondFactor(t.app, 'helped', secret)];
    for (const token of tokens) expect((await call(t.app, 'GET', `/api/officer/getSingle/${ids.helped}`, { token })).status).toBe(200);
    await expect(signInWithSecondFactor(t.app, 'helped', secret)).rejects.toThrow(/move the clock on/);
    nextSteps();
    expect(await signInWithSecondFactor(t.app, 'helped', secret)).toBeTruthy();
  });
});

describe('a second half sign-in', () => {
  it('opened with the password alone must give the factor enrolled in the first, not enrol its own', async () => {
    const mine = (await signIn('twin')).body.jwt;
    const other = (await signIn('twin')).body.jwt;
    const { codes } = await enrol(mine);
    expect((await call(t.app, 'GET', '/api/session', { token: other })).body.user.secondFactor).toBe('required');
    const setup = await call(t.app, 'POST', '/api/twoFactor/totp/setup', { token: other });
    expect(setup.status).toBe(403);
    expect(setup.body.message).toBe(rc.secondFactor.errors.stepPending);
    // a recovery code typed without its hyphen is the same code
    const typed = codes![0].replace('-', '').toUpperCase();
    expect((await call(t.app, 'POST', '/api/twoFactor/verify', { token: other, body: { code: typed } })).status).toBe(200);
  });
});

describe('the lockout', () => {
  it('locks the login for 10 minutes after 5 wrong codes in a row, even for the right password', async () => {
    const first = await signIn('lockme');
    const { secret } = await enrol(first.body.jwt);
    nextSteps();
    const res = await signIn('lockme');
    const token = res.body.jwt;
    for (let i = 0; i < 5; i++) {
      const wrong = await call(t.app, 'POST', '/api/twoFactor/verify', { token, body: { code: wrongCode(secret) } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid code!');
    }
    // locked: the right code is refused too, and so is the right password
    expect((await call(t.app, 'POST', '/api/twoFactor/verify', { token, body: { code: code(secret) } })).status).toBe(401);
    const locked = await signIn('lockme');
    expect(locked.status).toBe(401);
    expect(locked.body.message).toBe('Invalid credentials!');
    t.clock.advanceMinutes(9);
    expect((await signIn('lockme')).status).toBe(401);
    t.clock.advanceMinutes(1.5);
    const open = await signIn('lockme');
    expect(open.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/twoFactor/verify', { token: open.body.jwt, body: { code: code(secret) } })).status).toBe(200);

    const refusals = await auditOf(ids.lockme, 'login-failed');
    expect(refusals.filter((e) => e.details === 'wrong second factor')).toHaveLength(5);
    expect(await auditOf(ids.lockme, 'lockout')).toHaveLength(1);
  });

  it('signing in with the password again does not wipe the wrong codes before it', async () => {
    const { secret } = await enrol((await signIn('relock')).body.jwt);
    nextSteps();
    const guess = async (token: string) => (await call(t.app, 'POST', '/api/twoFactor/verify', { token, body: { code: wrongCode(secret) } })).status;
    const first = (await signIn('relock')).body.jwt;
    for (let i = 0; i < 4; i++) expect(await guess(first)).toBe(401);
    // the right password again: a fresh half session, not a fresh count
    const again = await signIn('relock');
    expect(again.status).toBe(200);
    expect(again.body.user.secondFactor).toBe('required');
    expect(await guess(again.body.jwt)).toBe(401);
    expect(await auditOf(ids.relock, 'lockout')).toHaveLength(1);
    const locked = await signIn('relock');
    expect(locked.status).toBe(401);
    expect(locked.body.message).toBe('Invalid credentials!');
  });

  it('a right code clears the count of wrong ones', async () => {
    const [row] = await t.app.ctx.db.select().from(s.loginAttempt).where(eq(s.loginAttempt.login, 'lockme'));
    expect(row).toBeUndefined();
  });
});

describe('levels that need not use a second factor', () => {
  it('signs level 1 in with the password until he enrols, then asks for a code; he may turn it off', async () => {
    const first = await signIn('patrol');
    expect(first.body.user.secondFactor).toBeNull();
    const token = first.body.jwt;
    expect((await call(t.app, 'GET', '/api/twoFactor', { token })).body).toMatchObject({ required: false, totp: false, stage: null });
    const { secret, codes } = await enrol(token);
    expect(codes).toHaveLength(10);

    nextSteps();
    const full = await signInFully('patrol', code(secret));
    nextSteps();
    const wrong = await call(t.app, 'DELETE', '/api/twoFactor/totp', { token: full, body: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(401);
    const off = await call(t.app, 'DELETE', '/api/twoFactor/totp', { token: full, body: { code: code(secret) } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ required: false, totp: false, totpSince: null, recoveryCodesLeft: 0, stage: null });
    expect((await signIn('patrol')).body.user.secondFactor).toBeNull();
    const removals = await auditOf(ids.patrol, 'second-factor-remove');
    expect(removals.map((e) => [e.outcome, e.details])).toEqual([
      ['failure', 'wrong code'],
      ['success', 'totp'],
    ]);
    const none = await call(t.app, 'POST', '/api/twoFactor/recoveryCodes', { token: full });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Two-step sign-in is not set up.');
  });

  it('refuses level 9 the removal of his last factor', async () => {
    const first = await signIn('admin9');
    expect(first.body.user.secondFactor).toBe('enrol');
    const { secret } = await enrol(first.body.jwt);
    nextSteps();
    const res = await call(t.app, 'DELETE', '/api/twoFactor/totp', { token: first.body.jwt, body: { code: code(secret) } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Your access level must keep at least one second factor.');
    expect((await call(t.app, 'GET', '/api/twoFactor', { token: first.body.jwt })).body.totp).toBe(true);
  });

  it('lets the super user remove his last factor only with a recovery code', async () => {
    const token = await tokenFor(t.app, 1);
    const { secret, codes } = await enrol(token);
    nextSteps();
    const withTotp = await call(t.app, 'DELETE', '/api/twoFactor/totp', { token, body: { code: code(secret) } });
    expect(withTotp.status).toBe(409);
    expect(withTotp.body.message).toBe('The super user can remove his last second factor only with a recovery code.');
    const withRecovery = await call(t.app, 'DELETE', '/api/twoFactor/totp', { token, body: { code: codes![0] } });
    expect(withRecovery.status).toBe(200);
    expect(withRecovery.body.totp).toBe(false);
  });
});

describe('the level-10 reset of another officer', () => {
  let victimToken = '';
  let enrolMail: (typeof t.mail)[number][] = [];
  beforeAll(async () => {
    const first = await signIn('victim');
    const mailsBefore = t.mail.length;
    const { secret } = await enrol(first.body.jwt);
    enrolMail = t.mail.slice(mailsBefore);
    nextSteps();
    victimToken = await signInFully('victim', code(secret));
  });
  const reset = (token: string, officerId: number, reason = 'Lost his phone on patrol') =>
    call(t.app, 'POST', `/api/officers/${officerId}/twoFactor/reset`, { token, body: { reason } });

  it('began with a mail telling him an authenticator app was added, in case it was not he who added it', async () => {
    expect(enrolMail).toHaveLength(1);
    expect(enrolMail[0]).toMatchObject({ to: 'victim@example.org', subject: rc.secondFactor.added.mailSubject });
    expect(enrolMail[0].text).toContain('an authenticator app was added to the two-step sign-in of Roll Call login victim');
  });

  it('is refused below level 10, for the super user, for himself and for an unknown officer', async () => {
    const level9 = await reset(await tokenFor(t.app, ids.admin9), ids.victim);
    expect(level9.status).toBe(403);
    const resetter = await tokenFor(t.app, ids.resetter);
    const su = await reset(resetter, 1);
    expect(su.status).toBe(403);
    expect(su.body.message).toBe("The super user's two-step sign-in cannot be reset.");
    const self = await reset(resetter, ids.resetter);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Use My Settings to change your own two-step sign-in.');
    expect((await reset(resetter, 9999)).status).toBe(404);
    const blank = await reset(resetter, ids.victim, '   ');
    expect(blank.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/session', { token: victimToken })).status).toBe(200);
  });

  it('removes his factors and codes, ends his sessions, audits the reason and mails him', async () => {
    const mailsBefore = t.mail.length;
    const res = await reset(await tokenFor(t.app, ids.resetter), ids.victim);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Two-step sign-in reset.');
    expect((await call(t.app, 'GET', '/api/session', { token: victimToken })).status).toBe(401);
    expect(await t.app.ctx.db.select().from(s.officerTotp).where(eq(s.officerTotp.officerId, ids.victim))).toEqual([]);
    expect(await t.app.ctx.db.select().from(s.recoveryCode).where(eq(s.recoveryCode.officerId, ids.victim))).toEqual([]);
    const [entry] = await auditOf(ids.victim, 'second-factor-reset');
    expect(entry).toMatchObject({ actorId: ids.resetter, details: 'Lost his phone on patrol', outcome: 'success' });
    const mail = t.mail.slice(mailsBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'victim@example.org', subject: 'Roll Call: your two-step sign-in was reset' });
    expect(mail[0].text).toContain('Roll Call login victim');
    expect(mail[0].text).toContain(`Last${ids.resetter}, First${ids.resetter}`);
    expect(mail[0].text).toContain('Reason: Lost his phone on patrol');
    // level 1: the password alone signs him in again
    expect((await signIn('victim')).body.user.secondFactor).toBeNull();
    const nothing = await reset(await tokenFor(t.app, ids.resetter), ids.victim);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('This officer has no two-step sign-in to reset.');
  });

  it('stands when the mail cannot be sent, and a level-9 officer enrols again at his next sign-in', async () => {
    const first = await signIn('ninth');
    await enrol(first.body.jwt);
    t.failMail(true);
    try {
      const res = await reset(await tokenFor(t.app, ids.resetter), ids.ninth);
      expect(res.status).toBe(200);
    } finally {
      t.failMail(false);
    }
    expect((await call(t.app, 'GET', '/api/session', { token: first.body.jwt })).status).toBe(401);
    expect((await signIn('ninth')).body.user.secondFactor).toBe('enrol');
  });
});
