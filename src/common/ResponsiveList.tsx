import type { ReactElement, ReactNode } from 'react';
import { Box } from '@mui/material';
import type { DatagridProps, RaRecord } from 'react-admin';
import { CardList } from './CardList';
import { SortMenu, type SortField } from './SortMenu';
import { lazyPage } from './lazyPage';
import { deskGridModule } from './deskGridModule';
import { usePrintState } from './printing';
import { useNarrowScreen } from './useIsPhone';
import type { StruckRows } from './useStruckRows';

/** The desk table, whose code a phone downloads only when it prints (DeskGrid.tsx). */
const DeskGrid = lazyPage(deskGridModule, (m) => m.DeskGrid);

export interface ResponsiveListProps<T extends RaRecord> {
  /** The list's name for assistive technology (usually the page heading). */
  label: string;
  /** The desk columns: react-admin fields, as children of a Datagrid. */
  children: ReactNode;
  /** A record's card on a phone: the figures that matter, its links and actions. */
  card: (record: T) => ReactNode;
  /** The fields a phone user may sort by (the sortable columns). */
  sortFields: SortField[];
  /** Strike-through state of removed rows (useStruckRows). */
  struck?: StruckRows;
  /** Shown instead of the list when it is empty. */
  empty?: ReactElement;
  /** Cards below this breakpoint (default 'sm', 600 px). */
  cardsBelow?: 'sm' | 'md';
  /** Extra Datagrid props (e.g. a custom body); never bulk actions or row clicks. */
  datagrid?: Omit<DatagridProps, 'children'>;
}

/**
 * The one list body of the app, inside a react-admin list context (ListBase): a striped Datagrid
 * with sortable headers on a desk (DeskGrid, its own chunk), cards with a sort menu on a phone.
 * Removed rows are struck through in both. On paper a phone prints the desk table too, once its
 * code is here (the Print button fetches it first); printed from the browser's own menu before
 * that, the paper gets the cards, since the printout is laid out at once.
 */
export function ResponsiveList<T extends RaRecord>({ label, children, card, sortFields, struck, empty, cardsBelow = 'sm', datagrid }: ResponsiveListProps<T>) {
  const narrow = useNarrowScreen(cardsBelow);
  const { printing } = usePrintState();
  if (narrow && !(printing && deskGridModule.loaded())) {
    return (
      <Box>
        <SortMenu fields={sortFields} />
        <CardList<T> label={label} render={card} struck={struck} empty={empty} />
      </Box>
    );
  }
  return (
    <DeskGrid label={label} struck={struck} empty={empty} datagrid={datagrid}>
      {children}
    </DeskGrid>
  );
}
