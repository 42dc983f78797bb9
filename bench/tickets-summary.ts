/**
 * Benchmark of the time ticket summary report (spec §2 summary mode): seeds OFFICERS officers with
 * TICKETS tickets each (one 4-hour tour a day, one in ten flagged) and prints how long
 * GET /api/timeTickets/getMultiple?summarizeFlag=Y takes for the year, next to a normal list page
 * and the footer totals. Prints figures only; no assertions.
 *
 *   npx tsx bench/tickets-summary.ts                     # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/tickets-summary.ts
 *   OFFICERS=200 TICKETS=200 RUNS=5 npx tsx bench/tickets-summary.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import * as s from '../server/db/schema';
import { createSession } from '../server/db/repositories/sessions';
import { signToken } from '../server/auth/tokens';

const OFFICERS = Number(process.env.OFFICERS ?? 200);
const TICKETS = Number(process.env.TICKETS ?? 200);
const RUNS = Number(process.env.RUNS ?? 5);
const AUDITOR = 9999;

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-bench-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `rollcall_bench_${randomBytes(4).toString('hex')}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const now = new Date('2026-12-31T17:00:00Z');
  const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: 'Admin12345', JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false, now: () => now });
  const db = app.ctx.db;
  try {
    const t0 = performance.now();
    const officers = Array.from({ length: OFFICERS }, (_, i) => ({
      officerId: 1000 + i, login: `bench${i}`, passwordHash: 'x', firstName: `F${i}`, lastName: `L${i}`, accessTypeId: 1, precinctId: (i % 8) + 1, rankId: 1,
    }));
    await db.insert(s.officer).values([...officers, { officerId: AUDITOR, login: 'benchauditor', passwordHash: 'x', firstName: 'A', lastName: 'Auditor', accessTypeId: 10 }]);
    const start = Date.UTC(2026, 0, 1, 13);
    let batch: (typeof s.hoursWorked.$inferInsert)[] = [];
    for (const o of officers) {
      for (let d = 0; d < TICKETS; d++) {
        const startAt = new Date(start + (d % 365) * 86_400_000 + Math.floor(d / 365) * 5 * 3_600_000);
        batch.push({
          officerId: o.officerId, assignmentTypeId: (d % 4) + 2, precinctId: o.precinctId, startAt, endAt: new Date(startAt.getTime() + 4 * 3_600_000),
          hoursWorked: 4, travelHours: d % 2, description: 'Bench tour', arrests: d % 7 === 0 ? 1 : 0, reports: d % 3, flaggedBy: d % 10 === 0 ? AUDITOR : null,
        });
        if (batch.length === 2000) {
          await db.insert(s.hoursWorked).values(batch);
          batch = [];
        }
      }
    }
    if (batch.length) await db.insert(s.hoursWorked).values(batch);
    await db.execute(sql`analyze`);
    const seedMs = performance.now() - t0;

    const { sessionId, expiresAt } = await createSession(db, AUDITOR, now, false);
    const token = await signToken(app.ctx.jwtSecret, { sessionId, officerId: AUDITOR }, now, expiresAt);
    const year = 'sinceDate=01/01/2026&untilDate=12/31/2026';
    const time = async (label: string, url: string) => {
      const times: number[] = [];
      let rows = 0;
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const a = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        times.push(performance.now() - a);
        status = res.statusCode;
        rows = Array.isArray(res.json()) ? res.json().length : 1;
      }
      times.sort((x, y) => x - y);
      console.log(`${label.padEnd(44)} status ${status}  rows ${String(rows).padStart(4)}  first ${times[0].toFixed(1).padStart(7)} ms  median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(7)} ms  max ${times[times.length - 1].toFixed(1).padStart(7)} ms`);
    };
    console.log(`Roll Call ticket summary benchmark on ${app.ctx.dbKind}: ${OFFICERS} officers x ${TICKETS} tickets = ${OFFICERS * TICKETS} tickets (seeded in ${(seedMs / 1000).toFixed(1)} s), ${RUNS} runs each`);
    await time('summary by officer, year, page of 100', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_sort=totalHours&_order=DESC&_start=0&_end=100`);
    await time('summary by officer, year, no paging (200 max)', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y`);
    await time('summary by officer, year, page of 200', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_sort=officerId&_order=ASC&_start=0&_end=200`);
    await time('summary, one assigned precinct', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&assignedPct=3`);
    await time('normal list, year, page of 100 by 10-41', `/api/timeTickets/getMultiple?${year}&_sort=startDate&_order=DESC&_start=0&_end=100`);
    await time('normal list, one officer, year', `/api/timeTickets/getMultiple?${year}&officerId=1005&_start=0&_end=100`);
    await time('footer totals, year', `/api/timeTickets/getTotals?${year}`);
  } finally {
    await app.close();
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
