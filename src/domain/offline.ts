import type { TicketInput } from './schemas/tickets';

/**
 * Offline ticket entry: what the browser's outbox, the service worker and the server share.
 *
 * A ticket saved without a connection goes into the officer's outbox (IndexedDB, per officer) and
 * is sent later with POST /api/timeTickets/insert. Each outbox entry carries an idempotency key,
 * sent in this header, which the server stores with the ticket it creates: a retry after a lost
 * answer finds the ticket already made and gets the same answer, never a second ticket. A key
 * reused with a different body is refused (409, rc.offline.server.keyReused).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Where an outbox entry stands:
 * - 'waiting': not yet answered by the server (never sent, or sent without an answer);
 * - 'sending': on its way now;
 * - 'refused': the server answered with a 4xx; `message` holds its words, and the entry stays
 *   until the officer corrects or discards it.
 */
export type OutboxStatus = 'waiting' | 'sending' | 'refused';

/**
 * One ticket saved on the device and not yet accepted by the server. `ticket` is exactly the body
 * POST /api/timeTickets/insert takes (no hoursWorkedId). `key` is its idempotency key: it stays
 * while the entry might already have reached the server; after a refusal (nothing was made) an
 * edited entry gets a new one. `savedAt` is an ISO 8601 instant.
 */
export interface OutboxEntry {
  key: string;
  officerId: number;
  ticket: TicketInput;
  savedAt: string;
  status: OutboxStatus;
  /** The server's message of the last refusal (status 'refused'). */
  message?: string;
  /** The HTTP status of the last refusal. */
  httpStatus?: number;
}
