/**
 * `npm run bench`: the whole benchmark of Roll Call, printed as tables and written as
 * JSON to bench/results/<date>-<db>[-quick].json. Usage and decisions: bench/README.md.
 *
 *   npm run bench -- --quick                 # 50 officers x 1 year on PGlite, 2 s per call
 *   npm run bench                            # 1000 officers x 10 years on PGlite, then on PostgreSQL
 *   npm run bench -- --db postgres           # DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *
 * For each database: a fresh database (PGlite data dir, or its own PostgreSQL database dropped
 * afterwards), the scale seed as a user runs it (`npm run seed`), the server as its own process
 * (bench/server.ts), the API calls under load with autocannon next to a from-memory reference
 * route, single-request server times, the server's memory, and two screens in Chromium. Once per
 * run: a build of the browser app and its gzip size (bench/bundleSize.ts). Prints figures; exits
 * 1 only when the bundle size budget is exceeded (2 when the bench itself cannot run).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseOptions, type BenchOptions, type DbKind } from './options';
import { createBenchDatabase } from './database';
import { hasScaleSeed, runScaleSeed, type SeedResult } from './seedData';
import { startBenchServer } from './serverProcess';
import { findFixtures } from './fixtures';
import { benchCalls } from './calls';
import { measureApi } from './apiBench';
import { measureBrowser, type BrowserResult } from './browser';
import { appBuild } from './frontEnd';
import { checkBundleBudget, measureBundle } from './bundleSize';
import { formatBundle, formatRun, machineInfo, writeResult, type DbRun } from './report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Password of every seeded login (the demo logins included). */
const PASSWORD = 'Bench2026';
const log = (line: string) => console.log(line);

/** Seeds, serves and measures one database; the database is dropped afterwards whatever happens. */
async function runOnDatabase(db: DbKind, opts: BenchOptions, staticDir: string): Promise<DbRun> {
  const database = await createBenchDatabase(db, opts.postgresUrl);
  try {
    const years = opts.years[db];
    let seed: SeedResult | null = null;
    let data: string;
    if (hasScaleSeed(root)) {
      log(`seeding ${opts.officers} officers x ${years} years on ${db} (npm run seed)…`);
      seed = await runScaleSeed(root, { officers: opts.officers, years, seed: opts.seed, password: PASSWORD, env: database.env }, log);
      data = `${opts.officers} officers x ${years} year(s), seed ${opts.seed}`;
    } else {
      data = 'demo organisation (server/seed.ts, the scale seed, is not in this checkout yet)';
    }
    const databaseBytes = await database.sizeBytes();
    const server = await startBenchServer(root, { env: database.env, staticDir, demoPassword: seed ? undefined : PASSWORD });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const idle = await server.memory();
      const fixtures = await findFixtures(server.url, PASSWORD);
      log(`measuring the API on ${db} (${opts.duration} s per call and per reference, ${opts.connections} connections)…`);
      const calls = await measureApi(server.url, fixtures, benchCalls(fixtures), { duration: opts.duration, connections: opts.connections, singleRuns: opts.singleRuns, log });
      const afterLoad = await server.memory();
      let browser: BrowserResult | null = null;
      let browserError: string | null = null;
      if (opts.browser) {
        log('measuring screens in Chromium…');
        browser = await measureBrowser(server.url, fixtures, PASSWORD).catch((err: Error) => {
          browserError = err.message.split('\n')[0];
          return null;
        });
      }
      const { sessions, ...about } = fixtures;
      return {
        db,
        data,
        officers: opts.officers,
        years,
        seed,
        databaseBytes,
        fixtures: { ...about, logins: Object.fromEntries(Object.entries(sessions).map(([k, s]) => [k, s.officerId])) },
        memory: { idleRssBytes: idle.rssBytes, afterLoadRssBytes: afterLoad.rssBytes, peakRssBytes: afterLoad.peakRssBytes },
        calls,
        browser,
        browserError,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function main(): Promise<number> {
  let opts: BenchOptions;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const started = performance.now();
  const machine = machineInfo();
  log(`Roll Call bench${opts.quick ? ' (quick)' : ''}: ${machine.cpuCount} x ${machine.cpuModel}, ${(machine.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB, Node ${machine.node}, load average ${machine.loadAverage.map((l) => l.toFixed(2)).join(' ')}`);

  const build = await appBuild(root, opts.dist);
  let failed = false;
  try {
    const bundle = await measureBundle(build.dir);
    const problems = checkBundleBudget(bundle);
    log(formatBundle(bundle, problems, opts.dist ? build.dir : `fresh build, ${build.buildSeconds.toFixed(1)} s`));
    for (const db of opts.dbs) {
      let run: DbRun;
      try {
        run = await runOnDatabase(db, opts, build.dir);
      } catch (err) {
        console.error(`${db}: ${(err as Error).message}`);
        failed = true;
        continue;
      }
      log(formatRun(run));
      const file = await writeResult(opts.outDir, opts.quick, { machine, options: { ...opts, dbs: undefined }, bundle: { ...bundle, budget: problems }, run });
      log(`written ${path.relative(root, file)}`);
    }
    log(`bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (problems.length) return 1;
  } finally {
    await build.remove();
  }
  return failed ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
