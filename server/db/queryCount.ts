import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

/** The SQL statements run inside one countQueries() call. */
interface Tally {
  queries: string[];
  params: unknown[][];
}

const tallies = new AsyncLocalStorage<Tally>();

/**
 * Drizzle's logger of every database (server/db/client.ts): records each statement in the tally
 * of the countQueries() call it runs under, and does nothing otherwise (one AsyncLocalStorage
 * lookup per statement). The query-count test uses it so an N+1 query cannot creep back.
 */
export const queryTally: Logger = {
  logQuery(query, params) {
    const tally = tallies.getStore();
    if (!tally) return;
    tally.queries.push(query);
    tally.params.push(params);
  },
};

/**
 * Runs `fn` (e.g. one app.inject request) and returns its result with the SQL statements it ran,
 * in order, and their parameters (BEGIN/COMMIT of transactions are not statements of Drizzle and
 * are not counted).
 */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[]; params: unknown[][] }> {
  const tally: Tally = { queries: [], params: [] };
  const result = await tallies.run(tally, fn);
  return { result, ...tally };
}
