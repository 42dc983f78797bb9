/**
 * How long the reminder runs take for a county-size roster: seeds OFFICERS officers with a year of
 * history (server/db/scaleSeed) on a fresh database (a temporary PGlite dir, or a scratch database
 * on DATABASE_URL's server), stores LOSAP rules for the year and puts every active officer on the
 * roster of an event starting tomorrow, then times one reminder tick at the 5th of the month at
 * 09:00 (every kind is due then) kind by kind, the sending of the mail it made (a mailer that
 * keeps nothing, so the figure is the claims, marks and audit entries), and a second tick at the
 * same instant (claimed already: nothing to do). Usage:
 *   npx tsx bench/reminders.ts [officers]                       # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/reminders.ts [officers]
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
import { rowsOf } from '../server/db/repositories/losap';
import { runReminderTick } from '../server/reminders';
import { createScratchDatabase } from '../scripts/scratchDatabase';

/** Thursday 11/05/2026 09:00 in America/New_York: the monthly runs and the week's digest are due. */
const AT = new Date('2026-11-05T14:00:00Z');

async function main() {
  const officers = Number(process.argv[2]) || 1000;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-reminders-bench-'));
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'rollcall_bench') : null;
  const config = readConfig({
    DATA_DIR: dataDir, DATABASE_URL: scratch?.url, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'silent',
  });
  let sent = 0;
  const app = await buildApp(config, { logger: false, now: () => AT, mailer: { send: async () => String(++sent) } });
  try {
    const db = app.ctx.db;
    const t0 = performance.now();
    await seedOrganisation(db, { officers, years: 1, seed: 42, passwordHash: await hashPassword('Bench2026'), tz: config.ORG_TIMEZONE, now: AT });
    console.log(`${app.ctx.dbKind}: seeded ${officers} officers x 1 year in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await db.execute(sql`insert into losap_year_rules (year, rule, threshold) values (2026, 'hours', 400) on conflict do nothing`);
    await db.execute(sql`insert into event (event_name, start_at, end_at, event_type_id, location_id, max_officers, description)
      select 'All hands', ${'2026-11-06T12:00:00Z'}::timestamptz, ${'2026-11-06T16:00:00Z'}::timestamptz, 11, min(location_id), 2000, 'Bench' from location`);
    await db.execute(sql`insert into event_signup (event_id, officer_id)
      select (select max(event_id) from event), officer_id from officer where separation_date is null on conflict do nothing`);
    const [facts] = await rowsOf<{ active: number; rostered: number }>(
      db,
      sql`select (select count(*) from officer where separation_date is null)::int as active,
        (select count(*) from event_signup where event_id = (select max(event_id) from event))::int as rostered`,
    );
    console.log(`${facts.active} active officers, all on tomorrow's roster`);

    const w0 = performance.now();
    const tick = await runReminderTick(app, AT, { send: false });
    const writeMs = performance.now() - w0;
    for (const r of tick.runs) console.log(`  ${r.key.padEnd(40)} ${String(r.written ?? '-').padStart(6)} messages ${r.ms.toFixed(0).padStart(7)} ms`);
    const written = tick.runs.reduce((n, r) => n + (r.written ?? 0), 0);
    console.log(`runs: ${written} messages in ${(writeMs / 1000).toFixed(2)} s`);

    const s0 = performance.now();
    const mail = await runReminderTick(app, AT, { kinds: [] });
    const sendMs = performance.now() - s0;
    console.log(`send: ${mail.mail.sent} mails (claimed, marked sent, audited) in ${(sendMs / 1000).toFixed(2)} s (${(sendMs / Math.max(1, mail.mail.sent)).toFixed(2)} ms each)`);

    const a0 = performance.now();
    const again = await runReminderTick(app, AT);
    console.log(`second tick at the same instant: ${again.runs.filter((r) => r.written !== null).length} runs claimed, ${again.mail.sent} mails, ${(performance.now() - a0).toFixed(0)} ms`);
    console.log(`total (runs + send): ${((writeMs + sendMs) / 1000).toFixed(2)} s; mailer calls ${sent}`);
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
