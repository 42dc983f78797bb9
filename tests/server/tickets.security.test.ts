import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { createSession } from '../../server/db/repositories/sessions';
import { signToken } from '../../server/auth/tokens';
import { startTestApp, call, createOfficer, type TestApp } from './helpers';
import { OFF, addEvent, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

/** Fixed clock: 03/20/2026 12:00 in America/New_York (EDT, UTC-4). */
const NOW = '2026-03-20T16:00:00Z';
const UNAUTHORIZED = 'Unauthorized!';
const NOT_DURING_EVENT = 'The ticket must be for the time of the selected event.';
const NONEXISTENT = 'This time does not exist on that date because the clocks go forward. Please choose another time.';
const INCOMPLETE = 31;

let t: TestApp;
let locationId: number;

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  ({ locationId } = await seedTicketWorld(t.app));
  await createOfficer(t.app, { officerId: INCOMPLETE, accessTypeId: 10, mobile: '' });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(NOW);
  await t.app.ctx.db.execute(sql`delete from hours_worked`);
});

async function insert(officerId: number, as: number, o: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/timeTickets/insert', { token: await tok(t.app, as), body: ticketBody(officerId, o) });
}

const outcome = (r: { status: number; body: { message?: string } }) => ({ status: r.status, message: r.body?.message });

/** A token of a session that may only change its password (first sign-in or temporary password). */
async function passwordChangeOnlyToken(officerId: number) {
  const now = t.app.ctx.now();
  const { sessionId, expiresAt } = await createSession(t.app.ctx.db, officerId, now, true);
  return signToken(t.app.ctx.jwtSecret, { sessionId, officerId }, now, expiresAt);
}

describe('sessions that may only change the password read and write no tickets (spec §5, §6)', () => {
  it('answers 403 Unauthorized! on every ticket call, and does not reveal whether a ticket exists', async () => {
    const own = (await insert(OFF.owner, OFF.owner)).body.hoursWorkedId as number;
    const sessions = {
      incompleteProfile: await tok(t.app, INCOMPLETE),
      passwordChangeOnly: await passwordChangeOnlyToken(OFF.owner),
    };
    for (const [kind, token] of Object.entries(sessions)) {
      const answers = {
        list: await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token }),
        summary: await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { summarizeFlag: 'Y' } }),
        totals: await call(t.app, 'GET', '/api/timeTickets/getTotals', { token }),
        existing: await call(t.app, 'GET', `/api/timeTickets/getSingle/${own}`, { token }),
        missing: await call(t.app, 'GET', '/api/timeTickets/getSingle/999999', { token }),
        duplicates: await call(t.app, 'GET', '/api/timeTickets/getDuplicateTickets', {
          token,
          query: { hoursWorkedId: '0', officerId: String(OFF.owner), startDate: '03/18/2026', startTime: '08:00', endDate: '03/18/2026', endTime: '09:00' },
        }),
        insert: await call(t.app, 'POST', '/api/timeTickets/insert', { token, body: ticketBody(OFF.owner, { startDate: '03/17/2026', endDate: '03/17/2026' }) }),
        update: await call(t.app, 'PUT', '/api/timeTickets/update', { token, body: ticketBody(OFF.owner, { hoursWorkedId: own }) }),
        delete: await call(t.app, 'DELETE', '/api/timeTickets/delete', { token, body: [{ id: 0, deleteStatus: '' }, { id: own, deleteStatus: 'Y' }] }),
        emptyDelete: await call(t.app, 'DELETE', '/api/timeTickets/delete', { token, body: [{ id: 0, deleteStatus: '' }] }),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect({ kind, name, ...outcome(res) }).toEqual({ kind, name, status: 403, message: UNAUTHORIZED });
      }
    }
    const still = await call(t.app, 'GET', `/api/timeTickets/getSingle/${own}`, { token: await tok(t.app, OFF.owner) });
    expect(still.status).toBe(200);
  });

  it('still answers a full session 404 for an unknown ticket', async () => {
    const res = await call(t.app, 'GET', '/api/timeTickets/getSingle/999999', { token: await tok(t.app, OFF.owner) });
    expect(outcome(res)).toEqual({ status: 404, message: 'Time ticket not found.' });
  });
});

