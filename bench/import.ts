/**
 * `npx tsx bench/import.ts [--source-url URL] [--work DIR] [--out FILE] [--keep] [--reuse-files]`: how fast the
 * import command (`npm run import`) brings a 1,000-officer, 10-year ticket history (about 940,000
 * time tickets) into a fresh PostgreSQL database, and whether every hour arrives.
 *
 * 1. The source: the database of --source-url (default
 *    postgres://postgres@127.0.0.1:5432/rollcall_import_src, which must exist), seeded with
 *    `npm run seed -- --officers 1000 --years 10 --seed 42` unless it already holds the scale seed.
 * 2. The files, from the source: the time tickets through the project's own export (GET
 *    /api/timeTickets/export?format=csv, every date, as the seed's supervisor, served by
 *    bench/serverProcess.ts), and the roster as the officer import's columns (read by SQL: the
 *    officer list's export has no logins). The super user is left out (the target has its own).
 * 3. The target: a fresh database (bench/database.ts), started once by the app (migrations,
 *    reference data, super user); after the officers' import its locations, events and rosters are
 *    copied from the source by COPY (events have no import yet, and an event ticket needs its event
 *    and roster).
 * 4. `npm run import -- --kind officers`, then `--kind tickets`, each timed from spawn to exit; the
 *    command's IMPORT_RESULT line gives its rows/s and peak RSS.
 * 5. The totals check: one SQL query, run on both databases, of each officer's tickets, hours
 *    worked, travel hours and the eight counts per year (10-41 in ORG_TIMEZONE); the rows must be
 *    identical.
 * Goals: 1,000,000 rows under 5 minutes, RSS growth under 300 MB. Prints the figures and writes
 * --out (default bench/results/<YYYY-MM-DD>-import-tickets.json; an existing file is never
 * overwritten: a suffix is added). Never fails on a figure; exits 2 when it cannot run.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { stringify } from 'csv-stringify/sync';
import { startBenchServer } from './serverProcess';
import { runScaleSeed } from './seedData';
import { createBenchDatabase, isSeeded } from './database';
import { signIn } from './apiClient';
import { machineInfo } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'BenchPass26';
const TZ = process.env.ORG_TIMEZONE ?? 'America/New_York';
const GOALS = { rows: 1_000_000, seconds: 300, rssGrowthMb: 300 };

const { values: args } = parseArgs({
  options: {
    'source-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/rollcall_import_src' },
    work: { type: 'string', default: path.join(os.tmpdir(), 'rollcall-import-bench') },
    out: { type: 'string' },
    /** Keep the target database (its URL is printed) instead of dropping it. */
    keep: { type: 'boolean', default: false },
    /** Use the files an earlier run left in --work instead of exporting again. */
    'reuse-files': { type: 'boolean', default: false },
  },
});

interface CommandRun {
  exitCode: number;
  wallSeconds: number;
  result: Record<string, unknown> | null;
  tail: string;
}

/** Runs `npm run import -- …` on the target; its IMPORT_RESULT line and the wall time from spawn to exit. */
function runImportCommand(env: Record<string, string>, cliArgs: string[]): Promise<CommandRun> {
  const started = performance.now();
  const child = spawn('npm', ['run', 'import', '--', ...cliArgs], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let result: Record<string, unknown> | null = null;
  let tail = '';
  let buffered = '';
  let lastProgress = 0;
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^IMPORT_RESULT (\{.*\})\s*$/.exec(line);
      if (m) result = JSON.parse(m[1]) as Record<string, unknown>;
      tail = `${tail}\n${line}`.slice(-3000);
      // progress every ~100,000 rows, so a long run shows it is alive
      const rows = /^(\d+) rows/.exec(line);
      if (rows && Number(rows[1]) - lastProgress >= 100_000) {
        lastProgress = Number(rows[1]);
        console.log(`  ${line}`);
      } else if (!rows && line.trim() && !line.startsWith('>')) console.log(`  ${line}`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ exitCode: code ?? 1, wallSeconds: Math.round(performance.now() - started) / 1000, result, tail }));
  });
}

/** Thrown to skip the export when --reuse-files finds the files. */
class Reused extends Error {}

