/**
 * Statements built once and run as rows of values, for the hottest reads. Drizzle maps
 * every cell of every row through its column decoders and the driver builds an object per row;
 * for a 100-row, 45-column ticket page that was most of the request's CPU. A RawStatement keeps
 * the SQL text and parameter order Drizzle built once (with placeholders) and runs it on the
 * driver in array mode. The select list must use types both drivers read alike (integer, text,
 * boolean, float8): no numeric, bigint or timestamp columns.
 */
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Db } from './client';
import { queryTally } from './queryCount';

export interface RawStatement<K extends string> {
  /** The select list's keys, in column order. */
  keys: readonly K[];
  /** Runs the statement with the placeholders' values; rows as objects of `keys`. */
  run(values: Record<string, unknown>): Promise<Array<Record<K, unknown>>>;
}

/**
 * Builds `query` once (a Drizzle select whose fields are `keys`, with sql.placeholder()s) and
 * returns a statement that runs it on `db`'s driver (PostgreSQL: a prepared statement per
 * connection; PGlite: its extended protocol) and reads the rows as arrays. Each run is recorded
 * in countQueries() like any Drizzle statement.
 */
export function rawStatement<K extends string>(db: Db, keys: readonly K[], query: { toSQL(): { sql: string; params: unknown[] } }): RawStatement<K> {
  const { sql: text, params } = query.toSQL();
  const client = (db as unknown as { $client: PGlite | Sql }).$client;
  const arrays: (p: unknown[]) => Promise<unknown[][]> =
    client instanceof PGlite
      ? async (p) => (await client.query<unknown[]>(text, p, { rowMode: 'array' })).rows
      : (p) => (client as Sql).unsafe(text, p as never[], { prepare: true }).values() as Promise<unknown[][]>;
  // One object literal of the keys (our own field names, never input): every row gets the same
  // shape, which a keyed loop would not give.
  const toObject = new Function('row', `return {${keys.map((k, i) => `${JSON.stringify(k)}: row[${i}]`).join(', ')}};`) as (row: unknown[]) => Record<K, unknown>;
  return {
    keys,
    async run(values) {
      const p = fillPlaceholders(params, values);
      queryTally.logQuery(text, p);
      const rows = await arrays(p);
      const objects = rows.map(toObject);
      // postgres.js resolves its query (a Promise subclass) with this array, and the spent query
      // stays reachable past the young-generation collections until a full one: every row and
      // string it holds was promoted to old space with it (one year's export: the whole year,
      // about 90 MB, waiting for a full collection). Emptied, the rows die young.
      rows.length = 0;
      return objects;
    },
  };
}
