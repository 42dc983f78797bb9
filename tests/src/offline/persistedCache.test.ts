import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { set } from 'idb-keyval';
import { PERSIST_BUSTER, SAVE_AFTER_MS, cacheKey, clearPersistedCache, isKeptOffline, startPersistedCache } from '../../../src/offline/persistedCache';
import { authProvider } from '../../../src/providers/authProvider';
import { queryClient as appQueryClient } from '../../../src/providers/queryClient';
import { startMswServer } from '../msw';
import { sessionUser } from '../fixtures';

/** IndexedDB as idb-keyval sees it (jsdom has none): one map for the kept caches' store. */
const stored = vi.hoisted(() => new Map<string, string>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'rollcall-query-cache',
  get: async (key: string) => stored.get(key),
  set: vi.fn(async (key: string, value: string) => void stored.set(key, value)),
  del: async (key: string) => void stored.delete(key),
  clear: async () => stored.clear(),
}));

// jsdom has no IndexedDB: the mocked idb-keyval below stands in, and the code only needs to see one
vi.stubGlobal('indexedDB', {});

const server = startMswServer();

const OFFICER = 101;
const OTHER = 202;
const TOKEN = 'eyJ.secret.token';

const listKey = (filter: Record<string, unknown>) => ['timeTickets', 'getList', { pagination: { page: 1, perPage: 25 }, sort: { field: 'startDate', order: 'DESC' }, filter, meta: undefined }];
const page = { data: [{ id: 1, officerId: OFFICER }], total: 1 };

/** A query client holding what a signed-in officer's pages ask, kept and not kept. */
function filledClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(listKey({}), page);
  client.setQueryData(listKey({ officerId: OFFICER, sinceDate: '01/01/2026' }), page);
  client.setQueryData(listKey({ officerId: OTHER }), { data: [{ id: 9, officerId: OTHER }], total: 1 });
  client.setQueryData(['rollcall-ticket-totals', { officerId: OFFICER }], { hoursWorked: 4 });
  client.setQueryData(['rollcall-lookup', 'assignmentTypes'], [{ id: 1, name: 'Patrol' }]);
  client.setQueryData(['rollcall-lookup', 'precincts'], [{ id: 3, name: '3rd Precinct' }]);
  client.setQueryData(['rollcall-ticket-events', { officerId: OFFICER, eventTypeId: 2 }], [{ eventId: 5 }]);
  client.setQueryData(['events', 'getList', { filter: { officerId: OFFICER, sinceStartDate: '11/28/2026' } }], { data: [{ id: 5 }], total: 1 });
  client.setQueryData(['events', 'getList', { filter: { sinceStartDate: '11/28/2026' } }], { data: [{ id: 6 }], total: 1 });
  client.setQueryData(['rollcall-config'], { orgName: 'Demo County', orgTimezone: 'America/New_York', today: '11/28/2026', loaded: true });
  client.setQueryData(['rollcall-session', TOKEN], { user: { officerId: OFFICER } });
  client.setQueryData(['rollcall-officers', { orderBy: 'last_name,first_name' }], [{ officerId: OTHER, homeAddress: '1 Main St' }]);
  client.setQueryData(['officer', 'getOne', { id: String(OTHER) }], { id: OTHER });
  return client;
}

/** The query keys kept for `officerId`, as written to the device. */
async function keptKeys(officerId: number): Promise<unknown[]> {
  await vi.waitFor(() => expect(stored.get(cacheKey(officerId))).toBeDefined());
  const { clientState } = JSON.parse(stored.get(cacheKey(officerId))!) as { clientState: { queries: Array<{ queryKey: unknown[] }> } };
  return clientState.queries.map((q) => q.queryKey);
}

afterEach(async () => {
  await clearPersistedCache();
  stored.clear();
});

