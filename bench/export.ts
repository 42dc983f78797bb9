/**
 * `npx tsx bench/export.ts [--db postgres|pglite] [--year 2025] [--database-url URL] [--out FILE]`:
 * how fast the server writes one year of every officer's time tickets (about 100,000 rows in the
 * 1,000-officer, 10-year seed) as CSV and as XLSX through GET /api/timeTickets/export.
 *
 * PostgreSQL (default): the database of --database-url (default
 * postgres://postgres@127.0.0.1:5432/rollcall_export_bench, which must exist) is reused when it
 * holds the scale seed, else seeded (`npm run seed -- --officers 1000 --years 10`, a few minutes).
 * PGlite: a fresh temporary DATA_DIR, seeded every run. The server runs as its own process
 * (bench/serverProcess.ts); the bench signs in as the seed's supervisor and, per format, reports
 * rows, bytes, time to first byte (first body chunk), total time, rows/s and the server's RSS growth
 * (VmRSS sampled every 20 ms during the export, minus VmRSS just before). Goals: 100,000 rows
 * under 10 s, first byte under 500 ms, RSS growth under 100 MB. Prints a table and writes --out
 * (default bench/results/<YYYY-MM-DD>-export.json). Never fails on a figure.
 */
import fs from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse';
import { startBenchServer, watchUsage, type BenchServer } from './serverProcess';
import { runScaleSeed } from './seedData';
import { createBenchDatabase, isSeeded } from './database';
import { signIn } from './apiClient';
import { machineInfo } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'BenchPass26';
const GOALS = { rowsPerExport: 100_000, totalMs: 10_000, firstByteMs: 500, rssGrowthBytes: 100 * 1024 * 1024 };

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    year: { type: 'string', default: '2025' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/rollcall_export_bench' },
    out: { type: 'string' },
    /** Accept-Encoding of the export requests: what a browser sends by default; 'identity' for none. */
    encoding: { type: 'string', default: 'gzip, deflate, br' },
  },
});

interface Figures {
  format: 'csv' | 'xlsx';
  status: number;
  /** Content-Encoding of the answer (the server compresses CSV when the request allows). */
  contentEncoding: string;
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  rowsPerSecond: number;
  /** CPU time the server process used during the export (user + system), ms: less load-dependent than the wall time. */
  serverCpuMs: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssGrowthBytes: number;
}

/** One export over HTTP, streamed: counts bytes and CSV lines while sampling the server's RSS. */
async function measure(server: BenchServer, token: string, format: 'csv' | 'xlsx', year: number): Promise<Figures> {
  const query = new URLSearchParams({ sinceDate: `01/01/${year}`, untilDate: `12/31/${year}`, format });
  const usage = await watchUsage(server);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/timeTickets/export?${query}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': args.encoding } });
  let firstByteMs = NaN;
  let bytes = 0;
  let records = 0;
  // CSV: the records counted by a CSV parser (a description may hold line breaks); its header is one
  const parser = format === 'csv' ? parse({ bom: true }).on('data', () => records++) : null;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    if (parser && !parser.write(chunk)) await once(parser, 'drain');
  }
  if (parser) {
    parser.end();
    await once(parser, 'end');
  }
  const totalMs = performance.now() - started;
  const used = await usage.stop();
  const declared = Number(res.headers.get('x-total-count'));
  // CSV: the lines after the header; XLSX: the count the server declared (reading the file back is the bench's own work)
  const rows = format === 'csv' ? records - 1 : declared;
  if (format === 'csv' && rows !== declared) console.warn(`CSV holds ${rows} rows, X-Total-Count says ${declared}`);
  return {
    format,
    status: res.status,
    contentEncoding: res.headers.get('content-encoding') ?? 'identity',
    rows,
    bytes,
    firstByteMs: Math.round(firstByteMs),
    totalMs: Math.round(totalMs),
    rowsPerSecond: Math.round(rows / (totalMs / 1000)),
    ...used,
  };
}

async function main() {
  const kind = args.db === 'pglite' ? 'pglite' : 'postgres';
  const year = Number(args.year);
  let env: Record<string, string>;
  let drop = async () => {};
  let seededHere = false;
  if (kind === 'postgres') {
    env = { DATABASE_URL: args['database-url'], DATA_DIR: path.join('/tmp', 'rollcall-export-bench') };
    await fs.mkdir(env.DATA_DIR, { recursive: true });
  } else {
    const db = await createBenchDatabase('pglite', '');
    env = db.env;
    drop = db.drop;
  }
  if (kind === 'pglite' || !(await isSeeded(env.DATABASE_URL))) {
    console.log(`Seeding 1000 officers x 10 years on ${kind} (a few minutes)…`);
    await runScaleSeed(ROOT, { officers: 1000, years: 10, seed: 1, password: PASSWORD, env }, (line) => console.log(line));
    seededHere = true;
  }
  const server = await startBenchServer(ROOT, { env });
  const results: Figures[] = [];
  try {
    const { token } = await signIn(server.url, 'supervisor', PASSWORD);
    // one small export first, so module loading and the first statement's planning are not in the figures
    await fetch(`${server.url}/api/timeTickets/export?sinceDate=01/01/${year}&untilDate=01/01/${year}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    for (const format of ['csv', 'xlsx'] as const) {
      const f = await measure(server, token, format, year);
      results.push(f);
      console.log(
        `${format.padEnd(5)} ${f.status} ${f.contentEncoding} rows ${f.rows}  ${(f.bytes / 1e6).toFixed(1)} MB  first byte ${f.firstByteMs} ms  total ${f.totalMs} ms  ` +
          `${f.rowsPerSecond} rows/s  server CPU ${f.serverCpuMs} ms  RSS +${(f.rssGrowthBytes / 2 ** 20).toFixed(1)} MiB (peak ${(f.rssPeakBytes / 2 ** 20).toFixed(0)} MiB)`,
      );
    }
  } finally {
    await server.stop();
    await drop();
  }
  const goals = results.map((f) => ({
    format: f.format,
    under10s: f.totalMs * (GOALS.rowsPerExport / Math.max(f.rows, 1)) < GOALS.totalMs,
    firstByteUnder500ms: f.firstByteMs < GOALS.firstByteMs,
    rssGrowthUnder100MB: f.rssGrowthBytes < GOALS.rssGrowthBytes,
  }));
  const out = args.out ?? path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-export.json`);
  await fs.writeFile(out, `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), loadAverageAfter: os.loadavg(), db: kind, year, acceptEncoding: args.encoding, seededHere, goals: GOALS, results, met: goals }, null, 2)}\n`);
  console.log(`Written ${path.relative(ROOT, out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
