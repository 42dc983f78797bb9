import { LRUCache } from 'lru-cache';

/** A finished answer: its JSON as UTF-8 bytes and, for a paged list, its X-Total-Count. */
export interface KeptAnswer {
  body: Buffer;
  total?: number;
}

/** Finished answers of one app process: answer() reuses one or makes and keeps it. */
export interface AnswerCache {
  /**
   * The answer kept under `key` when it was made at `version`; otherwise `make()`'s, kept under
   * `key` at `version` (the caller reads the version before the rows, so kept rows are never
   * older than their version).
   */
  answer(key: string, version: string, make: () => Promise<KeptAnswer>): Promise<KeptAnswer>;
  /** Drops every kept answer. */
  clear(): void;
}

/**
 * Finished answers kept in memory (issue 10), least recently used first out, at most `maxMiB` of
 * JSON. Used by the one-officer ticket list (keyed by the asking officer and the request; its
 * version is repo.ticketListVersion: on PostgreSQL a version the writing transaction changes for
 * every write to that officer's tickets and every change of a name a ticket row shows, migration
 * 0011, so a write by another app process or by hand is seen by the next request; on the embedded
 * database the count of finished writes) and by the reports of the embedded database
 * (server/keptReports.ts). Every rule (session, access level, ownership, validation) is checked
 * before the cache is asked. Null when `maxMiB` is 0 (the setting turns the cache off).
 */
export function createAnswerCache(maxMiB: number): AnswerCache | null {
  if (maxMiB <= 0) return null;
  const kept = new LRUCache<string, KeptAnswer & { version: string }>({
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
    clear: () => kept.clear(),
  };
}
