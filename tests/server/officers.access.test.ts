import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, TEST_PASSWORD, type TestApp } from './helpers';
import { officerBody } from './officers.fixtures';
import * as s from '../../server/db/schema';

/**
 * Mass assignment: every field of the officer body, sent by each access level. Below
 * level 10 an officer changes only the contact fields of his own record; nobody below 10 changes
 * an access level, officer id, login, rank or precinct (or any other roster field), his own
 * included, and a refused save changes nothing.
 */
const NOW = '2026-03-20T16:00:00Z';
const ROSTER_ADMIN = 410;
const LEVELS: Record<number, number> = { 1: 401, 3: 403, 5: 405, 9: 409 };
const TARGET = 450;
const PASSWORD_NOT_HERE = 'A password is not set by saving an officer. Use Reset password to e-mail him a temporary one; your own is changed on Change Password.';
const CONTACT_ONLY = 'You can change only your own address, phones and e-mails. Contact the Auxiliary Support Services Detachment for anything else.';

/** A new value for every field only level 10 may set. */
const ADMIN_CHANGES: Record<string, unknown> = {
  login: 'mallory',
  password: 'Mallory2026',
  passwordExpireInterval: 365,
  firstName: 'Mallory',
  middle: 'X',
  lastName: 'Mallory',
  precinct: { precinctId: 99 },
  appointmentDate: '01/01/2000',
  separationDate: '12/31/2030',
  rank: { rankId: 8 },
  accessType: { accessTypeId: 10 },
  badgeNumber: 1,
  handcuffNumber: 2,
  soundex: 'NEW-LICENCE',
};
/** A new value for every contact field (address, phones, e-mails). */
const CONTACT_CHANGES: Record<string, unknown> = {
  homeStreetAddr1: '99 Oak Ave',
  homeCity: 'Garden City',
  homeState: { stateId: 31 },
  homeZip: '11530',
  homePhone: '516-555-0999',
  mobile: '516-555-0998',
  homeEmail: 'new@example.org',
  deptEmail: 'new@aux.example.org',
};

let t: TestApp;
let admin: string;

/** The officer as level 10 reads him, and his password hash: what "nothing changed" compares. */
async function snapshot(officerId: number) {
  const record = (await call(t.app, 'GET', `/api/officer/getSingle/${officerId}`, { token: admin })).body;
  const [row] = await t.app.ctx.db.select({ hash: s.officer.passwordHash }).from(s.officer).where(eq(s.officer.officerId, officerId));
  return { record, hash: row?.hash };
}

