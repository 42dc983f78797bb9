/**
 * The installable app and the officer's lists kept on the device
 * (docs/decisions/030-installable-app-and-offline-cache.md). Signed-in code only: importing this
 * from the first download would add IndexedDB and Workbox code to the sign-in page.
 */
export { useOnline } from './useOnline';
export { FetchedAt, type FetchedAtProps } from './FetchedAt';
export { clearPersistedCache } from './persistedCache';
export { OfflineShell, startOfflineCache } from './OfflineShell';
