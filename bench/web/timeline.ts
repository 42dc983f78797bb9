/**
 * npm run bench:web:timeline: when the phone list's parts appear on a throttled phone, in real time.
 * Lighthouse's phone figures are simulated (lantern): it loads the page unthrottled and replays the
 * trace on a model of a slow phone, so what waits on what in the model can differ from a phone.
 * Here Chromium itself is slowed as Lighthouse's applied ("devtools") throttling does: the CPU
 * four times and the network to Lighthouse's slow 4G (562.5 ms a request, 1.47 Mbit/s down).
 *
 * Each build (its checkout's server, a fresh demo data dir) is signed in once as `officer` in a
 * 412 x 823 phone tab; each round loads the list's address in every build in turn with an empty
 * HTTP cache and no service worker or caches (the officer's lists kept on the device stay, as
 * they do in Lighthouse's cold load). Per load it prints, in ms from the navigation's start: the
 * first contentful paint, the header, the first ticket card (the rows), and when the first
 * download, the signed-in chunk, the session check's answer and the list's answer arrived
 * (Resource Timing's responseEnd of the first request for each). Then the median per build.
 * A tool for comparing builds, never a test.
 *
 *   npm run bench:web:timeline -- [--rounds 3] name=ROOT:DIST [name=ROOT:DIST …]
 */
import { throttling } from 'lighthouse/core/config/constants.js';
import type { Page } from 'puppeteer-core';
import { parseBuildArgs, withPhoneSites } from './phoneSites';
import { median } from '../apiClient';

const SLOW_4G = throttling.mobileSlow4G;

/**
 * Runs in the page from its start (a string: the bench's TypeScript compiler would add helpers the
 * page has not got): on every frame, the first time each part is in the document.
 */
const WATCH = `
  window.__appeared = {};
  const parts = { header: 'header', rows: '.MuiCardContent-root' };
  const tick = () => {
    for (const [name, selector] of Object.entries(parts)) {
      if (!(name in window.__appeared) && document.querySelector(selector)) window.__appeared[name] = Math.round(performance.now());
    }
    if (Object.keys(window.__appeared).length < Object.keys(parts).length) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);`;

/** The figures of one load (ms from the navigation's start; NaN for what never came). */
type Figures = Record<'fcp' | 'header' | 'rows' | 'entry' | 'signedIn' | 'session' | 'list', number>;
const COLUMNS: (keyof Figures)[] = ['fcp', 'header', 'rows', 'entry', 'signedIn', 'session', 'list'];

/** One throttled cold load of `url` in `page`. */
async function load(page: Page, url: string): Promise<Figures> {
  const cdp = await page.createCDPSession();
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.requestLatencyMs,
    downloadThroughput: (SLOW_4G.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
  });
  const { identifier } = await page.evaluateOnNewDocument(WATCH);
  try {
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} showed ${page.url()}: the load measured another page`);
    // a string, as WATCH: when each download's last byte came (Resource Timing), in the page's clock
    const seen = (await page.evaluate(`(() => {
      const done = (match) => performance.getEntriesByType('resource').find((e) => match.test(new URL(e.name).pathname))?.responseEnd ?? NaN;
      return {
        appeared: window.__appeared,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        entry: done(/\\/assets\\/index-/),
        signedIn: done(/\\/assets\\/signedIn-/),
        session: done(/^\\/api\\/session$/),
        list: done(/^\\/api\\/timeTickets\\/getMultiple$/),
      };
    })()`)) as { appeared: Record<string, number>; fcp: number; entry: number; signedIn: number; session: number; list: number };
    return {
      fcp: Math.round(seen.fcp),
      header: seen.appeared.header ?? NaN,
      rows: seen.appeared.rows ?? NaN,
      entry: Math.round(seen.entry),
      signedIn: Math.round(seen.signedIn),
      session: Math.round(seen.session),
      list: Math.round(seen.list),
    };
  } finally {
    await page.removeScriptToEvaluateOnNewDocument(identifier);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  }
}

async function main() {
  const { builds, rounds } = parseBuildArgs(process.argv.slice(2), 3);
  await withPhoneSites(builds, async (sites) => {
    const loads = sites.map((): Figures[] => []);
    console.log(`build round: ${COLUMNS.join(' ')} (ms from the navigation's start)`);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, site] of sites.entries()) {
        const figures = await load(site.page, site.url);
        loads[i].push(figures);
        console.log(`${site.name} ${round}: ${COLUMNS.map((c) => figures[c]).join(' ')}`);
      }
    }
    for (const [i, site] of sites.entries()) console.log(`${site.name} median: ${COLUMNS.map((c) => `${c} ${Math.round(median(loads[i].map((l) => l[c]).filter(Number.isFinite)))}`).join(', ')}`);
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(2);
});
