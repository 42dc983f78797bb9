import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { demoServer, signIn } from './demo';

/**
 * In Chromium against the real build on the demo organisation: how the app is
 * delivered (compression, caching, the service worker across a deploy) and what happens when a
 * script chunk cannot be had (spec §8). It runs alone, after the other specs (playwright.config.ts):
 * its deploy rewrites the build's service worker for a moment.
 */
const demo = demoServer();

/** The build the e2e server serves (server/main.ts: the repository's dist/). */
const STATIC_DIR = path.resolve('dist');

const PAGE_FAILED = 'This page could not be loaded. Check the connection and try again.';

/** The main script's address, read from index.html. */
async function mainScript(): Promise<string> {
  const html = await (await fetch(`${demo.url}/secure/`)).text();
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(src, 'index.html names its main script').toBeTruthy();
  return `${demo.url}${src}`;
}

test('the main script comes brotli-compressed when asked and plain when not; hashed files are kept, index.html revalidated', async ({ request }) => {
  const url = await mainScript();
  const br = await request.get(url, { headers: { 'accept-encoding': 'br' } });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers().vary).toMatch(/accept-encoding/i);
  expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).length).toBeGreaterThan(Number(br.headers()['content-length'] ?? 0));

  const index = await request.get(`${demo.url}/secure/Login`);
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers().etag).toBeTruthy();

  // the installable app's worker and manifest: asked afresh each time, so a deploy is seen at once
  const sw = await request.get(`${demo.url}/secure/sw.js`);
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get(`${demo.url}/secure/manifest.webmanifest`);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(await manifest.json()).toMatchObject({ start_url: '/secure/TimeTicketBrowse', scope: '/secure/', display: 'standalone' });
});

test('a second visit downloads no script: every one comes from the browser cache', async ({ page }) => {
  await page.goto(`${demo.url}/secure/Login`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // away and back, as a person comes back to it (going to the same address straight away would be a reload)
  await page.goto('about:blank');
  await page.goto(`${demo.url}/secure/Login`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({ url: e.name, transferred: (e as PerformanceResourceTiming).transferSize })),
  );
  expect(scripts.length, 'the page ran scripts').toBeGreaterThan(0);
  // transferSize 0: taken from the cache without asking the server (no download, no 304)
  expect(scripts.filter((s) => s.transferred > 0)).toEqual([]);
});

test('signed in, the app works offline (a reload without a connection shows the list kept on the device, never an /api answer of the worker) and a new version waits for Reload', async ({ page, context }) => {
  const fromWorker: string[] = [];
  page.on('response', (r) => {
    if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname);
  });
  await signIn(page, demo.url, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  const table = page.getByRole('table', { name: 'Time Tickets' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const rowText = (await firstRow.textContent()) ?? '';
  // the worker registers once the page is idle and, installed, takes the page over
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // the officer's list is written to the device (at most a second after it arrived)
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('rollcall-query-cache');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('caches')) return resolve(0);
              const count = db.transaction('caches').objectStore('caches').count();
              count.onsuccess = () => resolve(count.result);
            };
            open.onerror = () => resolve(0);
          }),
      ),
    )
    .toBe(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Time Tickets', level: 1 })).toBeVisible();
  await expect(firstRow).toHaveText(rowText);
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /logout/i })).toBeVisible();
  await context.setOffline(false);

  // the page and its scripts came from the worker; no /api answer ever did, nor is one kept
  expect(fromWorker.filter((path) => path.startsWith('/secure/assets/')).length).toBeGreaterThan(0);
  expect(fromWorker.filter((path) => path.startsWith('/api/'))).toEqual([]);
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((path) => !path.startsWith('/secure/'))).toEqual([]);

  // a deploy: a new worker installs and waits; the page offers Reload, which lets it take over and
  // reloads once. The build's sw.js changes on disk for a moment (a route does not reach the
  // browser's own fetch of a worker script), and is put back whatever happens.
  const swFile = path.join(STATIC_DIR, 'sw.js');
  const worker = fs.readFileSync(swFile, 'utf8');
  try {
    fs.writeFileSync(swFile, `${worker}\n// the next deploy\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(page.getByText('A new version is available')).toBeVisible();
  } finally {
    fs.writeFileSync(swFile, worker);
  }
  const loads = countLoads(page);
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect.poll(loads).toBe(1);
  await expect(firstRow).toBeVisible();
  await expect(page.getByText('A new version is available')).toHaveCount(0);
  expect(loads(), 'one reload').toBe(1);
});

/**
 * Requests of script chunks named `area-<hash>.js`, answered by `answer` (Playwright routing). On
 * the browser context: once the service worker controls the page, a chunk not kept by it is
 * fetched by the worker, whose requests a route on the page does not see.
 */
async function routeChunk(page: Page, area: string, answer: 'gone' | 'hang', times?: number) {
  await page.context().route(
    new RegExp(`/secure/assets/${area}-[\\w-]+\\.js$`),
    async (route) => {
      if (answer === 'gone') await route.fulfill({ status: 404, body: 'gone' });
      // 'hang': never answered, like a connection that stalls
    },
    times ? { times } : undefined,
  );
}

/** Counts the page's document loads (the first one and every reload). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('a tab left open across a deploy (its page chunk gone) reloads once and shows the page', async ({ page }) => {
  const loads = countLoads(page);
  await signIn(page, demo.url, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  // the service worker holds the old version's page: the reload must get past it
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const before = loads();
  // the deploy: the Forms page's chunk of the old build no longer exists, once; the reload gets the current one
  await routeChunk(page, 'forms', 'gone', 1);
  const pages: boolean[] = [];
  page.on('response', (r) => {
    if (r.request().isNavigationRequest()) pages.push(r.fromServiceWorker());
  });
  await page.getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  expect(loads(), 'one reload').toBe(before + 1);
  expect(pages, 'the reloaded page came from the server, not the old version kept by the worker').toEqual([false]);
  await expect(page.getByText(PAGE_FAILED)).toHaveCount(0);
});

test('a chunk that still cannot be had after that reload shows the message with Try again, never a blank page or a reload loop', async ({ page }) => {
  const loads = countLoads(page);
  await signIn(page, demo.url, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  const before = loads();
  await routeChunk(page, 'forms', 'gone');
  await page.getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: PAGE_FAILED })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(loads(), 'exactly one reload').toBe(before + 1);
  // the header and menu are still there: only the page's part says it failed
  await expect(page.getByRole('button', { name: /logout/i })).toBeVisible();

  // once the file can be had again, Try again brings the page
  await page.context().unroute(/\/secure\/assets\/forms-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
});

test('a chunk that has not arrived after 120 seconds shows the message with Try again (spec §8)', async ({ page }) => {
  await signIn(page, demo.url, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  await page.clock.install();
  await routeChunk(page, 'forms', 'hang');
  // the context sees the request whether the page or its service worker makes it
  const asked = page.context().waitForEvent('request', (r) => /\/secure\/assets\/forms-[\w-]+\.js$/.test(r.url()));
  await page.getByRole('link', { name: 'Forms', exact: true }).click();
  await asked;
  // the page's own progress (the header's may also turn while the form's lookups are asked)
  await expect(page.getByRole('main').getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
  await page.clock.fastForward(119_000);
  await expect(page.getByText(PAGE_FAILED)).toHaveCount(0);
  await page.clock.fastForward(2_000);
  await expect(page.getByRole('alert').filter({ hasText: PAGE_FAILED })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});
