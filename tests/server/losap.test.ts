import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent } from './tickets.fixtures';
import * as s from '../../server/db/schema';
import { format, rc } from '../../src/domain/messages';

/**
 * LOSAP rules and progress against a hand computation. Clock: 07/02/2026 12:00 in
 * America/New_York, day 183 of 365, so the pace is 183/365 of the threshold. Officer A's tickets
 * (10-41 local; total = worked + travel + incentive):
 *
 *  #  kind                     10-41 (local)       worked travel incentive total  counted
 *  1  patrol                   01/05 08:00-12:00   4      1      -         5      yes
 *  2  training E1 (drill)      01/10 09:00-12:00   3      -      -         3      yes
 *  3  training E2 (drill)      02/14 09:00-11:00   2      -      -         2      yes (exactly the 2 h minimum)
 *  4  training E3 (drill)      03/07 09:00-10:30   1.5    -      -         1.5    hours yes; drill point no (below 2 h)
 *  5  training E4 (drill)      04/04 09:00-11:00   2      -      1         3      yes
 *  6  detail E5                05/05 08:00-14:00   6      1      2         9      yes
 *  7  patrol, FLAGGED          06/01 08:00-20:00   12     -      -         12     no: 12 hours at risk
 *  8  patrol                   06/02 08:00-18:00   10     -      -         10     yes
 *  9  patrol                   12/31/2025 20:00-23:00  3  -      -         3      no: year 2025 (01/01 01:00 UTC)
 * 10  desk duty                06/03 08:00-12:00   4      -      -         4      yes
 *
 * Hours rule (default, 100): 5 + 3 + 2 + 1.5 + 3 + 9 + 10 + 4 = 37.5; pace 100 x 183/365 = 50.14.
 * Point schedule, threshold 30 (pace 15.04):
 *   Drills (event type 4, 1 per drill of at least 2 h, cap 2): #2, #3, #5 = 3, capped to 2
 *   Patrol (assignment type 2, 1 per whole 4 hours, cap 20): (5 + 10) / 4 = 3.75 -> 3
 *   Details (event type 1, 5 per ticket, cap 20): #6 = 5
 *   Desk (assignment type 7, 1 per ticket of at least 5 h): #10 is 4 h -> 0
 *   Total 2 + 3 + 5 + 0 = 10.
 */
const NOW = '2026-07-02T16:00:00Z';
const A = 601;
const B = 602;
const RESTRICTED = 603;
const SUPERVISOR = 605;
const AUDITOR = 610;
const SEPARATED = 611;
let t: TestApp;
const tokens: Record<number, string> = {};

async function ticket(officerId: number, startIso: string, endIso: string, hours: number, o: Partial<typeof s.hoursWorked.$inferInsert> = {}) {
  await t.app.ctx.db.insert(s.hoursWorked).values({
    officerId, assignmentTypeId: 2, precinctId: 3, startAt: new Date(startIso), endAt: new Date(endIso), hoursWorked: hours, description: 'LOSAP fixture', ...o,
  });
}

const SCHEDULE = {
  year: 2026,
  rule: 'points',
  threshold: 30,
  categories: [
    { name: 'Drills', unit: 'event', points: 1, perHours: null, minHours: 2, cap: 2, assignmentTypeIds: [], eventTypeIds: [4] },
    { name: 'Patrol', unit: 'hours', points: 1, perHours: 4, minHours: 0, cap: 20, assignmentTypeIds: [2], eventTypeIds: [] },
    { name: 'Details', unit: 'ticket', points: 5, perHours: null, minHours: 0, cap: 20, assignmentTypeIds: [], eventTypeIds: [1] },
    { name: 'Desk', unit: 'ticket', points: 1, perHours: null, minHours: 5, cap: null, assignmentTypeIds: [7], eventTypeIds: [] },
  ],
};

