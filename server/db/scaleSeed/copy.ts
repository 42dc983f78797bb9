import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type { Sql, TransactionSql } from 'postgres';
import type { Db } from '../client';

/** A value of one COPY column: null is SQL NULL, a Buffer is bytea, a Date a timestamptz. */
export type CopyValue = string | number | boolean | null | Date | Buffer;

/**
 * One transaction of the scale seed on either database, with bulk loading through COPY (text
 * format): postgres.js `COPY ... FROM STDIN` streamed with back-pressure on PostgreSQL, and
 * `COPY ... FROM '/dev/blob'` in batches on PGlite. Nothing is inserted row by row.
 */
export interface BulkLoader {
  kind: 'postgres' | 'pglite';
  /** Runs one statement (no parameters). */
  exec(statement: string): Promise<void>;
  /** Runs a query and returns its rows. */
  rows<T>(query: string): Promise<T[]>;
  /** Loads lines made by copyLine() into table(columns); returns how many were loaded. */
  copy(table: string, columns: readonly string[], lines: Iterable<string>): Promise<number>;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text value escaped for COPY's text format (backslash, tab, newline, carriage return). */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

/** One COPY text-format line (with its newline) from column values in column order. */
export function copyLine(values: readonly CopyValue[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += '\t';
    if (v === null) out += '\\N';
    else if (typeof v === 'number') out += String(v);
    else if (typeof v === 'boolean') out += v ? 't' : 'f';
    else if (v instanceof Date) out += v.toISOString();
    else if (Buffer.isBuffer(v)) out += `\\\\x${v.toString('hex')}`;
    else out += copyText(v);
  }
  return `${out}\n`;
}

/** Joins lines into chunks of about `size` characters, counting them into `counter.n`. */
function* chunks(lines: Iterable<string>, size: number, counter: { n: number }): Generator<string> {
  let buf = '';
  for (const line of lines) {
    buf += line;
    counter.n++;
    if (buf.length >= size) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

function postgresLoader(tx: TransactionSql): BulkLoader {
  return {
    kind: 'postgres',
    async exec(statement) {
      await tx.unsafe(statement);
    },
    async rows<T>(query: string) {
      return (await tx.unsafe(query)) as unknown as T[];
    },
    async copy(table, columns, lines) {
      const counter = { n: 0 };
      const writable = await tx.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable();
      await pipeline(Readable.from(chunks(lines, 256 * 1024, counter)), writable);
      return counter.n;
    },
  };
}

function pgliteLoader(tx: PGliteTransaction): BulkLoader {
  return {
    kind: 'pglite',
    async exec(statement) {
      await tx.exec(statement);
    },
    async rows<T>(query: string) {
      return (await tx.query<T>(query)).rows;
    },
    async copy(table, columns, lines) {
      const counter = { n: 0 };
      // one COPY per ~8 MB so a large run never holds the whole table as one string
      for (const chunk of chunks(lines, 8 * 1024 * 1024, counter)) {
        await tx.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([chunk]) });
      }
      return counter.n;
    },
  };
}

/**
 * Runs `fn` in one transaction of the database behind `db` (the drizzle handle of
 * server/db/client.ts), giving it a BulkLoader. Commits when fn resolves, rolls back when it throws.
 */
export async function withBulkLoader<T>(db: Db, fn: (loader: BulkLoader) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return client.transaction((tx) => fn(pgliteLoader(tx)));
  const sql = client as Sql;
  return (await sql.begin((tx) => fn(postgresLoader(tx)))) as T;
}
