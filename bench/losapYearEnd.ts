/**
 * How long the LOSAP year end's lists take on a seeded database (the one of DATABASE_URL, e.g. a
 * copy of the 1,000-officer, 10-year seed): GET /api/losap/review (the first page of 25 rows by
 * name, a 200-row page, a status filter), GET /api/losap/yearEnd (the counts), and the sponsor's
 * file of the certified year as CSV and XLSX (GET /api/losap/exportSponsorFile). Each figure is the
 * median and the 95th percentile of RUNS timed requests after WARMUP untimed ones, through the
 * whole app (session check, SQL, serialisation, the file's every byte). Usage:
 *   DATABASE_URL=postgres://.../scratch npx tsx bench/losapYearEnd.ts [year] [runs]
 * It OPENS AND CERTIFIES the year (default last year) in that database, as a level-9 officer
 * of the seed, which locks the year's tickets: run it on a scratch copy, never a shared seed.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { todayIn } from '../src/domain/dates';
import { yearOf } from '../src/domain/losap';
import { createSession } from '../server/db/repositories/sessions';
import { signToken } from '../server/auth/tokens';

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a scratch copy of the seeded database.');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-losap-year-end-bench-'));
  const config = readConfig({ SECOND_FACTOR_LEVEL: 'off', DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'silent' });
  const year = Number(process.argv[2]) || yearOf(todayIn(config.ORG_TIMEZONE, new Date())) - 1;
  const runs = Number(process.argv[3]) || 20;
  const warmup = 3;
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const [{ officers, tickets }] = (await app.ctx.db.execute(
    sql`select (select count(*) from officer)::int as officers,
      (select count(*) from hours_worked where start_at >= make_date(${year}::int, 1, 1) and start_at < make_date(${year}::int + 1, 1, 1))::int as tickets`,
  )) as unknown as Array<{ officers: number; tickets: number }>;
  // a level-9 officer's session, made as sign-in makes it (the seed's passwords may be unknown here)
  const [chief] = (await app.ctx.db.execute(
    sql`select officer_id as id from officer where access_type_id = 9 and separation_date is null and password_hash is not null order by officer_id limit 1`,
  )) as unknown as Array<{ id: number }>;
  if (!chief) throw new Error('no level-9 officer in this database');
  const now = new Date();
  const session = await createSession(app.ctx.db, chief.id, now, false);
  const token = await signToken(app.ctx.jwtSecret, { sessionId: session.sessionId, officerId: chief.id }, now, session.expiresAt);
  const headers = { authorization: `Bearer ${token}` };

  async function time(label: string, url: string, n = runs) {
    const ms: number[] = [];
    let total = '';
    let bytes = 0;
    for (let i = 0; i < warmup + n; i++) {
      const t0 = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers });
      const took = Number(process.hrtime.bigint() - t0) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      total = String(res.headers['x-total-count'] ?? '');
      bytes = res.rawPayload.length;
      if (i >= warmup) ms.push(took);
    }
    ms.sort((a, b) => a - b);
    const pick = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
    console.log(`${label.padEnd(40)} median ${pick(0.5)} ms, p95 ${pick(0.95)} ms${total ? ` (${total} rows, ${(bytes / 1024).toFixed(0)} KiB)` : ''}`);
  }
  async function post(url: string, body: unknown) {
    const res = await app.inject({ method: 'POST', url, headers, payload: body as object });
    if (res.statusCode !== 200 && res.statusCode !== 409) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  }

  console.log(`${officers} officers, ${tickets} tickets in ${year}; ${runs} timed runs each (files: ${Math.ceil(runs / 4)})`);
  await post('/api/losap/yearEnd/open', { year });
  // the LOSAP Progress report's same page, whose figures the review extends (for comparison)
  await time('progress report: first page (25 by name)', `/api/losap/progressReport?year=${year}&_start=0&_end=25`);
  await time('review: first page (25 rows by name)', `/api/losap/review?year=${year}&_start=0&_end=25`);
  await time('review: 200 rows by total', `/api/losap/review?year=${year}&_sort=total&_order=DESC&_start=0&_end=200`);
  await time('review: not attested only, first page', `/api/losap/review?year=${year}&status=none&_start=0&_end=25`);
  await time('year end: state and counts', `/api/losap/yearEnd?year=${year}`);
  const certify = await post('/api/losap/yearEnd/certify', { year });
  if (certify.statusCode === 409) console.log(`certify: ${JSON.parse(certify.body).message}`);
  await time("sponsor's file, CSV", `/api/losap/exportSponsorFile?year=${year}&format=csv`, Math.ceil(runs / 4));
  await time("sponsor's file, XLSX", `/api/losap/exportSponsorFile?year=${year}&format=xlsx`, Math.ceil(runs / 4));
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
