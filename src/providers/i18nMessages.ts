/**
 * Strings of the browser app's own machinery that are no part of src/domain/messages (the server
 * never says them): a page whose code could not be downloaded (src/common/lazyPage.tsx).
 * i18nProvider merges them into the one English catalog under `rc.load`.
 */
export const loadMessages = {
  pageLoadFailed: 'This page could not be loaded. Check the connection and try again.',
  retry: 'Try again',
} as const;
