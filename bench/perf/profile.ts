/**
 * CPU profile of one hot call under load: starts the server on the harness's kept
 * database (KEEP_DB, seeded by bench/perf/harness.ts), sends REQUESTS requests of CALL through
 * app.inject, CONCURRENCY at a time, and prints the functions with the most self time,
 * grouped by package. Run it under node's profiler:
 *
 *   KEEP_DB=rollcall_perf_x DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/perf/profile.ts
 *   npx tsx bench/perf/profile.ts --summarize /tmp/prof/<file>.cpuprofile
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { createSession } from '../../server/db/repositories/sessions';
import { signToken } from '../../server/auth/tokens';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Prints the top self-time functions and packages of a .cpuprofile. */
async function summarize(file: string) {
  const prof = JSON.parse(await fs.readFile(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)!.callFrame.functionName));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '');
    fn.set(`${functionName || '(anonymous)'} ${where}:${lineNumber}`, (fn.get(`${functionName || '(anonymous)'} ${where}:${lineNumber}`) ?? 0) + t);
    const p = url.includes('node_modules/') ? url.split('node_modules/')[1].split('/').slice(0, url.split('node_modules/')[1].startsWith('@') ? 2 : 1).join('/') : url ? (url.startsWith('node:') ? 'node' : 'roll call') : functionName;
    pkg.set(p, (pkg.get(p) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  console.log(`samples ${(total / 1000).toFixed(0)} ms; idle/program/gc: ${idle.map(([id, t]) => `${byId.get(id)!.callFrame.functionName} ${pct(t)}`).join(', ')}`);
  console.log('by package:');
  for (const [k, t] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${pct(t)}  ${k}`);
  console.log('by function (self time):');
  for (const [k, t] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 20))) console.log(`  ${pct(t)}  ${k}`);
}

async function main() {
  if (process.argv[2] === '--summarize') return summarize(process.argv[3]);
  // PGLITE_DIR: a seeded embedded data dir (npm run seed with DATA_DIR) instead of KEEP_DB.
  const url = process.env.PGLITE_DIR ? null : new URL(process.env.DATABASE_URL!);
  if (url) url.pathname = `/${process.env.KEEP_DB}`;
  const dataDir = process.env.PGLITE_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-prof-')));
  const now = process.env.NOW ? new Date(process.env.NOW) : new Date('2026-12-31T17:00:00Z');
  const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: url?.toString(), ADMIN_PASSWORD: 'Admin12345', JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false, now: () => now });
  const { sessionId, expiresAt } = await createSession(app.ctx.db, Number(process.env.ACTOR ?? 9999), now, false);
  const token = await signToken(app.ctx.jwtSecret, { sessionId, officerId: Number(process.env.ACTOR ?? 9999) }, now, expiresAt);
  const call = process.env.CALL ?? '/api/timeTickets/getMultiple?officerId=1005&sinceDate=01/01/2026&untilDate=12/31/2026&_sort=startDate&_order=DESC&_start=0&_end=100';
  const requests = Number(process.env.REQUESTS ?? 400);
  const concurrency = Number(process.env.CONCURRENCY ?? 20);
  let sent = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent++ < requests) {
        const res = await app.inject({ method: 'GET', url: call, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  console.log(`${requests} requests in ${(performance.now() - t0).toFixed(0)} ms; this process's CPU ${((cpu.user + cpu.system) / 1000 / requests).toFixed(3)} ms a request`);
  await app.close();
  if (!process.env.PGLITE_DIR) await fs.rm(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
