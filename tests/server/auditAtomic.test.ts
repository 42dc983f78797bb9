import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, TEST_PASSWORD, type TestApp } from './helpers';
import { addEvent, addLocation, eventBody } from './events.fixtures';
import { ticketBody } from './tickets.fixtures';
import { officerBody } from './officers.fixtures';
import { addUpload, samplePdf, sendUpload, uploadRecord } from './uploads.fixtures';
import { fingerprint } from './dbFingerprint';
import { rc } from '../../src/domain/messages';

/**
 * A change and its audit entry are one transaction: when the entry cannot be written, the change
 * is not stored either (never a record without its entry, nor a half-written one), and the caller
 * gets the app's error answer. The audit log is made to refuse entries by a database trigger that
 * rejects every entry of the entities listed in the table audit_refused, so no hook in the server
 * is needed; every case then shows the same write succeeding once the log takes entries again, so
 * the refusal is what failed it.
 */
let t: TestApp;
let admin: string;
let roster: string;
let auditor: string;
let officer: string;
let eventId: number;
let locationId: number;

const refuse = (entity: string) => t.app.ctx.db.execute(sql`insert into audit_refused (entity) values (${entity})`);
const TABLES = ['officer', 'session', 'login_attempt', 'event', 'event_signup', 'hours_worked', 'news', 'upload', 'audit_log'] as const;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-31T16:00:00Z'), env: { AUTH_RATE_LIMIT: '10000' } });
  await createOfficer(t.app, { officerId: 401, accessTypeId: 1, login: 'plain401' });
  await createOfficer(t.app, { officerId: 409, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 410, accessTypeId: 10 });
  await createOfficer(t.app, { officerId: 411, accessTypeId: 10 });
  admin = await tokenFor(t.app, 409);
  roster = await tokenFor(t.app, 410);
  auditor = await tokenFor(t.app, 411);
  officer = await tokenFor(t.app, 401);
  locationId = await addLocation(t.app, admin);
  eventId = await addEvent(t.app, admin, locationId, { startDate: '05/20/2026', endDate: '05/20/2026' });
  await t.app.ctx.db.execute(sql`create table audit_refused (entity text primary key)`);
  await t.app.ctx.db.execute(
    sql.raw(`create function audit_refuse() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from audit_refused where entity = new.entity) then raise exception 'audit log refuses %', new.entity; end if;
        return new;
      end $$`),
  );
  await t.app.ctx.db.execute(sql`create trigger audit_refuse before insert on audit_log for each row execute function audit_refuse()`);
});
afterEach(async () => {
  await t.app.ctx.db.execute(sql`delete from audit_refused`);
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<typeof call>>;

/**
 * Runs `write` while the audit log refuses entries of `entity`: the answer is the app's 500 shape
 * and no table changed. Then runs it again with the log open and returns that answer.
 */
async function refusedThenAccepted(entity: string, write: () => Promise<Answer>): Promise<Answer> {
  await refuse(entity);
  const before = await fingerprint(t.app, TABLES);
  const res = await write();
  expect(res.status, res.text).toBe(500);
  expect(res.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: rc.errors.internal, correlationId: expect.any(String) });
  expect(await fingerprint(t.app, TABLES)).toBe(before);
  await t.app.ctx.db.execute(sql`delete from audit_refused`);
  return write();
}

describe('a write whose audit entry fails stores nothing', () => {
  it('time tickets: insert, update, flag, review and delete', async () => {
    const body = ticketBody(401, { startDate: '03/20/2026', endDate: '03/20/2026' });
    const created = await refusedThenAccepted('ticket', () => call(t.app, 'POST', '/api/timeTickets/insert', { token: officer, body }));
    expect(created.status).toBe(201);
    const id = created.body.hoursWorkedId as number;
    const update = () => call(t.app, 'PUT', '/api/timeTickets/update', { token: officer, body: { ...body, hoursWorkedId: id, description: 'Changed' } });
    expect((await refusedThenAccepted('ticket', update)).body.description).toBe('Changed');
    const review = () => call(t.app, 'PUT', '/api/timeTickets/review', { token: auditor, body: { ids: [id], decision: 'accept' } });
    expect((await refusedThenAccepted('ticket', review)).body.reviewed).toEqual([{ hoursWorkedId: id, reviewState: 'accepted' }]);
    const flag = () => call(t.app, 'PUT', `/api/timeTickets/flagTicket/${id}`, { token: roster, query: { flaggedBy: '410' } });
    expect((await refusedThenAccepted('ticket', flag)).body.flaggedBy).toEqual(expect.objectContaining({ officerId: 410 }));
    const remove = () => call(t.app, 'DELETE', '/api/timeTickets/delete', { token: officer, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] });
    expect((await refusedThenAccepted('ticket', remove)).body).toEqual({ deleted: 1 });
  });

  it('events and sign-ups', async () => {
    const created = await refusedThenAccepted('event', () => call(t.app, 'POST', '/api/events/insert', { token: admin, body: eventBody(locationId, { startDate: '06/02/2030', endDate: '06/02/2030' }) }));
    expect(created.status).toBe(201);
    const id = created.body.eventId as number;
    const update = () => call(t.app, 'PUT', '/api/events/update', { token: admin, body: { ...eventBody(locationId, { startDate: '06/02/2030', endDate: '06/02/2030' }), eventId: id, eventName: 'Renamed' } });
    expect((await refusedThenAccepted('event', update)).body.eventName).toBe('Renamed');
    const remove = () => call(t.app, 'DELETE', '/api/events/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] });
    expect((await refusedThenAccepted('event', remove)).body).toEqual({ deleted: 1 });

    const signUp = () => call(t.app, 'POST', '/api/signup/insert', { token: officer, body: { event: { eventId }, officer: { officerId: 401 } } });
    expect((await refusedThenAccepted('signup', signUp)).status).toBe(201);
    const drop = () => call(t.app, 'DELETE', '/api/signup/delete', { token: roster, query: { eventId: String(eventId) }, body: [{ id: 0, deleteStatus: '' }, { id: 401, deleteStatus: 'Y' }] });
    expect((await refusedThenAccepted('signup', drop)).body).toEqual({ deleted: 1 });
  });

  it('news and uploads', async () => {
    const news = { dateEntered: '03/30/2026', shortDesc: 'Atomic', newsText: 'First' };
    const created = await refusedThenAccepted('news', () => call(t.app, 'POST', '/api/news/insert', { token: admin, body: news }));
    expect(created.status).toBe(201);
    const newsId = created.body.newsId as number;
    const update = () => call(t.app, 'PUT', '/api/news/update', { token: admin, body: { ...news, newsId, newsText: 'Second' } });
    expect((await refusedThenAccepted('news', update)).body.newsText).toBe('Second');
    const removeNews = () => call(t.app, 'DELETE', '/api/news/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: newsId, deleteStatus: 'Y' }] });
    expect((await refusedThenAccepted('news', removeNews)).body).toEqual({ deleted: 1 });

    const file = { filename: 'notice.pdf', data: samplePdf() };
    const up = await refusedThenAccepted('upload', () => sendUpload(t.app, admin, 'POST', uploadRecord({ description: 'Atomic 159' }), file));
    expect(up.status).toBe(201);
    const uploadId = up.body.uploadId as number;
    const replace = () => sendUpload(t.app, admin, 'PUT', uploadRecord({ uploadId, description: 'Atomic 159 v2' }), { filename: 'v2.pdf', data: samplePdf('Second notice') });
    expect((await refusedThenAccepted('upload', replace)).body.description).toBe('Atomic 159 v2');
    const other = await addUpload(t.app, admin, { description: 'Stays' });
    const removeUpload = () => call(t.app, 'DELETE', '/api/uploads/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: uploadId, deleteStatus: 'Y' }, { id: other, deleteStatus: 'Y' }] });
    expect((await refusedThenAccepted('upload', removeUpload)).body).toEqual({ deleted: 2 });
  });

  it('officers, sign-in and password change', async () => {
    const created = await refusedThenAccepted('officer', () => call(t.app, 'POST', '/api/officer/insert', { token: roster, body: officerBody(420) }));
    expect(created.status).toBe(201);
    const record = (await call(t.app, 'GET', '/api/officer/getSingle/420', { token: roster })).body;
    const update = () => call(t.app, 'PUT', '/api/officer/update', { token: roster, body: { ...record, mobile: '516-555-0999' } });
    expect((await refusedThenAccepted('officer', update)).body.mobile).toBe('516-555-0999');
    const remove = () => call(t.app, 'DELETE', '/api/officer/delete', { token: roster, body: [{ id: 0, deleteStatus: '' }, { id: 420, deleteStatus: 'Y' }] });
    expect((await refusedThenAccepted('officer', remove)).body).toEqual({ deleted: 1 });

    // no session opens (so no token) while the sign-in cannot be logged; the attempt itself stays counted
    await createOfficer(t.app, { officerId: 430, accessTypeId: 1, login: 'signer430' });
    await refuse('officer');
    const sessions = await fingerprint(t.app, ['session']);
    const signIn = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'signer430', password: TEST_PASSWORD } });
    expect(signIn.status).toBe(500);
    expect(signIn.body).toMatchObject({ statusCode: 500, message: rc.errors.internal });
    expect(await fingerprint(t.app, ['session'])).toBe(sessions);
    await t.app.ctx.db.execute(sql`delete from audit_refused`);
    expect((await call(t.app, 'POST', '/api/authenticate', { body: { username: 'signer430', password: TEST_PASSWORD } })).status).toBe(200);

    const token = await tokenFor(t.app, 430);
    const change = () =>
      call(t.app, 'PUT', '/api/password/update', { token, body: { login: 'signer430', oldPassword: TEST_PASSWORD, newPassword: 'Fresh12345', verifyPassword: 'Fresh12345' } });
    expect((await refusedThenAccepted('officer', change)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/authenticate', { body: { username: 'signer430', password: 'Fresh12345' } })).status).toBe(200);
  });
});
