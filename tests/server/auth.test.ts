import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, TEST_PASSWORD, type TestApp } from './helpers';
import * as s from '../../server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-06-15T14:00:00Z'), env: { AUTH_RATE_LIMIT: '1000' } });
  await createOfficer(t.app, { officerId: 201, accessTypeId: 1, login: 'jdoe' });
  await createOfficer(t.app, { officerId: 202, accessTypeId: 1, login: 'locked' });
  await createOfficer(t.app, { officerId: 203, accessTypeId: 1, login: 'gone', separationDate: '2026-01-01' });
  await createOfficer(t.app, { officerId: 204, accessTypeId: 1, login: 'forgetful', homeEmail: 'f@example.org', deptEmail: null });
  await createOfficer(t.app, { officerId: 205, accessTypeId: 1, login: 'nomail', homeEmail: null, deptEmail: null });
  await createOfficer(t.app, { officerId: 206, accessTypeId: 10, login: 'auditor' });
  await createOfficer(t.app, { officerId: 207, accessTypeId: 5, login: 'sketchy', mobile: null, homeEmail: '' });
  await createOfficer(t.app, { officerId: 208, accessTypeId: 1, login: 'racer', homeEmail: 'r@example.org' });
  await createOfficer(t.app, { officerId: 209, accessTypeId: 1, login: 'leaving', separationDate: '2026-12-21' });
  await createOfficer(t.app, { officerId: 210, accessTypeId: 1, login: 'longtyper' });
});
afterAll(() => t.close());

const signIn = (username: string, password: string) => call(t.app, 'POST', '/api/authenticate', { body: { username, password } });

describe('sign-in (spec §5 Login, §8)', () => {
  it('answers a valid sign-in with a token and the session user', async () => {
    const res = await signIn('jdoe', TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.jwt).toMatch(/^ey/);
    expect(res.body.user).toMatchObject({ officerId: 201, lastName: 'Last201', accessType: { accessTypeId: 1 }, profileComplete: true, mustChangePassword: false });
  });

  it('accepts the login in any letter case', async () => {
    expect((await signIn('JDOE', TEST_PASSWORD)).status).toBe(200);
  });

  it("answers 'Invalid credentials!' alike for a wrong password and an unknown login", async () => {
    const wrong = await signIn('jdoe', 'Wrong12345');
    const unknown = await signIn('nobody', 'Wrong12345');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid credentials!');
  });

  it('refuses a separated officer', async () => {
    expect((await signIn('gone', TEST_PASSWORD)).status).toBe(401);
  });

  it("answers 'Required' for a blank login or password", async () => {
    const res = await call(t.app, 'POST', '/api/authenticate', { body: { username: '  ', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Required');
    const res2 = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'jdoe' } });
    expect(res2.status).toBe(400);
    expect(res2.body.message).toBe('Required');
  });

  it('locks a login for 10 minutes after five failures in a row, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('locked', 'Wrong12345')).status).toBe(401);
    const during = await signIn('locked', TEST_PASSWORD);
    expect(during.status).toBe(401);
    expect(during.body.message).toBe('Invalid credentials!');
    t.clock.advanceMinutes(11);
    expect((await signIn('locked', TEST_PASSWORD)).status).toBe(200);
  });
});

describe('incomplete profiles (spec §5, §6)', () => {
  it('signs in but may do nothing except change the password', async () => {
    const res = await signIn('sketchy', TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.profileComplete).toBe(false);
    const jwt = res.body.jwt;
    expect((await call(t.app, 'GET', '/api/session', { token: jwt })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: jwt })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/events/getMultiple', { token: jwt, query: { eventTypeId: '1' } })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/officer/getMultiple', { token: jwt })).status).toBe(403);
    expect((await call(t.app, 'PUT', '/api/updateLastLoginDate/207', { token: jwt })).status).toBe(403);
  });
});

describe('malformed requests get 400, never 500', () => {
  it('malformed JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/authenticate', headers: { 'content-type': 'application/json' }, payload: '{"username": "x",' });
    expect(res.statusCode).toBe(400);
  });
  it('wrong types', async () => {
    const res = await call(t.app, 'POST', '/api/authenticate', { body: { username: 12, password: true } });
    expect(res.status).toBe(400);
  });
  it('unknown fields', async () => {
    const res = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'jdoe', password: 'x', admin: true } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field: admin');
  });
});

