import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent } from './tickets.fixtures';
import * as s from '../../server/db/schema';

/**
 * Statistics by precinct (spec §2 Statistics, §3 Statistics row, §5 statistics search) against a
 * hand computation. Detachment: precinct 3; period 03/01/2026-03/15/2026 (America/New_York; the
 * clocks go forward on 03/08). A and B are assigned to precinct 3, C to precinct 4.
 *
 *  #  who  type    worked at  10-41 (local)     hours travel incentive  counts          counted?
 *  1  A    patrol  3          03/02 08:00-12:00  4     1      -          parking 2 firs 1 yes: total 5
 *  2  A    detail  5 (event)  03/05 08:00-14:00  6     0      2          arrests 1       yes: total 8, detail
 *  3  A    patrol  3          03/06 08:00-11:00  3     0      -          warnings 9      no: flagged
 *  4  A    patrol  3          02/28 08:00-12:00  4     0      -          firs 5          no: before the period
 *  5  A    patrol  3          03/15 20:00-23:00  3     0      -          reports 1       yes: total 3 (last day)
 *  6  A    patrol  3          03/16 00:30-02:30  2     0      -          reports 7       no: after the period
 *  7  B    detail  5 (event)  03/05 08:00-12:00  4     1      2          ped. edu. 3     yes: total 7, detail
 *  8  B    patrol  3          03/03 10:00-11:30  1.5   0      -          bus. checks 4,  yes: total 1.5
 *                                                                        arrest assists 2
 *  9  C    patrol  3          03/04 08:00-12:00  4     0      -          arrests 6       no: assigned to precinct 4
 *
 * Precinct 3: allHours 5 + 3 + 1.5 = 9.5, no details; parking 2, firs 1, arrest assists 2,
 * reports 1, business checks 4. Precinct 5: allHours 8 + 7 = 15 = detailHours, detailsWorked 2,
 * arrests 1, pedestrian educations 3.
 */
const NOW = '2026-03-20T16:00:00Z';
const A = 501;
const B = 502;
const C = 503;
const AUDITOR = 510;
const SUPERVISOR = 505;
let t: TestApp;
let token: string;

const zero = { parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0 };

async function ticket(officerId: number, startIso: string, endIso: string, hours: number, o: Partial<typeof s.hoursWorked.$inferInsert> = {}) {
  await t.app.ctx.db.insert(s.hoursWorked).values({
    officerId,
    assignmentTypeId: 2,
    precinctId: 3,
    startAt: new Date(startIso),
    endAt: new Date(endIso),
    hoursWorked: hours,
    description: 'Statistics fixture',
    ...o,
  });
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await createOfficer(t.app, { officerId: A, accessTypeId: 1, precinctId: 3 });
  await createOfficer(t.app, { officerId: B, accessTypeId: 1, precinctId: 3 });
  await createOfficer(t.app, { officerId: C, accessTypeId: 1, precinctId: 4 });
  await createOfficer(t.app, { officerId: AUDITOR, accessTypeId: 10, precinctId: 99 });
  await createOfficer(t.app, { officerId: SUPERVISOR, accessTypeId: 5, precinctId: 1 });
  const [loc] = await t.app.ctx.db
    .insert(s.location)
    .values({ name: 'Mall', address: '1 Mall Rd', city: 'Garden City', stateId: 33, zip: '11530', precinctId: 5 })
    .returning();
  const detail = await addEvent(t.app, loc.locationId, {
    eventTypeId: 1, startAt: '2026-03-05T13:00:00Z', endAt: '2026-03-05T19:00:00Z', incentiveHours: 2, signups: [A, B],
  });
  await ticket(A, '2026-03-02T13:00:00Z', '2026-03-02T17:00:00Z', 4, { travelHours: 1, parkingCitations: 2, firs: 1 });
  await ticket(A, '2026-03-05T13:00:00Z', '2026-03-05T19:00:00Z', 6, { assignmentTypeId: 1, precinctId: 5, eventId: detail, arrests: 1 });
  await ticket(A, '2026-03-06T13:00:00Z', '2026-03-06T16:00:00Z', 3, { warnings: 9, flaggedBy: AUDITOR, reviewState: 'flagged' });
  await ticket(A, '2026-02-28T13:00:00Z', '2026-02-28T17:00:00Z', 4, { firs: 5 });
  await ticket(A, '2026-03-16T00:00:00Z', '2026-03-16T03:00:00Z', 3, { reports: 1 });
  await ticket(A, '2026-03-16T04:30:00Z', '2026-03-16T06:30:00Z', 2, { reports: 7 });
  await ticket(B, '2026-03-05T13:00:00Z', '2026-03-05T17:00:00Z', 4, { assignmentTypeId: 1, precinctId: 5, eventId: detail, travelHours: 1, pedestrianEdu: 3 });
  await ticket(B, '2026-03-03T15:00:00Z', '2026-03-03T16:30:00Z', 1.5, { businessChecks: 4, arrestAssists: 2 });
  await ticket(C, '2026-03-04T13:00:00Z', '2026-03-04T17:00:00Z', 4, { arrests: 6 });
  token = await tokenFor(t.app, SUPERVISOR);
});
afterAll(() => t.close());

