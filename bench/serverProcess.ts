import fs from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';

/** The running bench server (bench/server.ts in its own Node process). */
export interface BenchServer {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Memory of the server process now (/proc/<pid>/status): rssBytes (VmRSS) and peakRssBytes (VmHWM). */
  memory(): Promise<{ rssBytes: number; peakRssBytes: number }>;
  stop(): Promise<void>;
}

export interface ServerStart {
  /** DATA_DIR and DATABASE_URL. */
  env: Record<string, string>;
  /** Built browser app to serve under /secure/. */
  staticDir?: string;
  /** Seed the demo organisation with this password (the fallback when there is no scale seed). */
  demoPassword?: string;
}

async function procStatusKb(pid: number, field: string): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** CPU time (user + system) a process has used, ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
async function cpuTimeMs(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** What the server used while one measured call ran: RSS before and at its peak (bytes), CPU time (ms). */
export interface Usage {
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssGrowthBytes: number;
  serverCpuMs: number;
}

/**
 * Starts watching the server's memory (VmRSS every 20 ms) and CPU time; `stop()` ends the watch
 * and answers what the call in between used (Usage).
 */
export async function watchUsage(server: BenchServer): Promise<{ stop(): Promise<Usage> }> {
  const rssBeforeBytes = (await server.memory()).rssBytes;
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    void server.memory().then((m) => (rssPeakBytes = Math.max(rssPeakBytes, m.rssBytes)));
  }, 20);
  const cpuBefore = await cpuTimeMs(server.pid);
  return {
    async stop() {
      clearInterval(sampler);
      const serverCpuMs = (await cpuTimeMs(server.pid)) - cpuBefore;
      rssPeakBytes = Math.max(rssPeakBytes, (await server.memory()).rssBytes);
      return { rssBeforeBytes, rssPeakBytes, rssGrowthBytes: rssPeakBytes - rssBeforeBytes, serverCpuMs };
    },
  };
}

/**
 * Starts bench/server.ts with `node --import tsx` (so the pid is the server's own Node process,
 * whose memory we read) on 127.0.0.1 and a free port, with sign-ins unthrottled
 * (AUTH_RATE_LIMIT) and warnings-only logs. Resolves when it prints its port; rejects when it
 * exits first or takes over two minutes.
 */
export async function startBenchServer(root: string, opts: ServerStart): Promise<BenchServer> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...opts.env,
    AUTH_RATE_LIMIT: '1000000',
    FEED_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'BenchAdmin2026',
    BENCH_STATIC_DIR: opts.staticDir ?? '',
    BENCH_DEMO_PASSWORD: opts.demoPassword ?? '',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'server.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => {
    out += d;
    process.stderr.write(d);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench server did not start:\n${out}`)), 120_000);
    child.stdout.on('data', () => {
      const m = /BENCH_SERVER_PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with ${code}:\n${out}`));
    });
  });
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    async memory() {
      return { rssBytes: await procStatusKb(pid, 'VmRSS'), peakRssBytes: await procStatusKb(pid, 'VmHWM') };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
