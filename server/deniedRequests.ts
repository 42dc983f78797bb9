import type { FastifyRequest } from 'fastify';
import type { App } from './appType';
import { auditEntry } from './audit';
import { insertAudit, type AuditInsert } from './db/repositories/auditLog';

/**
 * Refused requests (403) are recorded in the append-only audit log, but one officer calling a
 * route he may not use over and over must not write a permanent row per call, nor, on the
 * embedded database, throw away every kept report, list and session answer with each write.
 * So identical refusals (one session, or one client address when there is none, one route, one
 * message) are counted in memory: the first of a minute is written at once, so a single refusal
 * shows immediately; the identical ones of the following minute are written as one entry with
 * their count (repeatCount) when that minute ends, or when the app closes. The table refuses
 * updates, so each entry is inserted once, never changed.
 */

/** How long identical refusals are counted after the one written at once (ms of the app's clock). */
export const DENIED_WINDOW_MS = 60_000;
/** At most this many keys are counted in memory; a new key's refusal beyond that is written at once. */
export const MAX_COUNTED_KEYS = 10_000;
/** How often (real time) the minutes that have ended by the app's clock are looked for. */
const SWEEP_EVERY_MS = 1_000;
/** Rows per INSERT when many counted entries are written together (well under the parameter limit). */
const ROWS_PER_INSERT = 500;

interface Counted {
  startMs: number;
  endsMs: number;
  /** Refusals counted since the one written at once, not written yet. */
  repeats: number;
  /** The last counted refusal's entry (its time and request id), written with `repeats`. */
  last: AuditInsert;
}

/** Counts identical refusals; see createDeniedRequestCounter. */
export interface DeniedRequestCounter {
  /**
   * One refusal of `key`: the first of a window is written at once (count 1) together with the
   * count of the key's window that ended, if any; the next ones within the window are only
   * counted. Resolves once anything due is written.
   */
  refused(key: string, entry: AuditInsert): Promise<void>;
  /** Writes the counts of every window that has ended by the clock and forgets those windows. */
  flushEnded(): Promise<void>;
  /** Writes every count, ended or not, and stops the timer (the app is closing). */
  close(): Promise<void>;
  /** How many keys are counted in memory. */
  readonly size: number;
}

/**
 * A counter of identical refusals. `now` is the app's clock (windows are measured on it);
 * `write` appends entries to the audit log and must not throw. While anything is counted, a timer
 * (unref'd: it never keeps the process alive) writes the windows that have ended. At most
 * `maxKeys` keys are kept; a refusal of a new key beyond that is written at once, uncounted.
 */
export function createDeniedRequestCounter(opts: {
  now: () => Date;
  write: (entries: AuditInsert[]) => Promise<void>;
  maxKeys?: number;
  windowMs?: number;
  sweepEveryMs?: number;
}): DeniedRequestCounter {
  const maxKeys = opts.maxKeys ?? MAX_COUNTED_KEYS;
  const windowMs = opts.windowMs ?? DENIED_WINDOW_MS;
  const counted = new Map<string, Counted>();
  const writing = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let sweeping = false;

  const withCount = (c: Counted): AuditInsert => ({ ...c.last, repeatCount: c.repeats });
  // A clock set back (only tests do that) ends a window too, rather than counting into it forever.
  const ended = (c: Counted, nowMs: number) => nowMs >= c.endsMs || nowMs < c.startMs;

  const write = (entries: AuditInsert[]) => {
    if (!entries.length) return Promise.resolve();
    const run = opts.write(entries).finally(() => writing.delete(run));
    writing.add(run);
    return run;
  };
  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const startTimer = () => {
    if (timer) return;
    timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      void flushEnded().finally(() => {
        sweeping = false;
      });
    }, opts.sweepEveryMs ?? SWEEP_EVERY_MS);
    timer.unref();
  };

  async function flushEnded(): Promise<void> {
    const nowMs = opts.now().getTime();
    const due: AuditInsert[] = [];
    for (const [key, c] of counted) {
      if (!ended(c, nowMs)) continue;
      counted.delete(key);
      if (c.repeats) due.push(withCount(c));
    }
    if (!counted.size) stopTimer();
    await write(due);
  }

  return {
    async refused(key, entry) {
      const nowMs = entry.at.getTime();
      const c = counted.get(key);
      if (c && !ended(c, nowMs)) {
        c.repeats++;
        c.last = entry;
        return;
      }
      const due: AuditInsert[] = [];
      if (c) {
        counted.delete(key);
        if (c.repeats) due.push(withCount(c));
      }
      if (counted.size < maxKeys) {
        counted.set(key, { startMs: nowMs, endsMs: nowMs + windowMs, repeats: 0, last: entry });
        startTimer();
      }
      due.push({ ...entry, repeatCount: 1 });
      await write(due);
    },
    flushEnded,
    async close() {
      stopTimer();
      const due = [...counted.values()].filter((c) => c.repeats).map(withCount);
      counted.clear();
      await Promise.all(writing);
      await write(due);
    },
    get size() {
      return counted.size;
    },
  };
}

/** The message of a refusal's JSON answer, or null. */
function messageOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const { message } = JSON.parse(payload) as { message?: unknown };
    return typeof message === 'string' ? message : null;
  } catch {
    return null; // not JSON
  }
}

/** What makes refusals identical: the session (or client address without one), the route and the message. */
function deniedKey(request: FastifyRequest, route: string, message: string | null): string {
  return JSON.stringify([request.sessionId ?? `address ${request.ip}`, route, message]);
}

/**
 * Registers on the /api plugin `api` the audit of refused requests: every 403 answer is an audit
 * entry 'denied' of entity 'request' with the route ('GET /api/officer/getSingle/:id') and the
 * answer's message, identical ones counted as createDeniedRequestCounter describes. The counts
 * still held are written when the app closes (before the database closes: a plugin's onClose
 * runs before its parent's). A failure to write is logged; the answer stands.
 */
export function auditDeniedRequests(api: App): void {
  const counter = createDeniedRequestCounter({
    now: () => api.ctx.now(),
    async write(entries) {
      // Written on the pool, not in a transaction with a change (server/audit.ts `audit`): a
      // refused request changed nothing, so there is nothing to pair the entry with, and the
      // counts of identical refusals are written later, in batches, long after their requests.
      try {
        for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) await insertAudit(api.ctx.db, entries.slice(i, i + ROWS_PER_INSERT));
      } catch (err) {
        api.log.error({ err, action: 'denied', entries: entries.length }, 'audit log write failed');
      }
    },
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 403) {
      const message = messageOf(payload);
      const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
      const entry = auditEntry(request, { action: 'denied', entity: 'request', entityId: route, outcome: 'denied', details: message });
      await counter.refused(deniedKey(request, route, message), entry);
    }
    return payload;
  });
  api.addHook('onClose', () => counter.close());
}
