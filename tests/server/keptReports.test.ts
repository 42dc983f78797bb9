import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, tokenFor, type TestApp } from './helpers';
import { SCALE, auditorToken, callCounted, seedScaleWorld } from './scale.fixtures';

/**
 * A report is kept in memory while the database's versions of what it shows stand (server/answers,
 * migration 0015), on both databases. Asked again it runs no statement but the data-version read
 * of the session check and answers the very same bytes; a write to what it shows, another
 * officer or the organisation's day turning makes it again.
 */
let t: TestApp;
let auditor: string;
let supervisor: string;
const SUPERVISOR = SCALE.FIRST_OFFICER + 3;
const year = 'sinceDate=01/01/2017&untilDate=12/31/2026';
/** Officers the training report lists: active ones who attended none of the events. */
const TRAINING = { path: '/api/events/getNonCompliantOfficers', body: [{ eventId: 10 }, { eventId: 20 }] };

const REPORTS: { name: string; path: string; body?: unknown }[] = [
  { name: 'summary by officer', path: `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_sort=officerId&_order=ASC&_start=0&_end=100` },
  { name: 'footer totals of all officers', path: `/api/timeTickets/getTotals?${year}` },
  { name: 'statistics', path: `/api/statistics/getStatistics?assignedPct=3&${year}` },
  { name: 'events of a year', path: '/api/events/getMultiple?eventTypeId=1&sinceStartDate=01/01/2026&untilStartDate=12/31/2026' },
  { name: '159 board', path: `/api/uploads/getMultiple?uploadTypeId=1&officerId=${SCALE.AUDITOR}&_sort=dateEntered&_order=DESC&_start=0&_end=100` },
  { name: '159 compliance', path: '/api/uploads/downloadReport?uploadId=10&_sort=lastName&_order=ASC&_start=0&_end=100' },
  { name: 'training compliance', ...TRAINING },
];

beforeAll(async () => {
  // a quarter of an hour before midnight in America/New_York: the day turns during the tests
  t = await startTestApp({ now: new Date('2026-12-31T04:45:00Z') });
  await seedScaleWorld(t.app);
  await t.app.ctx.db.execute(sql`update officer set access_type_id = 9 where officer_id = ${SUPERVISOR}`);
  auditor = await auditorToken(t.app);
  supervisor = await tokenFor(t.app, SUPERVISOR);
}, 120_000);
afterAll(() => t.close());

/** One report: its body text, X-Total-Count and the statements it ran after the session check. */
async function ask(report: { path: string; body?: unknown }, token = auditor) {
  const res = await callCounted(t.app, report.body ? 'POST' : 'GET', report.path, { token, body: report.body });
  expect(res.status, res.text).toBe(200);
  return { text: res.text, total: res.headers['x-total-count'], type: res.headers['content-type'], statements: res.queries.length, answer: res.headers['x-answer'] };
}

describe('reports kept while what they show is unchanged', () => {
  it.each(REPORTS)('$name: asked again, the same answer with no statement of its own', async (report) => {
    const first = await ask(report);
    expect(first.statements).toBeGreaterThan(0);
    const again = await ask(report);
    expect(again.text).toBe(first.text);
    expect(again.total).toBe(first.total);
    expect(again.type).toBe('application/json; charset=utf-8');
    expect(again.statements).toBe(0);
    expect([first.answer, again.answer]).toEqual(['made', 'kept']);
  });

  it('another officer asking the same report gets his own answer, not the kept one', async () => {
    const board = REPORTS.find((r) => r.name === '159 board')!;
    await ask(board);
    const other = await callCounted(t.app, 'GET', board.path, { token: supervisor });
    // a level-9 officer may read anyone's board: the rows are the same, but they were read for him
    expect(other.status, other.text).toBe(200);
    expect(other.queries.length).toBeGreaterThan(0);
  });

  it('a write shows in the next answer: a ticket straight into the database changes the summary and the totals', async () => {
    const summary = REPORTS[0];
    const totals = REPORTS[1];
    const before = { summary: await ask(summary), totals: await ask(totals) };
    await t.app.ctx.db.execute(sql`
      insert into hours_worked (officer_id, assignment_type_id, precinct_id, start_at, end_at, hours_worked, description)
      values (${SCALE.FIRST_OFFICER}, 2, 1, timestamptz '2026-12-01 12:00Z', timestamptz '2026-12-01 22:00Z', 10, 'Late entry')`);
    const after = { summary: await ask(summary), totals: await ask(totals) };
    expect(after.summary.statements).toBeGreaterThan(0);
    expect(after.summary.text).not.toBe(before.summary.text);
    const hours = (text: string) => (JSON.parse(text) as { hoursWorked: number }).hoursWorked;
    expect(hours(after.totals.text)).toBeCloseTo(hours(before.totals.text) + 10, 2);
  });

  it("the organisation's day turning makes a report again: an officer separated as of tomorrow leaves the training report at midnight", async () => {
    const officer = SCALE.FIRST_OFFICER + 5;
    // separated on 12/31/2026: active on 12/30, not any more once 12/31 begins (America/New_York)
    await t.app.ctx.db.execute(sql`update officer set separation_date = date '2026-12-31' where officer_id = ${officer}`);
    const ids = (text: string) => (JSON.parse(text) as { officerId: number }[]).map((o) => o.officerId);
    const saved = t.clock.current;
    try {
      t.clock.set('2026-12-31T04:59:50Z');
      const evening = await ask(TRAINING);
      expect(ids(evening.text)).toContain(officer);
      expect((await ask(TRAINING)).statements).toBe(0);
      // 15 seconds later, with nothing written in between (no session touch either)
      t.clock.set('2026-12-31T05:00:05Z');
      const midnight = await ask(TRAINING);
      expect(ids(midnight.text)).not.toContain(officer);
      expect(midnight.statements).toBeGreaterThan(0);
    } finally {
      t.clock.current = saved;
    }
  });

  it('a refusal is never kept: the same report asked without the level is still refused', async () => {
    const officer = await tokenFor(t.app, SCALE.FIRST_OFFICER + 8);
    const compliance = REPORTS.find((r) => r.name === '159 compliance')!;
    await ask(compliance);
    const refused = await callCounted(t.app, 'GET', compliance.path, { token: officer });
    expect(refused.status).toBe(403);
  });
});
