import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeGeneration } from './db/writeGeneration';
import { createAnswerCache } from './answerCache';
import { sendJson, sendTotal } from './routes/listPage';

/** What a report route reads: its rows and, for a paged report, the count before paging (X-Total-Count). */
export interface ReportRows<T> {
  rows: T;
  total?: number;
}

/** Report answers of one app process on the embedded database (createKeptReports). */
export interface KeptReports {
  /**
   * Answers `request` with the rows `make()` reads (and X-Total-Count when it gives a total), or
   * with the same bytes again when the same officer asked the same thing on the same
   * organisation's day and nothing has been written since. Call it after every check of the
   * route: it only spares the reading. Resolves what the handler returns: the reply, sent, or on
   * PostgreSQL without `write` the rows for Fastify's serializer. `write`, a compiled JSON writer
   * of the rows (compileJsonWriter), replaces the route's serializer on both databases.
   */
  answer<T>(request: FastifyRequest, reply: FastifyReply, make: () => Promise<ReportRows<T>>, write?: (rows: T) => string): Promise<T>;
  /** Drops every kept answer (the benchmark's single-request times measure a report being made). */
  forget(): void;
}

/**
 * Reports on the embedded database kept in memory while nothing is written (issue 10): the summary
 * by officer, footer totals, statistics, event lists, the 159 board and compliance report and
 * training compliance. PGlite belongs to this one process (DATA_DIR lock) and runs one statement at
 * a time on one core, so a report asked again (the next page of it, the same report by another
 * supervisor's tab, the way back to it) would otherwise wait behind every other statement.
 *
 * The answers live in an answer cache (server/answerCache.ts, `maxMiB` of JSON), keyed by the
 * asking officer, the organisation's date `today()` (MM/DD/YYYY: several reports count who is
 * separated or what is overdue as of today), the method, the path with its query and the body (the
 * training report is a POST); the version is writeGeneration — the count of finished writes on the
 * embedded database — read before the report is made, so any write (a ticket, a sign-off, a session
 * touch, an officer's access level) makes every kept answer again. Only answers that were made
 * (no error) are kept; every check of the route (session, level, validation) runs before this is
 * asked.
 *
 * On PostgreSQL (other processes and psql write there) and with `maxMiB` 0 (REPORT_CACHE_MB=0)
 * every answer is made afresh.
 */
export function createKeptReports(db: object, maxMiB: number, today: () => string): KeptReports {
  const cache = writeGeneration(db) !== undefined ? createAnswerCache(maxMiB) : null;
  return {
    async answer<T>(request: FastifyRequest, reply: FastifyReply, make: () => Promise<ReportRows<T>>, write?: (rows: T) => string): Promise<T> {
      const writes = writeGeneration(db);
      if (!cache || writes === undefined) {
        const { rows, total } = await make();
        if (write) return sendJson(reply, write(rows), total) as T;
        if (total !== undefined) sendTotal(reply, total);
        return rows;
      }
      const body = request.body === undefined ? '' : JSON.stringify(request.body);
      const key = `${request.actor?.officerId ?? 0} ${today()} ${request.method} ${request.url} ${body}`;
      const kept = await cache.answer(key, String(writes), async () => {
        const { rows, total } = await make();
        // the route's own response serializer, as returned rows would have gone through
        return { body: bytes(write ? write(rows) : reply.serialize(rows)), total };
      });
      return sendJson(reply, kept.body, kept.total) as T;
    },
    forget: () => cache?.clear(),
  };
}

const bytes = (json: string | ArrayBuffer | Buffer) => (typeof json === 'string' ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json));