const progress = (as: number, query: Record<string, string> = {}) => call(t.app, 'GET', '/api/losap/progress', { token: tokens[as], query });
const report = (as: number, query: Record<string, string> = {}) => call(t.app, 'GET', '/api/losap/progressReport', { token: tokens[as], query });
const putRules = (as: number, body: unknown) => call(t.app, 'PUT', '/api/losap/rules', { token: tokens[as], body });

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await createOfficer(t.app, { officerId: A, accessTypeId: 1, precinctId: 3, rankId: 3, lastName: 'Adams', firstName: 'Ann' });
  await createOfficer(t.app, { officerId: B, accessTypeId: 1, precinctId: 4, rankId: 2, lastName: 'Baker', firstName: 'Bob' });
  await createOfficer(t.app, { officerId: RESTRICTED, accessTypeId: 3, precinctId: 4, lastName: 'Reed' });
  await createOfficer(t.app, { officerId: SUPERVISOR, accessTypeId: 5, precinctId: 4, lastName: 'Stone' });
  await createOfficer(t.app, { officerId: AUDITOR, accessTypeId: 10, precinctId: 4, lastName: 'Young' });
  await createOfficer(t.app, { officerId: SEPARATED, accessTypeId: 1, precinctId: 3, lastName: 'Gone', separationDate: '2026-02-01' });
  const [loc] = await t.app.ctx.db
    .insert(s.location)
    .values({ name: 'Academy', address: '1 Academy Rd', city: 'Garden City', stateId: 33, zip: '11530', precinctId: 5 })
    .returning();
  const ev = (eventTypeId: number, startAt: string, endAt: string, incentiveHours = 0) =>
    addEvent(t.app, loc.locationId, { eventTypeId, startAt, endAt, incentiveHours, signups: [A] });
  const e1 = await ev(4, '2026-01-10T14:00:00Z', '2026-01-10T17:00:00Z');
  const e2 = await ev(4, '2026-02-14T14:00:00Z', '2026-02-14T16:00:00Z');
  const e3 = await ev(4, '2026-03-07T14:00:00Z', '2026-03-07T15:30:00Z');
  const e4 = await ev(4, '2026-04-04T13:00:00Z', '2026-04-04T15:00:00Z', 1);
  const e5 = await ev(1, '2026-05-05T12:00:00Z', '2026-05-05T18:00:00Z', 2);
  const training = (eventId: number) => ({ assignmentTypeId: 4, precinctId: 5, eventId });
  await ticket(A, '2026-01-05T13:00:00Z', '2026-01-05T17:00:00Z', 4, { travelHours: 1 });
  await ticket(A, '2026-01-10T14:00:00Z', '2026-01-10T17:00:00Z', 3, training(e1));
  await ticket(A, '2026-02-14T14:00:00Z', '2026-02-14T16:00:00Z', 2, training(e2));
  await ticket(A, '2026-03-07T14:00:00Z', '2026-03-07T15:30:00Z', 1.5, training(e3));
  await ticket(A, '2026-04-04T13:00:00Z', '2026-04-04T15:00:00Z', 2, training(e4));
  await ticket(A, '2026-05-05T12:00:00Z', '2026-05-05T18:00:00Z', 6, { assignmentTypeId: 1, precinctId: 5, eventId: e5, travelHours: 1 });
  await ticket(A, '2026-06-01T12:00:00Z', '2026-06-02T00:00:00Z', 12, { flaggedBy: AUDITOR, reviewState: 'flagged' });
  await ticket(A, '2026-06-02T12:00:00Z', '2026-06-02T22:00:00Z', 10);
  await ticket(A, '2026-01-01T01:00:00Z', '2026-01-01T04:00:00Z', 3);
  await ticket(A, '2026-06-03T12:00:00Z', '2026-06-03T16:00:00Z', 4, { assignmentTypeId: 7 });
  await ticket(B, '2026-03-01T13:00:00Z', '2026-03-01T17:00:00Z', 4);
  for (const id of [A, B, RESTRICTED, SUPERVISOR, AUDITOR]) tokens[id] = await tokenFor(t.app, id);
});
afterAll(() => t.close());

