import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { readConfig } from '../../server/config';
import { call, startTestApp, tokenFor, type TestApp } from './helpers';
import { OFF, addEvent as insertEvent, seedTicketWorld, ticketBody } from './tickets.fixtures';
import { eventBody, locationBody } from './events.fixtures';
import { addUpload, samplePdf, sendUpload, uploadRecord } from './uploads.fixtures';
import { officerBody } from './officers.fixtures';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratchDatabase';

/**
 * Every write route, and each kept answer that shows what it wrote is made again at once
 * (server/answers, versions kept by the database: migrations 0011 and 0015), while the answers
 * that do not show it stay kept. On the embedded database one app writes and answers; on
 * PostgreSQL (DATABASE_URL) one app process keeps the answers and another one, keeping none,
 * writes, and the kept answers equal what the writer reads afresh.
 */

const YEAR = 'sinceDate=01/01/2026&untilDate=12/31/2030';
type Name = 'list' | 'summary' | 'totals' | 'statistics' | 'events' | 'board' | 'compliance' | 'training';
const TICKETS: Name[] = ['list', 'summary', 'totals', 'statistics'];
/** A ticket of an event also changes what the event lists and training compliance show. */
const EVENT_TICKETS: Name[] = [...TICKETS, 'events', 'training'];
const EVENTS: Name[] = ['summary', 'totals', 'statistics', 'events', 'training'];
const LOOKUPS: Name[] = ['summary', 'totals', 'statistics', 'events', 'board', 'compliance'];
const UPLOADS: Name[] = ['board', 'compliance'];
const OFFICERS: Name[] = ['summary', 'totals', 'statistics', 'board', 'compliance', 'training'];
const NONE: Name[] = [];
const del = (id: number) => [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }];

/** The two apps of a run: `keeper` keeps answers, `writer` writes (the same app on the embedded database). */
interface World {
  keeper: App;
  writer: App;
  close(): Promise<void>;
}

