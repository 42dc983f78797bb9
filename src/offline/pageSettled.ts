import { queryClient } from '../providers/queryClient';

/** However busy the page stays, the offline work starts at most this long after it was asked (ms). */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * How long (ms) no API answer must have been awaited: a page asks in waves (its list and totals,
 * then the parts drawn after the first paint, then the card that comes near the screen), with
 * moments between them when nothing is under way.
 */
export const QUIET_MS = 1500;

let settled: Promise<void> | null = null;

/**
 * Resolves once per page load, when the page has loaded, no API answer has been awaited for
 * QUIET_MS (the landing page's data has arrived and been drawn) and the browser then has an idle
 * moment; at the latest
 * SETTLE_TIMEOUT_MS after the first call. The offline app's own downloads (the service worker's
 * precache, the ticket form's code and lookups) wait for it: on a phone's slow connection they
 * would otherwise share the line, and the main thread, with the page the officer is looking at.
 */
export function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    let done = false;
    let unsubscribe: (() => void) | undefined;
    // the timer of the quiet moment under way (QUIET_MS), while nothing is being fetched
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe?.();
      clearTimeout(timer);
      clearTimeout(quiet);
      resolve();
    };
    const timer = setTimeout(finish, SETTLE_TIMEOUT_MS);
    const idle = () => {
      // as afterNextPaint checks it (useNearViewport.ts): a timer that fires once the page, or a
      // test's document, is gone must not throw on a missing window
      if (typeof requestIdleCallback === 'function') requestIdleCallback(finish, { timeout: 2000 });
      else setTimeout(finish, 500);
    };
    const whenAnswered = () => {
      const check = () => {
        const fetching = queryClient.isFetching() > 0;
        // every change of the cache comes here (dozens while a list loads): a timer is set or
        // cleared only when the page goes quiet or busy again
        if (fetching && quiet !== undefined) {
          clearTimeout(quiet);
          quiet = undefined;
        } else if (!fetching && quiet === undefined) {
          quiet = setTimeout(() => {
            unsubscribe?.();
            unsubscribe = undefined;
            idle();
          }, QUIET_MS);
        }
      };
      unsubscribe = queryClient.getQueryCache().subscribe(check);
      check();
    };
    if (document.readyState === 'complete') whenAnswered();
    else window.addEventListener('load', whenAnswered, { once: true });
  });
  return settled;
}
