import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './db/dataDirLock';

/**
 * Backup and restore of the whole database: uploads live in it too, so one file holds
 * everything. PostgreSQL (DATABASE_URL): pg_dump's custom format, restored by pg_restore
 * (--clean --if-exists --single-transaction, owners left out); the server may keep running during
 * a backup. Embedded PGlite (DATA_DIR): PGlite's dumpDataDir tarball (gzip), restored with
 * loadDataDir into a fresh DATA_DIR/pgdata; both take the DATA_DIR lock, so the server must be
 * stopped. A restore keeps the embedded database it replaces as pgdata.before-restore-<time>.
 */
export interface BackupTarget {
  dataDir: string;
  databaseUrl?: string;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.once('error', (e) => reject(new Error(`${cmd} could not be started: ${e.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code}): ${err.trim()}`))));
  });
}

/** Writes a backup of the database to `file`. Returns 'postgres' or 'pglite' (the format written). */
export async function backup(target: BackupTarget, file: string): Promise<'postgres' | 'pglite'> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', target.databaseUrl]);
    return 'postgres';
  }
  const pgdata = path.join(target.dataDir, 'pgdata');
  if (!fs.existsSync(pgdata)) throw new Error(`No embedded database in ${path.resolve(pgdata)}.`);
  const release = await lockDataDir(target.dataDir);
  try {
    const db = new PGlite(pgdata);
    try {
      await db.query('select 1'); // dumpDataDir before the database is ready never settles
      const tarball = await db.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    await release();
  }
  return 'pglite';
}

/** Replaces the database with the backup in `file` (made by backup() for the same kind of database). */
export async function restore(target: BackupTarget, file: string, now = new Date()): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup file ${path.resolve(file)}.`);
  if (target.databaseUrl) {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', target.databaseUrl, file]);
    return;
  }
  const release = await lockDataDir(target.dataDir);
  try {
    const pgdata = path.join(target.dataDir, 'pgdata');
    const incoming = `${pgdata}.restoring`;
    fs.rmSync(incoming, { recursive: true, force: true });
    const db = new PGlite(incoming, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
    if (fs.existsSync(pgdata)) fs.renameSync(pgdata, `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
    fs.renameSync(incoming, pgdata);
  } finally {
    await release();
  }
}
