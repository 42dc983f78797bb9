import { useSyncExternalStore } from 'react';

/*
 * A minimal stand-in for the PWA work's useOnline() (src/offline/useOnline.ts), with the same
 * signature: when both are merged, the imports of this file move to that one and this file goes.
 */

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True unless the browser says it has no network (navigator.onLine); follows the online/offline events. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** isOnline() as React state: the component renders again when the browser goes offline or back online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