function freshness(open: () => Promise<World>) {
  let w: World;
  let auditor: string;
  let admin: string;
  let owner: string;
  let eventId: number;
  let locationId: number;
  let uploadId: number;
  const answers = (): Record<Name, { method: 'GET' | 'POST'; url: string; body?: unknown }> => ({
    list: { method: 'GET', url: `/api/timeTickets/getMultiple?officerId=${OFF.owner}&${YEAR}&_sort=startDate&_order=DESC&_start=0&_end=100` },
    summary: { method: 'GET', url: `/api/timeTickets/getMultiple?${YEAR}&summarizeFlag=Y&_sort=officerId&_order=ASC&_start=0&_end=100` },
    totals: { method: 'GET', url: `/api/timeTickets/getTotals?${YEAR}` },
    statistics: { method: 'GET', url: `/api/statistics/getStatistics?assignedPct=1&${YEAR}` },
    events: { method: 'GET', url: '/api/events/getMultiple?sinceStartDate=01/01/2026&untilStartDate=12/31/2030' },
    board: { method: 'GET', url: `/api/uploads/getMultiple?uploadTypeId=1&officerId=${OFF.owner}&_start=0&_end=100` },
    compliance: { method: 'GET', url: `/api/uploads/downloadReport?uploadId=${uploadId}&_sort=lastName&_order=ASC&_start=0&_end=100` },
    training: { method: 'POST', url: '/api/events/getNonCompliantOfficers', body: [{ eventId }] },
  });

  /** Every answer as the auditor (level 10) reads it from `app`: its body and whether it was kept. */
  async function askAll(app: App, token: string) {
    const out = {} as Record<Name, { text: string; total?: string; source?: string }>;
    for (const [name, a] of Object.entries(answers()) as [Name, ReturnType<typeof answers>[Name]][]) {
      const res = await call(app, a.method, a.url, { token, body: a.body });
      expect(res.status, `${name} ${res.text}`).toBe(200);
      out[name] = { text: res.text, total: res.headers['x-total-count'] as string | undefined, source: res.headers['x-answer'] as string | undefined };
    }
    return out;
  }

  /** Keeps every answer, runs `write`, and expects exactly `stale` made again, each equal to a fresh read. */
  async function expectStale(write: () => Promise<{ status: number; text: string }>, stale: Name[]) {
    await askAll(w.keeper, auditor);
    const kept = await askAll(w.keeper, auditor);
    for (const a of Object.values(kept)) expect(a.source).toBe('kept');
    const res = await write();
    expect(res.status, res.text).toBeLessThan(300);
    const after = await askAll(w.keeper, auditor);
    const made = (Object.keys(after) as Name[]).filter((n) => after[n].source === 'made');
    expect(made.sort()).toEqual([...stale].sort());
    // what was kept or made again equals an answer read afresh
    if (w.writer === w.keeper) w.keeper.ctx.answers.forget();
    const fresh = await askAll(w.writer, await tokenFor(w.writer, OFF.auditor));
    for (const n of Object.keys(after) as Name[]) expect({ n, text: after[n].text, total: after[n].total }).toEqual({ n, text: fresh[n].text, total: fresh[n].total });
  }

  beforeAll(async () => {
    w = await open();
    ({ locationId } = await seedTicketWorld(w.writer));
    eventId = await insertEvent(w.writer, locationId, { eventTypeId: 1, startAt: '2026-03-14T12:00:00Z', endAt: '2026-03-14T16:00:00Z', signups: [OFF.owner] });
    admin = await tokenFor(w.writer, OFF.admin);
    uploadId = await addUpload(w.writer, admin);
    auditor = await tokenFor(w.keeper, OFF.auditor);
    owner = await tokenFor(w.writer, OFF.owner);
  }, 120_000);
  afterAll(() => w?.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: () => string, body?: unknown, query?: Record<string, string>) => () =>
    call(w.writer, method, url, { token: token(), body, query });
  let ticket = 0;

  it('time tickets: logged, changed, flagged, reviewed and removed; tickets of an event', async () => {
    await expectStale(async () => {
      const res = await call(w.writer, 'POST', '/api/timeTickets/insert', { token: owner, body: ticketBody(OFF.owner) });
      ticket = res.body.hoursWorkedId;
      return res;
    }, TICKETS);
    await expectStale(() => call(w.writer, 'PUT', '/api/timeTickets/update', { token: owner, body: ticketBody(OFF.owner, { hoursWorkedId: ticket, description: 'Changed patrol' }) }), TICKETS);
    const auditorW = await tokenFor(w.writer, OFF.auditor);
    await expectStale(() => call(w.writer, 'PUT', `/api/timeTickets/flagTicket/${ticket}`, { token: auditorW, query: { flaggedBy: String(OFF.auditor) } }), TICKETS);
    await expectStale(() => call(w.writer, 'PUT', `/api/timeTickets/flagTicket/${ticket}`, { token: auditorW, query: { flaggedBy: '0' } }), TICKETS);
    const second = (await call(w.writer, 'POST', '/api/timeTickets/insert', { token: owner, body: ticketBody(OFF.owner, { startDate: '03/17/2026', endDate: '03/17/2026' }) })).body.hoursWorkedId;
    await expectStale(() => call(w.writer, 'PUT', '/api/timeTickets/review', { token: auditorW, body: { ids: [second], decision: 'flag', reason: 'Check the 10-42.' } }), TICKETS);
    await expectStale(send('DELETE', '/api/timeTickets/delete', () => owner, del(second)), TICKETS);
    let detail = 0;
    await expectStale(async () => {
      const body = ticketBody(OFF.owner, { assignmentType: { assignmentTypeId: 1 }, event: { eventId }, startDate: '03/14/2026', startTime: '08:00', endDate: '03/14/2026', endTime: '12:00' });
      const res = await call(w.writer, 'POST', '/api/timeTickets/insert', { token: owner, body });
      detail = res.body.hoursWorkedId;
      return res;
    }, EVENT_TICKETS);
    await expectStale(send('DELETE', '/api/timeTickets/delete', () => owner, del(detail)), EVENT_TICKETS);
  });

  it('events and sign-ups', async () => {
    let id = 0;
    await expectStale(async () => {
      const res = await call(w.writer, 'POST', '/api/events/insert', { token: admin, body: eventBody(locationId) });
      id = res.body.eventId;
      return res;
    }, EVENTS);
    // a renamed event may be a name a ticket row shows: the ticket list too (migration 0011)
    await expectStale(send('PUT', '/api/events/update', () => admin, { ...eventBody(locationId, { eventName: 'Renamed detail' }), eventId: id }), ['list', ...EVENTS]);
    await expectStale(send('POST', '/api/signup/insert', () => admin, { event: { eventId: id }, officer: { officerId: OFF.owner } }), EVENTS);
    await expectStale(send('DELETE', '/api/signup/delete', () => admin, del(OFF.owner), { eventId: String(id) }), EVENTS);
    await expectStale(send('DELETE', '/api/events/delete', () => admin, del(id)), ['list', ...EVENTS]);
  });

  it('locations', async () => {
    let id = 0;
    await expectStale(async () => {
      const res = await call(w.writer, 'POST', '/api/locations/insert', { token: admin, body: locationBody() });
      id = res.body.locationId;
      return res;
    }, LOOKUPS);
    await expectStale(send('PUT', '/api/locations/update', () => admin, locationBody({ locationId: id, name: 'Renamed' })), LOOKUPS);
    await expectStale(send('DELETE', '/api/locations/delete', () => admin, del(id)), LOOKUPS);
  });

  it('uploads and 159 sign-offs', async () => {
    let id = 0;
    await expectStale(async () => {
      const res = await sendUpload(w.writer, admin, 'POST', uploadRecord({ description: 'Second notice' }), { filename: 'second.pdf', data: samplePdf('Second') });
      id = res.body.uploadId;
      return res;
    }, UPLOADS);
    await expectStale(() => sendUpload(w.writer, admin, 'PUT', uploadRecord({ uploadId: id, description: 'Second notice (changed)' })), UPLOADS);
    await expectStale(send('PUT', '/api/uploads/markCheckedAsRead', () => owner, [{ id: uploadId, deleteStatus: 'Y' }], { officerId: String(OFF.owner) }), UPLOADS);
    await expectStale(send('DELETE', '/api/uploads/delete', () => admin, del(id)), UPLOADS);
  });

  it('officers', async () => {
    const auditorW = await tokenFor(w.writer, OFF.auditor);
    await expectStale(send('POST', '/api/officer/insert', () => auditorW, officerBody(501)), OFFICERS);
    const record = (await call(w.writer, 'GET', '/api/officer/getSingle/501', { token: auditorW })).body;
    // an officer's name may show in any ticket list (migration 0011)
    await expectStale(send('PUT', '/api/officer/update', () => auditorW, { ...record, mobile: '516-555-0199' }), ['list', ...OFFICERS]);
    await expectStale(send('DELETE', '/api/officer/delete', () => auditorW, del(501)), ['list', ...OFFICERS]);
  });

  it('sign-ins, a logout, refusals (audit entries), a password reset and news keep every answer', async () => {
    await expectStale(() => call(w.writer, 'POST', '/api/authenticate', { body: { username: 'recruit501', password: 'nope' } }).then((r) => ({ ...r, status: r.status === 401 ? 200 : r.status })), NONE);
    await expectStale(send('PUT', `/api/updateLastLoginDate/${OFF.owner}`, () => owner), NONE);
    await expectStale(() => call(w.writer, 'GET', '/api/auditLog/getMultiple', { token: owner }).then((r) => ({ ...r, status: r.status === 403 ? 200 : r.status })), NONE);
    await expectStale(send('PUT', `/api/officer/resetPassword/${OFF.other}`, () => auditor), NONE);
    await expectStale(send('POST', '/api/news/insert', () => admin, { dateEntered: '03/19/2026', shortDesc: 'New', newsText: 'Text' }), NONE);
    await expectStale(send('POST', '/api/logout', () => owner), NONE);
  });
}

