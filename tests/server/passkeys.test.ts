import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { SoftAuthenticator, type CeremonyOptions } from './softAuthenticator';
import * as s from '../../server/db/schema';
import { createSession } from '../../server/db/repositories/sessions';
import { signToken } from '../../server/auth/tokens';
import { format, rc } from '../../src/domain/messages';
import { fromInstant } from '../../src/domain/dates';
import { MAX_PASSKEYS, RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, WEBAUTHN_CHALLENGE_MINUTES } from '../../src/domain/secondFactor';

/**
 * Passkeys (decision 029): registering, listing and removing one's own, and signing in with one
 * without a password, against a software authenticator. Levels 9 and up must use a second factor
 * here (SECOND_FACTOR_LEVEL '9'); the app is reached as http://localhost (PUBLIC_URL), since
 * WebAuthn refuses IP addresses.
 */
let t: TestApp;
const ORIGIN = 'http://localhost';

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-06-15T14:00:00Z'), env: { SECOND_FACTOR_LEVEL: '9', PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: '1000' } });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 1, login: 'walker' });
  await createOfficer(t.app, { officerId: 302, accessTypeId: 1, login: 'other' });
  await createOfficer(t.app, { officerId: 303, accessTypeId: 10, login: 'auditor' });
  await createOfficer(t.app, { officerId: 304, accessTypeId: 9, login: 'keeper' });
  await createOfficer(t.app, { officerId: 305, accessTypeId: 1, login: 'leaver' });
  await createOfficer(t.app, { officerId: 306, accessTypeId: 1, login: 'lockedout' });
  await createOfficer(t.app, { officerId: 307, accessTypeId: 1, login: 'signer' });
  // the super user's profile complete, so only the last-factor rule can refuse him
  await t.app.ctx.db
    .update(s.officer)
    .set({
      badgeNumber: 1,
      handcuffNumber: 1,
      homeStreetAddr1: '1 Main St',
      homeCity: 'Mineola',
      homeStateId: 1,
      homeZip: '11501',
      homePhone: '516-555-0100',
      mobile: '516-555-0101',
      homeEmail: 'su@example.org',
      soundex: 'D123-456-789',
    })
    .where(eq(s.officer.officerId, t.config.SUPER_USER_ID));
});
afterAll(() => t.close());

/** Registers a passkey named `name` for the session of `token` with `authenticator`; answers the registration call. */
async function register(token: string, authenticator: SoftAuthenticator, name: string) {
  const start = await call(t.app, 'POST', '/api/passkeys/registration/options', { token });
  expect(start.status).toBe(200);
  const response = authenticator.register(start.body.options);
  return call(t.app, 'POST', '/api/passkeys/registration', { token, body: { challengeId: start.body.challengeId, name, response } });
}

/** Asks for sign-in options (no session) and answers them with `authenticator`. */
async function assertion(authenticator: SoftAuthenticator, opts: CeremonyOptions = {}) {
  const start = await call(t.app, 'POST', '/api/passkeys/authentication/options');
  expect(start.status).toBe(200);
  expect(start.body.options.allowCredentials ?? []).toEqual([]);
  return { challengeId: start.body.challengeId as string, response: authenticator.authenticate(start.body.options, opts) };
}

const signIn = (body: { challengeId: string; response: unknown }) => call(t.app, 'POST', '/api/passkeys/authentication', { body });

async function auditOf(officerId: number, action: string) {
  return t.app.ctx.db
    .select({ details: s.auditLog.details, outcome: s.auditLog.outcome })
    .from(s.auditLog)
    .where(and(eq(s.auditLog.action, action), eq(s.auditLog.entityId, String(officerId))));
}

