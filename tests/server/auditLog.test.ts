import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, TEST_PASSWORD, type TestApp, capturedLogger } from './helpers';
import { addEvent, addLocation, locationBody } from './events.fixtures';
import { ticketBody } from './tickets.fixtures';
import { officerBody } from './officers.fixtures';
import * as s from '../../server/db/schema';
import { rc } from '../../src/domain/messages';

/**
 * The append-only audit log: what it records (sign-ins, lockouts, passwords,
 * refusals, every write of officers, tickets, events, sign-ups, uploads and news, with the
 * changed fields), that the database refuses to change or remove its rows, that no password,
 * token or licence number reaches it or the server's logs, and GET /api/auditLog/getMultiple.
 */
const CANARY_PASSWORD = 'Canary7Qx2';
const CANARY_NEW_PASSWORD = 'Canary9Zk4';
const CANARY_LICENCE = 'CANARY-LIC-4471';

let t: TestApp;
const { lines: logLines, logger } = capturedLogger('trace');
let roster: string;
let admin: string;

type Entry = typeof s.auditLog.$inferSelect;
async function entries(where: Partial<Pick<Entry, 'action' | 'entity' | 'entityId' | 'outcome'>>): Promise<Entry[]> {
  const rows = await t.app.ctx.db.select().from(s.auditLog).orderBy(s.auditLog.auditLogId);
  return rows.filter((r) => Object.entries(where).every(([k, v]) => r[k as keyof Entry] === v));
}
const signIn = (username: string, password: string) => call(t.app, 'POST', '/api/authenticate', { body: { username, password } });

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-31T16:00:00Z'), env: { AUTH_RATE_LIMIT: '10000' }, build: { logger } });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 1, login: 'audited' });
  await createOfficer(t.app, { officerId: 302, accessTypeId: 1, login: 'locker' });
  await createOfficer(t.app, { officerId: 309, accessTypeId: 9, login: 'admin9' });
  await createOfficer(t.app, { officerId: 310, accessTypeId: 10, login: 'roster10', firstName: 'Rita', lastName: 'Roster' });
  roster = await tokenFor(t.app, 310);
  admin = await tokenFor(t.app, 309);
});
afterAll(() => t.close());

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows in the database itself', async () => {
    await signIn('audited', TEST_PASSWORD);
    const [row] = await entries({ action: 'login' });
    expect(row).toBeDefined();
    await expect(t.app.ctx.db.execute(sql`update audit_log set action = 'x' where audit_log_id = ${row.auditLogId}`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from audit_log where audit_log_id = ${row.auditLogId}`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await entries({ action: 'login' }))[0]).toEqual(row);
  });
});

describe('what it records', () => {
  it('sign-in success and failure, a lockout, with UTC time and the officer', async () => {
    expect((await signIn('audited', TEST_PASSWORD)).status).toBe(200);
    const ok = (await entries({ action: 'login', entityId: '301' })).at(-1)!;
    expect(ok).toMatchObject({ actorId: 301, entity: 'officer', outcome: 'success' });
    expect(ok.at.toISOString()).toBe('2026-03-31T16:00:00.000Z');
    for (let i = 0; i < 5; i++) expect((await signIn('locker', 'Wrong12345')).status).toBe(401);
    expect((await signIn('locker', TEST_PASSWORD)).status).toBe(401);
    const failed = await entries({ action: 'login-failed', entityId: '302' });
    expect(failed.map((f) => f.details)).toEqual(['wrong password', 'wrong password', 'wrong password', 'wrong password', 'wrong password', 'locked']);
    expect(failed.every((f) => f.outcome === 'failure' && f.actorId === null)).toBe(true);
    expect(await entries({ action: 'lockout', entityId: '302' })).toHaveLength(1);
    await signIn('nobody-here', 'Wrong12345');
    expect((await entries({ action: 'login-failed' })).at(-1)).toMatchObject({ entityId: null, details: 'unknown login' });
  });

  it('password changes (done and refused) and resets', async () => {
    await createOfficer(t.app, { officerId: 303, accessTypeId: 1, login: 'changer' });
    const token = await tokenFor(t.app, 303);
    const bad = await call(t.app, 'PUT', '/api/password/update', { token, body: { login: 'changer', oldPassword: 'Nope12345', newPassword: 'Fresh12345', verifyPassword: 'Fresh12345' } });
    expect(bad.status).toBe(400);
    const good = await call(t.app, 'PUT', '/api/password/update', { token, body: { login: 'changer', oldPassword: TEST_PASSWORD, newPassword: 'Fresh12345', verifyPassword: 'Fresh12345' } });
    expect(good.status).toBe(200);
    expect((await entries({ action: 'password-change', entityId: '303' })).map((e) => [e.outcome, e.actorId])).toEqual([['failure', 303], ['success', 303]]);
    expect((await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'changer' } })).status).toBe(200);
    expect(await entries({ action: 'password-reset', entityId: '303' })).toHaveLength(1);
  });

  it('a reset whose mail cannot be sent answers 503 and is recorded twice: stored, then mail failed', async () => {
    await createOfficer(t.app, { officerId: 304, accessTypeId: 1, login: 'unmailed' });
    t.failMail(true);
    try {
      const res = await call(t.app, 'PUT', '/api/password/reset', { body: { login: 'unmailed' } });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ message: rc.auth.passwordReset.mailFailed });
      const byAdmin = await call(t.app, 'PUT', '/api/officer/resetPassword/304', { token: roster });
      expect(byAdmin.status).toBe(503);
    } finally {
      t.failMail(false);
    }
    expect((await entries({ action: 'password-reset', entityId: '304' })).map((e) => [e.outcome, e.details])).toEqual([
      ['success', 'temporary password mailed'],
      ['failure', 'mail failed'],
      ['success', 'temporary password mailed by the roster administrator'],
      ['failure', 'mail failed'],
    ]);
    // his own password still signs him in: the unsent temporary one replaced nothing
    expect((await signIn('unmailed', TEST_PASSWORD)).status).toBe(200);
  });

  it('refused requests, with the route and message', async () => {
    const token = await tokenFor(t.app, 301);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/310', { token })).status).toBe(403);
    expect((await entries({ action: 'denied' })).at(-1)).toMatchObject({
      actorId: 301,
      outcome: 'denied',
      entity: 'request',
      entityId: 'GET /api/officer/getSingle/:id',
      details: 'Unauthorized!',
    });
  });

  it('creates, changes and removals of officers with the changed fields, never the password or licence', async () => {
    const created = await call(t.app, 'POST', '/api/officer/insert', { token: roster, body: officerBody(320, { soundex: CANARY_LICENCE, password: CANARY_PASSWORD }) });
    expect(created.status).toBe(201);
    const record = (await call(t.app, 'GET', '/api/officer/getSingle/320', { token: roster })).body;
    const changed = await call(t.app, 'PUT', '/api/officer/update', { token: roster, body: { ...record, mobile: '516-555-0999', soundex: 'CANARY-LIC-9999' } });
    expect(changed.status).toBe(200);
    const removed = await call(t.app, 'DELETE', '/api/officer/delete', { token: roster, body: [{ id: 0, deleteStatus: '' }, { id: 320, deleteStatus: 'Y' }] });
    expect(removed.status).toBe(200);
    const [create, update, del] = [...(await entries({ entity: 'officer', entityId: '320' }))].filter((e) => ['create', 'update', 'delete'].includes(e.action));
    expect(create).toMatchObject({ action: 'create', actorId: 310, outcome: 'success' });
    expect(create.changes).toMatchObject({ login: { before: null, after: 'recruit320' }, soundex: { before: null, after: '[redacted]' }, password: { before: null, after: '[redacted]' } });
    expect(update.changes).toEqual({
      mobile: { before: '516-555-0121', after: '516-555-0999' },
      soundex: { before: '[redacted]', after: '[redacted]' },
    });
    expect(del).toMatchObject({ action: 'delete', changes: expect.objectContaining({ login: { before: 'recruit320', after: null } }) });
  });

  it('time tickets: create, update, flag and delete', async () => {
    const created = await call(t.app, 'POST', '/api/timeTickets/insert', { token: admin, body: ticketBody(301, { startDate: '03/20/2026', endDate: '03/20/2026' }) });
    expect(created.status).toBe(201);
    const id = created.body.hoursWorkedId as number;
    const updated = await call(t.app, 'PUT', '/api/timeTickets/update', {
      token: admin,
      body: ticketBody(301, { hoursWorkedId: id, startDate: '03/20/2026', endDate: '03/20/2026', description: 'Corrected patrol' }),
    });
    expect(updated.status).toBe(200);
    expect((await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${id}`, { token: roster, query: { flaggedBy: '310' } })).status).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/timeTickets/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] })).status).toBe(200);
    const log = await entries({ entity: 'ticket', entityId: String(id) });
    expect(log.map((e) => [e.action, e.actorId])).toEqual([['create', 309], ['update', 309], ['flag', 310], ['delete', 309]]);
    expect(log[1].changes).toEqual(expect.objectContaining({ description: { before: 'Patrol of the park', after: 'Corrected patrol' } }));
    expect(log[2].changes).toEqual(expect.objectContaining({ 'flaggedBy.officerId': { before: 0, after: 310 } }));
  });

  it('events, sign-ups, uploads and news', async () => {
    const loc = await addLocation(t.app, admin);
    const eventId = await addEvent(t.app, admin, loc, { startDate: '04/20/2026', endDate: '04/20/2026' });
    expect((await call(t.app, 'POST', '/api/signup/insert', { token: await tokenFor(t.app, 301), body: { event: { eventId }, officer: { officerId: 301 } } })).status).toBe(201);
    expect((await call(t.app, 'DELETE', '/api/signup/delete', { token: roster, query: { eventId: String(eventId) }, body: [{ id: 0, deleteStatus: '' }, { id: 301, deleteStatus: 'Y' }] })).status).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/events/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: eventId, deleteStatus: 'Y' }] })).status).toBe(200);
    expect((await entries({ entity: 'event', entityId: String(eventId) })).map((e) => e.action)).toEqual(['create', 'delete']);
    expect((await entries({ entity: 'signup', entityId: `${eventId}/301` })).map((e) => [e.action, e.actorId])).toEqual([['create', 301], ['delete', 310]]);

    const boundary = 'auditBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="jsonBodyData"\r\n\r\n${JSON.stringify({ uploadType: { uploadTypeId: 1 }, dateEntered: '03/30/2026', description: 'Audit 159' })}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`),
    ]);
    const up = await call(t.app, 'POST', '/api/uploads/insert', { token: admin, body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(up.status).toBe(201);
    expect((await call(t.app, 'DELETE', '/api/uploads/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: up.body.uploadId, deleteStatus: 'Y' }] })).status).toBe(200);
    expect((await entries({ entity: 'upload', entityId: String(up.body.uploadId) })).map((e) => e.action)).toEqual(['create', 'delete']);

    const news = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: { dateEntered: '03/30/2026', shortDesc: 'Audit', newsText: 'First' } });
    const newsId = news.body.newsId as number;
    await call(t.app, 'PUT', '/api/news/update', { token: admin, body: { newsId, dateEntered: '03/30/2026', shortDesc: 'Audit', newsText: 'Second' } });
    const newsLog = await entries({ entity: 'news', entityId: String(newsId) });
    expect(newsLog.map((e) => e.action)).toEqual(['create', 'update']);
    expect(newsLog[1].changes).toEqual(expect.objectContaining({ newsText: { before: 'First', after: 'Second' } }));
  });

  it('locations: create, update with the changed fields, and removal', async () => {
    const loc = await addLocation(t.app, admin, { name: 'Audited Park' });
    const update = await call(t.app, 'PUT', '/api/locations/update', { token: admin, body: { ...locationBody({ name: 'Audited Park' }), locationId: loc, zip: '11531' } });
    expect(update.status).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/locations/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: loc, deleteStatus: 'Y' }] })).body).toEqual({ deleted: 1 });
    const log = await entries({ entity: 'location', entityId: String(loc) });
    expect(log.map((e) => [e.action, e.actorId])).toEqual([['create', 309], ['update', 309], ['delete', 309]]);
    expect(log[1].changes).toEqual(expect.objectContaining({ zip: { before: '11530', after: '11531' } }));
    expect(log[1].changes).not.toHaveProperty('name');
  });
});

