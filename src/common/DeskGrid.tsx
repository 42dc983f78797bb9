import type { ReactElement, ReactNode } from 'react';
import { Datagrid, type DatagridProps } from 'react-admin';
import { NoRecords } from './CardList';
import { stripedRows } from './listStyles';
import type { StruckRows } from './useStruckRows';

export interface DeskGridProps {
  /** The list's name for assistive technology. */
  label: string;
  /** The desk columns: react-admin fields. */
  children: ReactNode;
  struck?: StruckRows;
  empty?: ReactElement;
  /** Extra Datagrid props (e.g. a custom body); never bulk actions or row clicks. */
  datagrid?: Omit<DatagridProps, 'children'>;
}

/**
 * The desk table of ResponsiveList: a striped react-admin Datagrid with sortable headers, removed
 * rows struck through. In a module of its own so that a phone, which shows cards, never downloads
 * the table's code (the Datagrid, its headers' tooltips and the popper they position with) before
 * its list paints: ResponsiveList loads it through deskGridModule.
 */
export function DeskGrid({ label, children, struck, empty, datagrid }: DeskGridProps) {
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
