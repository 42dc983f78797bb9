import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** What the scale seed CLI reports on its `SEED_RESULT {json}` line, plus the wall time seen here. */
export interface SeedResult {
  officers: number;
  tickets: number;
  events: number;
  signups: number;
  uploads: number;
  signoffs: number;
  /** Seconds the seed reports for itself. */
  seconds: number;
  databaseBytes: number;
  /** Seconds from spawning `npm run seed` to its exit (what a user waits), including npm and tsx start-up. */
  wallSeconds: number;
}

export interface SeedRequest {
  officers: number;
  years: number;
  seed: number;
  password: string;
  /** DATA_DIR and DATABASE_URL of the database to fill. */
  env: Record<string, string>;
}

/** True when the scale seed CLI (server/seed.ts, `npm run seed`) is in the checkout. */
export function hasScaleSeed(root: string): boolean {
  return fs.existsSync(path.join(root, 'server', 'seed.ts'));
}

/**
 * Runs `npm run seed -- --officers N --years Y --seed S --password P` on the given database, as a
 * user would, and returns its SEED_RESULT line with the wall time. Its output goes to `log` as it
 * comes. Rejects when it exits non-zero or prints no SEED_RESULT.
 */
export function runScaleSeed(root: string, req: SeedRequest, log: (line: string) => void): Promise<SeedResult> {
  const args = ['run', 'seed', '--', '--officers', String(req.officers), '--years', String(req.years), '--seed', String(req.seed), '--password', req.password];
  const started = performance.now();
  const child = spawn('npm', args, { cwd: root, env: { ...process.env, ...req.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let result: Omit<SeedResult, 'wallSeconds'> | null = null;
  let tail = '';
  const onLine = (line: string) => {
    const m = /^SEED_RESULT (\{.*\})\s*$/.exec(line);
    if (m) result = JSON.parse(m[1]) as Omit<SeedResult, 'wallSeconds'>;
    else if (line.trim() && !line.startsWith('>') && !line.startsWith('npm warn')) log(`  seed: ${line}`);
    tail = `${tail}\n${line}`.slice(-4000);
  };
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(onLine);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (buffered) onLine(buffered);
      const wallSeconds = (performance.now() - started) / 1000;
      if (code === 0 && result) resolve({ ...result, wallSeconds });
      else reject(new Error(`npm run seed exited with ${code}${result ? '' : ' without SEED_RESULT'}:${tail}`));
    });
  });
}
