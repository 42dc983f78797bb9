/**
 * Size of the built browser app: how much JavaScript the sign-in page (/secure/Login)
 * downloads, how much the whole app holds, and its largest chunk, all gzip-compressed with
 * node:zlib at its default level 6 (what a server compressing on the fly typically uses; level 9
 * saves about 1 % more). Prints figures and checks them against BUNDLE_BUDGET.
 *
 *   npx vite build && npx tsx bench/bundleSize.ts            # dist/
 *   npx tsx bench/bundleSize.ts /tmp/other-dist               # another build
 *   BUNDLE_METHOD=manifest npx tsx bench/bundleSize.ts       # without a browser
 *
 * Exits 1 when a budget is exceeded (and 2 when there is no build to measure).
 *
 * Which files the sign-in page loads is measured in headless Chromium (/usr/bin/chromium or
 * CHROMIUM_PATH): the real server (buildApp) serves the build from a fresh temporary data dir,
 * the page opens /secure/Login, waits for the sign-in form and the network to settle, and every
 * .js file it requested counts. Without Chromium it is worked out from Vite's manifest
 * (`build.manifest: true`: dist/.vite/manifest.json): index.html's entry chunk and its static
 * imports, recursively (/Login is part of the entry; every other page is a lazy chunk).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

/** Budgets in gzip bytes (the sign-in page's JavaScript under 220 KiB). */
export const BUNDLE_BUDGET = { loginJsGzipBytes: 220 * 1024 } as const;

export interface BundleFile {
  /** Path inside the build, e.g. 'assets/index-AbC123.js'. */
  file: string;
  /** Size after gzip (node:zlib, level 6), bytes. */
  gzipBytes: number;
  /** Downloaded by /secure/Login. */
  onLogin: boolean;
}

export interface BundleSize {
  /** Gzip bytes of every JS file /secure/Login downloads. */
  loginJsGzipBytes: number;
  /** Gzip bytes of every JS file of the build (each file on its own, summed). */
  appJsGzipBytes: number;
  /** Gzip bytes of the largest JS file. */
  largestChunkGzipBytes: number;
  /** Number of JS files. */
  chunks: number;
  /** Every JS file, largest first. */
  files: BundleFile[];
}

export interface MeasureOptions {
  /** 'browser' loads /secure/Login in Chromium; 'manifest' reads Vite's manifest. Default: browser when Chromium is there. */
  method?: 'browser' | 'manifest';
}

const gzipBytes = (bytes: Buffer) => gzipSync(bytes).length;

function chromiumPath(): string | null {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return fs.existsSync(candidate) ? candidate : null;
}

