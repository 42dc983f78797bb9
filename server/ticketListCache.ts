import { LRUCache } from 'lru-cache';

/** A finished ticket list answer: its JSON as UTF-8 bytes, X-Total-Count, and the list version it was made at. */
export interface CachedTicketList {
  version: string;
  body: Buffer;
  total: number;
}

/** The finished lists of one app process: answer() reuses one or makes and keeps it. */
export interface TicketListCache {
  /**
   * The answer kept under `key` when it was made at `version`; otherwise `make()`'s, kept under
   * `key` at `version` (the version is read before the rows are, so kept rows are never older
   * than their version).
   */
  answer(key: string, version: string, make: () => Promise<{ body: Buffer; total: number }>): Promise<{ body: Buffer; total: number }>;
}

/**
 * Finished one-officer ticket lists (issue 10), least recently used first out, at most `maxMiB`
 * of JSON. An entry is keyed by the asking officer and the request's path and query, and is
 * only reused while repo.ticketListVersion() of the listed officer still gives the version it was
 * made at: on PostgreSQL the version lives in the database and changes, inside the writing
 * transaction, with every write to that officer's tickets and every change of a name a ticket row
 * shows (migration 0011), so a write by another app process, or by hand, is seen by the next
 * request; on the embedded database it is the count of finished writes (writeGeneration). Every rule
 * (session, access level, ownership, validation) is still checked before the cache is asked.
 * Returns null when `maxMiB` is 0 (TICKET_LIST_CACHE_MB=0: no cache).
 */
export function createTicketListCache(maxMiB: number): TicketListCache | null {
  if (maxMiB <= 0) return null;
  const kept = new LRUCache<string, CachedTicketList>({
    maxSize: maxMiB * 1024 * 1024,
    sizeCalculation: (e) => e.body.length + 256,
  });
  return {
    async answer(key, version, make) {
      const cached = kept.get(key);
      if (cached?.version === version) return cached;
      const made = await make();
      kept.set(key, { version, ...made });
      return made;
    },
  };
}
