import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { defaultShouldDehydrateQuery, type Query, type QueryCacheNotifyEvent, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, type PersistedQueryClientSaveOptions, type Persister } from '@tanstack/react-query-persist-client';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';

/**
 * The officer's lists kept on the device (docs/decisions/030-installable-app-and-offline-cache.md):
 * react-query stays the only cache of API answers, and the part of it an officer needs without a
 * connection is saved to IndexedDB, one entry per officer, and put back into the app's query
 * client when the signed-in app opens (an offline reload included).
 */

/** How long a saved cache is restored after it was last written (ms): three days. */
export const PERSIST_MAX_AGE_MS = 3 * 24 * 3600_000;
/**
 * Changed when the shape of a kept answer changes: a cache saved under another value is dropped
 * rather than restored into code that reads it differently.
 */
export const PERSIST_BUSTER = 'rollcall-1';

/** The IndexedDB database and store of the kept caches (nothing else lives there). */
let store: UseStore | undefined;
const cacheStore = () => (store ??= createStore('rollcall-query-cache', 'caches'));

/** The storage key of `officerId`'s cache. */
export const cacheKey = (officerId: number) => `officer-${officerId}`;

const isOwn = (value: unknown, officerId: number) => value === undefined || Number(value) === officerId;
const filterOf = (params: unknown): Record<string, unknown> =>
  (params && typeof params === 'object' && 'filter' in params ? (params as { filter?: Record<string, unknown> }).filter : undefined) ?? {};

/**
 * Whether the query of `key` (its answer `data`) is kept on the device for `officerId`: only what
 * he needs offline:
 * - his time ticket list pages (react-admin's ['timeTickets', 'getList', …] without another officer's
 *   id in the filter nor another officer's row) and their totals;
 * - the ticket form's lookups (assignment types, precincts, …: reference data) and the events a
 *   ticket of his may name;
 * - his sign-ups (['events', 'getList', …] filtered on his officer id);
 * - the organisation's config (name, time zone).
 * Never the session check (its key holds the token), nor any other officer's records, nor
 * anything else: what is not listed is not kept.
 */
export function isKeptOffline(key: QueryKey, officerId: number, data?: unknown): boolean {
  const [head, second, third] = key as unknown[];
  switch (head) {
    case 'rollcall-config':
    case 'rollcall-lookup':
      return true;
    case 'timeTickets':
      // a list without an officer in its filter is his own below level 5, everybody's above: its rows tell
      return second === 'getList' && isOwn(filterOf(third).officerId, officerId) && rowsAreOwn(data, officerId);
    case 'rollcall-ticket-totals':
      return isOwn((second as Record<string, unknown> | undefined)?.officerId, officerId);
    case 'rollcall-ticket-events':
      return Number((second as Record<string, unknown> | undefined)?.officerId) === officerId;
    case 'events':
      return second === 'getList' && Number(filterOf(third).officerId) === officerId;
    default:
      return false;
  }
}

/** A list row's officer: a time ticket names him as `officer.officerId` (spec §3), other rows as `officerId`. */
const rowOfficer = (row: { officer?: { officerId?: unknown }; officerId?: unknown } | null | undefined) => row?.officer?.officerId ?? row?.officerId;

/** True unless `data` (a react-admin list answer) holds a row of another officer. */
function rowsAreOwn(data: unknown, officerId: number): boolean {
  const rows = data && typeof data === 'object' && 'data' in data ? (data as { data: unknown }).data : undefined;
  return !Array.isArray(rows) || rows.every((row) => isOwn(rowOfficer(row), officerId));
}

/** Answers kept offline stay in memory as long as they may be restored (react-query drops unused ones after 5 minutes). */
const KEPT_PREFIXES: QueryKey[] = [['timeTickets', 'getList'], ['rollcall-ticket-totals'], ['rollcall-ticket-events'], ['events', 'getList']];

/**
 * `officerId`'s persister and a function closing it: once closed it writes nothing more (its
 * throttled last save may come after a logout removed the cache, and must not bring it back).
 */
