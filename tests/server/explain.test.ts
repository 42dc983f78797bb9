import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './helpers';
import { SCALE, auditorToken, callCounted, seedScaleWorld } from './scale.fixtures';

/**
 * every heavy list and report reads its big table through an index, never a whole-table
 * scan. Each case calls the real API on a seeded database (9,000 tickets over ten years, 2,400
 * events, 18,000 sign-offs; ANALYZEd), takes the SQL statement the call ran (through the query
 * tally of server/db/queryCount.ts), runs EXPLAIN (FORMAT JSON) on it with its parameters and
 * asserts the plan scans the expected index and has no Seq Scan on the big table.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-12-31T17:00:00Z') });
  await seedScaleWorld(t.app);
  token = await auditorToken(t.app);
}, 120_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan tree (subplans and init plans included). */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** EXPLAIN (FORMAT JSON) of a statement with its parameters, through the driver under Drizzle. */
async function explain(query: string, params: unknown[]): Promise<PlanNode[]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const client = (t.app.ctx.db as any).$client;
  const text = `explain (format json) ${query}`;
  const rows = t.kind === 'pglite' ? (await client.query(text, params)).rows : await client.unsafe(text, params);
  const raw = rows[0]['QUERY PLAN'];
  const doc = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return nodes(doc[0].Plan as PlanNode);
}

const INDEX_SCANS = ['Index Scan', 'Index Only Scan', 'Bitmap Index Scan'];

/**
 * Calls the API, picks the first statement after the session check that reads `table` and checks
 * its plan: a scan of `index` (or of one of several equally fitting indexes), and no Seq Scan of
 * `table`.
 */
async function expectIndexed(method: 'GET' | 'POST', url: string, table: string, index: string | string[], body?: unknown) {
  const indexes = typeof index === 'string' ? [index] : index;
  const res = await callCounted(t.app, method, url, { token, body });
  expect(res.status, res.text).toBe(200);
  const i = res.queries.findIndex((q) => q.includes(`"${table}"`));
  expect(i, `no statement reads ${table}: ${res.queries.join('\n')}`).toBeGreaterThanOrEqual(0);
  const plan = await explain(res.queries[i], res.params[i]);
  const seen = plan.map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`.trim());
  expect(plan.some((n) => INDEX_SCANS.includes(n['Node Type']) && indexes.includes(n['Index Name'] ?? '')), seen.join(', ')).toBe(true);
  expect(plan.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table), seen.join(', ')).toBe(false);
  return res;
}

const year = 'sinceDate=01/01/2026&untilDate=12/31/2026';

describe('heavy queries use their indexes', () => {
  it("reads one officer's tickets for a year through hw_officer_start_idx", async () => {
    const res = await expectIndexed('GET', `/api/timeTickets/getMultiple?officerId=${SCALE.FIRST_OFFICER + 5}&${year}&_start=0&_end=100`, 'hours_worked', 'hw_officer_start_idx');
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('sums the summary by officer for a year through hw_start_cover_idx', async () => {
    const res = await expectIndexed('GET', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_sort=totalHours&_order=DESC&_start=0&_end=100`, 'hours_worked', 'hw_start_cover_idx');
    expect(res.body.length).toBe(100);
  });

  it("pages the screen's summary (by officer) first and sums only those officers' tickets through hw_officer_start_idx", async () => {
    const res = await expectIndexed('GET', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_sort=officerId&_order=ASC&_start=0&_end=100`, 'hours_worked', 'hw_officer_start_idx');
    expect(res.body.length).toBe(100);
  });

  it('sums the footer totals of every officer for a year through hw_start_cover_idx', async () => {
    const res = await expectIndexed('GET', `/api/timeTickets/getTotals?${year}`, 'hours_worked', 'hw_start_cover_idx');
    expect(res.body.ticketCount).toBeGreaterThan(0);
  });

  it('sums the statistics of a detachment for a year through hw_start_cover_idx', async () => {
    const res = await expectIndexed('GET', `/api/statistics/getStatistics?assignedPct=3&${year}`, 'hours_worked', 'hw_start_cover_idx');
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('lists the events of a type in a month through an index on their start, their tickets through hw_event_idx', async () => {
    // The planner takes either start index (a month is a narrow range whatever the type).
    const res = await expectIndexed('GET', '/api/events/getMultiple?eventTypeId=4&sinceStartDate=06/01/2026&untilStartDate=06/30/2026', 'event', [
      'event_type_start_idx',
      'event_start_idx',
    ]);
    expect(res.body.length).toBeGreaterThan(1);
    const plan = await explain(res.queries.at(-1)!, res.params.at(-1)!);
    expect(plan.some((n) => n['Index Name'] === 'hw_event_idx')).toBe(true);
    expect(plan.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'hours_worked')).toBe(false);
  });

  it('lists the 159 board through upload_type_date_idx', async () => {
    await expectIndexed('GET', '/api/uploads/getMultiple?uploadTypeId=1&_sort=dateEntered&_order=DESC&_start=0&_end=10', 'upload', 'upload_type_date_idx');
  });

  it("reads a 159's compliance report through the sign-off key", async () => {
    await expectIndexed('GET', '/api/uploads/downloadReport?uploadId=10&_start=0&_end=100', 'upload_signoff', 'upload_signoff_upload_id_officer_id_pk');
  });

  it('finds the officers without a ticket for the chosen training through an index of event tickets', async () => {
    // Both partial indexes hold only event tickets; the planner picks by their size.
    const body = [{ eventId: 40, trainingFlag: 'Y' }, { eventId: 80, trainingFlag: 'Y' }];
    await expectIndexed('POST', '/api/events/getNonCompliantOfficers', 'hours_worked', ['hw_event_idx', 'hw_one_ticket_per_event'], body);
  });
});

describe('the LOSAP figures read the year range index, which carries the assignment type', () => {
  it('under the hours rule', async () => {
    await expectIndexed('GET', '/api/losap/progressReport?year=2026&_sort=total&_order=DESC&_start=0&_end=100', 'hours_worked', 'hw_start_cover_idx');
  });

  it('under a point schedule, whose categories read the assignment type', async () => {
    const saved = await call(t.app, 'PUT', '/api/losap/rules', {
      token,
      body: {
        year: 2026, rule: 'points', threshold: 20,
        categories: [
          { name: 'Patrol', unit: 'hours', points: 1, perHours: 4, minHours: 0, cap: 20, assignmentTypeIds: [2, 3], eventTypeIds: [] },
          { name: 'Details', unit: 'ticket', points: 1, perHours: null, minHours: 2, cap: 20, assignmentTypeIds: [], eventTypeIds: [1, 11] },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    await expectIndexed('GET', '/api/losap/progressReport?year=2026&_sort=atRisk&_order=DESC&_start=0&_end=100', 'hours_worked', 'hw_start_cover_idx');
  });
});
