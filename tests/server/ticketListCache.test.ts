import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { call, startTestApp, type TestApp } from './helpers';
import { callCounted } from './scale.fixtures';
import { OFF, addEvent, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

/**
 * One officer's ticket list is answered from memory while the database's list version is
 * unchanged (server/answers, migration 0011). Every way a row of the list can change, through the
 * API or straight in the database (as another app process or psql would), shows in the next
 * answer; a write for another officer keeps the kept answer, on both databases; every check
 * still runs before the layer.
 */
let t: TestApp;
let owner: string;
let auditor: string;
const LIST = `/api/timeTickets/getMultiple?officerId=${OFF.owner}&sinceDate=01/01/2026&untilDate=12/31/2026&_sort=startDate&_order=DESC&_start=0&_end=100`;
/** The same list asked with its query in another order: never in the cache with LIST's answer. */
const SAME_LIST_OTHER_KEY = `/api/timeTickets/getMultiple?_start=0&_end=100&_sort=startDate&_order=DESC&untilDate=12/31/2026&sinceDate=01/01/2026&officerId=${OFF.owner}`;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-20T16:00:00Z') });
  await seedTicketWorld(t.app);
  owner = await tok(t.app, OFF.owner);
  auditor = await tok(t.app, OFF.auditor);
});
afterAll(() => t.close());

type Row = { hoursWorkedId: number; description: string; officer: { lastName: string }; precinct: { description: string }; event: { eventName: string | null }; flaggedBy: { officerId: number; lastName: string } };

/** The owner's list: its rows, X-Total-Count and the statements it ran (after the session check). */
async function list(url = LIST) {
  const res = await callCounted(t.app, 'GET', url, { token: owner });
  expect(res.status, res.text).toBe(200);
  return { rows: res.body as Row[], total: res.headers['x-total-count'], text: res.text, statements: res.queries.length, versionChecks: res.versionChecks };
}

/** Statements (beside the version reads) of a list made afresh and of one answered from memory. */
const made = () => 1;
const reused = () => 0;

/** The list answered now equals a list computed afresh, and the next ask comes from the cache. */
async function expectFresh() {
  const answered = await list();
  const fresh = await list(SAME_LIST_OTHER_KEY);
  expect(answered.text).toBe(fresh.text);
  expect(answered.total).toBe(fresh.total);
  const again = await list();
  expect(again.text).toBe(answered.text);
  expect(again.statements).toBe(reused());
  return answered.rows;
}

async function insert(body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/timeTickets/insert', { token: owner, body: ticketBody(OFF.owner, body) });
  expect(res.status, res.text).toBe(201);
  return res.body.hoursWorkedId as number;
}

