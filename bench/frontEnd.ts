import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** A build of the browser app the bench serves and measures. */
export interface AppBuild {
  dir: string;
  /** Seconds the build took (0 for a given folder). */
  buildSeconds: number;
  /** Removes the folder when the bench made it. */
  remove(): Promise<void>;
}

/**
 * The browser app to measure: `dist` when given (--dist), else a fresh `vite build` of the
 * working tree with the project's vite.config.ts into a temporary folder (a few seconds; never
 * dist/, which `npm start` and other work use), with source maps when `sourcemap` (the profile).
 */
export async function appBuild(root: string, dist: string | null, sourcemap = false): Promise<AppBuild> {
  if (dist) {
    await fs.access(path.join(dist, 'index.html'));
    return { dir: path.resolve(dist), buildSeconds: 0, remove: async () => {} };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-bench-dist-'));
  const started = performance.now();
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dir, emptyOutDir: true, sourcemap } });
  return { dir, buildSeconds: (performance.now() - started) / 1000, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