describe('LOSAP progress under the default hours rule', () => {
  it('counts the year’s total hours without flagged tickets, with the pace pro-rated to today', async () => {
    const res = await progress(A);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      year: 2026, officerId: A, rule: 'hours', unit: 'hours', total: 37.5, threshold: 100, qualifies: false, pace: 50.14, behindPace: true, atRiskHours: 12,
    });
    const byName = Object.fromEntries(res.body.byCategory.map((c: { name: string; value: number }) => [c.name, c.value]));
    expect(byName).toEqual({ Patrol: 15, Training: 9.5, Detail: 9, 'Desk Duty': 4 });
    // January 5 + 3, February 2, March 1.5, April 3, May 9, June 10 + 4 (the flagged 12 left out)
    expect(res.body.byMonth.map((m: { hours: number }) => m.hours)).toEqual([8, 2, 1.5, 3, 9, 14, 0, 0, 0, 0, 0, 0]);
  });

  it('matches the ticket list footer over the same year', async () => {
    const totals = await call(t.app, 'GET', '/api/timeTickets/getTotals', { token: tokens[A], query: { officerId: String(A), sinceDate: '01/01/2026', untilDate: '12/31/2026' } });
    expect(totals.status).toBe(200);
    expect(totals.body.totalHours).toBe(37.5);
  });

  it('puts a ticket in the year of its 10-41 in the org time zone, and a past year’s pace is its threshold', async () => {
    const res = await progress(A, { year: '2025' });
    expect(res.body).toMatchObject({ year: 2025, total: 3, threshold: 100, pace: 100, behindPace: true, atRiskHours: 0 });
    const later = await progress(A, { year: '2027' });
    expect(later.body).toMatchObject({ total: 0, pace: 0, behindPace: false });
  });

  it('shows the same figure in the progress report, for every active officer', async () => {
    const res = await report(SUPERVISOR, { year: '2026', _sort: 'name', _order: 'ASC', _start: '0', _end: '25' });
    expect(res.status).toBe(200);
    const row = res.body.find((r: { officerId: number }) => r.officerId === A);
    expect(row).toMatchObject({ id: A, lastName: 'Adams', total: 37.5, threshold: 100, pace: 50.14, atRisk: true, qualifies: false, atRiskHours: 12, precinctId: 3 });
    expect(res.body.map((r: { officerId: number }) => r.officerId)).not.toContain(SEPARATED);
    expect(Number(res.headers['x-total-count'])).toBe(res.body.length);
  });

  it('exports the report with the same figures, and refuses the export as the report', async () => {
    const url = '/api/losap/exportProgressReport';
    const csv = await call(t.app, 'GET', url, { token: tokens[SUPERVISOR], query: { year: '2026', format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="losap-progress-2026-01-01-to-2026-07-02.csv"');
    const lines = csv.text.split(/\r?\n/);
    expect(lines[0]).toBe('\uFEFFID,Officer,Precinct,Rank,Total,Threshold,Pace,At risk,Qualifies,Hours at risk');
    expect(lines.find((l) => l.startsWith('A0601,'))).toBe('A0601,"Adams, Ann",3rd Precinct,Auxiliary Lieutenant,37.50,100.00,50.14,Yes,No,12.00');
    const refused = await call(t.app, 'GET', url, { token: tokens[A], query: { year: '2026' } });
    expect(refused.status).toBe(403);
  });
});

describe('LOSAP point schedule', () => {
  it('is stored by level 10 only', async () => {
    expect((await putRules(SUPERVISOR, SCHEDULE)).status).toBe(403);
    expect((await putRules(A, SCHEDULE)).status).toBe(403);
    const res = await putRules(AUDITOR, SCHEDULE);
    expect(res.status).toBe(200);
    const [entry] = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.entity, 'losapRules'));
    expect(entry).toMatchObject({ action: 'create', entityId: '2026', actorId: AUDITOR, outcome: 'success' });
    expect(res.body).toMatchObject({ year: 2026, rule: 'points', threshold: 30, stored: true, frozen: false });
    const read = await call(t.app, 'GET', '/api/losap/rules', { token: tokens[A], query: { year: '2026' } });
    expect(read.body.categories.map((c: { name: string }) => c.name)).toEqual(['Drills', 'Patrol', 'Details', 'Desk']);
    const other = await call(t.app, 'GET', '/api/losap/rules', { token: tokens[A], query: { year: '2030' } });
    expect(other.body).toMatchObject({ rule: 'hours', threshold: 100, stored: false });
  });

  it('gives the hand-computed points: a capped category, a unit below its minimum, a flagged ticket left out', async () => {
    const res = await progress(A);
    expect(res.body).toMatchObject({ rule: 'points', unit: 'points', total: 10, threshold: 30, pace: 15.04, behindPace: true, qualifies: false, atRiskHours: 12 });
    expect(res.body.byCategory).toEqual([
      { name: 'Drills', value: 2, cap: 2, capped: true },
      { name: 'Patrol', value: 3, cap: 20, capped: false },
      { name: 'Details', value: 5, cap: 20, capped: false },
      { name: 'Desk', value: 0, cap: null, capped: false },
    ]);
    const b = await progress(SUPERVISOR, { officerId: String(B) });
    expect(b.body).toMatchObject({ total: 1, byCategory: expect.arrayContaining([{ name: 'Patrol', value: 1, cap: 20, capped: false }]) });
  });

  it('shows the same points in the report, filtered by precinct and rank and sorted', async () => {
    const res = await report(SUPERVISOR, { year: '2026', precinctId: '3' });
    expect(res.body.map((r: { officerId: number }) => r.officerId)).toEqual([A]);
    expect(res.body[0]).toMatchObject({ total: 10, threshold: 30, pace: 15.04, atRisk: true });
    expect(res.headers['x-total-count']).toBe('1');
    const byRank = await report(SUPERVISOR, { rankId: '2' });
    expect(byRank.body.map((r: { officerId: number }) => r.officerId)).toEqual([B]);
    const sorted = await report(SUPERVISOR, { _sort: 'total', _order: 'DESC', _start: '0', _end: '2' });
    expect(sorted.body.map((r: { officerId: number }) => r.officerId)).toEqual([A, B]);
    expect(Number(sorted.headers['x-total-count'])).toBeGreaterThan(2);
  });
});

