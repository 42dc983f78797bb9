import { useEffect, useRef, useState } from 'react';
import type { OutboxEntry } from '../domain/offline';
import { listOutbox, subscribeOutbox } from './outbox';

/**
 * The officer's outbox entries in the order saved, read again after every change (this tab or
 * another): undefined until first read, [] when there are none or IndexedDB cannot be opened
 * (e.g. a private window that refuses it). Not a react-query query: see src/offline/outbox.ts.
 */
export function useOutbox(officerId: number | undefined): OutboxEntry[] | undefined {
  const [state, setState] = useState<{ officerId: number; entries: OutboxEntry[] } | null>(null);
  const reads = useRef(0);
  useEffect(() => {
    if (!officerId) return;
    let live = true;
    const read = () => {
      // reads may finish out of order: only the latest one counts
      const n = ++reads.current;
      listOutbox(officerId)
        .catch(() => [] as OutboxEntry[])
        .then((entries) => {
          if (live && n === reads.current) setState({ officerId, entries });
        });
    };
    read();
    const unsubscribe = subscribeOutbox((id) => {
      if (id === officerId) read();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [officerId]);
  return state && state.officerId === officerId ? state.entries : undefined;
}
