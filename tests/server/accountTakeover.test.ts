import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, TEST_PASSWORD, type TestApp } from './helpers';
import * as s from '../../server/db/schema';

/**
 * The account-takeover paths an outside test found: a session (a stolen token, an unlocked
 * phone) moving the officer's password resets to an address nobody confirmed; another level-10
 * officer taking the super user's account; a separation that only paused sessions.
 */
const NOW = '2026-03-20T16:00:00Z';
const ADMIN = 610;
const OTHER_ADMIN = 611;
const OFFICER = 620;
const SU = 1;

let t: TestApp;
let admin: string;

const single = async (id: number, token = admin) => (await call(t.app, 'GET', `/api/officer/getSingle/${id}`, { token })).body;
const update = (token: string, body: unknown) => call(t.app, 'PUT', '/api/officer/update', { token, body });
const reset = (login: string) => call(t.app, 'PUT', '/api/password/reset', { body: { login } });
const mailsTo = (address: string, since: number) => t.mail.slice(since).filter((m) => m.to.split(', ').includes(address));
const linkToken = (text: string) => /\/secure\/ConfirmEmail\?token=([\w-]+)/.exec(text)?.[1];

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW), env: { PUBLIC_URL: 'https://rollcall.example.org/' } });
  await createOfficer(t.app, { officerId: ADMIN, accessTypeId: 10 });
  await createOfficer(t.app, { officerId: OTHER_ADMIN, accessTypeId: 10 });
  admin = await tokenFor(t.app, ADMIN);
});
afterAll(() => t.close());

