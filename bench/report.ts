import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BundleSize } from './bundleSize';
import type { CallResult } from './apiBench';
import type { BrowserResult } from './browser';
import type { DbKind } from './options';
import type { SeedResult } from './seedData';

/** Everything measured on one database: the JSON file's `run`. */
export interface DbRun {
  db: DbKind;
  /** How the data came about: the scale seed's size, or the demo organisation when there is no scale seed yet. */
  data: string;
  officers: number;
  years: number;
  seed: SeedResult | null;
  databaseBytes: number;
  /** What the calls were about (dates MM/DD/YYYY). */
  fixtures: Record<string, unknown>;
  memory: { idleRssBytes: number; afterLoadRssBytes: number; peakRssBytes: number };
  calls: CallResult[];
  browser: BrowserResult | null;
  browserError: string | null;
}

/** The machine the figures come from. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpuCount: cpus.length,
    totalMemoryBytes: os.totalmem(),
    loadAverage: os.loadavg(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
  };
}

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`);
const num = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits));

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The table of one database as printed: per call req/s, p50, p99, bytes, ratio to its reference, single-request server time; then memory, seeding and browser figures. */
export function formatRun(run: DbRun): string {
  const rows = run.calls.map((c) => [
    c.status >= 200 && c.status <= 299 ? c.label : `${c.label} [${c.status}]`,
    num(c.route?.reqPerSec),
    num(c.route?.p50Ms, 1),
    num(c.route?.p99Ms, 1),
    String(c.bytes),
    num(c.reference?.reqPerSec),
    num(c.ratio, 2),
    num(c.single?.serverMs, 1),
  ]);
  const failed = run.calls.filter((c) => (c.route?.non2xx ?? 0) + (c.route?.errors ?? 0) + (c.reference?.non2xx ?? 0) + (c.reference?.errors ?? 0) > 0);
  const lines = [
    `== ${run.db}: ${run.data}`,
    table(['call', 'req/s', 'p50 ms', 'p99 ms', 'bytes', 'ref req/s', 'ratio', 'single ms'], rows),
    ...failed.map((c) => `  ! ${c.label}: ${c.route?.non2xx ?? 0} non-2xx, ${c.route?.errors ?? 0} errors (reference ${c.reference?.non2xx ?? 0}/${c.reference?.errors ?? 0})`),
    `ratio = req/s of the call / req/s of GET /api/bench/echo sending the same bytes from memory behind the same session check; single = median server time of one request alone.`,
    `server RSS: idle ${kib(run.memory.idleRssBytes)}, after load ${kib(run.memory.afterLoadRssBytes)}, peak ${kib(run.memory.peakRssBytes)}`,
    run.seed
      ? `seeding: ${run.seed.officers} officers, ${run.seed.tickets} tickets, ${run.seed.events} events, ${run.seed.signups} sign-ups, ${run.seed.uploads} uploads, ${run.seed.signoffs} sign-offs in ${run.seed.seconds.toFixed(1)} s (npm run seed: ${run.seed.wallSeconds.toFixed(1)} s); database ${kib(run.databaseBytes)}`
      : `seeding: none (demo organisation); database ${kib(run.databaseBytes)}`,
  ];
  if (run.browser) {
    const b = run.browser;
    lines.push(`browser: Time Tickets > Current YTD click to ${b.ytdFirstPage.rows} rows ${b.ytdFirstPage.ms} ms`);
    if (b.list200) lines.push(`browser: his tickets ${b.list200.sinceDate}-${b.list200.untilDate}, 200 rows per page: click to ${b.list200.rows} rows ${b.list200.ms} ms`);
    lines.push(b.trainingReport ? `browser: Training Compliance Run Report to ${b.trainingReport.rows} rows ${b.trainingReport.ms} ms` : 'browser: Training Compliance not measured (no training events)');
  } else if (run.browserError) {
    lines.push(`browser: not measured: ${run.browserError}`);
  }
  return lines.join('\n');
}

/** The bundle figures as printed, with the budget verdict. */
export function formatBundle(size: BundleSize, problems: string[], dir: string): string {
  return [
    `== front end (${dir})`,
    `JS of the sign-in page ${kib(size.loginJsGzipBytes)} gzip; whole app ${kib(size.appJsGzipBytes)} gzip in ${size.chunks} chunks; largest chunk ${kib(size.largestChunkGzipBytes)} gzip`,
    ...(problems.length ? problems.map((p) => `BUDGET EXCEEDED: ${p}`) : ['within the bundle budget']),
  ].join('\n');
}

/**
 * Writes `<outDir>/<YYYY-MM-DD>-<db>[-quick].json` with the machine, the options, the bundle and
 * the run; returns its path. Quick runs carry -quick (bench/.gitignore keeps them out of git).
 */
export async function writeResult(outDir: string, quick: boolean, body: { run: DbRun } & Record<string, unknown>): Promise<string> {
  await fs.mkdir(outDir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(outDir, `${date}-${body.run.db}${quick ? '-quick' : ''}.json`);
  await fs.writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}
