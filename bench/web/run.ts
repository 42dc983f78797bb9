/**
 * npm run bench:web: Lighthouse in Debian's Chromium on the demo organisation, median
 * of N runs (default 3) per page and preset:
 *   - sign-in page (/secure/Login), phone (mobile preset) and desktop;
 *   - the officer's year-to-date list after sign-in, phone and desktop: the bench signs in as
 *     `officer` in the tab, then Lighthouse loads the list's address in that tab with an empty
 *     HTTP cache (the token stays in sessionStorage, as after a reload);
 *   - the repeat visit: the sign-in page again with the cache kept (scripts transferred).
 * Prints a table and writes bench/results/<date>-web[-label].json. A benchmark, never a test.
 *
 *   npm run bench:web -- [--runs 3] [--dist DIR] [--root DIR] [--label NAME] [--reports DIR]
 *                        [--pages sign-in,list] [--presets mobile,desktop] [--js-samples]
 * --root measures another checkout (its build and server; e.g. an older commit for "before");
 * --reports writes each Lighthouse report (JSON, for the details of an audit) and the trace of the
 * load it simulated from (`.trace.json`, opens in Chromium's Performance panel) into DIR;
 * --js-samples records the JavaScript profiler's samples in those traces, for
 * `npm run bench:web:trace-tasks` (the profiler slows the page: its figures compare with nothing);
 * --pages and --presets measure only some pages (sign-in includes the repeat visit) or presets,
 * e.g. the phone list alone while working on it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appBuild } from '../frontEnd';
import { machineInfo } from '../report';
import type { Result } from 'lighthouse';
import { DEMO_LOGIN, DEMO_PASSWORD, measure, signIn, withDemoSite, type Measure, type Preset } from './lighthouse';
import { formatTable, summarise, type Row } from './table';

const PAGES = ['sign-in', 'list'] as const;
const PRESETS: readonly Preset[] = ['mobile', 'desktop'];

interface WebOptions {
  runs: number;
  dist: string | null;
  root: string;
  label: string | null;
  reports: string | null;
  /** The JavaScript profiler's samples in each kept trace (--js-samples; slows the page). */
  jsSamples: boolean;
  pages: Set<string>;
  presets: Preset[];
}

function parse(argv: string[]): WebOptions {
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const opts: WebOptions = { runs: 3, dist: null, root: here, label: null, reports: null, jsSamples: false, pages: new Set(PAGES), presets: [...PRESETS] };
  const list = <T extends string>(v: string, allowed: readonly T[]): T[] => {
    const items = v.split(',').map((x) => x.trim());
    for (const x of items) if (!(allowed as readonly string[]).includes(x)) throw new Error(`${x}: one of ${allowed.join(', ')}`);
    return items as T[];
  };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return v;
    };
    if (argv[i] === '--runs') opts.runs = Math.max(1, Number(value()) || 1);
    else if (argv[i] === '--dist') opts.dist = value();
    else if (argv[i] === '--root') opts.root = path.resolve(value());
    else if (argv[i] === '--label') opts.label = value();
    else if (argv[i] === '--reports') opts.reports = path.resolve(value());
    else if (argv[i] === '--js-samples') opts.jsSamples = true;
    else if (argv[i] === '--pages') opts.pages = new Set(list(value(), PAGES));
    else if (argv[i] === '--presets') opts.presets = list(value(), PRESETS);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return opts;
}

async function main() {
  const opts = parse(process.argv.slice(2));
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const build = await appBuild(opts.root, opts.dist);
  const samples: Record<string, Measure[]> = {};
  if (opts.reports) await fs.mkdir(opts.reports, { recursive: true });
  let reportNo = 0;
  const keep = (name: string) => async (lhr: Result, trace: unknown) => {
    if (!opts.reports) return;
    const file = path.join(opts.reports, `${++reportNo}-${name.replace(/\W+/g, '-')}`);
    await fs.writeFile(`${file}.json`, JSON.stringify(lhr));
    await fs.writeFile(`${file}.trace.json`, JSON.stringify(trace));
  };
  const add = (name: string, m: Measure) => {
    (samples[name] ??= []).push(m);
    process.stderr.write(`${name}: performance ${m.performance} LCP ${Math.round(m.lcpMs)} ms TBT ${Math.round(m.tbtMs)} ms ${Math.round(m.transferredBytes / 1024)} KiB\n`);
  };
  await withDemoSite(opts.root, build, async ({ url, browser }) => {
    for (let run = 0; run < opts.runs; run++) {
      for (const preset of opts.presets) {
        if (opts.pages.has('sign-in')) {
          const login = await browser.createBrowserContext();
          const page = await login.newPage();
          add(`Sign-in, ${preset}`, await measure(page, `${url}/secure/Login`, preset, false, keep(`sign-in-${preset}`), opts.jsSamples));
          if (preset === 'mobile') add('Sign-in again (repeat visit), mobile', await measure(page, `${url}/secure/Login`, preset, true, keep('repeat-visit'), opts.jsSamples));
          await login.close();
        }
        if (opts.pages.has('list')) {
          const list = await browser.createBrowserContext();
          const listPage = await list.newPage();
          const listUrl = await signIn(listPage, url, DEMO_LOGIN, DEMO_PASSWORD);
          add(`Officer's YTD list after sign-in, ${preset}`, await measure(listPage, listUrl, preset, false, keep(`list-${preset}`), opts.jsSamples));
          await list.close();
        }
      }
    }
  });
  const rows: Row[] = Object.entries(samples).map(([name, runs]) => summarise(name, runs));
  console.log(formatTable(rows));
  const date = new Date().toISOString().slice(0, 10);
  const outDir = path.join(here, 'bench', 'results');
  await fs.mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `${date}-web${opts.label ? `-${opts.label}` : ''}.json`);
  await fs.writeFile(file, JSON.stringify({ machine: machineInfo(), options: opts, rows, samples }, null, 2) + '\n');
  console.log(`\nwritten ${path.relative(here, file)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(2);
});