/** The roster as the officer import's columns (lookups by id), every officer but the super user. */
async function writeOfficers(url: string, file: string, superUserId: number): Promise<number> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await client`
      select 'A' || lpad(officer_id::text, 4, '0') as "Officer ID", login as "Login", first_name as "First Name", middle as "Middle", last_name as "Last Name",
        precinct_id as "Precinct", rank_id as "Rank", to_char(appointment_date, 'MM/DD/YYYY') as "Appointment Date",
        to_char(separation_date, 'MM/DD/YYYY') as "Separation Date", home_street_addr1 as "Address", home_city as "City", home_state_id as "State",
        home_zip as "Zip", home_phone as "Home Phone", mobile as "Mobile", home_email as "Home Email", dept_email as "Dept Email",
        access_type_id as "Access Level", badge_number as "Badge Number", handcuff_number as "Handcuff Number", soundex as "Drivers License"
      from officer where officer_id <> ${superUserId} order by officer_id`;
    const headers = Object.keys(rows[0]);
    await fsp.writeFile(file, stringify([headers, ...rows.map((r) => headers.map((h) => (r as Record<string, unknown>)[h] ?? ''))]));
    return rows.length;
  } finally {
    await client.end();
  }
}

/** Copies the locations, events and rosters of the source into the target (psql's COPY out of one, into the other), replacing the target's. */
async function copyEvents(sourceUrl: string, targetUrl: string): Promise<void> {
  const psql = (url: string, command: string) => `psql -q -v ON_ERROR_STOP=1 '${url}' -c '${command}'`;
  const copies = ['location', 'event', 'event_signup'].map((t) => `${psql(sourceUrl, `\\copy ${t} to stdout`)} | ${psql(targetUrl, `\\copy ${t} from stdin`)}`);
  const script = [
    psql(targetUrl, 'truncate event_signup, event, location cascade'),
    ...copies,
    psql(targetUrl, "select setval(pg_get_serial_sequence('location', 'location_id'), (select max(location_id) from location)), setval(pg_get_serial_sequence('event', 'event_id'), (select max(event_id) from event))".replace(/'/g, `'"'"'`)),
  ].join(' && ');
  await new Promise<void>((resolve, reject) => {
    const sh = spawn('bash', ['-o', 'pipefail', '-c', script], { stdio: ['ignore', 'ignore', 'inherit'] });
    sh.once('error', reject);
    sh.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`copying the events exited ${code}`))));
  });
}

/** THE totals check: per officer and year (10-41 in ORG_TIMEZONE), tickets, hours worked, travel and the eight counts. */
async function totals(url: string): Promise<string[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await client.unsafe(
      `select officer_id, extract(year from start_at at time zone $1)::int as year, count(*)::int as tickets, sum(hours_worked)::text as hours,
         sum(travel_hours)::int as travel, sum(parking_citations)::int as pc, sum(firs)::int as firs, sum(warnings)::int as w, sum(arrests)::int as a,
         sum(arrest_assists)::int as aa, sum(reports)::int as r, sum(pedestrian_edu)::int as pe, sum(business_checks)::int as bc
       from hours_worked group by 1, 2 order by 1, 2`,
      [TZ],
    );
    return rows.map((r) => Object.values(r).join('|'));
  } finally {
    await client.end();
  }
}

/** `wanted`, or with -2, -3, … before .json when it exists (results are never overwritten). */
function freshName(wanted: string): string {
  let name = wanted;
  for (let i = 2; fs.existsSync(name); i++) name = wanted.replace(/\.json$/, `-${i}.json`);
  return name;
}

