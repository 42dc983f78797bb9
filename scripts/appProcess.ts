import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A Roll Call server started as its own process (`server/main.ts --api-only`). */
export interface AppProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL: no shutdown hook runs, the DATA_DIR lock file stays behind. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx server/main.ts --api-only` on 127.0.0.1 and a free port with the given
 * environment (DATA_DIR, DATABASE_URL, ...) added to this process's. Resolves once the server
 * prints that it is running; rejects with its output when it exits first (e.g. 'already in use')
 * or takes longer than `timeoutMs`. Used by the restart test, the crash harness and sqlmap, which
 * sign in as administrators with a password alone: two-step sign-in is off unless `env` sets it.
 */
export function startAppProcess(env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<AppProcess> {
  const childEnv = { ...process.env, LOG_LEVEL: 'warn', SECOND_FACTOR_LEVEL: 'off', ...env, HOST: '127.0.0.1', PORT: '0' } as Record<string, string>;
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts'), '--api-only'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const handle = (port: number): AppProcess => ({
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      const m = /Roll Call is running: http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(handle(Number(m[1])));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was running:\n${out}`));
    });
  });
}
