import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { DEMO_LOGIN, DEMO_PASSWORD, launchBrowser, signIn } from './lighthouse';
import { startBenchServer } from '../serverProcess';

/** A build to compare: its name in the output, the checkout whose server serves it, and its folder. */
export interface BuildArg {
  name: string;
  root: string;
  dist: string;
}

/**
 * The command line of the tools that compare builds on the phone list (thread-time, timeline):
 * `name=ROOT:DIST` per build, `--rounds N` (default `rounds`), and the `flags` the tool knows.
 * Throws on anything else, or when no build is given.
 */
export function parseBuildArgs(args: string[], rounds: number, flags: string[] = []): { builds: BuildArg[]; rounds: number; flags: Set<string> } {
  const builds: BuildArg[] = [];
  const given = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--rounds') rounds = Math.max(1, Number(args[++i]) || 1);
    else if (flags.includes(args[i])) given.add(args[i]);
    else {
      const m = /^([\w-]+)=([^:]+):(.+)$/.exec(args[i]);
      if (!m) throw new Error(`${args[i]}: name=ROOT:DIST`);
      builds.push({ name: m[1], root: path.resolve(m[2]), dist: path.resolve(m[3]) });
    }
  }
  if (!builds.length) throw new Error('no build given (name=ROOT:DIST)');
  return { builds, rounds, flags: given };
}

/** One build served and signed in: its tab and the officer's list address. */
export interface PhoneSite {
  name: string;
  page: Page;
  url: string;
}

/**
 * Serves each build on a fresh demo (its checkout's bench server, a temporary DATA_DIR), signs in
 * `officer` in a 412 x 823 phone tab of its own (one Chromium for all), runs `measure` with the
 * sites in the builds' order, then stops the servers and removes the data dirs whatever happened.
 */
export async function withPhoneSites<T>(builds: BuildArg[], measure: (sites: PhoneSite[]) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  const started: { stop: () => Promise<void>; dataDir: string }[] = [];
  try {
    const sites: PhoneSite[] = [];
    for (const b of builds) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-phone-site-'));
      const server = await startBenchServer(b.root, { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, staticDir: b.dist, demoPassword: DEMO_PASSWORD });
      started.push({ stop: server.stop, dataDir });
      const page = await (await browser.createBrowserContext()).newPage();
      await page.emulate({ viewport: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }, userAgent: await browser.userAgent() });
      sites.push({ name: b.name, page, url: await signIn(page, server.url, DEMO_LOGIN, DEMO_PASSWORD) });
    }
    return await measure(sites);
  } finally {
    await browser.close();
    for (const site of started) {
      await site.stop();
      await fs.rm(site.dataDir, { recursive: true, force: true });
    }
  }
}
