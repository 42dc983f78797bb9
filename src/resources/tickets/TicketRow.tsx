import { Children, type ReactNode } from 'react';
import { TableCell, TableRow } from '@mui/material';
import { DatagridRow, useRecordContext, type DatagridRowProps } from 'react-admin';
import { stripedRows } from '../../common/listStyles';
import type { TicketRecord } from './ticketRecord';

/**
 * A ticket's row of the desk table followed by its detail row (spec §2 'Each ticket row is
 * followed by a detail row'), both in the ticket's stripe and struck through together when it is
 * removed. Given to the Datagrid as DatagridBody's `row`; `detail` renders the detail row's content.
 * The rows in `officerStarts` (officerStarts(), worked out once per page by the list) start a new
 * printed sheet.
 */
export function TicketRow({ detail, officerStarts, className, ...props }: DatagridRowProps & { detail: (t: TicketRecord) => ReactNode; officerStarts?: ReadonlySet<TicketRecord['id']> }) {
  const record = useRecordContext<TicketRecord>();
  if (!record) return null;
  const stripe = className?.includes('RaDatagrid-rowEven') ? 'ticket-even' : 'ticket-odd';
  const columns = Children.toArray(props.children).length;
  const breakBefore = officerStarts?.has(record.id) ? ` ${OFFICER_BREAK}` : '';
  return (
    <>
      <DatagridRow {...props} className={`${className ?? ''} ticket-main ${stripe}${breakBefore}`} />
      <TableRow className={`ticket-detail ${stripe}`} sx={props.sx}>
        <TableCell colSpan={columns}>{detail(record)}</TableCell>
      </TableRow>
    </>
  );
}

/** Class of the first row of each officer after the first, when the list is sorted by officer: a new sheet on paper. */
const OFFICER_BREAK = 'ticket-newOfficer';

/**
 * The ids of the rows that begin another officer's tickets (every row whose previous row is another
 * officer's) when the page is sorted by officer, in one pass over the page; none otherwise.
 */
export function officerStarts(rows: readonly TicketRecord[] | undefined, sortField: string | undefined): ReadonlySet<TicketRecord['id']> {
  if (sortField !== 'officerId' || !rows) return new Set();
  return new Set(rows.filter((r, i) => i > 0 && rows[i - 1].officer.officerId !== r.officer.officerId).map((r) => r.id));
}

/**
 * The table styling of the ticket list: the shared striped rows, striped per ticket (its row and
 * detail row together) instead of per table row, with no line between a row and its detail.
 */
export const ticketRowsSx = {
  ...stripedRows,
  '& .RaDatagrid-row:nth-of-type(odd)': {},
  '& tr.ticket-even': { backgroundColor: 'action.hover' },
  '& tr.ticket-main td': { borderBottom: 0 },
  '& tr.ticket-detail td': { pt: 0, px: 1 },
  // on paper a ticket's row stays with its detail row, and sorted by officer each officer starts a sheet
  '@media print': {
    '& tr.ticket-main': { breakAfter: 'avoid' },
    [`& tr.${OFFICER_BREAK}`]: { breakBefore: 'page' },
  },
} as const;