async function ownRecord(officerId: number, token: string) {
  const res = await call(t.app, 'GET', `/api/officer/getSingle/${officerId}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await createOfficer(t.app, { officerId: ROSTER_ADMIN, accessTypeId: 10 });
  for (const [level, id] of Object.entries(LEVELS)) await createOfficer(t.app, { officerId: id, accessTypeId: Number(level), appointmentDate: '2020-01-15' });
  await createOfficer(t.app, { officerId: TARGET, accessTypeId: 1, appointmentDate: '2020-01-15', firstName: 'Terry', lastName: 'Target' });
  admin = await tokenFor(t.app, ROSTER_ADMIN);
});
afterAll(() => t.close());

describe('a level-5 officer raising his own access level', () => {
  it('is refused and nothing changes', async () => {
    const token = await tokenFor(t.app, LEVELS[5]);
    const before = await snapshot(LEVELS[5]);
    const res = await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...(await ownRecord(LEVELS[5], token)), accessType: { accessTypeId: 10 } } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CONTACT_ONLY);
    expect(await snapshot(LEVELS[5])).toEqual(before);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/450', { token })).status).toBe(403);
  });
});

describe.each(Object.entries(LEVELS).map(([level, id]) => [Number(level), id]))('level %i (officer %i) on his own record', (level, id) => {
  let token: string;
  beforeAll(async () => {
    token = await tokenFor(t.app, id);
  });

  it.each(Object.keys(ADMIN_CHANGES))('cannot change %s: 403 and nothing changes', async (field) => {
    const before = await snapshot(id);
    const res = await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...(await ownRecord(id, token)), [field]: ADMIN_CHANGES[field], mobile: '516-555-0777' } });
    expect({ level, field, status: res.status, message: res.body.message }).toEqual({ level, field, status: 403, message: CONTACT_ONLY });
    expect(await snapshot(id)).toEqual(before);
  });

  it('cannot name another officer id (another record): 403 and nothing changes', async () => {
    const before = await snapshot(TARGET);
    const res = await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...(await ownRecord(id, token)), officerId: TARGET } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Unauthorized!');
    expect(await snapshot(TARGET)).toEqual(before);
  });

  it('changes every contact field of his own record, the record sent back as read', async () => {
    const res = await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...(await ownRecord(id, token)), ...CONTACT_CHANGES, currentPassword: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const after = (await snapshot(id)).record;
    expect(after).toMatchObject({ ...CONTACT_CHANGES, homeState: { stateId: 31 }, accessType: { accessTypeId: level }, updatedBy: { officerId: id } });
  });

  it('answers the §5 alerts for his contact fields', async () => {
    const res = await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...(await ownRecord(id, token)), homePhone: '5165550100' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid Phone! Must be in 999-999-9999 format!');
  });

  it('cannot add or remove officers', async () => {
    expect((await call(t.app, 'POST', '/api/officer/insert', { token, body: officerBody(460 + level) })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${460 + level}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/officer/delete', { token, body: [{ id: 0, deleteStatus: '' }, { id: TARGET, deleteStatus: 'Y' }] })).status).toBe(403);
  });
});

describe('level 10 (the roster administrator) on another officer', () => {
  it.each(Object.keys(ADMIN_CHANGES))('changes %s', async (field) => {
    const base = (await snapshot(TARGET)).record;
    const res = await call(t.app, 'PUT', '/api/officer/update', { token: admin, body: { ...base, password: '', [field]: ADMIN_CHANGES[field] } });
    if (field === 'password') {
      // An existing record's password is never set by saving it: Reset password mails a temporary one.
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: PASSWORD_NOT_HERE });
      const signIn = await call(t.app, 'POST', '/api/authenticate', { body: { username: base.login, password: 'Mallory2026' } });
      expect(signIn.status).toBe(401);
      return;
    }
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 200, message: undefined });
    if (typeof ADMIN_CHANGES[field] === 'object') {
      expect(res.body[field]).toMatchObject(ADMIN_CHANGES[field] as object);
    } else {
      expect(res.body[field]).toBe(ADMIN_CHANGES[field]);
    }
  });

  it('cannot change an officer id: another id names another record (404 when there is none), the officer keeps his', async () => {
    const before = await snapshot(TARGET);
    const res = await call(t.app, 'PUT', '/api/officer/update', { token: admin, body: { ...before.record, officerId: 4500, password: '' } });
    expect(res.status).toBe(404);
    expect(await snapshot(TARGET)).toEqual(before);
  });
});

describe('an officer whose profile is incomplete (he may complete his contact fields)', () => {
  it('reads his record and fills in the missing contact fields, then may use the app', async () => {
    await createOfficer(t.app, { officerId: 470, accessTypeId: 1, mobile: null, homeEmail: '' });
    const token = await tokenFor(t.app, 470);
    expect((await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token })).status).toBe(403);
    const own = await ownRecord(470, token);
    expect(own.profileComplete).toBe(false);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/450', { token })).status).toBe(403);
    const refused = await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...own, mobile: '516-555-0470', homeEmail: 'o470@example.org', badgeNumber: 9 } });
    expect(refused.status).toBe(403);
    const res = await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...own, mobile: '516-555-0470', homeEmail: 'o470@example.org', currentPassword: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.profileComplete).toBe(true);
    expect((await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token })).status).toBe(200);
  });
});

describe('soundex and password material', () => {
  it('gives the drivers licence only to level 10 and the officer himself, and no password material to anyone', async () => {
    const self = await call(t.app, 'GET', `/api/officer/getSingle/${LEVELS[9]}`, { token: await tokenFor(t.app, LEVELS[9]) });
    expect(self.body.soundex).toBe('D123-456-789');
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${LEVELS[1]}`, { token: await tokenFor(t.app, LEVELS[9]) })).status).toBe(403);
    const list = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin });
    expect(list.text).not.toMatch(/soundex|D123-456-789|scrypt|password/i);
    expect(self.text).not.toMatch(/scrypt|passwordHash|tempPassword/i);
  });
});
