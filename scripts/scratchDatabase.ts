import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** A PostgreSQL database made for one run and dropped after it. */
export interface ScratchDatabase {
  /** Its connection URL: the server's URL with the database's name. */
  url: string;
  name: string;
  /** A connection to the server the database was made through (one connection; e.g. pg_database_size). */
  admin: postgres.Sql;
  /** Drops the database (also with sessions still open) and closes `admin`. */
  drop(): Promise<void>;
}

/**
 * Creates the database `<prefix>_<random hex>` on the PostgreSQL server of `serverUrl` (a user who
 * may create databases), for one test run, harness, load or bench run. Throws with the server's
 * message when it cannot be created (the connection is closed first).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    await admin.end();
    throw new Error(`Cannot create a PostgreSQL database through ${serverUrl}: ${(err as Error).message}`, { cause: err });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
