import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/** Whether the browser is printing (between beforeprint and afterprint), and when printing began (ms since the epoch). */
export interface PrintState {
  printing: boolean;
  at: number;
}

let state: PrintState = { printing: false, at: Date.now() };
const listeners = new Set<() => void>();

/**
 * Sets the state and re-renders its readers at once (flushSync): the browser lays out the page for
 * paper right after its beforeprint handlers return, so a later render would miss the printout.
 */
function setPrinting(printing: boolean): void {
  if (state.printing === printing) return;
  state = { printing, at: Date.now() };
  flushSync(() => listeners.forEach((listener) => listener()));
}
const onBefore = () => setPrinting(true);
const onAfter = () => setPrinting(false);

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
    }
  };
}

const snapshot = () => state;

/**
 * { printing, at }: printing is true while the browser prints the page (so a phone's cards give
 * way to the desk table on paper); at is when the printing began (the print heading's 'Printed'
 * time), or when this module loaded before any printing.
 */
export function usePrintState(): PrintState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
