/**
 * npm run bench:web:profile: where a phone's main thread goes while a page loads.
 * Builds the app with source maps into a temporary folder, serves the demo organisation, loads
 * the sign-in page and the officer's list after sign-in in Debian's Chromium with the CPU slowed
 * 4× (as Lighthouse's mobile preset), records a JavaScript CPU profile of each load and prints
 * the self time per source module (node_modules packages folded into one line each) and the
 * heaviest functions. A tool for finding work to cut, never a test.
 *
 *   npm run bench:web:profile -- [--pages sign-in,list] [--out DIR] [--top 25]
 * --out keeps each .cpuprofile (open it in Chromium's DevTools, Performance panel).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Page } from 'puppeteer-core';
import { appBuild } from '../frontEnd';
import { DEMO_LOGIN, DEMO_PASSWORD, signIn, withDemoSite } from './lighthouse';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** 'react-admin' for …/node_modules/react-admin/…, 'src/custom/LoginPage.tsx' for the app's own. */
function moduleOf(source: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (nm) return nm[1];
  const src = /(src\/.*)$/.exec(source);
  return src ? src[1] : source;
}

/** Loads `url` with the CPU slowed 4× and returns the JavaScript CPU profile of the load. */
async function profileLoad(page: Page, url: string): Promise<CpuProfile> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.goto('about:blank');
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return profile;
}

/** Self milliseconds per module and per function, mapped through the build's source maps. */
async function summarise(profile: CpuProfile, distDir: string, top: number): Promise<string> {
  const maps = new Map<string, TraceMap | null>();
  const mapFor = async (url: string) => {
    if (!maps.has(url)) {
      const file = /\/secure\/(assets\/[^?#]+\.js)/.exec(url)?.[1];
      const text = file ? await fs.readFile(path.join(distDir, `${file}.map`), 'utf8').catch(() => null) : null;
      maps.set(url, text ? new TraceMap(text) : null);
    }
    return maps.get(url)!;
  };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    let module = url ? url.replace(/^.*\/secure\//, '') : `(${functionName || 'program'})`;
    let name = functionName || '(anonymous)';
    const map = url ? await mapFor(url) : null;
    if (map) {
      const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      if (pos.source) {
        module = moduleOf(pos.source);
        name = `${pos.name ?? name} (${moduleOf(pos.source)}:${pos.line})`;
      }
    }
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const total = [...byModule.values()].reduce((a, b) => a + b, 0);
  const rows = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  return `total sampled ${(total / 1000).toFixed(0)} ms (CPU slowed 4x)\nby module:\n${rows(byModule)}\nby function:\n${rows(byFunction)}`;
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const pages = new Set((arg('--pages') ?? 'sign-in,list').split(','));
  const out = arg('--out');
  const top = Number(arg('--top') ?? 25);
  const build = await appBuild(here, null, true);
  const dist = build.dir;
  await withDemoSite(here, build, async ({ url, browser }) => {
    if (out) await fs.mkdir(out, { recursive: true });
    const report = async (name: string, profile: CpuProfile) => {
      if (out) await fs.writeFile(path.join(out, `${name}.cpuprofile`), JSON.stringify(profile));
      console.log(`\n== ${name}\n${await summarise(profile, dist, top)}`);
    };
    if (pages.has('sign-in')) {
      const context = await browser.createBrowserContext();
      await report('sign-in', await profileLoad(await context.newPage(), `${url}/secure/Login`));
      await context.close();
    }
    if (pages.has('list')) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const listUrl = await signIn(page, url, DEMO_LOGIN, DEMO_PASSWORD);
      await report('list', await profileLoad(page, listUrl));
      await context.close();
    }
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(2);
});
