import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRefresh, type Identifier, type RaRecord } from 'react-admin';
import { struckSx } from './listStyles';

/** How long a removed row stays struck through before the list drops it (milliseconds). */
export const STRUCK_ROW_MS = 1000;

/**
 * Spec §2 list behaviour 'Deleted rows are struck through and then dropped': `markRemoved(id)`
 * strikes the row through at once, and after STRUCK_ROW_MS refreshes the list (the server no
 * longer answers the row, so it is dropped). `rowSx` goes to the Datagrid; `isStruck` hides the
 * row's controls meanwhile. Pass the whole result to ResponsiveList as `struck`: it is the same
 * object until a row is struck, so a memoized list of rows is not drawn again for nothing.
 */
export function useStruckRows(): StruckRows {
  const refresh = useRefresh();
  const [struck, setStruck] = useState<Identifier[]>([]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const markRemoved = useCallback(
    (id: Identifier) => {
      setStruck((ids) => [...ids, id]);
      timers.current.push(setTimeout(refresh, STRUCK_ROW_MS));
    },
    [refresh],
  );
  const isStruck = useCallback((id: Identifier) => struck.includes(id), [struck]);
  const rowSx = useCallback(
    (record: RaRecord) => (struck.includes(record.id) ? struckSx : {}),
    [struck],
  );
  return useMemo(() => ({ markRemoved, isStruck, rowSx }), [markRemoved, isStruck, rowSx]);
}

/** What useStruckRows returns. */
export interface StruckRows {
  markRemoved: (id: Identifier) => void;
  isStruck: (id: Identifier) => boolean;
  rowSx: (record: RaRecord) => object;
}
