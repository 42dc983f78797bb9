import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/db/repositories/sessions';
import { signToken } from '../../server/auth/tokens';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent } from './tickets.fixtures';
import { callCounted } from './scale.fixtures';
import * as s from '../../server/db/schema';

/**
 * GET /api/timeTickets/getHoursByMonth: an officer's counted and flagged hours by month of the
 * 10-41 date in ORG_TIMEZONE (America/New_York), adding up to his list's footer totals. Today is
 * 03/20/2026, so 2026 lists January to March.
 *
 *  who  10-41 (local)          hours travel incentive  flagged  month
 *  A    12/31/2025 23:30-01:30  2     0      -          no       2025-12 (not 2026-01: local date)
 *  A    01/10 08:00-12:00       4     1      -          no       2026-01: 5
 *  A    02/28 22:00-23:45       1.75  0      -          no       2026-02: 1.75 (03/01 in UTC)
 *  A    03/05 08:00-14:00       6     0      2 (event)  no       2026-03: 8
 *  A    03/06 08:00-11:00       3     0      -          yes      2026-03: 3 at risk
 *  B    03/02 08:00-12:00       4     0      -          no       B's, not A's
 */
const NOW = '2026-03-20T16:00:00Z';
const A = 601;
const B = 602;
const SUPERVISOR = 605;
const AUDITOR = 610;
const RESTRICTED = 603;
const NOT_YOURS = "You are not authorized to access another officer's tickets!";
let t: TestApp;
let mayFlag: number;

async function ticket(officerId: number, startIso: string, endIso: string, hours: number, o: Partial<typeof s.hoursWorked.$inferInsert> = {}) {
  const [row] = await t.app.ctx.db
    .insert(s.hoursWorked)
    .values({ officerId, assignmentTypeId: 2, precinctId: 3, startAt: new Date(startIso), endAt: new Date(endIso), hoursWorked: hours, description: 'Months fixture', ...o })
    .returning({ id: s.hoursWorked.hoursWorkedId });
  return row.id;
}

const months = async (as: number, query: Record<string, string> = {}) =>
  call(t.app, 'GET', '/api/timeTickets/getHoursByMonth', { token: await tokenFor(t.app, as), query });
const yearTotals = async (as: number, officerId: number, year: number) =>
  (await call(t.app, 'GET', '/api/timeTickets/getTotals', { token: await tokenFor(t.app, as), query: { officerId: String(officerId), sinceDate: `01/01/${year}`, untilDate: `12/31/${year}` } })).body;
const sum = (rows: Array<{ hours: number; flaggedHours: number }>, key: 'hours' | 'flaggedHours') => Math.round(rows.reduce((n, r) => n + r[key], 0) * 100) / 100;

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await createOfficer(t.app, { officerId: A, accessTypeId: 1, precinctId: 3 });
  await createOfficer(t.app, { officerId: B, accessTypeId: 1, precinctId: 3 });
  await createOfficer(t.app, { officerId: RESTRICTED, accessTypeId: 3, precinctId: 3 });
  await createOfficer(t.app, { officerId: SUPERVISOR, accessTypeId: 5, precinctId: 1 });
  await createOfficer(t.app, { officerId: AUDITOR, accessTypeId: 10, precinctId: 99 });
  const [loc] = await t.app.ctx.db
    .insert(s.location)
    .values({ name: 'Mall', address: '1 Mall Rd', city: 'Garden City', stateId: 33, zip: '11530', precinctId: 5 })
    .returning();
  const detail = await addEvent(t.app, loc.locationId, { eventTypeId: 1, startAt: '2026-03-05T13:00:00Z', endAt: '2026-03-05T19:00:00Z', incentiveHours: 2, signups: [A] });
  await ticket(A, '2026-01-01T04:30:00Z', '2026-01-01T06:30:00Z', 2);
  await ticket(A, '2026-01-10T13:00:00Z', '2026-01-10T17:00:00Z', 4, { travelHours: 1 });
  mayFlag = await ticket(A, '2026-03-01T03:00:00Z', '2026-03-01T04:45:00Z', 1.75);
  await ticket(A, '2026-03-05T13:00:00Z', '2026-03-05T19:00:00Z', 6, { assignmentTypeId: 1, precinctId: 5, eventId: detail });
  await ticket(A, '2026-03-06T13:00:00Z', '2026-03-06T16:00:00Z', 3, { flaggedBy: AUDITOR, reviewState: 'flagged' });
  await ticket(B, '2026-03-02T13:00:00Z', '2026-03-02T17:00:00Z', 4);
});
afterAll(() => t.close());