describe("the officer's ticket list from memory", () => {
  let first: number;
  let second: number;

  it('runs the list once, then only the version check, with the same answer', async () => {
    first = await insert({ startDate: '03/10/2026', endDate: '03/10/2026' });
    const firstList = await list();
    expect(firstList.rows.map((r) => r.hoursWorkedId)).toEqual([first]);
    expect(firstList.statements).toBe(made());
    const again = await list();
    expect(again.statements).toBe(reused());
    // PostgreSQL reads the data and list versions on every request; the embedded database keeps
    // them in memory until a write changes one
    expect(again.versionChecks).toBe(t.kind === 'postgres' ? 2 : 0);
    expect(again.text).toBe(firstList.text);
    expect(again.total).toBe('1');
  });

  it('shows a ticket logged, changed, flagged and removed through the API', async () => {
    second = await insert({ startDate: '03/12/2026', endDate: '03/12/2026' });
    expect((await expectFresh()).map((r) => r.hoursWorkedId)).toEqual([second, first]);

    const upd = await call(t.app, 'PUT', '/api/timeTickets/update', { token: owner, body: ticketBody(OFF.owner, { hoursWorkedId: second, startDate: '03/12/2026', endDate: '03/12/2026', description: 'Changed patrol' }) });
    expect(upd.status, upd.text).toBe(200);
    expect((await expectFresh())[0].description).toBe('Changed patrol');

    const flag = await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${first}`, { token: auditor, query: { flaggedBy: String(OFF.auditor) }, body: { auditComments: 'Wrong 10-42' } });
    expect(flag.status, flag.text).toBe(200);
    expect((await expectFresh())[1].flaggedBy).toMatchObject({ officerId: OFF.auditor, lastName: 'Auditor' });

    const del = await call(t.app, 'DELETE', '/api/timeTickets/delete', { token: owner, body: [{ id: 0, deleteStatus: '' }, { id: second, deleteStatus: 'Y' }] });
    expect(del.body).toEqual({ deleted: 1 });
    expect((await expectFresh()).map((r) => r.hoursWorkedId)).toEqual([first]);
  });

  it('shows changes made straight in the database, as another app process or psql would', async () => {
    await expectFresh();
    await t.app.ctx.db.update(s.hoursWorked).set({ description: 'Fixed by hand' }).where(eq(s.hoursWorked.hoursWorkedId, first));
    expect((await expectFresh())[0].description).toBe('Fixed by hand');

    await t.app.ctx.db.update(s.officer).set({ lastName: 'Renamed' }).where(eq(s.officer.officerId, OFF.owner));
    expect((await expectFresh())[0].officer.lastName).toBe('Renamed');

    await t.app.ctx.db.update(s.officer).set({ lastName: 'Inspector' }).where(eq(s.officer.officerId, OFF.auditor));
    expect((await expectFresh())[0].flaggedBy.lastName).toBe('Inspector');

    await t.app.ctx.db.update(s.precinct).set({ description: 'First Precinct (renamed)' }).where(eq(s.precinct.precinctId, 1));
    expect((await expectFresh())[0].precinct.description).toBe('First Precinct (renamed)');
  });

  it("shows a renamed event of a ticket", async () => {
    const { locationId } = (await t.app.ctx.db.select({ locationId: s.location.locationId }).from(s.location))[0];
    const eventId = await addEvent(t.app, locationId, { eventTypeId: 1, startAt: '2026-03-14T12:00:00Z', endAt: '2026-03-14T16:00:00Z', signups: [OFF.owner] });
    await insert({ assignmentType: { assignmentTypeId: 1 }, event: { eventId }, startDate: '03/14/2026', startTime: '08:00', endDate: '03/14/2026', endTime: '12:00' });
    expect((await expectFresh())[0].event.eventName).toBe('Event type 1');
    await t.app.ctx.db.update(s.event).set({ eventName: 'Parade detail' }).where(eq(s.event.eventId, eventId));
    expect((await expectFresh())[0].event.eventName).toBe('Parade detail');
  });

  it("keeps the answer when another officer's tickets change", async () => {
    await expectFresh();
    const other = await call(t.app, 'POST', '/api/timeTickets/insert', { token: await tok(t.app, OFF.other), body: ticketBody(OFF.other) });
    expect(other.status, other.text).toBe(201);
    expect((await list()).statements).toBe(reused());
  });

  it('checks the session and ownership before the cache', async () => {
    await expectFresh();
    const stranger = await call(t.app, 'GET', LIST, { token: await tok(t.app, OFF.other) });
    expect(stranger.status).toBe(403);
    expect((await call(t.app, 'GET', LIST)).status).toBe(401);
    const restricted = await call(t.app, 'GET', LIST, { token: await tok(t.app, OFF.restricted) });
    expect(restricted.status).toBe(403);
    // a supervisor may read it, from his own entry
    const supervisor = await callCounted(t.app, 'GET', LIST, { token: await tok(t.app, OFF.supervisor) });
    expect(supervisor.status).toBe(200);
    expect(supervisor.queries.length).toBe(made());
  });
});

describe('ANSWER_CACHE_MB=0', () => {
  it('runs the list on every request', async () => {
    const off = await startTestApp({ now: new Date('2026-03-20T16:00:00Z'), env: { ANSWER_CACHE_MB: '0' } });
    try {
      await seedTicketWorld(off.app);
      const token = await tok(off.app, OFF.owner);
      expect((await call(off.app, 'POST', '/api/timeTickets/insert', { token, body: ticketBody(OFF.owner) })).status).toBe(201);
      for (let i = 0; i < 2; i++) {
        const res = await callCounted(off.app, 'GET', LIST, { token });
        expect(res.body).toHaveLength(1);
        expect(res.queries.length).toBe(1);
      }
    } finally {
      await off.close();
    }
  });
});
