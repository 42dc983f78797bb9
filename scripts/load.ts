/**
 * Load run: `npm run load [-- --officers 200] [-- --seconds 60] [-- --think-ms 1000] [-- --db pglite]`.
 * A script that prints figures, not a test (never fails on a time).
 *
 * With `--db pglite` the same run goes to the embedded database in a throw-away DATA_DIR (read
 * before the server starts and after it stops: the server holds its lock meanwhile).
 * Each call answered by the answer layer says whether it came from memory (`X-Answer: kept` or
 * `made`, server/answers): the table's `kept %` column is the share answered from kept answers.
 *
 * On PostgreSQL (DATABASE_URL: a throw-away database is created on that server and dropped after):
 * seeds a county organisation with `npm run seed` (the officers, a year of history), starts the
 * real server (server/main.ts --api-only), signs each simulated officer in, then for `seconds`
 * every officer loops over a mixed day of phone use with a think time between calls: the session
 * check before navigation, his year-to-date tickets and their totals, details and rosters, the
 * 159 board and unread count, news, logging a ticket and signing up. Prints each call's count,
 * p50/p95/p99 latency and failures, and throughput. Then checks the writes: every
 * ticket and sign-up answered 2xx is in the database once, for its officer, and no write the server
 * refused or never answered left a row; and the server's memory (RSS sampled every 5 s during the
 * run and 20 s after it): flat means the second half of the run, its end and the value 20 s later
 * stay within 10 % of the first half's peak (RSS moves with V8's heap between collections, so
 * peaks are compared, not single samples). Exits 1 on a 5xx, a lost or an unexplained extra write.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { startAppProcess } from './appProcess';
import { createScratchDatabase } from './scratchDatabase';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opt = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const OFFICERS = opt('--officers', 200);
const SECONDS = opt('--seconds', 60);
const THINK_MS = opt('--think-ms', 1000);
const PASSWORD = 'Load2026x';
const EMBEDDED = process.argv.includes('--db') && process.argv[process.argv.indexOf('--db') + 1] === 'pglite';

/** Rows of one SQL statement (no parameters) on the run's database. */
type Rows = <T>(text: string) => Promise<T[]>;

const pad = (n: number) => String(n).padStart(2, '0');
const mdy = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

