import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeGeneration } from './db/writeGeneration';

/** A finished report answer: its JSON as UTF-8 bytes, its X-Total-Count, and the write count it was made at. */
interface KeptReport {
  writes: number;
  body: Buffer;
  total: string | undefined;
}

/** Report answers of one app process on the embedded database (createKeptReports). */
export interface KeptReports {
  /**
   * Answers `request` with what `make()` returns (the rows a report route would return), or with
   * the same bytes again when the same officer asked the same thing on the same organisation's
   * day and nothing has been written since. Call it after every check of the route: it only
   * spares the reading. Sends the answer itself (then resolves the reply, typed as the rows, for
   * the route to return); on PostgreSQL resolves make()'s rows for Fastify to send. `write`, a
   * compiled JSON writer of the rows (compileJsonWriter), replaces the route's serializer on both.
   */
  answer<T>(request: FastifyRequest, reply: FastifyReply, make: () => Promise<T>, write?: (rows: T) => string): Promise<T>;
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
 * An answer is keyed by the asking officer, the organisation's date `today()` (MM/DD/YYYY: several
 * reports count who is separated or what is overdue as of today), the method, the path with its
 * query and the body (the training report is a POST), and is reused only while writeGeneration —
 * the count of finished writes on the embedded database — is still the one read before the report
 * was made; any write (a ticket, a sign-off, a session touch, an officer's access level) makes every
 * kept answer again. Only 200 answers are kept; every check of the route (session, level,
 * validation) runs before this is asked. Least recently used out past `maxMiB` of JSON.
 *
 * On PostgreSQL (other processes and psql write there) and with `maxMiB` 0 (REPORT_CACHE_MB=0)
 * every answer is made afresh.
 */
export function createKeptReports(db: object, maxMiB: number, today: () => string): KeptReports {
  const kept = maxMiB > 0 && writeGeneration(db) !== undefined
    ? new LRUCache<string, KeptReport>({ maxSize: maxMiB * 1024 * 1024, sizeCalculation: (e) => e.body.length + 256 })
    : null;
  return {
    async answer<T>(request: FastifyRequest, reply: FastifyReply, make: () => Promise<T>, write?: (rows: T) => string): Promise<T> {
      const writes = writeGeneration(db);
      const serialize = (rows: T) => bytes(write ? write(rows) : reply.serialize(rows));
      if (!kept || writes === undefined) {
        if (!write) return make();
        const rows = await make();
        return send(reply, { body: write(rows), total: headerText(reply.getHeader('x-total-count')) }) as T;
      }
      const body = request.body === undefined ? '' : JSON.stringify(request.body);
      const key = `${request.actor?.officerId ?? 0} ${today()} ${request.method} ${request.url} ${body}`;
      const hit = kept.get(key);
      if (hit?.writes === writes) return send(reply, hit) as T;
      const rows = await make();
      // the route's own response serializer, as a returned value would have gone through
      const made: KeptReport = { writes, body: serialize(rows), total: headerText(reply.getHeader('x-total-count')) };
      kept.set(key, made);
      return send(reply, made) as T;
    },
    forget: () => kept?.clear(),
  };
}

const bytes = (json: string | ArrayBuffer | Buffer) => (typeof json === 'string' ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json));
const headerText = (value: ReturnType<FastifyReply['getHeader']>) => (value === undefined ? undefined : String(value));

/** Sends a kept answer; the reply itself comes back, which a Fastify handler may return once it has sent. */
function send(reply: FastifyReply, answer: { body: Buffer | string; total: string | undefined }): unknown {
  if (answer.total !== undefined) reply.header('X-Total-Count', answer.total).header('Access-Control-Expose-Headers', 'X-Total-Count');
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
