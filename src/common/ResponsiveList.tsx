import type { ReactElement, ReactNode } from 'react';
import { Box } from '@mui/material';
import { Datagrid, type DatagridProps, type RaRecord } from 'react-admin';
import { CardList, NoRecords } from './CardList';
import { SortMenu, type SortField } from './SortMenu';
import { stripedRows } from './listStyles';
import { useIsPhone } from './useIsPhone';
import type { StruckRows } from './useStruckRows';

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
 * with sortable headers on a desk, cards with a sort menu on a phone. Removed rows are struck
 * through in both.
 */
export function ResponsiveList<T extends RaRecord>({ label, children, card, sortFields, struck, empty, cardsBelow = 'sm', datagrid }: ResponsiveListProps<T>) {
  const phone = useIsPhone(cardsBelow);
  if (phone) {
    return (
      <Box>
        <SortMenu fields={sortFields} />
        <CardList<T> label={label} render={card} struck={struck} empty={empty} />
      </Box>
    );
  }
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      sx={stripedRows}
      rowSx={struck?.rowSx}
      empty={empty ?? <NoRecords />}
      aria-label={label}
      {...datagrid}
    >
      {children}
    </Datagrid>
  );
}
