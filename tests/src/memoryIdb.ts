/**
 * idb-keyval over memory for the component tests (jsdom has no IndexedDB): the functions the
 * app uses, with idb-keyval's signatures, each store a Map. setup.ts mocks 'idb-keyval' with
 * this module and empties every store after each test.
 */
type Store = Map<IDBValidKey, unknown>;
export type UseStore = Store;

const stores = new Map<string, Store>();

export function createStore(dbName: string, storeName: string): Store {
  const name = `${dbName}/${storeName}`;
  let store = stores.get(name);
  if (!store) {
    store = new Map();
    stores.set(name, store);
  }
  return store;
}

const defaultStore = () => createStore('keyval-store', 'keyval');
// a copy, as IndexedDB's structured clone gives: a caller changing what it read changes no stored value
const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

export async function get<T>(key: IDBValidKey, store: Store = defaultStore()): Promise<T | undefined> {
  return copy(store.get(key) as T | undefined);
}

export async function set(key: IDBValidKey, value: unknown, store: Store = defaultStore()): Promise<void> {
  store.set(key, copy(value));
}

export async function update<T>(key: IDBValidKey, updater: (old: T | undefined) => T, store: Store = defaultStore()): Promise<void> {
  store.set(key, copy(updater(copy(store.get(key) as T | undefined))));
}

export async function del(key: IDBValidKey, store: Store = defaultStore()): Promise<void> {
  store.delete(key);
}

export async function clear(store: Store = defaultStore()): Promise<void> {
  store.clear();
}

export async function keys(store: Store = defaultStore()): Promise<IDBValidKey[]> {
  return [...store.keys()];
}

export async function entries<T>(store: Store = defaultStore()): Promise<Array<[IDBValidKey, T]>> {
  return [...store.entries()].map(([k, v]) => [k, copy(v as T)]);
}

/** Empties every store (after each test). */
export function resetMemoryIdb(): void {
  for (const store of stores.values()) store.clear();
}