describe('an officer changing his own e-mail address', () => {
  let token: string;
  beforeAll(async () => {
    await createOfficer(t.app, { officerId: OFFICER, accessTypeId: 1, appointmentDate: '2020-01-15', firstName: 'Pat', lastName: 'Officer', login: 'victim', homeEmail: 'victim@home.example', deptEmail: 'victim@aux.example' });
    token = await tokenFor(t.app, OFFICER);
  });

  it('needs his current password, and a wrong one changes nothing', async () => {
    const own = await single(OFFICER, token);
    const without = await update(token, { ...own, homeEmail: 'thief@evil.example' });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ field: 'currentPassword', message: 'Enter your current password to change your e-mail address.' });
    const wrong = await update(token, { ...own, homeEmail: 'thief@evil.example', currentPassword: 'Guess12345' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'currentPassword', message: 'Current password incorrect!' });
    expect((await single(OFFICER)).homeEmail).toBe('victim@home.example');
    // Other contact fields still save without it.
    expect((await update(token, { ...own, mobile: '516-555-0620' })).status).toBe(200);
  });

  it('leaves the new address unconfirmed, tells the old one, and the reset goes only to a confirmed address', async () => {
    const since = t.mail.length;
    const own = await single(OFFICER, token);
    const res = await update(token, { ...own, homeEmail: 'thief@evil.example', currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ homeEmail: 'thief@evil.example', homeEmailConfirmed: false, deptEmailConfirmed: true });
    const told = mailsTo('victim@home.example', since);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('changed from victim@home.example to thief@evil.example');
    const link = mailsTo('thief@evil.example', since);
    expect(link).toHaveLength(1);
    expect(link[0].text).toContain('https://rollcall.example.org/secure/ConfirmEmail?token=');

    const before = t.mail.length;
    expect((await reset('victim')).status).toBe(200);
    expect(t.mail.length).toBe(before + 1);
    expect(t.mail.at(-1)!.to).toBe('victim@aux.example');
  });

  it('with every address unconfirmed, no temporary password is mailed at all', async () => {
    const own = await single(OFFICER, token);
    const res = await update(token, { ...own, deptEmail: 'thief2@evil.example', currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const before = t.mail.length;
    const [row] = await t.app.ctx.db.select({ temp: s.officer.tempPasswordHash }).from(s.officer).where(eq(s.officer.officerId, OFFICER));
    const refused = await reset('victim');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('No confirmed e-mail address is on file for this login. Contact the Auxiliary Support Services Detachment.');
    expect(t.mail.length).toBe(before);
    const [after] = await t.app.ctx.db.select({ temp: s.officer.tempPasswordHash }).from(s.officer).where(eq(s.officer.officerId, OFFICER));
    expect(after.temp).toBe(row.temp);
  });

  it('confirms an address by its link, once; a link for an address changed since confirms nothing', async () => {
    const since = t.mail.length;
    const own = await single(OFFICER, token);
    expect((await update(token, { ...own, homeEmail: 'new@home.example', currentPassword: TEST_PASSWORD })).status).toBe(200);
    const first = linkToken(mailsTo('new@home.example', since)[0].text)!;
    expect((await update(token, { ...(await single(OFFICER, token)), homeEmail: 'newer@home.example', currentPassword: TEST_PASSWORD })).status).toBe(200);
    const second = linkToken(mailsTo('newer@home.example', since)[0].text)!;

    const stale = await call(t.app, 'PUT', '/api/email/confirm', { body: { token: first } });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/^This confirmation link is invalid/);
    const ok = await call(t.app, 'PUT', '/api/email/confirm', { body: { token: second } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Your e-mail address is confirmed.');
    expect(await single(OFFICER)).toMatchObject({ homeEmail: 'newer@home.example', homeEmailConfirmed: true, deptEmailConfirmed: false });
    expect((await call(t.app, 'PUT', '/api/email/confirm', { body: { token: second } })).status).toBe(400);
    expect((await call(t.app, 'PUT', '/api/email/confirm', { body: { token: 'x'.repeat(43) } })).status).toBe(400);

    expect((await reset('victim')).status).toBe(200);
    expect(t.mail.at(-1)!.to).toBe('newer@home.example');
  });

  it('does not confirm after the link expired', async () => {
    const since = t.mail.length;
    expect((await update(token, { ...(await single(OFFICER, token)), homeEmail: 'late@home.example', currentPassword: TEST_PASSWORD })).status).toBe(200);
    const late = linkToken(mailsTo('late@home.example', since)[0].text)!;
    t.clock.advanceMinutes(49 * 60);
    try {
      expect((await call(t.app, 'PUT', '/api/email/confirm', { body: { token: late } })).status).toBe(400);
      expect((await single(OFFICER, await tokenFor(t.app, ADMIN))).homeEmailConfirmed).toBe(false);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('an address the roster administrator enters for him counts as confirmed, and the old one is told', async () => {
    const since = t.mail.length;
    const res = await update(admin, { ...(await single(OFFICER)), homeEmail: 'desk@home.example', deptEmail: 'desk@aux.example' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ homeEmailConfirmed: true, deptEmailConfirmed: true });
    expect(mailsTo('late@home.example', since)).toHaveLength(1);
    expect(t.mail.slice(since).some((m) => linkToken(m.text))).toBe(false);
    expect((await reset('victim')).status).toBe(200);
    expect(t.mail.at(-1)!.to).toBe('desk@home.example, desk@aux.example');
  });
});

describe('another level-10 officer and the super user', () => {
  let other: string;
  beforeAll(async () => {
    other = await tokenFor(t.app, OTHER_ADMIN);
    await t.app.ctx.db.update(s.officer).set({ homeEmail: 'su@example.org' }).where(eq(s.officer.officerId, SU));
  });

  it('cannot set his password, login or e-mail, nor reset his password; other fields he may change', async () => {
    const su = await single(SU, other);
    const [before] = await t.app.ctx.db.select().from(s.officer).where(eq(s.officer.officerId, SU));
    for (const change of [{ password: 'Takeover99', verifyPassword: 'Takeover99' }, { login: 'mine' }, { homeEmail: 'mine@evil.example' }, { deptEmail: 'mine@evil.example' }]) {
      const res = await update(other, { ...su, ...change });
      expect({ change, status: res.status }).toEqual({ change, status: 403 });
    }
    const resetRes = await call(t.app, 'PUT', `/api/officer/resetPassword/${SU}`, { token: other });
    expect(resetRes.status).toBe(403);
    expect(resetRes.body.message).toBe("Only the super user can change the super user's login, password and e-mail addresses.");
    const [after] = await t.app.ctx.db.select().from(s.officer).where(eq(s.officer.officerId, SU));
    expect(after).toEqual(before);
    expect((await call(t.app, 'POST', '/api/authenticate', { body: { username: 'admin', password: 'Takeover99' } })).status).toBe(401);

    const renamed = await update(other, { ...su, firstName: 'System' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.firstName).toBe('System');
  });

  it('the super user changes his own login and resets his own password', async () => {
    const self = await tokenFor(t.app, SU);
    const su = await single(SU, self);
    expect((await update(self, { ...su, login: 'chief' })).status).toBe(200);
    expect((await call(t.app, 'PUT', `/api/officer/resetPassword/${SU}`, { token: self })).status).toBe(200);
    expect(t.mail.at(-1)!.to).toBe('su@example.org');
  });
});

describe('separating an officer', () => {
  it('ends his sessions: clearing the date again does not bring an old token back', async () => {
    await createOfficer(t.app, { officerId: 630, accessTypeId: 1, appointmentDate: '2020-01-15', firstName: 'Pat', lastName: 'Officer' });
    const his = await tokenFor(t.app, 630);
    expect((await call(t.app, 'GET', '/api/session', { token: his })).status).toBe(200);
    const record = await single(630);
    expect((await update(admin, { ...record, separationDate: '03/20/2026' })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/session', { token: his })).status).toBe(401);
    expect((await update(admin, { ...(await single(630)), separationDate: '' })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/session', { token: his })).status).toBe(401);
  });

  it('a separation date that arrives ends the session too', async () => {
    await createOfficer(t.app, { officerId: 631, accessTypeId: 1, appointmentDate: '2020-01-15', firstName: 'Pat', lastName: 'Officer' });
    const his = await tokenFor(t.app, 631);
    expect((await update(admin, { ...(await single(631)), separationDate: '03/21/2026' })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/session', { token: his })).status).toBe(200);
    t.clock.set('2026-03-21T13:00:00Z');
    try {
      expect((await call(t.app, 'GET', '/api/session', { token: his })).status).toBe(401);
      expect((await update(await tokenFor(t.app, ADMIN), { ...(await single(631, await tokenFor(t.app, ADMIN))), separationDate: '' })).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/session', { token: his })).status).toBe(401);
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('adding an officer below level 10', () => {
  it('is refused with 403 before the body is checked', async () => {
    await createOfficer(t.app, { officerId: 640, accessTypeId: 5 });
    const token = await tokenFor(t.app, 640);
    const invalid = await call(t.app, 'POST', '/api/officer/insert', { token, body: { officerId: 641 } });
    expect(invalid.status).toBe(403);
    expect(invalid.body).not.toHaveProperty('issues');
    const garbage = await call(t.app, 'POST', '/api/officer/insert', { token, body: { nonsense: true } });
    expect(garbage.status).toBe(403);
  });
});
