import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The DATA_DIR lock: one Roll Call process per embedded database. The lock
 * is a PID file, `DATA_DIR/rollcall.pid`, holding the owner's process id, the start time the
 * kernel gives that process (Linux /proc/<pid>/stat, so a recycled id is not mistaken for the
 * owner) and the host name. It dies with its process: a file whose process no longer runs is
 * stale and taken over at once, so a server killed with SIGKILL restarts immediately (the old
 * proper-lockfile lock waited 15 s for staleness).
 */
const LOCK_FILE = 'rollcall.pid';
/** A takeover guard older than this was left by a process that died while taking over (ms). */
const GUARD_STALE_MS = 10_000;

interface LockOwner {
  pid: number;
  start: string | null;
  host: string;
}

/** The kernel's start time of a process (clock ticks since boot), or null where /proc is absent. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true; // another machine's process: cannot tell, assume alive
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStartTime(owner.pid);
  return !owner.start || !start || start === owner.start;
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null; // vanished, or a half-written file of a process killed while writing it
  }
}

function inUse(dataDir: string): Error {
  return new Error(`DATA_DIR ${path.resolve(dataDir)} is already in use by another Roll Call server. Stop it or choose another DATA_DIR.`);
}

/**
 * Takes the DATA_DIR lock for this process. Throws a one-line error when a running process holds
 * it; takes over a lock left by a process that is gone. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, start: processStartTime(process.pid), host: os.hostname() };
  const body = JSON.stringify(me);
  const tryCreate = () => {
    try {
      fs.writeFileSync(file, body, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  };
  if (!tryCreate()) {
    const owner = readOwner(file);
    if (owner && isRunning(owner)) throw inUse(dataDir);
    // Stale: one process at a time replaces it (two servers restarted together must not both win).
    const guard = `${file}.takeover`;
    try {
      fs.mkdirSync(guard);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - fs.statSync(guard).mtimeMs;
      if (age < GUARD_STALE_MS) throw inUse(dataDir);
      fs.rmSync(guard, { recursive: true, force: true });
      fs.mkdirSync(guard);
    }
    try {
      const again = readOwner(file);
      if (again && isRunning(again)) throw inUse(dataDir);
      fs.rmSync(file, { force: true });
      if (!tryCreate()) throw inUse(dataDir);
    } finally {
      fs.rmSync(guard, { recursive: true, force: true });
    }
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === body) fs.rmSync(file, { force: true });
  };
}