interface Stat {
  latencies: number[];
  failures: number;
  conflicts: number;
  /** Answers of the answer layer: from memory, and made. */
  kept: number;
  made: number;
}
const stats = new Map<string, Stat>();
function record(name: string, ms: number, status: number, answer?: string | null) {
  const s = stats.get(name) ?? { latencies: [], failures: 0, conflicts: 0, kept: 0, made: 0 };
  stats.set(name, s);
  s.latencies.push(ms);
  if (answer === 'kept') s.kept++;
  else if (answer === 'made') s.made++;
  if (status === 409) s.conflicts++;
  else if (status >= 400 || status === 0) s.failures++;
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function run(cmd: string, args: string[], env: Record<string, string | undefined>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env } as Record<string, string>, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed:\n${out}`))));
  });
}

async function main() {
  if (!EMBEDDED && !process.env.DATABASE_URL) throw new Error('npm run load runs on PostgreSQL: set DATABASE_URL to a server where this user may create databases (or pass --db pglite)');
  const scratch = EMBEDDED ? null : await createScratchDatabase(process.env.DATABASE_URL!, 'rollcall_load');
  const databaseUrl = scratch?.url;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-load-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: 'LoadAdmin1', JWT_SECRET: randomBytes(32).toString('hex'), AUTH_RATE_LIMIT: '1000000', REDIS_URL: undefined };
  let server: Awaited<ReturnType<typeof startAppProcess>> | undefined;
  /** The run's database: PostgreSQL for the whole run; the embedded one only while the server is down. */
  const open = async (): Promise<{ rows: Rows; end: () => Promise<void> }> => {
    if (!EMBEDDED) {
      const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
      return { rows: <T>(text: string) => sql.unsafe(text) as unknown as Promise<T[]>, end: () => sql.end() };
    }
    const lite = new PGlite(path.join(dataDir, 'pgdata'));
    return { rows: async <T>(text: string) => (await lite.query<T>(text)).rows, end: () => lite.close() };
  };
  try {
    // Some seeded officers are separated, restricted (level 3) or never signed in: seed a third more.
    const seeded = Math.ceil(OFFICERS * 1.35);
    console.log(`seeding ${seeded} officers with a year of history${EMBEDDED ? ' (embedded database)' : ''}…`);
    await run(process.execPath, ['--import', 'tsx', 'server/seed.ts', '--officers', String(seeded), '--years', '1', '--password', PASSWORD], env);
    let db = await open();
    const people = await db.rows<{ officerId: number; login: string }>(`
      select officer_id as "officerId", login from officer
      where access_type_id <> 3 and (separation_date is null or separation_date > current_date) and officer_id > 3 and last_login_date is not null
      order by officer_id limit ${OFFICERS}`);
    const events = (await db.rows<{ eventId: number }>('select event_id as "eventId" from event order by start_at desc limit 200')).map((e) => e.eventId);
    const signupsBefore = new Set((await db.rows<{ k: string }>(`select event_id || ':' || officer_id as k from event_signup`)).map((r) => r.k));
    if (EMBEDDED) await db.end();
    server = await startAppProcess(env);
    const base = server.url;

    let serverErrors = 0;
    /** Writes answered 2xx: ticket id -> officer, and 'event:officer' of sign-ups. */
    const ackTickets = new Map<number, number>();
    const ackSignups = new Set<string>();
    /** Writes whose answer never came (network error, timeout): they may or may not have been saved. */
    let unknownTickets = 0;
    let unknownSignups = 0;
    const call = async (name: string, method: string, url: string, token: string | null, body?: unknown) => {
      const t0 = performance.now();
      let status = 0;
      let answer: string | null = null;
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        answer = res.headers.get('x-answer');
        if (status >= 500) serverErrors++;
        const text = await res.text();
        return { status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
      } finally {
        record(name, performance.now() - t0, status, answer);
      }
    };

    console.log(`signing in ${people.length} officers…`);
    const tokens = new Map<number, string>();
    for (let i = 0; i < people.length; i += 4) {
      await Promise.all(
        people.slice(i, i + 4).map(async (p) => {
          const r = await call('sign-in', 'POST', '/api/authenticate', null, { username: p.login, password: PASSWORD });
          if (r.status === 200) tokens.set(p.officerId, (r.json as { jwt: string }).jwt);
        }),
      );
    }
    const today = new Date();
    const ytd = `sinceDate=01/01/${today.getFullYear()}&untilDate=${mdy(today)}`;
    const monthAgo = mdy(new Date(today.getTime() - 30 * 86_400_000));
    const weighted: Array<[number, (me: number, token: string) => Promise<unknown>]> = [
      [25, (_me, t) => call('GET session (navigation check)', 'GET', '/api/session', t)],
      [20, (me, t) => call('GET own tickets YTD (100 rows)', 'GET', `/api/timeTickets/getMultiple?officerId=${me}&${ytd}&_sort=startDate&_order=DESC&_start=0&_end=100`, t)],
      [10, (me, t) => call('GET own ticket totals YTD', 'GET', `/api/timeTickets/getTotals?officerId=${me}&${ytd}`, t)],
      [10, (_me, t) => call('GET details list', 'GET', `/api/events/getMultiple?eventTypeId=1&sinceStartDate=${monthAgo}`, t)],
      [5, (_me, t) => call('GET a roster', 'GET', `/api/signup/getMultiple?eventId=${events[Math.floor(Math.random() * events.length)] ?? 1}`, t)],
      [10, (_me, t) => call('GET 159 board', 'GET', '/api/uploads/getMultiple?uploadTypeId=1&_start=0&_end=100', t)],
      [5, (me, t) => call('GET unread 159 count', 'GET', `/api/countUnread159s/${me}`, t)],
      [5, (_me, t) => call('GET news', 'GET', '/api/news/getMultiple?_start=0&_end=25', t)],
      [7, async (me, t) => {
        const d = new Date(today.getTime() - (1 + Math.floor(Math.random() * 25)) * 86_400_000);
        const h = 6 + Math.floor(Math.random() * 14);
        const r = await call('POST log a ticket', 'POST', '/api/timeTickets/insert', t, {
          officer: { officerId: me }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, event: { eventId: 0 },
          startDate: mdy(d), startTime: `${pad(h)}:00`, endDate: mdy(d), endTime: `${pad(h + 2)}:00`, travelHours: 0, description: 'Load run patrol',
          parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0,
        }).catch(() => ({ status: 0, json: null }));
        if (r.status === 201) ackTickets.set((r.json as { hoursWorkedId: number }).hoursWorkedId, me);
        else if (r.status === 0) unknownTickets++;
      }],
      [3, async (me, t) => {
        const eventId = events[Math.floor(Math.random() * events.length)] ?? 1;
        const r = await call('POST sign up', 'POST', '/api/signup/insert', t, { event: { eventId }, officer: { officerId: me } }).catch(() => ({ status: 0, json: null }));
        if (r.status === 201) ackSignups.add(`${eventId}:${me}`);
        else if (r.status === 0) unknownSignups++;
      }],
    ];
    const totalWeight = weighted.reduce((n, [w]) => n + w, 0);
    const pick = () => {
      let r = Math.random() * totalWeight;
      for (const [w, f] of weighted) if ((r -= w) < 0) return f;
      return weighted[0][1];
    };
    const rssBefore = await rss(server.pid);
    console.log(`${tokens.size} officers signed in; ${SECONDS} s of mixed traffic, think time up to ${THINK_MS} ms…`);
    stats.clear();
    const end = Date.now() + SECONDS * 1000;
    const rssSamples: number[] = [];
    const sampler = setInterval(() => void rss(server!.pid).then((m) => rssSamples.push(m)), 5000);
    await Promise.all(
      [...tokens].map(async ([me, token]) => {
        await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
        while (Date.now() < end) {
          // a call that timed out is recorded (status 0) and the officer goes on, as a user retries
          await pick()(me, token).catch(() => {});
          await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
        }
      }),
    );
    clearInterval(sampler);
    const rssAfter = await rss(server.pid);
    await new Promise((r) => setTimeout(r, 20_000));
    const rssIdle = await rss(server.pid);
    let all = 0;
    let failures = 0;
    console.log(`\n${'call'.padEnd(34)} ${'count'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'409'.padStart(5)} ${'failed'.padStart(6)} ${'kept %'.padStart(7)}`);
    const kept: Record<string, { kept: number; made: number }> = {};
    for (const [name, s] of [...stats].sort()) {
      const sorted = [...s.latencies].sort((a, b) => a - b);
      all += sorted.length;
      failures += s.failures;
      const share = s.kept + s.made ? ((100 * s.kept) / (s.kept + s.made)).toFixed(1) : '-';
      if (s.kept + s.made) kept[name] = { kept: s.kept, made: s.made };
      console.log(`${name.padEnd(34)} ${String(sorted.length).padStart(6)} ${pct(sorted, 50).toFixed(1).padStart(7)} ${pct(sorted, 95).toFixed(1).padStart(7)} ${pct(sorted, 99).toFixed(1).padStart(7)} ${String(s.conflicts).padStart(5)} ${String(s.failures).padStart(6)} ${share.padStart(7)}`);
    }
    console.log(`\n${tokens.size} officers, ${SECONDS} s: ${all} calls, ${(all / SECONDS).toFixed(0)} calls/s, ${failures} failed, ${serverErrors} × 5xx (409 overlaps and full rosters counted apart)`);

    const keptAll = Object.values(kept).reduce((n, k) => n + k.kept, 0);
    const answeredAll = Object.values(kept).reduce((n, k) => n + k.kept + k.made, 0);
    console.log(`lists and reports answered from kept answers: ${keptAll} of ${answeredAll} (${answeredAll ? ((100 * keptAll) / answeredAll).toFixed(1) : '-'} %)`);
    if (EMBEDDED) {
      await server.stop();
      server = undefined;
      db = await open();
    }
    const writes = await checkWrites(db.rows, ackTickets, ackSignups, signupsBefore, unknownTickets, unknownSignups);
    await db.end();
    const half = Math.ceil(rssSamples.length / 2);
    const firstPeak = Math.max(rssBefore, ...rssSamples.slice(0, half));
    const secondPeak = Math.max(rssAfter, rssIdle, ...rssSamples.slice(half));
    const flat = secondPeak <= firstPeak * 1.1;
    console.log(
      `server RSS (MiB): idle ${rssBefore}; every 5 s ${rssSamples.join(' ')}; end ${rssAfter}; 20 s later ${rssIdle} -> ` +
        `${flat ? 'flat' : 'GROWING'} (peak ${firstPeak} in the first half, ${secondPeak} in the second half and after)`,
    );
    const result = { database: EMBEDDED ? 'pglite' : 'postgres', officers: tokens.size, seconds: SECONDS, calls: all, kept, keptShare: answeredAll ? keptAll / answeredAll : null, failures, serverErrors, ...writes, rssMiB: { idle: rssBefore, firstHalfPeak: firstPeak, secondHalfPeak: secondPeak, end: rssAfter, idleAfter: rssIdle }, memoryFlat: flat };
    console.log(`LOAD_RESULT ${JSON.stringify(result)}`);
    if (serverErrors > 0 || writes.lostTickets + writes.lostSignups + writes.extraTickets + writes.extraSignups + writes.duplicateTickets > 0) process.exitCode = 1;
  } finally {
    await server?.stop();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Reads the load run's writes back: tickets by their description 'Load run patrol' (the seed never
 * writes it), sign-ups new since the run began. Lost = answered 201 but absent or under another
 * officer; extra = present but never answered 201, beyond the calls whose answer never came;
 * duplicate = two tickets of one officer with the same 10-41 (the exclusion constraint forbids it).
 */
async function checkWrites(
  rows: Rows,
  ackTickets: Map<number, number>,
  ackSignups: Set<string>,
  signupsBefore: Set<string>,
  unknownTickets: number,
  unknownSignups: number,
) {
  const tickets = await rows<{ id: number; officerId: number; startAt: string }>(`
    select hours_worked_id as id, officer_id as "officerId", start_at::text as "startAt" from hours_worked where description = 'Load run patrol'`);
  const saved = new Map(tickets.map((t) => [t.id, t.officerId]));
  const lostTickets = [...ackTickets].filter(([id, officerId]) => saved.get(id) !== officerId).length;
  const extraTickets = Math.max(0, tickets.filter((t) => !ackTickets.has(t.id)).length - unknownTickets);
  const starts = new Set(tickets.map((t) => `${t.officerId}@${t.startAt}`));
  const duplicateTickets = tickets.length - starts.size;
  const signups = new Set((await rows<{ k: string }>(`select event_id || ':' || officer_id as k from event_signup`)).map((r) => r.k));
  const lostSignups = [...ackSignups].filter((k) => !signups.has(k)).length;
  const extraSignups = Math.max(0, [...signups].filter((k) => !signupsBefore.has(k) && !ackSignups.has(k)).length - unknownSignups);
  console.log(
    `writes: ${ackTickets.size} tickets answered 201, ${tickets.length} in the database (${lostTickets} lost, ${extraTickets} extra, ${duplicateTickets} duplicated); ` +
      `${ackSignups.size} sign-ups answered 201 (${lostSignups} lost, ${extraSignups} extra); ${unknownTickets + unknownSignups} writes without an answer`,
  );
  return { ticketsAcknowledged: ackTickets.size, lostTickets, extraTickets, duplicateTickets, signupsAcknowledged: ackSignups.size, lostSignups, extraSignups };
}

async function rss(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