describe('LOSAP access', () => {
  it('lets an officer read his own progress, a supervisor anyone’s, and refuses the rest', async () => {
    const other = await progress(A, { officerId: String(B) });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(rc.tickets.notYourTicket);
    expect((await progress(RESTRICTED)).status).toBe(403);
    expect((await progress(SUPERVISOR, { officerId: String(A) })).status).toBe(200);
    expect((await report(A)).status).toBe(403);
    expect((await report(SUPERVISOR)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/losap/progress')).status).toBe(401);
  });
});

describe('LOSAP rules validation', () => {
  const cat = SCHEDULE.categories[1];
  const cases: Array<[string, unknown, string]> = [
    ['a category without a source', { ...SCHEDULE, categories: [{ ...cat, assignmentTypeIds: [] }] }, format(rc.losap.errors.noSource, { name: 'Patrol' })],
    ['a negative cap', { ...SCHEDULE, categories: [{ ...cat, cap: -1 }] }, format(rc.losap.errors.negativeCap, { name: 'Patrol' })],
    ['a threshold above the sum of the caps', { ...SCHEDULE, threshold: 50, categories: [cat, SCHEDULE.categories[0]] }, format(rc.losap.errors.thresholdAboveCaps, { threshold: 50, caps: 22 })],
    ['no category', { ...SCHEDULE, categories: [] }, rc.losap.errors.noCategories],
    ['a source in two categories', { ...SCHEDULE, categories: [cat, { ...cat, name: 'More patrol' }] }, format(rc.losap.errors.sharedSource, { source: 'Assignment type 2', first: 'Patrol', second: 'More patrol' })],
    ['points per unit that round to 0', { ...SCHEDULE, categories: [{ ...cat, points: 0.001 }] }, format(rc.losap.errors.pointsPositive, { name: 'Patrol' })],
    ['hours per unit missing', { ...SCHEDULE, categories: [{ ...cat, perHours: null }] }, format(rc.losap.errors.perHoursPositive, { name: 'Patrol' })],
    ['a line break in a category name', { ...SCHEDULE, categories: [{ ...cat, name: 'Pat\nrol' }] }, rc.validation.controlCharacter],
    ['a zero threshold', { ...SCHEDULE, rule: 'hours', threshold: 0 }, rc.losap.errors.thresholdPositive],
  ];
  for (const [what, body, message] of cases) {
    it(`refuses ${what} in plain words`, async () => {
      const res = await putRules(AUDITOR, { ...(body as object), year: 2027 });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    });
  }

  it('refuses any change to a certified year', async () => {
    await t.app.ctx.db.update(s.losapYearRules).set({ frozenAt: new Date(NOW) }).where(eq(s.losapYearRules.year, 2026));
    const res = await putRules(AUDITOR, { ...SCHEDULE, threshold: 20 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(rc.losap.errors.frozen);
    const read = await call(t.app, 'GET', '/api/losap/rules', { token: tokens[AUDITOR], query: { year: '2026' } });
    expect(read.body).toMatchObject({ threshold: 30, frozen: true });
  });

  it('keeps a certified year\'s rules in the database too, whoever writes', async () => {
    await expect(t.app.ctx.db.update(s.losapYearRules).set({ threshold: 20 }).where(eq(s.losapYearRules.year, 2026))).rejects.toThrow();
    await expect(t.app.ctx.db.delete(s.losapCategory).where(eq(s.losapCategory.year, 2026))).rejects.toThrow();
    const [row] = await t.app.ctx.db.select().from(s.losapYearRules).where(eq(s.losapYearRules.year, 2026));
    expect(row.threshold).toBe(30);
  });
});
