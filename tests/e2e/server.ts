import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface E2EServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` on 127.0.0.1, a free port and a fresh temporary DATA_DIR (or the demo
 * organisation with `demo: true`), and resolves once it prints its URL. The browser app must be
 * built already (`npm run test:e2e` builds it first). Two-step sign-in is not asked of levels 9
 * and 10 (SECOND_FACTOR_LEVEL off) unless `env` sets it: the journeys sign in as them throughout,
 * and the two-step journey turns it on for itself. `clockStart` starts the server's clock at that
 * instant (TEST_CLOCK_START, which needs NODE_ENV=test; it then runs at the real rate), so a spec
 * runs on a known date; the demo's dates follow it.
 */
export async function startServer(opts: { demo?: boolean; env?: Record<string, string>; clockStart?: Date } = {}): Promise<E2EServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-e2e-'));
  const args = ['--import', 'tsx', 'server/main.ts', ...(opts.demo ? ['--demo'] : [])];
  const clock = opts.clockStart ? { NODE_ENV: 'test', TEST_CLOCK_START: opts.clockStart.toISOString() } : {};
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SECOND_FACTOR_LEVEL: 'off', ...clock, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = () => {
      const m = /Roll Call is running: (http:\/\/\S+)\/secure\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
