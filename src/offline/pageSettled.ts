import { queryClient } from '../providers/queryClient';

/** However busy the page stays, the offline work starts at most this long after it was asked (ms). */
const SETTLE_TIMEOUT_MS = 10_000;

let settled: Promise<void> | null = null;

/**
 * Resolves once per page load, when the page has loaded, no API answer is awaited (the landing
 * page's data has arrived and been drawn) and the browser then has a quiet moment; at the latest
 * SETTLE_TIMEOUT_MS after the first call. The offline app's own downloads (the service worker's
 * precache, the ticket form's code and lookups) wait for it: on a phone's slow connection they
 * would otherwise share the line, and the main thread, with the page the officer is looking at.
 */
export function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe?.();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(finish, SETTLE_TIMEOUT_MS);
    let unsubscribe: (() => void) | undefined;
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(finish, { timeout: 2000 });
      else setTimeout(finish, 500);
    };
    const whenAnswered = () => {
      if (queryClient.isFetching() === 0) return idle();
      unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
        idle();
      });
    };
    if (document.readyState === 'complete') whenAnswered();
    else window.addEventListener('load', whenAnswered, { once: true });
  });
  return settled;
}
