import { navigation, desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { AppBuild } from '../frontEnd';
import { startBenchServer } from '../serverProcess';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export type Preset = 'mobile' | 'desktop';

/** The demo login the browser benches sign in as, and the demo organisation's password. */
export const DEMO_LOGIN = 'officer';
export const DEMO_PASSWORD = 'Demo2026';

/** Loads measured at most per figure when Lighthouse reports a failed recording. */
const ATTEMPTS = 3;

/** The figures of one Lighthouse navigation. */
export interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the network (total-byte-weight: every response's transfer size). */
  transferredBytes: number;
  /** Of those, script bytes. */
  scriptBytes: number;
  requests: number;
  /** API calls the page made, in order ('GET /api/session'). */
  apiCalls: string[];
  /** Browser console errors Lighthouse saw (errors-in-console). */
  consoleErrors: string[];
  /** Accessibility and best-practices audits that did not pass. */
  failedAudits: string[];
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
  requestMethod?: string;
}

function measureOf(lhr: Result): Measure {
  const audit = (id: string) => lhr.audits[id];
  const num = (id: string) => audit(id)?.numericValue ?? NaN;
  const items = ((audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
  const errors = ((audit('errors-in-console')?.details as { items?: { description?: string }[] } | undefined)?.items ?? []).map((i) => String(i.description ?? ''));
  return {
    performance: lhr.categories.performance?.score ?? NaN,
    accessibility: lhr.categories.accessibility?.score ?? NaN,
    bestPractices: lhr.categories['best-practices']?.score ?? NaN,
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    transferredBytes: items.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    scriptBytes: items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    requests: items.length,
    apiCalls: items.filter((i) => new URL(i.url).pathname.startsWith('/api/')).map((i) => `${i.requestMethod ?? 'GET'} ${new URL(i.url).pathname}`),
    consoleErrors: errors,
    failedAudits: ['accessibility', 'best-practices'].flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0 && (audit(r.id)?.score ?? 1) < 1).map((r) => r.id),
    ),
  };
}

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, defaultViewport: null });
}

/**
 * One Lighthouse navigation of `url` in `page` with the mobile preset (Lighthouse's default:
 * simulated slow 4G, 4x CPU slowdown, a phone's screen) or the desktop one. Cold by default:
 * Lighthouse empties the HTTP cache first (sessionStorage, where the token lives, stays);
 * `warm` keeps the cache, for the repeat visit. `keep` receives Lighthouse's whole report and
 * the trace of the load it simulated from; `jsSamples` adds the JavaScript profiler's samples to
 * that trace (for bench/web/traceTasks.ts: the profiler slows the page, so its figures are not
 * comparable with a load without it).
 */
export async function measure(page: Page, url: string, preset: Preset, warm = false, keep?: (lhr: Result, trace: unknown) => Promise<void>, jsSamples = false): Promise<Measure> {
  const flags: Flags = { logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: warm, ...(jsSamples ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}) };
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, mostly when the machine is
  // busy): that load is measured again, up to ATTEMPTS times
  for (let attempt = 1; ; attempt++) {
    // from a blank page, so loading the same address again is a navigation, not a reload
    await page.goto('about:blank');
    const result = await navigation(page, url, { config, flags });
    const error = !result ? 'no result' : result.lhr.runtimeError?.message;
    if (result && !error) {
      await keep?.(result.lhr, result.artifacts.Trace);
      return measureOf(result.lhr);
    }
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error}`);
    process.stderr.write(`Lighthouse on ${url}: ${error}; measuring again\n`);
  }
}

/**
 * Signs in on /secure/Login in `page` as a person would (the token stays in this tab's
 * sessionStorage) and waits for the time ticket list the home page sends the officer to;
 * resolves its address.
 */
export async function signIn(page: Page, base: string, login: string, password: string): Promise<string> {
  await page.goto(`${base}/secure/Login`, { waitUntil: 'networkidle0' });
  await page.type('#username', login);
  await page.type('#password', password);
  await Promise.all([page.waitForFunction(() => location.pathname.endsWith('/TimeTicketBrowse'), { timeout: 60_000 }), page.click('button[type=submit]')]);
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
  return page.url();
}

/**
 * Serves `build` on the demo organisation (bench/server.ts of `root`, a fresh temporary DATA_DIR,
 * 127.0.0.1 and a free port) with Chromium beside it, runs `measureOn`, then stops both and removes the
 * data dir and the build, whatever `measureOn` did.
 */
export async function withDemoSite<T>(root: string, build: AppBuild, measureOn: (site: { url: string; browser: Browser }) => Promise<T>): Promise<T> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-bench-web-'));
  const server = await startBenchServer(root, { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, staticDir: build.dir, demoPassword: DEMO_PASSWORD });
  const browser = await launchBrowser();
  try {
    return await measureOn({ url: server.url, browser });
  } finally {
    await browser.close();
    await server.stop();
    await build.remove();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