function persisterFor(officerId: number): { persister: Persister; close: () => void } {
  let open = true;
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, cacheStore()),
      setItem: async (key, value: string) => {
        if (open) await set(key, value, cacheStore());
      },
      removeItem: (key) => del(key, cacheStore()),
    },
    key: cacheKey(officerId),
    // saveAfterChanges already waits for a page's answers: the persister's own wait only keeps
    // two writes apart
    throttleTime: 100,
  });
  return {
    persister,
    close: () => {
      open = false;
    },
  };
}

/** How long (ms) after a change of the cache it is saved: the answers of a page arrive together. */
export const SAVE_AFTER_MS = 1000;

/**
 * Saves the kept part of the cache SAVE_AFTER_MS after a query is added, changed or removed, and
 * at once when the page is hidden (the officer leaves the app). react-query's own subscription
 * (persistQueryClientSubscribe) serialises the whole cache on every change, each answer and each
 * record react-admin copies into its getOne cache: dozens of times while a list loads, on the
 * phone's main thread, for the persister to throttle the writes afterwards. Returns the stop.
 */
function saveAfterChanges(options: PersistedQueryClientSaveOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    void persistQueryClientSave(options).catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
  };
  const unsubscribe = options.queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (timer === undefined && (event.type === 'added' || event.type === 'updated' || event.type === 'removed')) timer = setTimeout(save, SAVE_AFTER_MS);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) save();
  };
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    clearTimeout(timer);
    timer = undefined;
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
  };
}

interface Running {
  officerId: number;
  restored: Promise<void>;
  /** True once `restored` has settled. */
  done: boolean;
  stop: () => void;
}

let running: Running | null = null;

/**
 * Restores `officerId`'s kept cache into `queryClient` and from then on saves the kept part of
 * it (isKeptOffline) after changes (saveAfterChanges). Once per officer: a second call answers the first one's
 * promise. The promise resolves when the restore is done, also when there was nothing to restore
 * or it failed (an unreadable cache is dropped; the app then asks the server as usual).
 */
export function startPersistedCache(queryClient: QueryClient, officerId: number): Promise<void> {
  if (running?.officerId === officerId) return running.restored;
  // no IndexedDB (a private window of some browsers, jsdom): the app works online as before
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  running?.stop();
  const { persister, close } = persisterFor(officerId);
  for (const prefix of KEPT_PREFIXES) queryClient.setQueryDefaults(prefix, { gcTime: PERSIST_MAX_AGE_MS });
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  const restored = persistQueryClientRestore({ queryClient, persister, maxAge: PERSIST_MAX_AGE_MS, buster: PERSIST_BUSTER })
    .catch((error: unknown) => console.error(error instanceof Error ? error.message : error))
    .then(() => {
      if (stopped) return;
      unsubscribe = saveAfterChanges({
        queryClient,
        persister,
        buster: PERSIST_BUSTER,
        dehydrateOptions: {
          shouldDehydrateQuery: (query: Query) => defaultShouldDehydrateQuery(query) && isKeptOffline(query.queryKey, officerId, query.state.data),
          // a save waiting for its connection is the outbox's (IndexedDB of its own), never react-query's
          shouldDehydrateMutation: () => false,
        },
      });
    });
  const started: Running = {
    officerId,
    restored: restored.then(() => {
      started.done = true;
    }),
    done: false,
    stop: () => {
      stopped = true;
      unsubscribe?.();
      close();
    },
  };
  running = started;
  return started.restored;
}

/** True once `officerId`'s kept cache has been restored (or found empty) in this page load. */
export function isPersistedCacheRestored(officerId: number): boolean {
  return typeof indexedDB === 'undefined' || (running?.officerId === officerId && running.done);
}

/**
 * Stops saving and removes every officer's kept cache from this device (logout, idle logout: a
 * shared phone keeps no list of the officer who left). Failures are logged, never thrown: logging
 * out goes on.
 */
export async function clearPersistedCache(): Promise<void> {
  running?.stop();
  running = null;
  if (typeof indexedDB === 'undefined') return;
  try {
    await clear(cacheStore());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
}
