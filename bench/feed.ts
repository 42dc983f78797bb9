/**
 * How long a private calendar feed of 500 sign-ups takes to answer: seeds a small organisation
 * (server/db/scaleSeed: 50 officers x 1 year) on a fresh database (a temporary PGlite dir, or a
 * scratch database on DATABASE_URL's server), puts the demo officer on the rosters of 500 events
 * (one a day from tomorrow, 10:00-14:00), makes his feed through POST /api/mySettings/feeds, then
 * asks it RUNS times written afresh (the answer layer emptied before each: what a poll after a
 * change costs) and RUNS times kept (what the next poll of an unchanged feed costs). Times are
 * server times of app.inject (no network), in ms: best and median. Usage:
 *   npx tsx bench/feed.ts [signups]                                  # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/feed.ts [signups]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { hashPassword } from '../server/auth/passwords';
import { seedOrganisation } from '../server/db/scaleSeed';
import { createScratchDatabase } from '../scripts/scratchDatabase';

const AT = new Date('2026-11-05T14:00:00Z');
const RUNS = 30;
const PASSWORD = 'Bench2026';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const signups = Number(process.argv[2]) || 500;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-feed-bench-'));
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'rollcall_bench') : null;
  const config = readConfig({
    SECOND_FACTOR_LEVEL: 'off', DATA_DIR: dataDir, DATABASE_URL: scratch?.url, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_PASSWORD: 'Admin12345',
    LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000', FEED_RATE_LIMIT: '100000',
  });
  const app = await buildApp(config, { logger: false, now: () => AT });
  try {
    const db = app.ctx.db;
    await seedOrganisation(db, { officers: 50, years: 1, seed: 42, passwordHash: await hashPassword(PASSWORD), tz: config.ORG_TIMEZONE, now: AT });
    await db.execute(sql`insert into event (event_name, start_at, end_at, event_type_id, location_id, max_officers, description)
      select 'Detail ' || n, ${AT.toISOString()}::timestamptz + make_interval(days => n) + interval '1 hour',
        ${AT.toISOString()}::timestamptz + make_interval(days => n) + interval '5 hours', 11, (select min(location_id) from location), 20, 'Bench'
      from generate_series(1, ${signups}) as n`);
    await db.execute(sql`insert into event_signup (event_id, officer_id)
      select event_id, (select officer_id from officer where login = 'officer') from event where description = 'Bench' on conflict do nothing`);
    const login = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'officer', password: PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`sign-in ${login.statusCode} ${login.body}`);
    const made = await app.inject({ method: 'POST', url: '/api/mySettings/feeds', headers: { authorization: `Bearer ${login.json().jwt}` }, payload: { scope: 'signups' } });
    if (made.statusCode !== 201) throw new Error(`feed ${made.statusCode} ${made.body}`);
    const feedPath = new URL(made.json().url as string).pathname;

    const ask = async () => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: feedPath });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`feed answered ${res.statusCode}`);
      return { ms, events: (res.body.match(/BEGIN:VEVENT/g) ?? []).length, bytes: res.rawPayload.length };
    };
    const first = await ask();
    const fresh: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      app.ctx.answers.forget();
      fresh.push((await ask()).ms);
    }
    const kept: number[] = [];
    for (let i = 0; i < RUNS; i++) kept.push((await ask()).ms);
    const fmt = (xs: number[]) => `best ${Math.min(...xs).toFixed(1)} ms, median ${median(xs).toFixed(1)} ms`;
    console.log(`${app.ctx.dbKind}: feed of ${first.events} sign-ups (${(first.bytes / 1024).toFixed(0)} KiB); first ${first.ms.toFixed(1)} ms`);
    console.log(`  written afresh: ${fmt(fresh)}`);
    console.log(`  kept:           ${fmt(kept)}`);
    console.log(`  load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await app.close();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
