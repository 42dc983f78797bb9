import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/constants';

/** sessionStorage key: when (Date.now()) this tab last reloaded for a failed chunk (reload-loop guard). */
export const RELOADED_KEY = 'rollcall-chunk-reload';
/** After such a reload, a failed chunk shows the message instead of reloading again for this long (ms). */
const RELOAD_GUARD_MS = 60_000;

/** Why a chunk did not arrive: it failed (404, connection) or took longer than spec §8's 120 s. */
export type ChunkFailure = 'failed' | 'timeout';

/**
 * `load()` (a dynamic import), or a rejection with 'timeout' once CHUNK_LOAD_TIMEOUT_MS (spec §8:
 * 120 s) pass without it, or with 'failed' when it rejects.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject('timeout' satisfies ChunkFailure), CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject('failed' satisfies ChunkFailure);
      },
    );
  });
}

/** True when the server answers the app's page (index.html), i.e. the failure was not the connection. */
async function serverAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`${import.meta.env.BASE_URL}`, { cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * After a chunk failed to load: when the server is there (so the chunk is gone: a tab left open
 * across a deploy, whose old file names no longer exist), reload the page once to get the new
 * version (past the service worker, which holds the old one), and resolve true (the page is going away). Resolves false, so the caller shows the
 * message with 'Try again', when the server cannot be reached or this tab reloaded for a failed
 * chunk less than a minute ago (no reload loop: the new version failed too).
 */
export async function reloadForNewVersion(): Promise<boolean> {
  const last = Number(sessionStorage.getItem(RELOADED_KEY));
  if (last && Date.now() - last < RELOAD_GUARD_MS) return false;
  if (!(await serverAnswers())) return false;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  // the service worker (src/offline) would answer the reload with the old version's page from its
  // precache: unregistered, the reload asks the server, and the new version registers its own
  await navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.unregister())
    .catch(() => {});
  window.location.reload();
  return true;
}
