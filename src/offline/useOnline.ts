import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * False only when the browser says it has no network (navigator.onLine); true outside a browser.
 * True means "maybe": a connection to a dead access point still counts as online.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Whether the browser has a network connection (navigator.onLine), following its 'online' and
 * 'offline' events. True means "maybe": a connection to a dead access point still counts as online,
 * so a request can fail while this says true; false is certain.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
