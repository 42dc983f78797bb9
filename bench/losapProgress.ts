/**
 * How long the LOSAP Progress report takes on a seeded database (the one of DATABASE_URL, e.g.
 * after `npm run seed -- --officers 1000 --years 10`): GET /api/losap/progressReport for every
 * active officer (a 200-row page sorted by total, and by name), under the default hours rule and
 * under a four-category point schedule, plus one officer's GET /api/losap/progress. Each figure is
 * the median and the 95th percentile of RUNS timed requests after WARMUP untimed ones, through the
 * whole app (session check, SQL, serialisation). Usage:
 *   DATABASE_URL=postgres://... npx tsx bench/losapProgress.ts [runs]
 * It stores a point schedule for the current year and removes it at the end; it refuses a database
 * that already has rules for that year.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import * as s from '../server/db/schema';
import { todayIn } from '../src/domain/dates';
import { yearOf } from '../src/domain/losap';

const RUNS = Number(process.argv[2]) || 30;
const WARMUP = 5;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the seeded database.');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-losap-bench-'));
  const config = readConfig({ SECOND_FACTOR_LEVEL: 'off', DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const db = app.ctx.db;
  const year = yearOf(todayIn(config.ORG_TIMEZONE, new Date()));
  const [{ officers, tickets }] = (await db.execute(
    sql`select (select count(*) from officer)::int as officers, (select count(*) from hours_worked where start_at >= make_date(${year}::int, 1, 1))::int as tickets`,
  )) as unknown as Array<{ officers: number; tickets: number }>;
  // the seed's demo supervisor (level 5), signed in as a browser would
  const login = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'supervisor', password: process.env.SEED_PASSWORD ?? 'Demo2026' } });
  const token = (JSON.parse(login.body) as { jwt?: string }).jwt;
  if (!token) throw new Error(`sign-in as supervisor: ${login.statusCode} ${login.body}`);
  const [someone] = await db.select({ id: s.hoursWorked.officerId }).from(s.hoursWorked).limit(1);

  async function time(label: string, url: string) {
    const ms: number[] = [];
    let total = '';
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const took = Number(process.hrtime.bigint() - t0) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      total = String(res.headers['x-total-count'] ?? '');
      if (i >= WARMUP) ms.push(took);
    }
    ms.sort((a, b) => a - b);
    const pick = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
    console.log(`${label.padEnd(44)} median ${pick(0.5)} ms, p95 ${pick(0.95)} ms${total ? ` (${total} officers)` : ''}`);
  }

  console.log(`${officers} officers, ${tickets} tickets from ${year} on; ${RUNS} timed runs each`);
  const [stored] = await db.select().from(s.losapYearRules).where(eq(s.losapYearRules.year, year));
  if (stored) throw new Error(`${year} has LOSAP rules stored; run this on a scratch seed`);
  const report = `/api/losap/progressReport?year=${year}`;
  await time('hours rule: report, 200 rows by total', `${report}&_sort=total&_order=DESC&_start=0&_end=200`);
  await time('hours rule: report, 200 rows by name', `${report}&_sort=name&_order=ASC&_start=0&_end=200`);
  await time('hours rule: one officer\'s progress', `/api/losap/progress?year=${year}&officerId=${someone.id}`);
  await db.insert(s.losapYearRules).values({ year, rule: 'points', threshold: 50 });
  await db.insert(s.losapCategory).values([
    { year, position: 0, name: 'Drills', unit: 'event', points: '1', minHours: '2', cap: '20', eventTypeIds: [4] },
    { year, position: 1, name: 'Details', unit: 'ticket', points: '1', minHours: '4', cap: '20', eventTypeIds: [1, 11] },
    { year, position: 2, name: 'Patrol', unit: 'hours', points: '1', perHours: '4', cap: '20', assignmentTypeIds: [2, 3] },
    { year, position: 3, name: 'Meetings', unit: 'ticket', points: '1', cap: '20', assignmentTypeIds: [9, 7] },
  ] as unknown as Array<typeof s.losapCategory.$inferInsert>);
  await time('point schedule: report, 200 rows by total', `${report}&_sort=total&_order=DESC&_start=0&_end=200`);
  await time('point schedule: report, at risk first', `${report}&_sort=atRisk&_order=DESC&_start=0&_end=200`);
  await time('point schedule: one officer\'s progress', `/api/losap/progress?year=${year}&officerId=${someone.id}`);
  await db.delete(s.losapYearRules).where(eq(s.losapYearRules.year, year));
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