describe('an event ticket must be for the time of the event (LOSAP)', () => {
  /** The detail of 03/17/2026, 08:00-12:00 EDT, officer 11 signed up. */
  async function detail() {
    return addEvent(t.app, locationId, { eventTypeId: 1, startAt: '2026-03-17T12:00:00Z', endAt: '2026-03-17T16:00:00Z', signups: [OFF.owner] });
  }
  const forEvent = (eventId: number, o: Record<string, unknown>) => ({ assignmentType: { assignmentTypeId: 1 }, precinct: { precinctId: 1 }, event: { eventId }, ...o });

  it('refuses a ticket dated on another day, or a tour that only touches the event', async () => {
    const eventId = await detail();
    const otherDay = await insert(OFF.owner, OFF.owner, forEvent(eventId, { startDate: '03/12/2026', endDate: '03/12/2026' }));
    expect(outcome(otherDay)).toEqual({ status: 400, message: NOT_DURING_EVENT });
    const before = await insert(OFF.owner, OFF.owner, forEvent(eventId, { startDate: '03/17/2026', startTime: '05:00', endDate: '03/17/2026', endTime: '08:00' }));
    expect(outcome(before)).toEqual({ status: 400, message: NOT_DURING_EVENT });
    const after = await insert(OFF.owner, OFF.owner, forEvent(eventId, { startDate: '03/17/2026', startTime: '12:00', endDate: '03/17/2026', endTime: '14:00' }));
    expect(outcome(after)).toEqual({ status: 400, message: NOT_DURING_EVENT });
    const list = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: await tok(t.app, OFF.owner) });
    expect(list.body).toEqual([]);
  });

  it('accepts arriving early and leaving late, and refuses moving the ticket off the event on update', async () => {
    const eventId = await detail();
    const early = await insert(OFF.owner, OFF.owner, forEvent(eventId, { startDate: '03/17/2026', startTime: '06:30', endDate: '03/17/2026', endTime: '09:00' }));
    expect(early.status).toBe(201);
    const late = await call(t.app, 'PUT', '/api/timeTickets/update', {
      token: await tok(t.app, OFF.owner),
      body: ticketBody(OFF.owner, forEvent(eventId, { hoursWorkedId: early.body.hoursWorkedId, startDate: '03/17/2026', startTime: '11:45', endDate: '03/17/2026', endTime: '15:00' })),
    });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ startTime: '11:45', endTime: '15:00', event: { eventId } });
    const moved = await call(t.app, 'PUT', '/api/timeTickets/update', {
      token: await tok(t.app, OFF.owner),
      body: ticketBody(OFF.owner, forEvent(eventId, { hoursWorkedId: early.body.hoursWorkedId, startDate: '03/19/2026', endDate: '03/19/2026' })),
    });
    expect(outcome(moved)).toEqual({ status: 400, message: NOT_DURING_EVENT });
  });
});

describe('delete is all or nothing, in one transaction', () => {
  const del = async (as: number, ids: number[]) =>
    call(t.app, 'DELETE', '/api/timeTickets/delete', { token: await tok(t.app, as), body: [{ id: 0, deleteStatus: '' }, ...ids.map((id) => ({ id, deleteStatus: 'Y' }))] });
  const count = async () => (await t.app.ctx.db.select({ id: s.hoursWorked.hoursWorkedId }).from(s.hoursWorked)).length;

  it('removes nothing when one of the tickets is locked, unknown, or another officer\'s', async () => {
    const a = (await insert(OFF.owner, OFF.owner)).body.hoursWorkedId as number;
    const b = (await insert(OFF.owner, OFF.owner, { startDate: '03/17/2026', endDate: '03/17/2026' })).body.hoursWorkedId as number;
    const theirs = (await insert(OFF.other, OFF.other)).body.hoursWorkedId as number;
    await t.app.ctx.db.update(s.hoursWorked).set({ locked: true }).where(eq(s.hoursWorked.hoursWorkedId, b));
    expect(outcome(await del(OFF.owner, [a, b]))).toEqual({ status: 403, message: 'This time ticket is locked and cannot be changed.' });
    expect(outcome(await del(OFF.owner, [a, 999999]))).toEqual({ status: 404, message: 'Time ticket not found.' });
    expect(outcome(await del(OFF.owner, [a, theirs]))).toEqual({ status: 403, message: "You are not authorized to access another officer's tickets!" });
    expect(await count()).toBe(3);
    await t.app.ctx.db.update(s.hoursWorked).set({ locked: false }).where(eq(s.hoursWorked.hoursWorkedId, b));
    const ok = await del(OFF.owner, [a, b]);
    expect({ status: ok.status, body: ok.body }).toEqual({ status: 200, body: { deleted: 2 } });
    expect(await count()).toBe(1);
  });

  it('removes a ticket once when two removals race', async () => {
    const a = (await insert(OFF.owner, OFF.owner)).body.hoursWorkedId as number;
    const [x, y] = await Promise.all([del(OFF.owner, [a]), del(OFF.owner, [a])]);
    const results = [outcome(x), outcome(y)].sort((p, q) => p.status - q.status);
    expect(results[0].status).toBe(200);
    expect(results[1]).toEqual({ status: 404, message: 'Time ticket not found.' });
    expect(await count()).toBe(0);
  });
});