describe('first sign-in and password change (spec §2 login flow, §5 Change password)', () => {
  it('sends the super user to the password change, then lets him in', async () => {
    const first = await signIn('admin', 'Admin12345');
    expect(first.status).toBe(200);
    expect(first.body.user.lastLoginDate).toBeNull();
    expect(first.body.user.mustChangePassword).toBe(true);
    const jwt = first.body.jwt;

    // Only the password change is open to such a session.
    expect((await call(t.app, 'GET', '/api/session', { token: jwt })).status).toBe(200);
    expect((await call(t.app, 'PUT', '/api/updateLastLoginDate/1', { token: jwt })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/countUnread159s/1', { token: jwt })).status).toBe(403);

    const change = (body: object) => call(t.app, 'PUT', '/api/password/update', { token: jwt, body: { login: 'admin', ...body } });
    expect((await change({ oldPassword: 'Nope12345', newPassword: 'Abcdefgh1' })).body.message).toBe('Current password incorrect!');
    const rule = 'Password must be an alphanumeric string between 8 and 12 characters long.';
    expect((await change({ oldPassword: 'Admin12345', newPassword: 'short1' })).body.message).toBe(rule);
    expect((await change({ oldPassword: 'Admin12345', newPassword: '1startsWithDigit' })).body.message).toBe(rule);
    expect((await change({ oldPassword: 'Admin12345', newPassword: 'has space 1' })).body.message).toBe(rule);
    expect((await change({ oldPassword: 'Admin12345', newPassword: 'Abcdefghijk12' })).body.message).toBe(rule);
    const mismatch = await change({ oldPassword: 'Admin12345', newPassword: 'Abcdefgh1', verifyPassword: 'Abcdefgh2' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match!');
    const ok = await change({ oldPassword: 'Admin12345', newPassword: 'Abcdefgh1', verifyPassword: 'Abcdefgh1' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password updated!');

    const stamp = await call(t.app, 'PUT', '/api/updateLastLoginDate/1', { token: jwt });
    expect(stamp.status).toBe(200);
    expect((await signIn('admin', 'Admin12345')).status).toBe(401);
    const again = await signIn('admin', 'Abcdefgh1');
    expect(again.body.user.mustChangePassword).toBe(false);
    expect(again.body.user.lastLoginDate).not.toBeNull();
  });

  it('signs in with the same 15 characters that were typed at Change Password, which kept the first 12', async () => {
    const typed = 'Fifteenchars123';
    const jwt = await tokenFor(t.app, 210);
    // The change screen cuts what is typed at 12 characters (spec §5) and sends that.
    const changed = await call(t.app, 'PUT', '/api/password/update', { token: jwt, body: { login: 'longtyper', oldPassword: TEST_PASSWORD, newPassword: typed.slice(0, 12) } });
    expect(changed.status).toBe(200);
    expect((await signIn('longtyper', typed)).status).toBe(200);
    expect((await signIn('longtyper', typed.slice(0, 12))).status).toBe(200);
    expect((await signIn('longtyper', 'Fifteenchar99')).status).toBe(401);
    // Typed again as the current password at the next change, it is his too.
    const again = await call(t.app, 'PUT', '/api/password/update', { token: jwt, body: { login: 'longtyper', oldPassword: typed, newPassword: 'Shorter123' } });
    expect(again.status).toBe(200);
  });

  it("refuses to change somebody else's password", async () => {
    const jwt = await tokenFor(t.app, 201);
    const res = await call(t.app, 'PUT', '/api/password/update', { token: jwt, body: { login: 'auditor', oldPassword: TEST_PASSWORD, newPassword: 'Abcdefgh1' } });
    expect(res.status).toBe(403);
  });

  it('updates the last login date only for oneself', async () => {
    const jwt = await tokenFor(t.app, 201);
    expect((await call(t.app, 'PUT', '/api/updateLastLoginDate/206', { token: jwt })).status).toBe(403);
    expect((await call(t.app, 'PUT', '/api/updateLastLoginDate/201', { token: jwt })).status).toBe(200);
  });
});

describe('password reset (spec §4, §5, §8)', () => {
  it('checks logins: 200 valid, 204 invalid', async () => {
    expect((await call(t.app, 'GET', '/api/officer/isValidLogin/forgetful')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/officer/isValidLogin/nobody')).status).toBe(204);
    expect((await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'nobody' } })).status).toBe(204);
  });

  it('mails a temporary password that works once, within 30 minutes, and forces a change', async () => {
    const res = await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'forgetful' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('A temporary password has been dispatched to the email address associated with this login!');
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('f@example.org');
    const temp = /Temporary password: (\w+)/.exec(mail.text)![1];
    expect(temp).toMatch(/^[A-Za-z][A-Za-z0-9]{7,11}$/);

    const first = await signIn('forgetful', temp);
    expect(first.status).toBe(200);
    expect(first.body.user.mustChangePassword).toBe(true);
    expect((await signIn('forgetful', temp)).status).toBe(401);
    // The old password still works until changed.
    expect((await signIn('forgetful', TEST_PASSWORD)).status).toBe(200);
    const change = await call(t.app, 'PUT', '/api/password/update', { token: first.body.jwt, body: { login: 'forgetful', oldPassword: temp, newPassword: 'Newpass123' } });
    expect(change.status).toBe(200);
    expect((await signIn('forgetful', 'Newpass123')).status).toBe(200);
  });

  it('lets a temporary password expire after 30 minutes', async () => {
    await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'jdoe' } });
    const temp = /Temporary password: (\w+)/.exec(t.mail.at(-1)!.text)![1];
    t.clock.advanceMinutes(31);
    expect((await signIn('jdoe', temp)).status).toBe(401);
  });

  it('lets only one of two racing sign-ins use a temporary password', async () => {
    await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'racer' } });
    const temp = /Temporary password: (\w+)/.exec(t.mail.at(-1)!.text)![1];
    const results = await Promise.all([signIn('racer', temp), signIn('racer', temp)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('does not take a used temporary password as the current password outside its own session', async () => {
    await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'racer' } });
    const temp = /Temporary password: (\w+)/.exec(t.mail.at(-1)!.text)![1];
    expect((await signIn('racer', temp)).status).toBe(200);
    const normal = (await signIn('racer', TEST_PASSWORD)).body.jwt;
    const res = await call(t.app, 'PUT', '/api/password/update', { token: normal, body: { login: 'racer', oldPassword: temp, newPassword: 'Sneaky1234' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Current password incorrect!');
  });

  it('says so when no e-mail address is on file', async () => {
    const res = await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'nomail' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/No e-mail address/);
  });
});

describe('sessions (spec §4)', () => {
  it('stays valid after 14 idle minutes and expires after 16', async () => {
    const a = await tokenFor(t.app, 201);
    const b = await tokenFor(t.app, 201);
    t.clock.advanceMinutes(14);
    expect((await call(t.app, 'GET', '/api/session', { token: a })).status).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await call(t.app, 'GET', '/api/session', { token: b })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/session', { token: a })).status).toBe(200);
  });

  it('ends after 12 hours however active', async () => {
    const jwt = await tokenFor(t.app, 201);
    for (let i = 0; i < 71; i++) {
      t.clock.advanceMinutes(10);
      expect((await call(t.app, 'GET', '/api/session', { token: jwt })).status).toBe(200);
    }
    t.clock.advanceMinutes(10);
    expect((await call(t.app, 'GET', '/api/session', { token: jwt })).status).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const jwt = (await signIn('jdoe', TEST_PASSWORD)).body.jwt;
    expect((await call(t.app, 'POST', '/api/logout', { token: jwt })).status).toBe(204);
    expect((await call(t.app, 'GET', '/api/session', { token: jwt })).status).toBe(401);
  });

  it('refuses tampered, foreign-key and alg:none tokens', async () => {
    const jwt = await tokenFor(t.app, 201);
    const [h, p, sig] = jwt.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p)));
    const forged = `${h}.${base64url.encode(JSON.stringify({ ...claims, sub: '206' }))}.${sig}`;
    expect((await call(t.app, 'GET', '/api/session', { token: forged })).status).toBe(401);
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${p}.`;
    expect((await call(t.app, 'GET', '/api/session', { token: none })).status).toBe(401);
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await call(t.app, 'GET', '/api/session', { token: otherKey })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/session', { token: 'garbage' })).status).toBe(401);
  });

  it('counts the separation date in the organisation time zone', async () => {
    // 21:30 in New York on 12/20 is already 12/21 in UTC: the officer separating on 12/21 is still active.
    const saved = t.clock.current;
    t.clock.set('2026-12-21T02:30:00Z');
    const res = await signIn('leaving', TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/session', { token: res.body.jwt })).status).toBe(200);
    t.clock.set('2026-12-21T05:30:00Z');
    expect((await call(t.app, 'GET', '/api/session', { token: res.body.jwt })).status).toBe(401);
    t.clock.current = saved;
  });

  it('ends the sessions of an officer who is separated', async () => {
    const jwt = await tokenFor(t.app, 205);
    expect((await call(t.app, 'GET', '/api/session', { token: jwt })).status).toBe(200);
    await t.app.ctx.db.update(s.officer).set({ separationDate: '2026-01-02' }).where(eq(s.officer.officerId, 205));
    expect((await call(t.app, 'GET', '/api/session', { token: jwt })).status).toBe(401);
  });
});

describe('role lookup and unread 159s', () => {
  it('tells an officer his own role but not somebody else’s; auditors see any', async () => {
    const jwt = await tokenFor(t.app, 201);
    expect((await call(t.app, 'GET', '/api/getRoleByUsername/jdoe', { token: jwt })).body).toEqual({ accessTypeId: 1, description: 'Officer' });
    expect((await call(t.app, 'GET', '/api/getRoleByUsername/auditor', { token: jwt })).status).toBe(403);
    const aud = await tokenFor(t.app, 206);
    expect((await call(t.app, 'GET', '/api/getRoleByUsername/jdoe', { token: aud })).status).toBe(200);
  });

  it('counts unread 159s as plain text, 0 for exempt officers', async () => {
    const jwt = await tokenFor(t.app, 201);
    const res = await call(t.app, 'GET', '/api/countUnread159s/201', { token: jwt });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toBe('0');
    expect((await call(t.app, 'GET', '/api/countUnread159s/206', { token: jwt })).status).toBe(403);
  });
});
