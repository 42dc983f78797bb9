import { Children, type ReactNode } from 'react';
import { TableCell, TableRow } from '@mui/material';
import { DatagridRow, useRecordContext, type DatagridRowProps } from 'react-admin';
import { stripedRows } from '../../common/listStyles';
import type { TicketRecord } from './ticketRecord';

/**
 * A ticket's row of the desk table followed by its detail row (spec §2 'Each ticket row is
 * followed by a detail row'), both in the ticket's stripe and struck through together when it is
 * removed. Given to the Datagrid as DatagridBody's `row`; `detail` renders the detail row's content.
 */
export function TicketRow({ detail, className, ...props }: DatagridRowProps & { detail: (t: TicketRecord) => ReactNode }) {
  const record = useRecordContext<TicketRecord>();
  if (!record) return null;
  const stripe = className?.includes('RaDatagrid-rowEven') ? 'ticket-even' : 'ticket-odd';
  const columns = Children.toArray(props.children).length;
  return (
    <>
      <DatagridRow {...props} className={`${className ?? ''} ticket-main ${stripe}`} />
      <TableRow className={`ticket-detail ${stripe}`} sx={props.sx}>
        <TableCell colSpan={columns}>{detail(record)}</TableCell>
      </TableRow>
    </>
  );
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
} as const;
