import type { PGlite } from '@electric-sql/pglite';

/**
 * Statements that only read: a SELECT, WITH, SHOW or EXPLAIN that names no write (a WITH may
 * hold an INSERT, UPDATE or DELETE; SELECT … FOR UPDATE counts as a write too, harmlessly).
 */
const READS = /^\s*(select|with|show|explain)\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate)\b/i;
const readOnly = (text: string) => READS.test(text) && !WRITES.test(text);

const counters = new WeakMap<object, { writes: number }>();

/**
 * Embedded database only (issue 10): counts the writes that have finished on `client`, for
 * writeGeneration(db). The embedded database belongs to this one process (the DATA_DIR lock), so
 * every write passes through `client`: every statement of `query` and `exec` but a plain read, and
 * every `transaction`, adds one once it has finished (committed or not). A value read before a
 * read starts is therefore never newer than what that read sees, which lets a cache keep an
 * answer under the count it was made at. PostgreSQL has no such count: other processes write too.
 */
export function countWrites(client: PGlite, db: object): void {
  const counter = { writes: 0 };
  const after = <T>(run: Promise<T>): Promise<T> =>
    run.finally(() => {
      counter.writes++;
    });
  const query = client.query.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    const run = (query as (text: string, ...rest: unknown[]) => Promise<unknown>)(text, ...rest);
    return readOnly(text) ? run : after(run);
  }) as PGlite['query'];
  const exec = client.exec.bind(client);
  client.exec = ((text: string, ...rest: unknown[]) => {
    const run = (exec as (text: string, ...rest: unknown[]) => Promise<unknown>)(text, ...rest);
    return readOnly(text) ? run : after(run);
  }) as PGlite['exec'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) => after(transaction(fn))) as PGlite['transaction'];
  counters.set(db, counter);
}

/**
 * How many writes have finished on the embedded database `db` (countWrites), or undefined for
 * PostgreSQL. An unchanged count means nothing in the database changed in between.
 */
export function writeGeneration(db: object): number | undefined {
  return counters.get(db)?.writes;
}