describe('registering, listing and removing passkeys', () => {
  it('registers two named passkeys, lists them and removes one; another officer cannot remove his', async () => {
    const token = await tokenFor(t.app, 301);
    const device = new SoftAuthenticator();
    const first = await register(token, device, 'My phone');
    expect(first.status).toBe(201);
    expect(first.body.passkey).toMatchObject({ name: 'My phone', createdAt: '06/15/2026 10:00', lastUsedAt: null });
    // his first factor brings his first recovery codes
    expect(first.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(first.body.user).toMatchObject({ officerId: 301, secondFactor: null });

    // the second registration's options exclude the passkey he has
    t.clock.advanceMinutes(1);
    const start = await call(t.app, 'POST', '/api/passkeys/registration/options', { token });
    expect(start.body.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([first.body.passkey.id]);
    const second = await call(t.app, 'POST', '/api/passkeys/registration', {
      token,
      body: { challengeId: start.body.challengeId, name: 'Laptop', response: device.register(start.body.options) },
    });
    expect(second.status).toBe(201);
    expect(second.body.recoveryCodes).toBeUndefined();

    const list = await call(t.app, 'GET', '/api/passkeys', { token });
    expect(list.status).toBe(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['My phone', 'Laptop']);

    const intruder = await call(t.app, 'DELETE', `/api/passkeys/${first.body.passkey.id}`, { token: await tokenFor(t.app, 302) });
    expect(intruder.status).toBe(404);
    expect(intruder.body.message).toBe(rc.secondFactor.errors.passkeyNotFound);

    const removed = await call(t.app, 'DELETE', `/api/passkeys/${first.body.passkey.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ required: false, totp: false, recoveryCodesLeft: RECOVERY_CODE_COUNT, stage: null });
    expect(removed.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
    expect((await call(t.app, 'GET', '/api/passkeys', { token })).body).toHaveLength(1);
    // a level that need not keep a factor may remove his last one
    const last = await call(t.app, 'DELETE', `/api/passkeys/${second.body.passkey.id}`, { token });
    expect(last.status).toBe(200);
    expect(last.body.passkeys).toEqual([]);
    expect((await auditOf(301, 'passkey-added')).map((a) => a.details)).toEqual(['My phone', 'Laptop']);
    expect((await auditOf(301, 'passkey-removed')).map((a) => a.details)).toEqual(['My phone', 'Laptop']);
  });

  it('refuses an answer from another origin, and a challenge used once already', async () => {
    const token = await tokenFor(t.app, 302);
    const device = new SoftAuthenticator();
    const start = await call(t.app, 'POST', '/api/passkeys/registration/options', { token });
    const body = { challengeId: start.body.challengeId, name: 'Phone', response: device.register(start.body.options, { origin: 'https://evil.example' }) };
    const refused = await call(t.app, 'POST', '/api/passkeys/registration', { token, body });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(rc.secondFactor.errors.passkeyRefused);
    const again = await call(t.app, 'POST', '/api/passkeys/registration', { token, body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(rc.secondFactor.errors.challengeExpired);
    expect((await call(t.app, 'GET', '/api/passkeys', { token })).body).toEqual([]);
  });

  it('refuses a credential registered already, his own or another officer\'s', async () => {
    await createOfficer(t.app, { officerId: 311, accessTypeId: 1, login: 'sharer' });
    await createOfficer(t.app, { officerId: 312, accessTypeId: 1, login: 'borrower' });
    const device = new SoftAuthenticator();
    expect((await register(await tokenFor(t.app, 311), device, 'Phone')).status).toBe(201);
    for (const officerId of [311, 312]) {
      const token = await tokenFor(t.app, officerId);
      const start = await call(t.app, 'POST', '/api/passkeys/registration/options', { token });
      const response = device.register(start.body.options, { again: device.credentials[0] });
      const again = await call(t.app, 'POST', '/api/passkeys/registration', { token, body: { challengeId: start.body.challengeId, name: 'Same', response } });
      expect(again.status).toBe(409);
    }
    expect((await call(t.app, 'GET', '/api/passkeys', { token: await tokenFor(t.app, 312) })).body).toEqual([]);
  });

  it(`stops at ${MAX_PASSKEYS} passkeys`, async () => {
    await createOfficer(t.app, { officerId: 310, accessTypeId: 1, login: 'collector' });
    const token = await tokenFor(t.app, 310);
    const device = new SoftAuthenticator();
    for (let i = 1; i < MAX_PASSKEYS; i++) {
      await t.app.ctx.db.insert(s.passkey).values({ credentialId: `stored-${i}`, officerId: 310, name: `Key ${i}`, publicKey: 'AA', createdAt: t.app.ctx.now() });
    }
    // options asked for while he had room: the registration itself checks again
    const start = await call(t.app, 'POST', '/api/passkeys/registration/options', { token });
    expect(start.status).toBe(200);
    expect((await register(token, device, 'Last one')).status).toBe(201);
    const full = format(rc.secondFactor.errors.tooManyPasskeys, { max: MAX_PASSKEYS });
    const late = await call(t.app, 'POST', '/api/passkeys/registration', { token, body: { challengeId: start.body.challengeId, name: 'One too many', response: device.register(start.body.options) } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(full);
    const refused = await call(t.app, 'POST', '/api/passkeys/registration/options', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(full);
    expect((await call(t.app, 'GET', '/api/passkeys', { token })).body).toHaveLength(MAX_PASSKEYS);
  });

  it('a level-10 officer who must enrol registers a passkey: the step ends and he gets his recovery codes', async () => {
    const now = t.app.ctx.now();
    const { sessionId, expiresAt } = await createSession(t.app.ctx.db, 303, now, false, 'enrol');
    const token = await signToken(t.app.ctx.jwtSecret, { sessionId, officerId: 303 }, now, expiresAt);
    // nothing else answers before the step is done
    const blocked = await call(t.app, 'GET', '/api/passkeys', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(rc.secondFactor.errors.stepPending);

    const device = new SoftAuthenticator();
    const added = await register(token, device, 'Security key');
    expect(added.status).toBe(201);
    expect(added.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of added.body.recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(added.body.user).toMatchObject({ officerId: 303, secondFactor: null });
    // the same session now reaches the rest of the app
    expect((await call(t.app, 'GET', '/api/passkeys', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/session', { token })).body.user.secondFactor).toBeNull();

    const signedIn = await signIn(await assertion(device));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ officerId: 303, secondFactor: null, mustChangePassword: false });
    expect((await call(t.app, 'GET', '/api/passkeys', { token: signedIn.body.jwt })).status).toBe(200);
  });

  it('keeps the last factor of a level that must have one, and the super user always', async () => {
    const admin = await tokenFor(t.app, 304);
    const added = await register(admin, new SoftAuthenticator(), 'Phone');
    expect(added.status).toBe(201);
    const refused = await call(t.app, 'DELETE', `/api/passkeys/${added.body.passkey.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(rc.secondFactor.errors.lastFactor);
    expect((await call(t.app, 'GET', '/api/passkeys', { token: admin })).body).toHaveLength(1);

    const su = await tokenFor(t.app, t.config.SUPER_USER_ID);
    const mine = await register(su, new SoftAuthenticator(), 'Key');
    expect(mine.status).toBe(201);
    const suRefused = await call(t.app, 'DELETE', `/api/passkeys/${mine.body.passkey.id}`, { token: su });
    expect(suRefused.status).toBe(409);
    expect(suRefused.body.message).toBe(rc.secondFactor.errors.superUserLastFactor);
    expect((await call(t.app, 'GET', '/api/passkeys', { token: su })).body).toHaveLength(1);
  });
});

describe('racing calls', () => {
  it('removing both passkeys of a level that must keep one at once leaves him one', async () => {
    await createOfficer(t.app, { officerId: 308, accessTypeId: 9, login: 'racer' });
    const token = await tokenFor(t.app, 308);
    const device = new SoftAuthenticator();
    const a = await register(token, device, 'Phone');
    const b = await register(token, device, 'Key');
    const answers = await Promise.all([a, b].map((p) => call(t.app, 'DELETE', `/api/passkeys/${p.body.passkey.id}`, { token })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await call(t.app, 'GET', '/api/passkeys', { token })).body).toHaveLength(1);
  });

  it('one signed answer sent twice at once signs in once', async () => {
    await createOfficer(t.app, { officerId: 309, accessTypeId: 1, login: 'twice' });
    const device = new SoftAuthenticator();
    expect((await register(await tokenFor(t.app, 309), device, 'Phone')).status).toBe(201);
    const answer = await assertion(device);
    const both = await Promise.all([signIn(answer), signIn(answer)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('signing in with a passkey', () => {
  const device = new SoftAuthenticator();
  let credentialId: string;
  beforeAll(async () => {
    const added = await register(await tokenFor(t.app, 307), device, 'Phone');
    expect(added.status).toBe(201);
    credentialId = added.body.passkey.id;
  });

  const counterOf = async (id: string) => (await t.app.ctx.db.select({ counter: s.passkey.counter }).from(s.passkey).where(eq(s.passkey.credentialId, id)))[0]?.counter;

  it('signs him in without a password, with a working session; the counter and last use are kept', async () => {
    t.clock.advanceMinutes(2);
    const at = fromInstant(t.app.ctx.now(), t.config.ORG_TIMEZONE);
    const res = await signIn(await assertion(device));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ officerId: 307, secondFactor: null, mustChangePassword: false });
    const session = await call(t.app, 'GET', '/api/session', { token: res.body.jwt });
    expect(session.status).toBe(200);
    expect(session.body.user.officerId).toBe(307);
    expect(await counterOf(credentialId)).toBe(1);
    const list = await call(t.app, 'GET', '/api/passkeys', { token: res.body.jwt });
    expect(list.body[0].lastUsedAt).toBe(`${at.date} ${at.time}`);
    expect(list.body[0].lastUsedAt).not.toBe(list.body[0].createdAt);
    expect((await auditOf(307, 'login')).map((a) => a.details)).toContain('passkey');
  });

  it('refuses a replayed answer, an answer from another origin and an expired challenge', async () => {
    const first = await assertion(device);
    expect((await signIn(first)).status).toBe(200);
    const replay = await signIn(first);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(rc.secondFactor.errors.challengeExpired);
    // the same signed answer against a fresh challenge does not check out
    const fresh = await call(t.app, 'POST', '/api/passkeys/authentication/options');
    const replayed = await signIn({ challengeId: fresh.body.challengeId, response: first.response });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(rc.secondFactor.errors.passkeyRefused);

    const phished = await signIn(await assertion(device, { origin: 'https://rollcall.example.evil' }));
    expect(phished.status).toBe(400);
    expect(phished.body.message).toBe(rc.secondFactor.errors.passkeyRefused);
    expect((await auditOf(307, 'login-failed')).map((a) => a.details)).toContain('passkey refused');

    const late = await assertion(device);
    t.clock.advanceMinutes(WEBAUTHN_CHALLENGE_MINUTES + 1);
    const expired = await signIn(late);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(rc.secondFactor.errors.challengeExpired);
    // a refused sign-in counts toward the lockout like a wrong password; a good one clears it
    const attempts = async () => (await t.app.ctx.db.select().from(s.loginAttempt).where(eq(s.loginAttempt.login, 'signer')))[0]?.failedCount ?? 0;
    expect(await attempts()).toBe(2);
    expect((await signIn(await assertion(device))).status).toBe(200);
    expect(await attempts()).toBe(0);

    // a copy of the authenticator whose counter went back (a cloned key) is refused
    const signed = device.credentials[0]!;
    const kept = signed.counter;
    signed.counter = 0;
    const cloned = await signIn(await assertion(device));
    expect(cloned.status).toBe(400);
    expect(cloned.body.message).toBe(rc.secondFactor.errors.passkeyRefused);
    signed.counter = kept;

    // a passkey counts as both factors only when the device checked who holds it
    const unverified = await signIn(await assertion(device, { userVerified: false }));
    expect(unverified.status).toBe(400);
    expect(unverified.body.message).toBe(rc.secondFactor.errors.passkeyRefused);
  });

  it("does not sign in a separated officer, or one whose login is locked: 'Invalid credentials!'", async () => {
    const leaver = new SoftAuthenticator();
    expect((await register(await tokenFor(t.app, 305), leaver, 'Phone')).status).toBe(201);
    await t.app.ctx.db.update(s.officer).set({ separationDate: '2026-06-01' }).where(eq(s.officer.officerId, 305));
    const gone = await signIn(await assertion(leaver));
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe(rc.errors.invalidCredentials);

    const locked = new SoftAuthenticator();
    expect((await register(await tokenFor(t.app, 306), locked, 'Phone')).status).toBe(201);
    await t.app.ctx.db.insert(s.loginAttempt).values({ login: 'lockedout', failedCount: 5, lockedUntil: new Date(t.app.ctx.now().getTime() + 10 * 60_000) });
    const refused = await signIn(await assertion(locked));
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(rc.errors.invalidCredentials);
  });

  it('refuses a passkey it does not know', async () => {
    const stranger = new SoftAuthenticator();
    stranger.register({ rp: { id: 'localhost' }, user: { id: 'b2ZmaWNlcjo5OTk' }, challenge: 'AAAA' });
    const res = await signIn(await assertion(stranger));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(rc.secondFactor.errors.passkeyRefused);
  });
});

describe('the relying party without PUBLIC_URL', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ env: { SECOND_FACTOR_LEVEL: '9' } });
  });
  afterAll(() => bare.close());

  it("is the host the browser reached, and a Host header that makes no address is the client's bad request", async () => {
    const start = await call(bare.app, 'POST', '/api/passkeys/authentication/options', { headers: { host: 'rollcall.example.org:8443' } });
    expect(start.status).toBe(200);
    expect(start.body.options.rpId).toBe('rollcall.example.org');
    const broken = await call(bare.app, 'POST', '/api/passkeys/authentication/options', { headers: { host: 'bad host' } });
    expect(broken.status).toBe(400);
  });
});