const stats = (query: Record<string, string>, as = token) => call(t.app, 'GET', '/api/statistics/getStatistics', { token: as, query });

describe('GET /api/statistics/getStatistics (spec §7)', () => {
  it('matches the hand computation: one row per precinct worked at, flagged tickets and officers assigned elsewhere left out', async () => {
    const res = await stats({ assignedPct: '3', sinceDate: '03/01/2026', untilDate: '03/15/2026' });
    expect(res.status).toBe(200);
    const echo = { assignedPct: 3, sinceDate: '03/01/2026', untilDate: '03/15/2026' };
    expect(res.body).toEqual([
      { precinctId: 3, pctName: '3rd Precinct', allHours: 9.5, detailHours: 0, detailsWorked: 0, ...zero, parkingCitations: 2, firs: 1, arrestAssists: 2, reports: 1, businessChecks: 4, ...echo },
      { precinctId: 5, pctName: '5th Precinct', allHours: 15, detailHours: 15, detailsWorked: 2, ...zero, arrests: 1, pedestrianEdu: 3, ...echo },
    ]);
  });

  it('reports the other detachment on its own, and runs to today without an until date', async () => {
    const other = await stats({ assignedPct: '4', sinceDate: '03/01/2026', untilDate: '03/15/2026' });
    expect(other.body).toEqual([
      { precinctId: 3, pctName: '3rd Precinct', allHours: 4, detailHours: 0, detailsWorked: 0, ...zero, arrests: 6, assignedPct: 4, sinceDate: '03/01/2026', untilDate: '03/15/2026' },
    ]);
    const open = await stats({ assignedPct: '3', sinceDate: '03/01/2026' });
    expect(open.body[0]).toMatchObject({ precinctId: 3, allHours: 11.5, reports: 8, untilDate: null });
    expect((await stats({ assignedPct: '6', sinceDate: '03/01/2026' })).body).toEqual([]);
  });

  it.each([
    [{}, 'Must enter at least one search criteria!'],
    [{ assignedPct: '3' }, 'Must enter since date!'],
    [{ assignedPct: '3', untilDate: '03/15/2026' }, 'Cannot enter until date without since date!'],
    [{ assignedPct: '3', sinceDate: '03/16/2026', untilDate: '03/15/2026' }, 'Since date must be <= until date!'],
    [{ sinceDate: '03/01/2026', untilDate: '03/15/2026' }, 'Detachment is required'],
    [{ assignedPct: '', sinceDate: '03/01/2026' }, 'Detachment is required'],
    [{ assignedPct: '3', sinceDate: '2026-03-01' }, 'Invalid date - use MM/DD/YYYY'],
  ])('answers %o with 400 %s (spec §5 statistics search)', async (query, message) => {
    const res = await stats(query as Record<string, string>);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
  });

  it('is for level 5 and above', async () => {
    const query = { assignedPct: '3', sinceDate: '03/01/2026', untilDate: '03/15/2026' };
    expect((await stats(query, await tokenFor(t.app, A))).status).toBe(403);
    expect((await stats(query, await tokenFor(t.app, AUDITOR))).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/statistics/getStatistics', { query })).status).toBe(401);
  });
});