describe('what an officer keeps on the device', () => {
  it('is his ticket list pages and totals, the lookups, his events and sign-ups and the config: never the session or anyone else', () => {
    const kept = (key: unknown[]) => isKeptOffline(key, OFFICER);
    expect(kept(listKey({}))).toBe(true);
    expect(kept(listKey({ officerId: OFFICER }))).toBe(true);
    expect(kept(listKey({ officerId: OTHER }))).toBe(false);
    // an administrator's list without an officer: everybody's rows, not his to keep
    expect(isKeptOffline(listKey({}), OFFICER, { data: [{ officerId: OFFICER }, { officerId: OTHER }], total: 2 })).toBe(false);
    expect(isKeptOffline(listKey({}), OFFICER, page)).toBe(true);
    // time tickets as the API answers them name their officer as officer.officerId
    const tickets = (...ids: number[]) => ({ data: ids.map((id, i) => ({ id: i + 1, officer: { officerId: id } })), total: ids.length });
    expect(isKeptOffline(listKey({}), OFFICER, tickets(OFFICER, OTHER))).toBe(false);
    expect(isKeptOffline(listKey({}), OFFICER, tickets(OFFICER, OFFICER))).toBe(true);
    expect(kept(['rollcall-ticket-totals', {}])).toBe(true);
    expect(kept(['rollcall-ticket-totals', { officerId: OTHER }])).toBe(false);
    expect(kept(['rollcall-lookup', 'precincts'])).toBe(true);
    expect(kept(['rollcall-ticket-events', { officerId: OFFICER }])).toBe(true);
    expect(kept(['rollcall-ticket-events', { officerId: OTHER }])).toBe(false);
    expect(kept(['events', 'getList', { filter: { officerId: OFFICER } }])).toBe(true);
    expect(kept(['events', 'getList', { filter: {} }])).toBe(false);
    expect(kept(['rollcall-config'])).toBe(true);
    expect(kept(['rollcall-session', TOKEN])).toBe(false);
    expect(kept(['rollcall-officers', {}])).toBe(false);
    expect(kept(['officer', 'getOne', { id: '101' }])).toBe(false);
    expect(kept(['timeTickets', 'getOne', { id: '1' }])).toBe(false);
  });

  it('is written per officer without the token, and restored into a fresh page', async () => {
    const client = filledClient();
    await startPersistedCache(client, OFFICER);
    // a change after the restore starts the saving
    client.setQueryData(['rollcall-lookup', 'ranks'], [{ id: 1, name: 'Officer' }]);
    // the query made last is written with the next save (the persister writes at most once a second)
    await vi.waitFor(async () => expect(await keptKeys(OFFICER)).toHaveLength(9), { timeout: 5000 });
    const keys = await keptKeys(OFFICER);
    expect(keys).toContainEqual(['rollcall-config']);
    expect(keys).toContainEqual(listKey({}));
    expect(keys).not.toContainEqual(listKey({ officerId: OTHER }));
    expect(stored.get(cacheKey(OFFICER))).not.toContain(TOKEN);
    expect(stored.get(cacheKey(OFFICER))).not.toContain('homeAddress');
    const saved = stored.get(cacheKey(OFFICER))!;
    await clearPersistedCache();

    // the next page load (an offline reload): a new query client gets his lists back
    stored.set(cacheKey(OFFICER), saved);
    const reloaded = new QueryClient();
    await startPersistedCache(reloaded, OFFICER);
    expect(reloaded.getQueryData(listKey({}))).toEqual(page);
    expect(reloaded.getQueryData(['rollcall-config'])).toMatchObject({ orgName: 'Demo County' });
    expect(reloaded.getQueryData(['rollcall-session', TOKEN])).toBeUndefined();
    // another officer signing in on the device gets none of it
    const other = new QueryClient();
    await startPersistedCache(other, OTHER);
    expect(other.getQueryData(listKey({}))).toBeUndefined();
  });

  it('is written once for a page whose answers arrive together, not once per answer', async () => {
    const client = new QueryClient();
    await startPersistedCache(client, OFFICER);
    const before = vi.mocked(set).mock.calls.length;
    // a list page: its rows, react-admin's copy of each row for the edit page, its totals
    client.setQueryData(listKey({}), page);
    for (let id = 1; id <= 20; id++) client.setQueryData(['timeTickets', 'getOne', { id: String(id) }], { id, officerId: OFFICER });
    client.setQueryData(['rollcall-ticket-totals', { officerId: OFFICER }], { hoursWorked: 4 });
    await new Promise((resolve) => setTimeout(resolve, SAVE_AFTER_MS + 300));
    expect(await keptKeys(OFFICER)).toHaveLength(2);
    expect(vi.mocked(set).mock.calls.length - before).toBe(1);
  });

  it('is dropped when older than three days', async () => {
    const saved = { buster: PERSIST_BUSTER, timestamp: Date.now() - 4 * 24 * 3600_000, clientState: { queries: [{ queryKey: listKey({}), queryHash: JSON.stringify(listKey({})), state: { data: page, status: 'success', dataUpdatedAt: 1 } }], mutations: [] } };
    stored.set(cacheKey(OFFICER), JSON.stringify(saved));
    const client = new QueryClient();
    await startPersistedCache(client, OFFICER);
    expect(client.getQueryData(listKey({}))).toBeUndefined();
    expect(stored.has(cacheKey(OFFICER))).toBe(false);
  });
});

describe('logout', () => {
  it('clears the query client and every officer kept on the device, and nothing is written after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('jwt', TOKEN);
    sessionStorage.setItem('user', JSON.stringify(sessionUser({ officerId: OFFICER })));
    server.use(http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })));
    stored.set(cacheKey(OTHER), 'another officer of this phone');
    appQueryClient.setQueryData(listKey({}), page);
    await startPersistedCache(appQueryClient, OFFICER);
    appQueryClient.setQueryData(['rollcall-lookup', 'ranks'], []);
    await keptKeys(OFFICER);

    // a last change right before the logout: its save (throttled) must not bring the cache back
    appQueryClient.setQueryData(['rollcall-lookup', 'states'], []);
    await expect(authProvider.logout({})).resolves.toBe('/Login');
    expect(stored.size).toBe(0);
    expect(appQueryClient.getQueryCache().getAll()).toHaveLength(0);
    // past the persister's throttle (1 s)
    await vi.advanceTimersByTimeAsync(2000);
    expect(stored.size).toBe(0);
    vi.useRealTimers();
  });
});
