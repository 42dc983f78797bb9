/**
 * One answer layer for every route that keeps finished answers (the one-officer ticket list, the
 * summary by officer, footer totals, statistics, event lists, the 159 board and compliance report,
 * training compliance). A route runs all its checks (session, level, ownership, validation) and
 * then asks the layer with what the answer depends on; the layer reads that version from the
 * database, answers the kept bytes when they were made at the same version, or makes the answer,
 * keeps it and sends it.
 *
 * Freshness comes from the database alone: versions its triggers change in the writing
 * transaction (data_version per scope, migration 0015; ticket_list_version per officer, migration
 * 0011). So a write by this process, another app process or psql is seen by the next request, on
 * PGlite and PostgreSQL alike, and nothing here looks at statements. Sessions and audit entries are
 * in no scope: a session touch keeps every answer.
 *
 * Nothing here imports from server/routes (the layer sits below them).
 */
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { DataScope } from '../db/schema';
import { scopeVersions } from '../db/dataVersion';
import { sendJson, sendTotal } from '../reply';

const EMPTY = Buffer.alloc(0);

/** What a route reads: its rows and, for a paged answer, the count before paging (X-Total-Count). */
export interface AnswerRows<T> {
  rows: T;
  total?: number;
}

/** What a route tells the layer about one answer. */
export interface AnswerSpec<T> {
  /** Where the version and the rows are read (the same database: a replica's version goes with its rows). */
  db: Db;
  /** The scopes whose writes make the answer stale (data_version)… */
  scopes?: readonly DataScope[];
  /** …or a version of its own (the one-officer ticket list: ticketListVersion), read before the rows. */
  version?: () => Promise<string>;
  /** Reads the rows; a thrown error is answered as usual and nothing is kept. */
  make: () => Promise<AnswerRows<T>>;
  /** A compiled JSON writer of the rows (compileJsonWriter); else the route's response serializer. */
  write?: (rows: T) => string;
}

/** How many answers were sent from memory (`kept`) and made (`made`) since the process started. */
export interface AnswerCounts {
  kept: number;
  made: number;
}

/** The answer layer of one app process (createAnswers). */
export interface Answers {
  /**
   * Sends the answer of `request`: the kept bytes (and X-Total-Count) when the same officer asked
   * the same method, URL and body on the same organisation's day at the same version; else the
   * rows `spec.make()` reads, kept for the next ask. Call after every check of the route.
   * Resolves the reply, sent. Sets `X-Answer: kept | made` (the load script counts them).
   */
  answer<T>(request: FastifyRequest, reply: FastifyReply, spec: AnswerSpec<T>): Promise<FastifyReply>;
  /**
   * A finished answer that is not a JSON list (the iCalendar feed): the value kept under `key`
   * while `version` (read by the caller from database versions) stands, else `make()`'s, kept in
   * the same memory as every other answer (`size`: its bytes). With ANSWER_CACHE_MB 0, always made.
   */
  keep<V>(key: string, version: string, make: () => Promise<V>, size: (value: V) => number): Promise<V>;
  /** Drops every kept answer (the benchmark's single-request times measure answers being made). */
  forget(): void;
  /** Answers kept and made so far. */
  counts: AnswerCounts;
}

interface Kept {
  version: string;
  body: Buffer;
  total?: number;
  /** An answer kept by keep(): its value, and its size in bytes (then body is empty). */
  value?: unknown;
  size?: number;
}

/**
 * The answer layer: at most `maxMiB` MiB of JSON kept, least recently used out (ANSWER_CACHE_MB;
 * 0 keeps nothing and reads no version). `today()` is the organisation's date (MM/DD/YYYY), part
 * of every key because several reports count who is separated or overdue as of today.
 */
export function createAnswers(opts: { maxMiB: number; today: () => string }): Answers {
  const kept = opts.maxMiB > 0 ? new LRUCache<string, Kept>({ maxSize: opts.maxMiB * 1024 * 1024, sizeCalculation: (e) => (e.size ?? e.body.length) + 256 }) : null;
  const counts: AnswerCounts = { kept: 0, made: 0 };

  async function made<T>(reply: FastifyReply, spec: AnswerSpec<T>): Promise<{ body: Buffer | string; total?: number }> {
    const { rows, total } = await spec.make();
    // the route's own response serializer, as returned rows would have gone through
    return { body: spec.write ? spec.write(rows) : (reply.serialize(rows) as string), total };
  }

  return {
    counts,
    async answer(request, reply, spec) {
      if (!kept) {
        const { body, total } = await made(reply, spec);
        counts.made++;
        return sendJson(reply.header('X-Answer', 'made'), body, total);
      }
      const body = request.body === undefined ? '' : JSON.stringify(request.body);
      const key = `${request.actor?.officerId ?? 0} ${opts.today()} ${request.method} ${request.url} ${body}`;
      // the version before the rows: rows are never older than the version they are kept under
      const version = spec.version ? await spec.version() : await scopeVersions(spec.db, spec.scopes ?? [], request.actor);
      const hit = kept.get(key);
      if (hit?.version === version) {
        counts.kept++;
        if (hit.total !== undefined) sendTotal(reply, hit.total);
        return sendJson(reply.header('X-Answer', 'kept'), hit.body);
      }
      const answer = await made(reply, spec);
      // kept as UTF-8 bytes: a reuse sends them as they are, with no encoding or copy
      const bytes = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
      kept.set(key, { version, body: bytes, total: answer.total });
      counts.made++;
      return sendJson(reply.header('X-Answer', 'made'), bytes, answer.total);
    },
    async keep(key, version, make, size) {
      if (!kept) return make();
      const keyed = `keep ${key}`;
      const hit = kept.get(keyed);
      if (hit?.version === version && 'value' in hit) {
        counts.kept++;
        return hit.value as Awaited<ReturnType<typeof make>>;
      }
      const value = await make();
      kept.set(keyed, { version, body: EMPTY, value, size: size(value) });
      counts.made++;
      return value;
    },
    forget: () => kept?.clear(),
  };
}