async function main() {
  const sourceUrl = args['source-url'];
  await fsp.mkdir(args.work, { recursive: true });
  const sourceEnv = { DATABASE_URL: sourceUrl, DATA_DIR: path.join(args.work, 'source-data') };
  await fsp.mkdir(sourceEnv.DATA_DIR, { recursive: true });
  if (!(await isSeeded(sourceUrl))) {
    console.log('Seeding 1000 officers x 10 years into the source (a few minutes)…');
    await runScaleSeed(ROOT, { officers: 1000, years: 10, seed: 42, password: PASSWORD, env: sourceEnv }, (line) => console.log(line));
  }
  const superUserId = Number(process.env.SUPER_USER_ID ?? 1);
  const ticketsFile = path.join(args.work, 'time-tickets.csv');
  const officersFile = path.join(args.work, 'officers.csv');

  // the files, from the source: tickets through the app's own export, over HTTP
  const reuse = args['reuse-files'] && fs.existsSync(ticketsFile);
  const server = reuse ? null : await startBenchServer(ROOT, { env: sourceEnv });
  let exportSeconds: number | null = null;
  try {
    if (!server) throw new Reused();
    const { token } = await signIn(server.url, 'supervisor', PASSWORD);
    const today = new Intl.DateTimeFormat('en-US', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const query = new URLSearchParams({ sinceDate: '01/01/2000', untilDate: today, format: 'csv' });
    const started = performance.now();
    const res = await fetch(`${server.url}/api/timeTickets/export?${query}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(ticketsFile));
    exportSeconds = Math.round(performance.now() - started) / 1000;
    console.log(`Exported ${res.headers.get('x-total-count')} tickets in ${exportSeconds} s (${(fs.statSync(ticketsFile).size / 1e6).toFixed(0)} MB)`);
  } catch (err) {
    if (!(err instanceof Reused)) throw err;
    console.log(`Reusing ${ticketsFile}`);
  } finally {
    await server?.stop();
  }
  const officerRows = await writeOfficers(sourceUrl, officersFile, superUserId);

  // the target: fresh, set up by one start of the app, with the source's events and rosters
  const target = await createBenchDatabase('postgres', sourceUrl.replace(/\/[^/]*$/, '/postgres'));
  let drop = target.drop;
  try {
    const boot = await startBenchServer(ROOT, { env: target.env });
    await boot.stop();
    const officers = await runImportCommand(target.env, ['--kind', 'officers', '--file', officersFile]);
    console.log(`Officers: ${JSON.stringify(officers.result)} (wall ${officers.wallSeconds} s)`);
    await copyEvents(sourceUrl, target.env.DATABASE_URL);
    const tickets = await runImportCommand(target.env, ['--kind', 'tickets', '--file', ticketsFile, '--errors', path.join(args.work, 'ticket-errors.csv')]);
    if (tickets.exitCode !== 0 || !tickets.result) throw new Error(`the ticket import failed:\n${tickets.tail}`);
    console.log(`Tickets: ${JSON.stringify(tickets.result)} (wall ${tickets.wallSeconds} s)`);

    const [source, copied] = await Promise.all([totals(sourceUrl), totals(target.env.DATABASE_URL)]);
    const copiedSet = new Set(copied);
    const sourceSet = new Set(source);
    const differing = { onlyInSource: source.filter((r) => !copiedSet.has(r)), onlyInTarget: copied.filter((r) => !sourceSet.has(r)) };
    const identical = !differing.onlyInSource.length && !differing.onlyInTarget.length;
    console.log(`Totals per officer and year: ${source.length} rows in the source, ${copied.length} in the target, ${identical ? 'identical' : `${differing.onlyInSource.length} differ`}`);

    const r = tickets.result as { rows: number; seconds: number; rowsPerSecond: number; rssPeakMb: number; rssGrowthMb: number };
    const met = {
      millionUnder5Minutes: (tickets.wallSeconds * GOALS.rows) / Math.max(r.rows, 1) < GOALS.seconds,
      rssGrowthUnder300Mb: r.rssGrowthMb < GOALS.rssGrowthMb,
      totalsIdentical: identical,
    };
    const out = freshName(args.out ?? path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-import-tickets.json`));
    const body = {
      date: new Date().toISOString(), machine: machineInfo(), loadAverageAfter: os.loadavg(), db: 'postgres', goals: GOALS, met,
      export: { seconds: exportSeconds, bytes: fs.statSync(ticketsFile).size },
      officers: { rows: officerRows, ...officers.result, wallSeconds: officers.wallSeconds },
      tickets: { ...tickets.result, wallSeconds: tickets.wallSeconds },
      totals: { rows: source.length, identical, onlyInSource: differing.onlyInSource.slice(0, 20), onlyInTarget: differing.onlyInTarget.slice(0, 20) },
    };
    await fsp.writeFile(out, `${JSON.stringify(body, null, 2)}\n`);
    console.log(`Written ${path.relative(ROOT, out)}`);
    if (args.keep) {
      console.log(`Target kept: ${target.env.DATABASE_URL}`);
      drop = async () => {};
    }
  } finally {
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
