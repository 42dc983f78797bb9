import { createStore, get, update, type UseStore } from 'idb-keyval';
import type { OutboxEntry } from '../domain/offline';
import type { TicketInput } from '../domain/schemas/tickets';

/**
 * The outbox: time tickets saved on this device and not yet accepted by the server, per officer,
 * in IndexedDB (a database of its own, apart from the query cache the PWA persists).
 *
 * Why not react-query: react-query is the browser's one cache of *API answers*. The outbox is no
 * answer; it is the only copy of what the officer typed. Kept in the persisted query cache it
 * would share that cache's lifetime (dropped at logout, by its maxAge, by a new app version's
 * buster) — the very moments an unsent ticket must survive. So it has its own store and a
 * tiny subscription (subscribeOutbox / useOutbox) for the screens that show it.
 *
 * Each officer's entries are one array under `officer-{officerId}`, so their order is the order
 * saved, and every change is one read-modify-write inside an IndexedDB transaction (idb-keyval's
 * update): two tabs changing the outbox at once cannot lose each other's change. Session storage
 * (the sign-in) is gone with the tab or the idle logout; IndexedDB is not, so the entries wait
 * for his next sign-in on this device.
 */

const DB_NAME = 'rollcall-outbox';
const STORE_NAME = 'entries';
/** Tabs of the app tell each other about changes on this channel (the officer's id as message). */
const CHANNEL = 'rollcall-outbox';

let store: UseStore | null = null;
/** The store, opened at first use (no IndexedDB is touched by a page that never shows the outbox). */
function outboxStore(): UseStore {
  store ??= createStore(DB_NAME, STORE_NAME);
  return store;
}

const slot = (officerId: number) => `officer-${officerId}`;

type Listener = (officerId: number) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function broadcastChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) channel.onmessage = (e: MessageEvent) => tell(Number(e.data));
  return channel;
}

function tell(officerId: number): void {
  for (const listener of listeners) listener(officerId);
}

/** Tells this tab's and the other tabs' subscribers that `officerId`'s outbox changed. */
function changed(officerId: number): void {
  tell(officerId);
  broadcastChannel()?.postMessage(officerId);
}

/**
 * Calls `listener(officerId)` after every change of an officer's outbox, in this tab or another
 * tab of the app. Returns the unsubscribe function.
 */
export function subscribeOutbox(listener: Listener): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One atomic change of `officerId`'s entries; `change` returns the new array (or the same to leave it). */
async function change(officerId: number, edit: (entries: OutboxEntry[]) => OutboxEntry[]): Promise<void> {
  let touched = false;
  await update<OutboxEntry[]>(
    slot(officerId),
    (entries = []) => {
      const next = edit(entries);
      touched = next !== entries;
      return next;
    },
    outboxStore(),
  );
  if (touched) changed(officerId);
}

/** The officer's entries in the order saved ([] when none). */
export async function listOutbox(officerId: number): Promise<OutboxEntry[]> {
  return (await get<OutboxEntry[]>(slot(officerId), outboxStore())) ?? [];
}

/** The entry of `officerId` with idempotency key `key`, or undefined. */
export async function getOutboxEntry(officerId: number, key: string): Promise<OutboxEntry | undefined> {
  return (await listOutbox(officerId)).find((e) => e.key === key);
}

/**
 * Saves a ticket the server has not answered (offline, or no answer) at the end of the officer's
 * outbox, 'waiting', with the idempotency key it was (or would have been) sent with. Returns the entry.
 */
export async function addToOutbox(officerId: number, ticket: TicketInput, key: string): Promise<OutboxEntry> {
  const entry: OutboxEntry = { key, officerId, ticket, savedAt: new Date().toISOString(), status: 'waiting' };
  await change(officerId, (entries) => [...entries.filter((e) => e.key !== key), entry]);
  return entry;
}

/**
 * Changes the entry keyed `key` in place (its position stays): `patch` may give a new ticket,
 * status, message or even a new key (an edited entry after a refusal). `patch.message` and
 * `patch.httpStatus` set to undefined clear them. Returns the changed entry, or undefined when
 * there is no such entry (sent or discarded meanwhile).
 */
export async function updateOutboxEntry(officerId: number, key: string, patch: Partial<Omit<OutboxEntry, 'officerId'>>): Promise<OutboxEntry | undefined> {
  let result: OutboxEntry | undefined;
  await change(officerId, (entries) => {
    const at = entries.findIndex((e) => e.key === key);
    if (at < 0) return entries;
    result = withoutUndefined({ ...entries[at], ...patch });
    return entries.map((e, i) => (i === at ? result! : e));
  });
  return result;
}

/**
 * Marks the entry keyed `key` 'sending' and returns it as stored now, unless it is gone or was
 * refused (the officer must correct it first): then undefined. One atomic step, so an entry
 * discarded or refused meanwhile in another tab is not sent.
 */
export async function claimForSending(officerId: number, key: string): Promise<OutboxEntry | undefined> {
  let claimed: OutboxEntry | undefined;
  await change(officerId, (entries) => {
    const at = entries.findIndex((e) => e.key === key);
    if (at < 0 || entries[at].status === 'refused') return entries;
    claimed = { ...entries[at], status: 'sending' };
    return entries.map((e, i) => (i === at ? claimed! : e));
  });
  return claimed;
}

/** Removes the entry keyed `key` (sent, or discarded by the officer). */
export async function removeFromOutbox(officerId: number, key: string): Promise<void> {
  await change(officerId, (entries) => (entries.some((e) => e.key === key) ? entries.filter((e) => e.key !== key) : entries));
}

/** Removes every entry of the officer (the logout question's 'Discard and log out'). */
export async function clearOutbox(officerId: number): Promise<void> {
  await change(officerId, (entries) => (entries.length ? [] : entries));
}

function withoutUndefined(entry: OutboxEntry): OutboxEntry {
  const copy = { ...entry };
  if (copy.message === undefined) delete copy.message;
  if (copy.httpStatus === undefined) delete copy.httpStatus;
  return copy;
}

/**
 * A new idempotency key: crypto.randomUUID() (36 characters), or where the browser lacks it (a
 * page served over plain http on the network) 32 hex digits of crypto.getRandomValues; both
 * pass idempotencyKeySchema.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
