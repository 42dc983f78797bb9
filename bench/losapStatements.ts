/**
 * `npx tsx bench/losapStatements.ts [--year 2025] [--database-url URL] [--login administrator] [--password P] [--out FILE]`:
 * how long GET /api/losap/statements takes to stream every active officer's year-end LOSAP
 * statement (one PDF each) as one ZIP, on PostgreSQL with the 1,000-officer, 10-year seed (the
 * database of --database-url, default postgres://postgres@127.0.0.1:5432/rollcall_losap, must
 * hold it: `npm run seed -- --officers 1000 --years 10`). The server runs as its own process
 * (bench/serverProcess.ts); the bench signs in as a level 9 login and reports entries (read back
 * with yauzl: every one a PDF), bytes, time to first byte, total time, server CPU and the
 * server's RSS growth (VmRSS sampled every 20 ms, minus VmRSS just before). Then it asks again
 * and hangs up after the first chunk, and reports the server CPU of the 3 s after: near 0 when
 * the server stopped making statements. Goals: 1,000 statements under 60 s, RSS growth under
 * 200 MB. Prints the figures and writes --out (default bench/results/<YYYY-MM-DD>-losap-statements.json).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import yauzl from 'yauzl';
import { startBenchServer, watchUsage, type BenchServer } from './serverProcess';
import { signIn } from './apiClient';
import { machineInfo } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const GOALS = { statements: 1000, totalMs: 60_000, rssGrowthBytes: 200 * 1024 * 1024 };

const { values: args } = parseArgs({
  options: {
    year: { type: 'string', default: '2025' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/rollcall_losap' },
    login: { type: 'string', default: 'administrator' },
    password: { type: 'string', default: process.env.SEED_PASSWORD ?? 'Demo2026' },
    out: { type: 'string' },
  },
});

/** The entries of a ZIP: how many, and how many begin as a PDF. */
function zipEntries(bytes: Buffer): Promise<{ entries: number; pdfs: number }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      let entries = 0;
      let pdfs = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          let head = Buffer.alloc(0);
          stream.on('data', (c: Buffer) => (head = head.length < 5 ? Buffer.concat([head, c]) : head));
          stream.on('end', () => {
            if (head.subarray(0, 5).toString('latin1') === '%PDF-') pdfs++;
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ entries, pdfs }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function measure(server: BenchServer, token: string, year: number) {
  const usage = await watchUsage(server);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/losap/statements?year=${year}`, { headers: { authorization: `Bearer ${token}` } });
  let firstByteMs = NaN;
  const chunks: Buffer[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    chunks.push(Buffer.from(chunk));
  }
  const totalMs = performance.now() - started;
  const used = await usage.stop();
  const zip = Buffer.concat(chunks);
  const { entries, pdfs } = res.status === 200 ? await zipEntries(zip) : { entries: 0, pdfs: 0 };
  return {
    status: res.status,
    entries,
    pdfs,
    bytes: zip.length,
    firstByteMs: Math.round(firstByteMs),
    totalMs: Math.round(totalMs),
    msPerStatement: Math.round((totalMs / Math.max(entries, 1)) * 10) / 10,
    ...used,
  };
}

/** Asks for the ZIP, hangs up after the first chunk, and returns the server's CPU time over the next 3 s (ms). */
async function hangUp(server: BenchServer, token: string, year: number) {
  const aborter = new AbortController();
  const res = await fetch(`${server.url}/api/losap/statements?year=${year}`, { headers: { authorization: `Bearer ${token}` }, signal: aborter.signal });
  const reader = res.body!.getReader();
  await reader.read();
  aborter.abort();
  await reader.cancel().catch(() => {});
  await sleep(500);
  const after = await watchUsage(server);
  await sleep(3000);
  return { serverCpuMsIn3sAfterHangUp: (await after.stop()).serverCpuMs };
}

async function main() {
  const year = Number(args.year);
  const env = { DATABASE_URL: args['database-url'], DATA_DIR: path.join('/tmp', 'rollcall-losap-statements-bench') };
  await fs.mkdir(env.DATA_DIR, { recursive: true });
  const server = await startBenchServer(ROOT, { env });
  let result;
  let afterHangUp;
  try {
    const { token, accessLevel } = await signIn(server.url, args.login, args.password);
    if (accessLevel < 9) throw new Error(`${args.login} is level ${accessLevel}; the ZIP needs level 9`);
    // one statement first, so module loading (pdfkit, its font metrics) is not in the figures
    await fetch(`${server.url}/api/losap/statement?year=${year}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    result = await measure(server, token, year);
    console.log(
      `ZIP ${result.status}: ${result.entries} statements (${result.pdfs} PDFs), ${(result.bytes / 1e6).toFixed(1)} MB, first byte ${result.firstByteMs} ms, ` +
        `total ${result.totalMs} ms (${result.msPerStatement} ms each), server CPU ${result.serverCpuMs} ms, RSS +${(result.rssGrowthBytes / 2 ** 20).toFixed(1)} MiB (peak ${(result.rssPeakBytes / 2 ** 20).toFixed(0)} MiB)`,
    );
    afterHangUp = await hangUp(server, token, year);
    console.log(`After the client hung up: server CPU ${afterHangUp.serverCpuMsIn3sAfterHangUp} ms in 3 s`);
  } finally {
    await server.stop();
  }
  const met = {
    under60sPer1000: result.totalMs * (GOALS.statements / Math.max(result.entries, 1)) < GOALS.totalMs,
    rssGrowthUnder200MB: result.rssGrowthBytes < GOALS.rssGrowthBytes,
  };
  const out = args.out ?? path.join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}-losap-statements.json`);
  await fs.writeFile(out, `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), loadAverageAfter: os.loadavg(), db: 'postgres', year, goals: GOALS, result, afterHangUp, met }, null, 2)}\n`);
  console.log(`Written ${path.relative(ROOT, out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
