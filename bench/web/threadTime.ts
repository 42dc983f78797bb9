/**
 * npm run bench:web:thread-time: the phone list's main-thread tasks measured in the renderer's
 * CPU time (trace events' thread duration), which other work on a shared machine hardly moves,
 * unlike Lighthouse's TBT (wall time). Each build (its checkout's server, a fresh demo data dir)
 * is signed in once as `officer` in a 412 x 823 phone tab; each round loads the list's address
 * in every build in turn with an empty HTTP cache and, as Lighthouse's cold load, no service
 * worker, caches or IndexedDB of the site, no CPU throttling, and sums over the tasks
 * after the first contentful paint max(0, 4 x CPU ms - 50): Lighthouse's simulated blocking
 * time (4x CPU slowdown) worked out from CPU time instead of wall time. Prints each load and the
 * median per build. A tool for comparing builds, never a test.
 *
 *   npm run bench:web:thread-time -- [--rounds 6] [--detail] [--stacks] name=ROOT:DIST [name=ROOT:DIST …]
 * --detail lists each task over 10 ms CPU with what ran in it (module evaluation, timers, layout).
 * --stacks traces as Lighthouse does, with a JavaScript stack on each timer and the layout
 * invalidations: what a timer or a DOM write costs in Lighthouse's phone figures.
 */
import type { Page } from 'puppeteer-core';
import { parseBuildArgs, withPhoneSites } from './phoneSites';
import type { TraceEvent } from './traceEvent';


/** What a task's time went to, by the trace's own event names (wall ms). */
const PARTS = ['v8.evaluateModule', 'v8.compile', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'MinorGC', 'MajorGC'];

/** Loads `url` in `page` traced; resolves the blocking time from CPU time (ms) and the tasks' lines. */
async function load(page: Page, url: string, detail: boolean, stacks: boolean): Promise<{ blocking: number; cpuMs: number[]; lines: string[] }> {
  const cdp = await page.createCDPSession();
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  // as Lighthouse's cold load does: no service worker, no caches, no IndexedDB; otherwise a build
  // with the offline app would load its chunks from its worker and its lists from the device, and
  // compare unlike with unlike. Not 'local_storage': Chromium empties session storage with it,
  // where the session token lives, and every load then measured the sign-in page instead
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'cookies,indexeddb,service_workers,cache_storage' });
  const lighthouse = stacks ? ['disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.timeline.invalidationTracking'] : [];
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'loading', ...lighthouse] });
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
  // the parts drawn once the page is idle (Export, Print, the news card) land in the trace too
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const events = JSON.parse(Buffer.from((await page.tracing.stop()) ?? []).toString()).traceEvents as TraceEvent[];
  await cdp.detach();
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} showed ${page.url()}: the load measured another page`);
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
  const onMain = (e: TraceEvent) => e.pid === fcp.pid && e.tid === main?.tid && e.ph === 'X';
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ts >= fcp.ts && e.tdur !== undefined);
  const long = tasks.filter((t) => t.tdur! > 12_500);
  const lines = !detail
    ? []
    : long.map((t) => {
        const parts = new Map<string, number>();
        for (const e of events) {
          if (!onMain(e) || !PARTS.includes(e.name) || e.ts < t.ts || e.ts + (e.dur ?? 0) > t.ts + t.dur!) continue;
          const key = e.args?.data?.url ? `${e.name} ${e.args.data.url.replace(/.*\//, '')}` : e.name;
          parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
        }
        const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, ms]) => `${k} ${ms.toFixed(1)}`);
        return `    +${Math.round((t.ts - fcp.ts) / 1000)} ms, CPU ${Math.round(t.tdur! / 1000)} ms: ${top.join(' | ')}`;
      });
  return {
    blocking: tasks.reduce((sum, t) => sum + Math.max(0, (4 * t.tdur!) / 1000 - 50), 0),
    cpuMs: long.map((t) => Math.round(t.tdur! / 1000)),
    lines,
  };
}

async function main() {
  const { builds, rounds, flags } = parseBuildArgs(process.argv.slice(2), 6, ['--detail', '--stacks']);
  const detail = flags.has('--detail');
  const stacks = flags.has('--stacks');
  await withPhoneSites(builds, async (sites) => {
    const blocking = sites.map((): number[] => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, site] of sites.entries()) {
        const r = await load(site.page, site.url, detail, stacks);
        blocking[i].push(Math.round(r.blocking));
        console.log(`${site.name} round ${round}: blocking ~${Math.round(r.blocking)} ms; tasks over 12.5 ms CPU after FCP: ${r.cpuMs.join(', ') || 'none'}`);
        for (const line of r.lines) console.log(line);
      }
    }
    for (const [i, site] of sites.entries()) {
      const sorted = [...blocking[i]].sort((a, b) => a - b);
      console.log(`${site.name}: median ~${sorted[Math.floor(sorted.length / 2)]} ms (${blocking[i].join(', ')})`);
    }
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(2);
});