describe('no secrets in the audit log or the logs', () => {
  it('never holds a password, token or licence number', async () => {
    await createOfficer(t.app, { officerId: 330, accessTypeId: 1, login: 'canary', firstName: 'Cora', lastName: 'Canary', appointmentDate: '2020-01-01' });
    // The canary password as a wrong one, refused as a roster administrator's save, then chosen by
    // the officer, used, and changed again.
    await signIn('canary', CANARY_PASSWORD);
    const record = (await call(t.app, 'GET', '/api/officer/getSingle/330', { token: roster })).body;
    expect((await call(t.app, 'PUT', '/api/officer/update', { token: roster, body: { ...record, password: CANARY_PASSWORD } })).status).toBe(403);
    expect((await call(t.app, 'PUT', '/api/officer/update', { token: roster, body: { ...record, soundex: CANARY_LICENCE } })).status).toBe(200);
    const first = (await signIn('canary', TEST_PASSWORD)).body.jwt as string;
    const chosen = await call(t.app, 'PUT', '/api/password/update', {
      token: first,
      body: { login: 'canary', oldPassword: TEST_PASSWORD, newPassword: CANARY_PASSWORD, verifyPassword: CANARY_PASSWORD },
    });
    expect(chosen.status).toBe(200);
    const signedIn = await signIn('canary', CANARY_PASSWORD);
    expect(signedIn.status).toBe(200);
    const jwt = signedIn.body.jwt as string;
    const changed = await call(t.app, 'PUT', '/api/password/update', {
      token: jwt,
      body: { login: 'canary', oldPassword: CANARY_PASSWORD, newPassword: CANARY_NEW_PASSWORD, verifyPassword: CANARY_NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/330', { token: jwt })).status).toBe(200);

    const table = JSON.stringify(await t.app.ctx.db.select().from(s.auditLog));
    const logs = logLines.join('\n');
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of [CANARY_PASSWORD, CANARY_NEW_PASSWORD, CANARY_LICENCE, jwt, jwt.split('.')[2]]) {
      expect(table.includes(secret), `audit log holds ${secret.slice(0, 12)}…`).toBe(false);
      expect(logs.includes(secret), `logs hold ${secret.slice(0, 12)}…`).toBe(false);
    }
    expect(await entries({ action: 'password-change', entityId: '330' })).toHaveLength(2);
  });
});

describe('an entry keeps who acted', () => {
  it("an officer id given again after a removal does not rename the removed officer's entries", async () => {
    await createOfficer(t.app, { officerId: 2004, accessTypeId: 1, login: 'olga2004', firstName: 'Olga', lastName: 'Original' });
    expect((await signIn('olga2004', TEST_PASSWORD)).status).toBe(200);
    const removed = await call(t.app, 'DELETE', '/api/officer/delete', { token: roster, body: [{ id: 0, deleteStatus: '' }, { id: 2004, deleteStatus: 'Y' }] });
    expect(removed.status).toBe(200);
    const impostor = await call(t.app, 'POST', '/api/officer/insert', {
      token: roster,
      body: officerBody(2004, { login: 'ivan2004', firstName: 'Ivan', lastName: 'Impostor', password: 'Welcome123' }),
    });
    expect(impostor.status).toBe(201);
    expect((await signIn('ivan2004', 'Welcome123')).status).toBe(200);

    const logins = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { actorId: '2004', action: 'login', _sort: 'at', _order: 'ASC' } });
    expect(logins.status).toBe(200);
    expect(logins.body.map((r: { actorName: string; actorLogin: string }) => [r.actorName, r.actorLogin])).toEqual([
      ['Original, Olga', 'olga2004'],
      ['Impostor, Ivan', 'ivan2004'],
    ]);
    // the removal and the new record name the administrator who did them, as she was then
    const done = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { entity: 'officer', entityId: '2004', actorId: '310' } });
    expect(done.body.map((r: { action: string; actorName: string; actorLogin: string }) => [r.action, r.actorName, r.actorLogin])).toEqual([
      ['create', 'Roster, Rita', 'roster10'],
      ['delete', 'Roster, Rita', 'roster10'],
    ]);
  });
});

describe('GET /api/auditLog/getMultiple', () => {
  it('lists newest first, filters, pages with X-Total-Count, names the actor; level 10 only', async () => {
    const all = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { _start: '0', _end: '5' } });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(5);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(20);
    const ids = all.body.map((r: { id: number }) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const lockouts = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { action: 'lockout' } });
    expect(lockouts.body).toEqual([expect.objectContaining({ action: 'lockout', entity: 'officer', entityId: '302', outcome: 'failure', at: '2026-03-31T16:00:00.000Z' })]);
    const mine = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { actorId: '310', entity: 'ticket' } });
    expect(mine.body.map((r: { action: string; actorName: string }) => [r.action, r.actorName])).toEqual([['flag', 'Roster, Rita']]);
    const denied = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { outcome: 'denied', since: '2026-03-31', until: '2026-03-31' } });
    expect(denied.body.length).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { until: '2026-03-30' } })).body).toEqual([]);
    expect((await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: admin })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: roster, query: { outcome: 'maybe' } })).status).toBe(400);
  });
});
