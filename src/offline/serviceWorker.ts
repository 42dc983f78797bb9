import { Workbox } from 'workbox-window';
import { setUpdateWaiting } from './updateState';

/**
 * The app's service worker (vite.config.ts builds it: the app shell and the officer's pages kept
 * for offline use; nothing under /api). Registered by the signed-in layout only, so the sign-in
 * page downloads nothing more, and once the page has finished loading and the browser is idle,
 * so its precache downloads never compete with the page's own requests.
 */

/** Where the build writes the worker, and the part of the site it serves (vite.config.ts `base`). */
const SCOPE = import.meta.env.BASE_URL;
/** A tab coming back into view asks for a new version at most this often (ms). */
const UPDATE_CHECK_MS = 30 * 60_000;

let workbox: Workbox | null = null;

/**
 * Registers the service worker, once per page load. A new deploy's worker that has installed
 * waits for the officer's Reload (updateState.ts): when he presses it, the worker takes over and
 * the page reloads once.
 */
export function registerServiceWorker(): void {
  if (workbox) return;
  const wb = new Workbox(`${SCOPE}sw.js`, { scope: SCOPE });
  workbox = wb;
  let reloadWhenControlling = false;
  wb.addEventListener('waiting', () =>
    setUpdateWaiting(() => {
      reloadWhenControlling = true;
      wb.messageSkipWaiting();
    }),
  );
  // only the officer's Reload reloads: the first install takes the page over too (clientsClaim)
  wb.addEventListener('controlling', () => {
    if (reloadWhenControlling) window.location.reload();
  });
  // a tab left open all day sees a deploy when the officer comes back to it, not only on his next
  // page load (moving between pages of the app loads none)
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_MS) return;
    lastCheck = Date.now();
    void wb.update().catch(() => {});
  });
  wb.register({ immediate: true }).catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
}