describe('GET /api/timeTickets/getHoursByMonth', () => {
  it("lists this year's months to date by the local 10-41 date, flagged hours apart, adding up to the list's totals", async () => {
    const res = await months(A);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { month: '2026-01', hours: 5, flaggedHours: 0 },
      { month: '2026-02', hours: 1.75, flaggedHours: 0 },
      { month: '2026-03', hours: 8, flaggedHours: 3 },
    ]);
    const totals = await yearTotals(A, A, 2026);
    expect(sum(res.body, 'hours')).toBe(totals.totalHours);
    expect(totals.flaggedCount).toBe(1);
  });

  it('moves a ticket to the hours at risk once an auditor flags it, and back when the flag is lifted', async () => {
    const flag = async (flaggedBy: number) =>
      call(t.app, 'PUT', `/api/timeTickets/flagTicket/${mayFlag}`, { token: await tokenFor(t.app, AUDITOR), query: { flaggedBy: String(flaggedBy) } });
    expect((await months(A)).body[1]).toEqual({ month: '2026-02', hours: 1.75, flaggedHours: 0 });
    expect((await flag(AUDITOR)).status).toBe(200);
    const flagged = (await months(A)).body;
    expect(flagged[1]).toEqual({ month: '2026-02', hours: 0, flaggedHours: 1.75 });
    expect(sum(flagged, 'hours')).toBe((await yearTotals(A, A, 2026)).totalHours);
    expect(sum(flagged, 'flaggedHours')).toBe(4.75);
    await flag(0);
    expect((await months(A)).body[1]).toEqual({ month: '2026-02', hours: 1.75, flaggedHours: 0 });
  });

  it('reads the months in one SQL statement, then answers from memory until his tickets change', async () => {
    const token = await tokenFor(t.app, A);
    await call(t.app, 'GET', '/api/session', { token });
    const url = '/api/timeTickets/getHoursByMonth?year=2024';
    const first = await callCounted(t.app, 'GET', url, { token });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toHaveLength(12);
    expect(first.queries).toHaveLength(1);
    expect(first.headers['x-answer']).toBe('made');
    const again = await callCounted(t.app, 'GET', url, { token });
    expect(again.queries).toHaveLength(0);
    expect(again.headers['x-answer']).toBe('kept');
  });

  it('is in the OpenAPI document among the time ticket calls', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body;
    const op = doc.paths['/api/timeTickets/getHoursByMonth'].get;
    expect(op.tags).toEqual(['time tickets']);
    expect(op.summary).toMatch(/hours by month/);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['officerId', 'year']);
  });

  it('lists all twelve months of a past year and none of a later one', async () => {
    const past = await months(A, { year: '2025' });
    expect(past.body.map((r: { month: string }) => r.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
    expect(past.body[11]).toEqual({ month: '2025-12', hours: 2, flaggedHours: 0 });
    expect(sum(past.body, 'hours')).toBe((await yearTotals(A, A, 2025)).totalHours);
    expect((await months(A, { year: '2027' })).body).toEqual([]);
    expect((await months(A, { year: '20x6' })).status).toBe(400);
  });

  it("refuses another officer's months below level 5 with the list's message; level 5 reads anyone's", async () => {
    const refused = await months(A, { officerId: String(B) });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: NOT_YOURS });
    const own = await months(B, { officerId: String(B) });
    expect(own.body[2]).toEqual({ month: '2026-03', hours: 4, flaggedHours: 0 });
    const bySupervisor = await months(SUPERVISOR, { officerId: String(A), year: '2026' });
    expect(bySupervisor.status).toBe(200);
    expect(sum(bySupervisor.body, 'hours')).toBe((await yearTotals(SUPERVISOR, A, 2026)).totalHours);
  });

  it('answers 403 Unauthorized! to level 3 and to a session that may only change its password', async () => {
    const restricted = await months(RESTRICTED);
    expect({ status: restricted.status, message: restricted.body.message }).toEqual({ status: 403, message: 'Unauthorized!' });
    const now = t.app.ctx.now();
    const { sessionId, expiresAt } = await createSession(t.app.ctx.db, A, now, true);
    const token = await signToken(t.app.ctx.jwtSecret, { sessionId, officerId: A }, now, expiresAt);
    const res = await call(t.app, 'GET', '/api/timeTickets/getHoursByMonth', { token });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: 'Unauthorized!' });
    expect((await call(t.app, 'GET', '/api/timeTickets/getHoursByMonth')).status).toBe(401);
  });
});
