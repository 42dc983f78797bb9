/**
 * Before/after harness of the server's hot paths on a large
 * PostgreSQL database. Seeds OFFICERS officers x TICKETS tickets each (one 4-hour tour a day
 * ending on 12/31/2026, one in ten flagged) with INSERT ... SELECT generate_series, starts the
 * server on 127.0.0.1 (clock fixed at 12/31/2026 12:00 in America/New_York), signs in an auditor
 * and prints, for each hot call, the median of RUNS single requests and the rate of autocannon
 * (CONNECTIONS connections x DURATION s, run in its own process so it does not share the
 * server's event loop). Prints figures only; never asserts times.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/perf/harness.ts
 *   OFFICERS=100 TICKETS=100 ... (smaller); KEEP_DB=name reuses (or keeps) a seeded database;
 *   ONLY=list,session picks calls; PROFILE=1 runs under the caller's --cpu-prof (see README below).
 *
 * The database is created (rollcall_perf_<random>, or KEEP_DB) and dropped at the end unless
 * KEEP_DB is set.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { createSession } from '../../server/db/repositories/sessions';
import { signToken } from '../../server/auth/tokens';
import { seedPerfData } from './seedPerf';
import * as s from '../../server/db/schema';
import { eq } from 'drizzle-orm';

const OFFICERS = Number(process.env.OFFICERS ?? 1000);
const TICKETS = Number(process.env.TICKETS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 5);
const ONLY = process.env.ONLY?.split(',');
const AUDITOR = 9999;
const exec = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function openDatabase(baseUrl: string) {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  const name = process.env.KEEP_DB ?? `rollcall_perf_${randomBytes(4).toString('hex')}`;
  const [{ exists }] = await admin<{ exists: boolean }[]>`select exists (select 1 from pg_database where datname = ${name}) as exists`;
  if (!exists) await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (!process.env.KEEP_DB) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL (PostgreSQL) for the headline figures.');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-perf-'));
  const database = await openDatabase(process.env.DATABASE_URL);
  const now = new Date('2026-12-31T17:00:00Z');
  const config = readConfig({ SECOND_FACTOR_LEVEL: 'off', DATA_DIR: dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: 'Admin12345', JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false, now: () => now });
  try {
    const [seeded] = await app.ctx.db.select({ id: s.officer.officerId }).from(s.officer).where(eq(s.officer.officerId, AUDITOR));
    if (!seeded) {
      const t0 = performance.now();
      await seedPerfData(app.ctx.db, { officers: OFFICERS, tickets: TICKETS, auditor: AUDITOR, lastDay: '2026-12-31' });
      console.log(`seeded ${OFFICERS} officers x ${TICKETS} tickets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { sessionId, expiresAt } = await createSession(app.ctx.db, AUDITOR, now, false);
    const token = await signToken(app.ctx.jwtSecret, { sessionId, officerId: AUDITOR }, now, expiresAt);
    const headers = { authorization: `Bearer ${token}` };
    const year = 'sinceDate=01/01/2026&untilDate=12/31/2026';
    const calls: Array<[key: string, label: string, url: string]> = [
      ['list', "one officer's YTD list, 100 rows", `/api/timeTickets/getMultiple?officerId=1005&${year}&_sort=startDate&_order=DESC&_start=0&_end=100`],
      ['session', 'GET /api/session', '/api/session'],
      ['summary', 'summary by officer, year, page of 100', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_sort=totalHours&_order=DESC&_start=0&_end=100`],
      ['totals', 'footer totals, all officers, year', `/api/timeTickets/getTotals?${year}`],
      ['officerTotals', "footer totals, one officer's year", `/api/timeTickets/getTotals?officerId=1005&${year}`],
      ['statistics', 'statistics, one detachment, year', `/api/statistics/getStatistics?assignedPct=3&${year}`],
    ];
    console.log(`Roll Call perf harness (${app.ctx.dbKind}, ${OFFICERS} officers x ${TICKETS} tickets, node ${process.version}): median of ${RUNS} single requests; autocannon ${CONNECTIONS} connections x ${DURATION} s`);
    for (const [key, label, url] of calls) {
      if (ONLY && !ONLY.includes(key)) continue;
      const times: number[] = [];
      let bytes = 0;
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const a = performance.now();
        const res = await fetch(address + url, { headers });
        const body = await res.text();
        times.push(performance.now() - a);
        status = res.status;
        bytes = body.length;
      }
      times.sort((x, y) => x - y);
      const { stdout } = await exec(path.join(root, 'node_modules/.bin/autocannon'), ['-j', '-c', String(CONNECTIONS), '-d', String(DURATION), '-H', `authorization=Bearer ${token}`, address + url], { maxBuffer: 1 << 24 });
      const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
      console.log(
        `${label.padEnd(40)} ${status} ${String(Math.round(bytes / 1024)).padStart(4)} KB  single median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(6)} ms` +
          `  |  ${String(Math.round(r.requests.average)).padStart(5)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non2xx ${r.non2xx} errors ${r.errors}`,
      );
    }
  } finally {
    // The harness's own keep-alive fetch connections can hold app.close() open; do not wait on them.
    await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
