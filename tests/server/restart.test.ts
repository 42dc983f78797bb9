import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../../scripts/appProcess';
import { createScratchDatabase } from '../../scripts/scratchDatabase';

/**
 * a server killed with SIGKILL left its DATA_DIR lock (proper-lockfile,
 * stale after 15 s), so starting it again at once failed with 'already in use', on PostgreSQL
 * too. The lock now dies with its process, and PostgreSQL mode takes no data-dir lock.
 */
const env = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  ADMIN_PASSWORD: 'Admin12345',
  JWT_SECRET: randomBytes(32).toString('hex'),
});

async function healthy(p: AppProcess) {
  const res = await fetch(`${p.url}/api/health`);
  return { status: res.status, body: (await res.json()) as { database: string } };
}

const running: AppProcess[] = [];
const dirs: string[] = [];
async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-restart-'));
  dirs.push(dir);
  return dir;
}
async function start(e: Record<string, string | undefined>) {
  const p = await startAppProcess(e);
  running.push(p);
  return p;
}
afterAll(async () => {
  for (const p of running) await p.stop();
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('restart after SIGKILL, embedded database', () => {
  it('starts again at once on the same DATA_DIR', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir();
    const first = await start(env(dataDir));
    expect((await healthy(first)).status).toBe(200);
    await first.kill();
    // The dead server's lock file is still there...
    await expect(fs.access(path.join(dataDir, 'rollcall.pid'))).resolves.toBeUndefined();
    // ...and the restart takes it over at once.
    const t0 = Date.now();
    const second = await start(env(dataDir));
    console.log(`restart after SIGKILL: running ${Date.now() - t0} ms after the kill (process start, PGlite open, migrations)`);
    const health = await healthy(second);
    expect(health).toMatchObject({ status: 200, body: { database: 'pglite' } });
    const signIn = await fetch(`${second.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin12345' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('still refuses a second server while the first one runs', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir();
    const first = await start(env(dataDir));
    await expect(startAppProcess(env(dataDir))).rejects.toThrow(/already in use by another Roll Call server/);
    expect((await healthy(first)).status).toBe(200);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('restart after SIGKILL, PostgreSQL', () => {
  let url: string;
  let drop = async () => {};
  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'rollcall_restart');
    url = scratch.url;
    drop = scratch.drop;
  });
  afterAll(() => drop());

  it('takes no DATA_DIR lock: two processes share one DATA_DIR, and a killed one restarts at once', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir();
    const a = await start(env(dataDir, url));
    const b = await start(env(dataDir, url));
    expect((await healthy(a)).body.database).toBe('postgres');
    expect((await healthy(b)).body.database).toBe('postgres');
    await a.kill();
    const c = await start(env(dataDir, url));
    expect((await healthy(c)).status).toBe(200);
  });
});
