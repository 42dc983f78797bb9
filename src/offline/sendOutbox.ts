import { HttpError } from 'react-admin';
import type { TicketInput } from '../domain/schemas/tickets';
import { claimForSending, listOutbox, removeFromOutbox, updateOutboxEntry } from './outbox';
import { isOnline } from './useOnline';

/** Sends one ticket: POST /api/timeTickets/insert with `key` as Idempotency-Key. Resolves on 2xx; rejects with HttpError (an answer) or another Error (none). */
export type SendTicket = (ticket: TicketInput, key: string) => Promise<unknown>;

/**
 * Why a round stopped before the end of the outbox:
 * - 'offline': the browser says it has no network (nothing was tried);
 * - 'unreachable': a request got no answer (the entry stays 'waiting');
 * - 'busy': the server answered 5xx, 408 or 429 (its trouble, not the ticket's: the entry stays 'waiting');
 * - 'unauthorized': 401, the session is over; the entries wait for the next sign-in.
 */
export type StopReason = 'offline' | 'unreachable' | 'busy' | 'unauthorized';

/** What a send achieved: tickets accepted (and removed), tickets refused this time, and why it stopped early (null: it went through). */
export interface SendResult {
  sent: number;
  refused: number;
  stopped: StopReason | null;
}

/** An answer that says nothing about the ticket: try the same entry again later. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * One pass over the officer's outbox, in the order saved, one ticket at a time: 2xx removes the
 * entry; 401 puts it back to 'waiting' and stops; no answer or a transient answer puts it back to
 * 'waiting' and stops (the next ones would meet the same; and sending them first could make an
 * earlier ticket overlap a later one); any other 4xx marks it 'refused' with the server's message
 * and the pass goes on. 'refused' entries are skipped until the officer edits them.
 */
async function sendRound(officerId: number, send: SendTicket): Promise<SendResult> {
  const result: SendResult = { sent: 0, refused: 0, stopped: null };
  if (!isOnline()) return { ...result, stopped: 'offline' };
  for (const { key } of await listOutbox(officerId)) {
    const entry = await claimForSending(officerId, key);
    if (!entry) continue;
    try {
      await send(entry.ticket, entry.key);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : undefined;
      if (status === undefined || status === 401 || isTransient(status)) {
        await updateOutboxEntry(officerId, key, { status: 'waiting' });
        return { ...result, stopped: status === undefined ? 'unreachable' : status === 401 ? 'unauthorized' : 'busy' };
      }
      await updateOutboxEntry(officerId, key, { status: 'refused', message: (error as Error).message, httpStatus: status });
      result.refused += 1;
      continue;
    }
    await removeFromOutbox(officerId, key);
    result.sent += 1;
  }
  return result;
}

const LOCK_NAME = 'rollcall-outbox-send';

/**
 * Runs `task` while holding the app's send lock: across tabs with the Web Locks API where the
 * browser has it (one tab sends, the others wait their turn and then find the entries gone),
 * else within this tab only (the in-tab guard of sendOutbox).
 */
async function withSendLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') return locks.request(LOCK_NAME, task);
  return task();
}

let running: Promise<SendResult> | null = null;
let askedAgain = false;

/**
 * Sends the officer's outbox (spec: offline ticket entry), never two sends at once: a call while
 * a send is under way is folded into it (one more pass follows, so an entry saved meanwhile is
 * not left behind) and gets its result. Returns the sums of the passes and the last pass's stop
 * reason. Errors of IndexedDB itself reject.
 */
export function sendOutbox(officerId: number, send: SendTicket): Promise<SendResult> {
  if (running) {
    askedAgain = true;
    return running;
  }
  running = (async () => {
    const total: SendResult = { sent: 0, refused: 0, stopped: null };
    do {
      askedAgain = false;
      const pass = await withSendLock(() => sendRound(officerId, send));
      total.sent += pass.sent;
      total.refused += pass.refused;
      total.stopped = pass.stopped;
    } while (askedAgain && total.stopped !== 'unauthorized' && total.stopped !== 'offline');
    return total;
  })().finally(() => {
    running = null;
  });
  return running;
}

/** The OutboxSender listens here: requestOutboxSend() asks it for a send now. */
export const sendRequests = new EventTarget();

/** Asks the mounted OutboxSender to send the outbox now (e.g. after an entry was edited). */
export function requestOutboxSend(): void {
  sendRequests.dispatchEvent(new Event('send'));
}