async function listJs(distDir: string): Promise<string[]> {
  const entries = await fsp.readdir(path.join(distDir, 'assets'), { recursive: true });
  return entries.filter((f) => f.endsWith('.js')).map((f) => `assets/${f.split(path.sep).join('/')}`);
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JS files /secure/Login loads according to dist/.vite/manifest.json: the entry of
 * index.html and, recursively, its static imports (Vite preloads them all at once).
 */
export async function loginFilesFromManifest(distDir: string): Promise<Set<string>> {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with build.manifest: true (vite.config.ts)`);
  const manifest = JSON.parse(await fsp.readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * The JS files /secure/Login loads in headless Chromium, served by the real server (buildApp on
 * a fresh temporary PGlite data dir, port 0). Waits for the 'Sign in' button and for the network
 * to settle, so chunks fetched lazily after the first render count too.
 */
export async function loginFilesFromBrowser(distDir: string, executablePath: string): Promise<Set<string>> {
  const [{ buildApp }, { readConfig }, { chromium }] = await Promise.all([import('../server/app'), import('../server/config'), import('@playwright/test')]);
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'rollcall-bundle-'));
  const config = readConfig({ SECOND_FACTOR_LEVEL: 'off', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Admin12345', JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false, staticDir: distDir });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await browser.newPage();
    const files = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/secure/') && pathname.endsWith('.js')) files.add(pathname.slice('/secure/'.length));
    });
    await page.goto(`${base}/secure/Login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    return files;
  } finally {
    await browser.close();
    await app.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Measures the build in `distDir` (a `vite build` output with index.html, assets/ and
 * .vite/manifest.json): gzip bytes of the sign-in page's JS, of the whole app's JS and of its
 * largest chunk, the number of JS chunks and every file. Bytes, gzip level 6.
 */
export async function measureBundle(distDir: string, { method }: MeasureOptions = {}): Promise<BundleSize> {
  const browserPath = chromiumPath();
  const useBrowser = (method ?? (browserPath ? 'browser' : 'manifest')) === 'browser';
  if (useBrowser && !browserPath) throw new Error('Chromium not found (set CHROMIUM_PATH)');
  const onLogin = useBrowser ? await loginFilesFromBrowser(distDir, browserPath!) : await loginFilesFromManifest(distDir);
  const files: BundleFile[] = [];
  for (const file of await listJs(distDir)) {
    files.push({ file, gzipBytes: gzipBytes(await fsp.readFile(path.join(distDir, file))), onLogin: onLogin.has(file) });
  }
  const missing = [...onLogin].filter((file) => !files.some((f) => f.file === file));
  if (missing.length) throw new Error(`the sign-in page loaded files that are not in ${distDir}: ${missing.join(', ')}`);
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (list: BundleFile[]) => list.reduce((total, f) => total + f.gzipBytes, 0);
  return {
    loginJsGzipBytes: sum(files.filter((f) => f.onLogin)),
    appJsGzipBytes: sum(files),
    largestChunkGzipBytes: files[0]?.gzipBytes ?? 0,
    chunks: files.length,
    files,
  };
}

/** The budgets `size` exceeds, one sentence each (empty when all are kept). */
export function checkBundleBudget(size: Pick<BundleSize, 'loginJsGzipBytes'>, budget = BUNDLE_BUDGET): string[] {
  const breaches: string[] = [];
  if (size.loginJsGzipBytes > budget.loginJsGzipBytes) {
    breaches.push(`/secure/Login loads ${kib(size.loginJsGzipBytes)} of JavaScript (gzip); the budget is ${kib(budget.loginJsGzipBytes)}`);
  }
  return breaches;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The figures as a table: every chunk (login ones marked *), then the totals. */
export function formatBundleSize(size: BundleSize): string {
  const lines = size.files.map((f) => `${f.onLogin ? '*' : ' '} ${kib(f.gzipBytes).padStart(10)}  ${f.file}`);
  lines.push(
    '',
    `sign-in page JS (gzip, * above): ${kib(size.loginJsGzipBytes)} (budget ${kib(BUNDLE_BUDGET.loginJsGzipBytes)})`,
    `whole app JS (gzip):             ${kib(size.appJsGzipBytes)} in ${size.chunks} chunks`,
    `largest chunk (gzip):            ${kib(size.largestChunkGzipBytes)}`,
  );
  return lines.join('\n');
}

async function main() {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.error(`No build in ${distDir}: run npx vite build first.`);
    process.exit(2);
  }
  const method = process.env.BUNDLE_METHOD === 'manifest' ? 'manifest' : undefined;
  const size = await measureBundle(distDir, { method });
  const how = (method ?? (chromiumPath() ? 'browser' : 'manifest')) === 'browser' ? 'Chromium loading /secure/Login' : 'Vite manifest (entry + static imports)';
  console.log(`${distDir}: JS chunks, gzip level 6; * = loaded by the sign-in page (${how})`);
  console.log(formatBundleSize(size));
  const breaches = checkBundleBudget(size);
  for (const breach of breaches) console.error(`OVER BUDGET: ${breach}`);
  process.exit(breaches.length ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(2);
  });
}
