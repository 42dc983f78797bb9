import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { queryTally } from './queryCount';

/** The database handle every repository takes as its first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Where the reports across many officers read: the read replica when one is configured, else `db`. */
  reportDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The embedded database only: calls `onNotify` on every notification of `channel` this
   * connection receives (its own commits included).
   */
  listen?: (channel: string, onNotify: () => void) => Promise<unknown>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** PostgreSQL advisory lock key held while migrating (any fixed bigint; 'RollCall' in ASCII). */
const MIGRATION_LOCK = '5940085645767699564';

/**
 * Opens the database and applies the committed migrations: PostgreSQL when databaseUrl is set,
 * otherwise the embedded PGlite in DATA_DIR/pgdata (the caller holds the DATA_DIR lock). With
 * replicaUrl (PostgreSQL only) the reports read from that read replica (`reportDb`).
 */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string; replicaUrl?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema, casing: 'snake_case', logger: queryTally });
    // Several processes may start at once: one migrates, the others wait for it.
    const lock = await client.reserve();
    try {
      await lock`select pg_advisory_lock(${MIGRATION_LOCK}::bigint)`;
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK}::bigint)`.catch(() => {});
      lock.release();
    }
    if (!opts.replicaUrl) return { db: db as unknown as Db, reportDb: db as unknown as Db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
    // The replica is only read (never migrated: it follows the primary).
    const replica = postgres(opts.replicaUrl, { max: 10, onnotice: () => {} });
    const reportDb = drizzlePostgres(replica, { schema, casing: 'snake_case', logger: queryTally });
    return {
      db: db as unknown as Db,
      reportDb: reportDb as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), replica.end({ timeout: 5 })]);
      },
    };
  }
  const client = new PGlite(path.join(opts.dataDir, 'pgdata'));
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: queryTally });
  await migratePglite(db, { migrationsFolder });
  // this one connection asks to be told of every committed version change (migration 0016)
  await client.exec(`SET rollcall.notify_versions = 'on'`);
  return {
    db: db as unknown as Db,
    reportDb: db as unknown as Db,
    kind: 'pglite',
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: () => client.close(),
  };
}

export { lockDataDir } from './dataDirLock';