describe('getMultiple pages hold at most 200 rows (spec §9)', () => {
  it('answers the first 200 without paging, 200 for a page of 200 and 400 for a larger page', async () => {
    const base = Date.parse('2026-01-01T12:00:00Z');
    await t.app.ctx.db.insert(s.hoursWorked).values(
      Array.from({ length: 205 }, (_, i) => ({
        officerId: OFF.owner,
        assignmentTypeId: 2,
        precinctId: 1,
        startAt: new Date(base + i * 6 * 3600_000),
        endAt: new Date(base + (i * 6 + 2) * 3600_000),
        hoursWorked: 2,
        description: `Tour ${i}`,
      })),
    );
    const token = await tok(t.app, OFF.auditor);
    const all = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(200);
    expect(all.headers['x-total-count']).toBe('205');
    const page = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { _start: '200', _end: '400' } });
    expect(page.body).toHaveLength(5);
    const tooBig = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { _start: '0', _end: '201' } });
    expect(outcome(tooBig)).toEqual({ status: 400, message: 'A page cannot hold more than 200 rows.' });
    const huge = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { summarizeFlag: 'Y', _start: '0', _end: '100000' } });
    expect(outcome(huge)).toEqual({ status: 400, message: 'A page cannot hold more than 200 rows.' });
  });
});

describe('no tour later than now, by the server clock', () => {
  it('at 10:00 refuses a tour later today and one still running, and accepts one that has ended', async () => {
    t.clock.set('2026-03-20T14:00:00Z'); // 10:00 EDT
    const evening = await insert(OFF.owner, OFF.owner, { startDate: '03/20/2026', startTime: '20:00', endDate: '03/20/2026', endTime: '23:00' });
    expect(outcome(evening)).toEqual({ status: 400, message: 'Start Date cannot be in the future!' });
    const running = await insert(OFF.owner, OFF.owner, { startDate: '03/20/2026', startTime: '08:00', endDate: '03/20/2026', endTime: '11:00' });
    expect(outcome(running)).toEqual({ status: 400, message: 'End Date cannot be in the future!' });
    const overnight = await insert(OFF.owner, OFF.owner, { startDate: '03/19/2026', startTime: '22:00', endDate: '03/20/2026', endTime: '10:15' });
    expect(outcome(overnight)).toEqual({ status: 400, message: 'End Date cannot be in the future!' });
    const ended = await insert(OFF.owner, OFF.owner, { startDate: '03/20/2026', startTime: '08:00', endDate: '03/20/2026', endTime: '10:00' });
    expect(ended.status).toBe(201);
  });
});

describe('times skipped by the spring-forward change are refused, not moved', () => {
  it('refuses 02:30 on 03/08/2026 as a 10-41 or 10-42 and in the duplicate check', async () => {
    const start = await insert(OFF.owner, OFF.owner, { startDate: '03/08/2026', startTime: '02:30', endDate: '03/08/2026', endTime: '06:00' });
    expect(outcome(start)).toEqual({ status: 400, message: NONEXISTENT });
    const end = await insert(OFF.owner, OFF.owner, { startDate: '03/08/2026', startTime: '00:00', endDate: '03/08/2026', endTime: '02:00' });
    expect(outcome(end)).toEqual({ status: 400, message: NONEXISTENT });
    const dup = await call(t.app, 'GET', '/api/timeTickets/getDuplicateTickets', {
      token: await tok(t.app, OFF.owner),
      query: { hoursWorkedId: '0', officerId: String(OFF.owner), startDate: '03/08/2026', startTime: '02:15', endDate: '03/08/2026', endTime: '05:00' },
    });
    expect(outcome(dup)).toEqual({ status: 400, message: NONEXISTENT });
    const real = await insert(OFF.owner, OFF.owner, { startDate: '03/08/2026', startTime: '01:45', endDate: '03/08/2026', endTime: '03:00' });
    expect(real.status).toBe(201);
    expect(real.body).toMatchObject({ startTime: '01:45', endTime: '03:00', hoursWorked: 0.25 });
  });
});
