import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { add159, addPatrolTicket, officerBody } from './officers.fixtures';
import * as s from '../../server/db/schema';

const NOW = '2026-03-20T16:00:00Z';
const ADMIN = 10;
let t: TestApp;
let admin: string;

const insert = (body: unknown, token = admin) => call(t.app, 'POST', '/api/officer/insert', { token, body });
const update = (body: unknown, token = admin) => call(t.app, 'PUT', '/api/officer/update', { token, body });
const remove = (id: number, token = admin) => call(t.app, 'DELETE', '/api/officer/delete', { token, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] });
const single = async (id: number) => (await call(t.app, 'GET', `/api/officer/getSingle/${id}`, { token: admin })).body;

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW), env: { AUTH_RATE_LIMIT: '1000' } });
  await createOfficer(t.app, { officerId: ADMIN, accessTypeId: 10, login: 'rosteradmin', lastName: 'Admin' });
  admin = await tokenFor(t.app, ADMIN);
});
afterAll(() => t.close());

describe('adding an officer (spec §2 Officer edit, §7 POST /officer/insert)', () => {
  it('stores every field and answers the record without password material', async () => {
    const res = await insert(officerBody(300));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      officerId: 300,
      badgeNumber: 4300,
      handcuffNumber: 5300,
      login: 'recruit300',
      precinct: { precinctId: 3, description: '3rd Precinct', abbr: '03' },
      appointmentDate: '02/01/2026',
      separationDate: null,
      firstName: 'Robin',
      middle: 'T',
      lastName: 'RecruitO',
      rank: { rankId: 9, description: 'Auxiliary Recruit' },
      homeStreetAddr1: '12 Elm St',
      homeCity: 'Hempstead',
      homeState: { stateId: 33, stateAbbr: 'NY', stateName: 'New York' },
      homeZip: '11550-1234',
      homePhone: '516-555-0120',
      mobile: '516-555-0121',
      homeEmail: 'r300@example.org',
      deptEmail: 'r300@aux.example.org',
      homeEmailConfirmed: true,
      deptEmailConfirmed: true,
      accessType: { accessTypeId: 1, description: 'Officer' },
      lastLoginDate: null,
      passwordExpireInterval: 90,
      passwordChangedDate: NOW.replace('Z', '.000Z'),
      soundex: 'R123-456-789',
      updatedBy: { officerId: ADMIN, lastName: 'Admin', firstName: `First${ADMIN}` },
      updatedTimestamp: NOW.replace('Z', '.000Z'),
      flaggedCount: 0,
      unreadMemos: 0,
      hasChildren: 'N',
      profileComplete: true,
    });
    expect(res.text).not.toMatch(/Welcome123|scrypt|hash/i);
    const [row] = await t.app.ctx.db.select().from(s.officer).where(eq(s.officer.officerId, 300));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
  });

  it('makes the new officer change the password at his first sign-in, then lets him in', async () => {
    await insert(officerBody(301));
    const first = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'recruit301', password: 'Welcome123' } });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ officerId: 301, lastLoginDate: null, mustChangePassword: true });
    const jwt = first.body.jwt;
    expect((await call(t.app, 'GET', '/api/officer/getSingle/301', { token: jwt })).status).toBe(403);
    const changed = await call(t.app, 'PUT', '/api/password/update', { token: jwt, body: { login: 'recruit301', oldPassword: 'Welcome123', newPassword: 'Robin2026', verifyPassword: 'Robin2026' } });
    expect(changed.status).toBe(200);
    expect((await call(t.app, 'PUT', '/api/updateLastLoginDate/301', { token: jwt })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/301', { token: jwt })).status).toBe(200);
    const roster = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin });
    expect(roster.body.find((r: { officerId: number }) => r.officerId === 301).lastLoginDate).toBe(NOW.replace('Z', '.000Z'));
  });

  it("answers 409 'Duplicate record - unique constraint violated!' for a taken officer id or login (any case)", async () => {
    await insert(officerBody(302));
    const sameId = await insert(officerBody(302, { login: 'someoneelse' }));
    expect(sameId.status).toBe(409);
    expect(sameId.body.message).toBe('Duplicate record - unique constraint violated!');
    const sameLogin = await insert(officerBody(303, { login: 'RECRUIT302' }));
    expect(sameLogin.status).toBe(409);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/303', { token: admin })).status).toBe(404);
  });

  // Every 'Officer save' alert of spec §5, and the field messages that have no alert, as the API answers them.
  it.each([
    [{ officerId: 0 }, 'officerId', 'Officer ID required!'],
    [{ firstName: 'Rob1n' }, 'firstName', 'Numbers not allowed in first name!'],
    [{ middle: 'T2' }, 'middle', 'Numbers not allowed in middle name!'],
    [{ lastName: 'Recruit9' }, 'lastName', 'Numbers not allowed in last name!'],
    [{ precinct: { precinctId: 0 } }, 'precinct.precinctId', 'Must Select Precinct!'],
    [{ rank: null }, 'rank.rankId', 'Rank required!'],
    [{ homeZip: '115' }, 'homeZip', 'Invalid Zipcode!'],
    [{ homePhone: '(516) 555-0120' }, 'homePhone', 'Invalid Phone! Must be in 999-999-9999 format!'],
    [{ mobile: '516.555.0121' }, 'mobile', 'Invalid Phone! Must be in 999-999-9999 format!'],
    [{ homeEmail: 'r@example' }, 'homeEmail', 'Invalid Email Format!'],
    [{ deptEmail: 'r@@aux.example.org' }, 'deptEmail', 'Invalid Email Format!'],
    [{ accessType: { accessTypeId: 0 } }, 'accessType.accessTypeId', 'Access level required!'],
    [{ badgeNumber: 0 }, 'badgeNumber', 'Badge # must be an integer value > zero!'],
    [{ badgeNumber: 'abc' }, 'badgeNumber', 'Badge # must be an integer value > zero!'],
    [{ handcuffNumber: -4 }, 'handcuffNumber', 'Handcuff # be an integer value > zero!'],
    [{ login: '' }, 'login', 'Required'],
    [{ password: '' }, 'password', 'Required'],
    [{ password: 'short1' }, 'password', 'Password must be an alphanumeric string between 8 and 12 characters long.'],
    [{ passwordExpireInterval: null }, 'passwordExpireInterval', 'Required'],
    [{ homeStreetAddr1: '' }, 'homeStreetAddr1', 'required'],
    [{ homeCity: '' }, 'homeCity', 'required'],
    [{ homeState: null }, 'homeState.stateId', 'Required'],
    [{ homeZip: '' }, 'homeZip', 'Zip code is required'],
    [{ appointmentDate: '' }, 'appointmentDate', 'Date is required'],
    [{ soundex: '' }, 'soundex', 'Required'],
  ])('refuses %o with %s: %s', async (change, field, message) => {
    const res = await insert(officerBody(310, change));
    expect(res.status).toBe(400);
    expect({ message: res.body.message, field: res.body.field }).toEqual({ message, field });
    expect((await call(t.app, 'GET', '/api/officer/getSingle/310', { token: admin })).status).toBe(404);
  });

  it('lists every problem in `issues`, the first as the message', async () => {
    const res = await insert(officerBody(311, { firstName: 'R2', mobile: 'x', badgeNumber: 0 }));
    expect(res.body.issues).toEqual([
      { field: 'firstName', message: 'Numbers not allowed in first name!' },
      { field: 'mobile', message: 'Invalid Phone! Must be in 999-999-9999 format!' },
      { field: 'badgeNumber', message: 'Badge # must be an integer value > zero!' },
    ]);
  });

  it('refuses unknown fields (400) and password material in any other name', async () => {
    const res = await insert(officerBody(312, { passwordHash: 'scrypt$1$1$1$a$b' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field: passwordHash');
  });

  it('refuses an unknown precinct, rank, state or access level without writing', async () => {
    const res = await insert(officerBody(313, { accessType: { accessTypeId: 7 } }));
    expect(res.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/313', { token: admin })).status).toBe(404);
  });
});

describe('changing an officer at level 10 (spec §7 PUT /officer/update)', () => {
  it('changes every field but the officer id, keeping the password when none is sent', async () => {
    await insert(officerBody(320));
    const before = await single(320);
    const res = await update({
      ...before,
      login: 'renamed320',
      password: '',
      firstName: 'Robyn',
      precinct: { precinctId: 5 },
      rank: { rankId: 1, description: 'ignored' },
      accessType: { accessTypeId: 5 },
      separationDate: '12/31/2026',
      badgeNumber: 9320,
      soundex: 'X999',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      officerId: 320, login: 'renamed320', firstName: 'Robyn', precinct: { precinctId: 5 }, rank: { rankId: 1 }, accessType: { accessTypeId: 5 },
      separationDate: '12/31/2026', badgeNumber: 9320, soundex: 'X999', passwordChangedDate: before.passwordChangedDate,
    });
    expect((await call(t.app, 'POST', '/api/authenticate', { body: { username: 'renamed320', password: 'Welcome123' } })).status).toBe(200);
  });

  it('never sets an existing officer\'s password by saving his record; Reset password mails a temporary one to his confirmed address', async () => {
    await insert(officerBody(321));
    await t.app.ctx.db.update(s.officer).set({ lastLoginDate: new Date('2026-03-01T12:00:00Z') }).where(eq(s.officer.officerId, 321));
    const his = await tokenFor(t.app, 321);
    const refused = await update({ ...(await single(321)), password: 'Reset2026x' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^A password is not set by saving an officer/);
    expect((await call(t.app, 'POST', '/api/authenticate', { body: { username: 'recruit321', password: 'Reset2026x' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/321', { token: his })).status).toBe(200);

    const mails = t.mail.length;
    const reset = await call(t.app, 'PUT', '/api/officer/resetPassword/321', { token: admin });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('A temporary password has been e-mailed to the officer.');
    expect(t.mail.length).toBe(mails + 1);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('r321@example.org, r321@aux.example.org');
    const temp = /Temporary password: (\w+)/.exec(mail.text)![1];
    expect(reset.text).not.toContain(temp);
    const signIn = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'recruit321', password: temp } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.mustChangePassword).toBe(true);
    const entries = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'password-reset'));
    expect(entries.filter((e) => e.entityId === '321' && e.actorId === ADMIN)).toHaveLength(1);
    expect((await call(t.app, 'PUT', '/api/officer/resetPassword/3999', { token: admin })).status).toBe(404);
  });

  it('answers 404 for an unknown officer and 409 for a login taken by another', async () => {
    expect((await update(officerBody(399, { password: '' }))).status).toBe(404);
    await insert(officerBody(322));
    const taken = await update({ ...(await single(322)), login: 'Recruit300' });
    expect(taken.status).toBe(409);
    expect((await single(322)).login).toBe('recruit322');
  });

  it('answers the alerts on update too', async () => {
    await insert(officerBody(323));
    const res = await update({ ...(await single(323)), homeZip: '1155' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid Zipcode!');
  });
});

describe('the super user (spec §6)', () => {
  it('keeps his access level and separation date and cannot be removed', async () => {
    const su = await single(1);
    expect(su).toMatchObject({ officerId: 1, login: 'admin', accessType: { accessTypeId: 10 }, hasChildren: 'Y' });
    // Exempt from profile completeness: his contact fields may stay blank; no access level select.
    const rename = await update({ ...su, accessType: undefined, firstName: 'Sys', appointmentDate: '', homeState: null });
    expect(rename.status).toBe(200);
    expect(rename.body).toMatchObject({ firstName: 'Sys', accessType: { accessTypeId: 10 } });
    const lower = await update({ ...su, accessType: { accessTypeId: 1 } });
    expect(lower.status).toBe(403);
    expect(lower.body.message).toBe("The super user's access level and separation date cannot be changed.");
    const separate = await update({ ...su, separationDate: '03/31/2026' });
    expect(separate.status).toBe(403);
    expect(await single(1)).toMatchObject({ accessType: { accessTypeId: 10 }, separationDate: null });
    const del = await remove(1);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('The super user cannot be removed.');
  });
});

describe('removing officers (spec §6 hasChildren, §7 DELETE /officer/delete)', () => {
  it('removes an officer without dependent records', async () => {
    await insert(officerBody(330));
    await tokenFor(t.app, 330); // a session does not keep him
    const res = await remove(330);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', '/api/officer/getSingle/330', { token: admin })).status).toBe(404);
  });

  it('refuses an officer with tickets, sign-offs or records he entered, with a clear message, and keeps him', async () => {
    await insert(officerBody(331));
    await addPatrolTicket(t.app, 331);
    await insert(officerBody(332));
    const doc = await add159(t.app);
    await t.app.ctx.db.insert(s.uploadSignoff).values({ uploadId: doc, officerId: 332 });
    await insert(officerBody(333));
    await t.app.ctx.db.insert(s.news).values({ dateEntered: '2026-03-01', shortDesc: 'Hi', newsText: 'Hello', enteredBy: 333 });
    for (const id of [331, 332, 333]) {
      expect((await single(id)).hasChildren).toBe('Y');
      const res = await remove(id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'This officer has time tickets, sign-ups, 159 sign-offs or other records entered by him and cannot be removed. Enter a separation date instead.',
      );
      expect((await call(t.app, 'GET', `/api/officer/getSingle/${id}`, { token: admin })).status).toBe(200);
    }
  });

  it('is all or nothing, refuses oneself and unknown ids, and is level 10 only', async () => {
    await insert(officerBody(334));
    const both = await call(t.app, 'DELETE', '/api/officer/delete', {
      token: admin,
      body: [{ id: 0, deleteStatus: '' }, { id: 334, deleteStatus: 'Y' }, { id: 331, deleteStatus: 'Y' }],
    });
    expect(both.status).toBe(409);
    expect((await single(334)).officerId).toBe(334);
    expect((await remove(ADMIN)).body.message).toBe('You cannot remove yourself.');
    expect((await remove(9999)).status).toBe(404);
    await createOfficer(t.app, { officerId: 335, accessTypeId: 9 });
    const nine = await remove(334, await tokenFor(t.app, 335));
    expect(nine.status).toBe(403);
    expect((await call(t.app, 'DELETE', '/api/officer/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }] })).body.message).toBe('Nothing selected to remove.');
  });
});

describe('the roster (spec §2 /OfficerBrowse, §7 GET /officer/getMultiple)', () => {
  let memos: number[];
  beforeAll(async () => {
    await createOfficer(t.app, { officerId: 340, accessTypeId: 1, lastName: 'Zimmer', precinctId: 2 });
    await createOfficer(t.app, { officerId: 341, accessTypeId: 1, lastName: 'Yates', separationDate: '2026-03-20' });
    await createOfficer(t.app, { officerId: 767, accessTypeId: 1, lastName: 'Exempt' });
    memos = [await add159(t.app, '2026-03-02'), await add159(t.app, '2026-03-03')];
    await t.app.ctx.db.insert(s.uploadSignoff).values({ uploadId: memos[0], officerId: 340 });
    await addPatrolTicket(t.app, 340, { flaggedBy: ADMIN, day: '2026-03-11' });
    await addPatrolTicket(t.app, 340, { day: '2026-03-12' });
  });

  it('gives level 10 the roster columns, with unread 159s, flagged tickets and hasChildren', async () => {
    const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin, query: { excludeSeparated: 'Y' } });
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ officerId: 0, lastName: '', firstName: '' });
    const zimmer = res.body.find((r: { officerId: number }) => r.officerId === 340);
    const all159s = (await t.app.ctx.db.select().from(s.upload).where(eq(s.upload.uploadTypeId, 1))).length;
    expect(zimmer).toEqual({
      officerId: 340, lastName: 'Zimmer', firstName: 'First340', mobile: '516-555-0101', rank: { rankId: 1, description: 'Auxiliary Police Officer' },
      separationDate: null, precinct: { precinctId: 2, description: '2nd Precinct' }, lastLoginDate: '2026-01-01T00:00:00.000Z',
      accessType: { accessTypeId: 1, description: 'Officer' }, unreadMemos: all159s - 1, flaggedCount: 1, hasChildren: 'Y', exempt: false,
    });
    expect(res.body.find((r: { officerId: number }) => r.officerId === 767)).toMatchObject({ unreadMemos: 0, exempt: true });
    expect(res.body.some((r: { officerId: number }) => r.officerId === 341)).toBe(false);
    expect(Number(res.headers['x-total-count'])).toBe(res.body.length - 1);
  });

  it('reads the roster in ONE SQL statement, however many officers (no query per officer)', async () => {
    for (let id = 350; id < 370; id++) {
      await createOfficer(t.app, { officerId: id, accessTypeId: 1 });
      await addPatrolTicket(t.app, id, { flaggedBy: id % 2 ? ADMIN : null });
    }
    // Records every statement drizzle prepares while the roster is read; the session check is the request's other one.
    const session = (t.app.ctx.db as unknown as { session: { prepareQuery: (q: { sql: string }, ...rest: unknown[]) => unknown } }).session;
    const prepare = session.prepareQuery;
    const statements: string[] = [];
    session.prepareQuery = function (this: unknown, q: { sql: string }, ...rest: unknown[]) {
      statements.push(q.sql);
      return prepare.call(this, q, ...rest);
    };
    try {
      const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin, query: { _sort: 'lastName', _start: '0', _end: '100' } });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(20);
      expect(res.body.find((r: { officerId: number }) => r.officerId === 351)).toMatchObject({ flaggedCount: 1, hasChildren: 'Y' });
    } finally {
      session.prepareQuery = prepare;
    }
    expect(statements.filter((q) => !/from "session"|update "session"/.test(q))).toHaveLength(1);
  });

  it('keeps the picker answer for other levels: names, mobile, rank, separation date only', async () => {
    const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: await tokenFor(t.app, 340), query: { orderBy: 'last_name,first_name' } });
    expect(res.status).toBe(200);
    const zimmer = res.body.find((r: { officerId: number }) => r.officerId === 340);
    expect(Object.keys(zimmer).sort()).toEqual(['firstName', 'lastName', 'mobile', 'officerId', 'rank', 'separationDate']);
    expect(res.text).not.toMatch(/soundex|login|lastLoginDate|unreadMemos/);
    const names = res.body.slice(1).map((r: { lastName: string }) => r.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const sorted = await call(t.app, 'GET', '/api/officer/getMultiple', { token: await tokenFor(t.app, 340), query: { _sort: 'unreadMemos' } });
    expect(sorted.status).toBe(403);
  });

  it('sorts and pages the roster in SQL for level 10, with the total in X-Total-Count', async () => {
    const all = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin });
    const page = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin, query: { _sort: 'unreadMemos', _order: 'ASC', _start: '0', _end: '2' } });
    expect(page.body.length).toBe(3);
    expect(page.headers['x-total-count']).toBe(String(all.body.length - 1));
    expect(page.body.slice(1).map((r: { unreadMemos: number }) => r.unreadMemos)).toEqual([0, 0]);
    const byPrecinct = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin, query: { _sort: 'precinct.description', _order: 'DESC' } });
    const descr = byPrecinct.body.slice(1).map((r: { precinct: { description: string } | null }) => r.precinct?.description ?? '');
    expect(descr[0]).toBe('Auxiliary Support Services Detachment');
    const past = await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin, query: { _start: '1000', _end: '1100' } });
    expect(past.body).toHaveLength(1);
    expect(past.headers['x-total-count']).toBe(String(all.body.length - 1));
    expect((await call(t.app, 'GET', '/api/officer/getMultiple', { token: admin, query: { _start: '0', _end: '500' } })).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the officer, statistics and training calls with the shared error body', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body;
    for (const [path, method] of [
      ['/api/officer/getMultiple', 'get'], ['/api/officer/getSingle/{id}', 'get'], ['/api/officer/insert', 'post'], ['/api/officer/update', 'put'],
      ['/api/officer/delete', 'delete'], ['/api/statistics/getStatistics', 'get'], ['/api/events/getNonCompliantOfficers', 'post'],
    ]) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op.summary, path).toBeTruthy();
      // Each call declares the statuses it can answer: a read (the non-compliance report is one) never 409, a list never 404.
      const declared = ['400', '401', '403', ...(method === 'get' || path.includes('getNonCompliant') ? [] : ['409']), ...(/\{id\}|update|delete/.test(path) ? ['404'] : [])];
      for (const status of declared) expect(op.responses[status], `${path} ${status}`).toBeDefined();
      expect(op.responses['400'].content['application/json'].schema.required).toEqual(['statusCode', 'error', 'message']);
    }
    const body = doc.paths['/api/officer/insert'].post.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.precinct).toBeDefined();
  });
});
