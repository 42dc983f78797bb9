import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createScratchDatabase } from '../scripts/scratchDatabase';
import type { DbKind } from './options';

/** A throw-away database for one bench run. */
export interface BenchDatabase {
  kind: DbKind;
  /** Environment for the seed CLI and the server: DATA_DIR (always a fresh temporary folder) and DATABASE_URL ('' on PGlite). */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Size of the database now, bytes: pg_database_size on PostgreSQL, the pgdata folder on PGlite. */
  sizeBytes(): Promise<number>;
  /** Drops the database (PostgreSQL) and removes the temporary folder. */
  drop(): Promise<void>;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile()) continue;
    const st = await fs.stat(path.join(e.parentPath, e.name)).catch(() => null);
    total += st?.size ?? 0;
  }
  return total;
}

/**
 * Creates the database of one run: on PGlite a fresh DATA_DIR; on PostgreSQL a database
 * `rollcall_bench_<random>` (scripts/scratchDatabase.ts) created through `postgresUrl` (a user who may create databases),
 * dropped again by drop(). Throws when PostgreSQL cannot be reached.
 */
export async function createBenchDatabase(kind: DbKind, postgresUrl: string): Promise<BenchDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `rollcall-bench-${kind}-`));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      sizeBytes: () => folderBytes(path.join(dataDir, 'pgdata')),
      drop: removeDir,
    };
  }
  const scratch = await createScratchDatabase(postgresUrl, 'rollcall_bench').catch(async (err: unknown) => {
    await removeDir();
    throw err;
  });
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    async sizeBytes() {
      const [row] = await scratch.admin`select pg_database_size(${scratch.name}) as bytes`;
      return Number(row.bytes);
    },
    async drop() {
      await scratch.drop();
      await removeDir();
    },
  };
}

/** Whether the database already holds the scale seed (more than a thousand officers). */
export async function isSeeded(url: string): Promise<boolean> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client`select count(*)::int as n from officer`;
    return row.n >= 1000;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