describe('kept answers are made again at once after every write (embedded database)', () => {
  freshness(async () => {
    const t: TestApp = await startTestApp({ now: new Date('2026-03-20T16:00:00Z') });
    return { keeper: t.app, writer: t.app, close: () => t.close() };
  });
});

const baseDatabaseUrl = process.env.DATABASE_URL;
describe.runIf(!!baseDatabaseUrl)('kept answers of one app process are made again at once after writes by another (PostgreSQL)', () => {
  freshness(async () => {
    const scratch: ScratchDatabase = await createScratchDatabase(baseDatabaseUrl!, 'rollcall_answers');
    const dirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-answers-'))));
    const shared = { DATABASE_URL: scratch.url, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_PASSWORD: 'AnswersAdmin1', NODE_ENV: 'test', AUTH_RATE_LIMIT: '100000' };
    const now = () => new Date('2026-03-20T16:00:00Z');
    const mailer = { send: async () => {} };
    const keeper = await buildApp(readConfig({ ...shared, DATA_DIR: dirs[0] }), { logger: false, now, mailer } as never);
    const writer = await buildApp(readConfig({ ...shared, DATA_DIR: dirs[1], ANSWER_CACHE_MB: '0' }), { logger: false, now, mailer } as never);
    return {
      keeper,
      writer,
      async close() {
        await keeper.close();
        await writer.close();
        await scratch.drop();
        await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
      },
    };
  });
});
