import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './helpers';
import { auditorToken, callCounted, seedScaleWorld } from './scale.fixtures';

/**
 * The LOSAP figures read the year's tickets of every officer through hw_start_cover_idx (an
 * index-only range once the table is vacuumed), never a scan of the whole ticket table, under
 * the hours rule and under a point schedule (whose categories need the assignment type the
 * index now carries). Seeded world of tests/server/scale.fixtures.ts, EXPLAIN of the statement
 * the API ran, as tests/server/explain.test.ts does for the other reports.
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
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** The plan of the first statement of the call that reads hours_worked. */
async function planOf(url: string): Promise<string[]> {
  const res = await callCounted(t.app, 'GET', url, { token });
  expect(res.status, res.text).toBe(200);
  const i = res.queries.findIndex((q) => q.includes('"hours_worked"'));
  expect(i).toBeGreaterThanOrEqual(0);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const client = (t.app.ctx.db as any).$client;
  const text = `explain (format json) ${res.queries[i]}`;
  const rows = t.kind === 'pglite' ? (await client.query(text, res.params[i])).rows : await client.unsafe(text, res.params[i]);
  const raw = rows[0]['QUERY PLAN'];
  const doc = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return nodes(doc[0].Plan as PlanNode).map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`.trim());
}

function expectCoverIndex(plan: string[]) {
  expect(plan.some((n) => /^(Index Scan|Index Only Scan|Bitmap Index Scan) hw_start_cover_idx$/.test(n)), plan.join(', ')).toBe(true);
  expect(plan, plan.join(', ')).not.toContain('Seq Scan hours_worked');
}

describe('the LOSAP figures use the year range index', () => {
  it('under the hours rule', async () => {
    expectCoverIndex(await planOf('/api/losap/progressReport?year=2026&_sort=total&_order=DESC&_start=0&_end=100'));
  });

  it('under a point schedule', async () => {
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
    expectCoverIndex(await planOf('/api/losap/progressReport?year=2026&_sort=atRisk&_order=DESC&_start=0&_end=100'));
  });
});
