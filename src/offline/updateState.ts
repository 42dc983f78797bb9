/**
 * Whether a new version's service worker waits for the officer's Reload: set by
 * serviceWorker.ts (a chunk of its own, loaded once the page is idle), read by UpdatePrompt, so
 * the signed-in layout's first download does not carry Workbox.
 */
type Listener = () => void;

let waiting = false;
let apply: (() => void) | null = null;
const listeners = new Set<Listener>();

/** Tells the prompt that a worker waits (`activate` makes it take over) or no longer does (null). */
export function setUpdateWaiting(activate: (() => void) | null): void {
  waiting = activate !== null;
  apply = activate;
  for (const listener of listeners) listener();
}

/** True while a new version's worker is installed and waiting for the officer's Reload. */
export function isUpdateWaiting(): boolean {
  return waiting;
}

/** Calls `listener` when isUpdateWaiting changes; returns the unsubscribe (for useSyncExternalStore). */
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Activates the waiting worker, which then reloads the page once it controls it, so the officer
 * runs the new version; without a waiting worker, a plain reload.
 */
export function applyUpdate(): void {
  if (apply) apply();
  else window.location.reload();
}
