import { Fragment, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { tapTarget } from '../../common/listStyles';
import { Link, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { useListContext } from 'react-admin';
import { rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import { COUNT_FIELDS, canWriteTicketFor, isInsideWindow, type ContactOfficer } from '../../domain/tickets';
import { can, type Actor } from '../../domain/access';
import type { Ticket, TicketTotals } from '../../domain/schemas/tickets';
import { TicketDetail } from './TicketDetail';
import { FlagCheckbox, RemoveTicketButton } from './TicketRowControls';

const f = rc.tickets.fields;
const hours = (n: number) => n.toFixed(2);

interface Column {
  key: string;
  label: string;
  sort?: string;
  numeric?: boolean;
  /** Text that may wrap (officer, dates, category), so the table fits a desk screen; at least this wide in px. */
  wrapMin?: number;
  cell: (t: Ticket) => ReactNode;
  total?: (x: TicketTotals) => ReactNode;
}

/** Compact cells; officer, dates and category may wrap so a desk screen shows every column, including Remove. */
const cellSx = (c: Column) => (c.wrapMin ? { px: 1, whiteSpace: 'normal', minWidth: c.wrapMin } : { px: 1, whiteSpace: 'nowrap' });

export interface TicketTableProps {
  actor: Actor;
  today: string;
  summary: boolean;
  totals: TicketTotals | null;
  contacts: ContactOfficer[];
  /** Query string carried to the edit page ('?officerId=…'). */
  search: string;
  onChanged: () => void;
}

/**
 * The time ticket table of /TimeTicketBrowse (spec §2): sortable headers (a new column starts
 * ascending, the same column toggles), a detail row under each ticket, a totals footer; count
 * columns only when their total is above zero; the Flagged column for auditors only; summary
 * mode shows Assigned Precinct instead of 10-41, 10-42, Category and Remove.
 */
export function TicketTable({ actor, today, summary, totals, contacts, search, onChanged }: TicketTableProps) {
  const { data, sort, setSort } = useListContext<Ticket & { id: number }>();
  const [removed, setRemoved] = useState<number[]>([]);
  const auditor = can(actor, 'ticket:flag') && !summary;
  const changeable = (t: Ticket) => !t.locked && isInsideWindow(t.startDate, today, actor.accessLevel) && canWriteTicketFor(actor, t.officer.officerId);

  const columns: Column[] = [];
  if (auditor) {
    columns.push({ key: 'flag', label: f.flagged, cell: (t) => <FlagCheckbox ticket={t} auditorId={actor.officerId} onChanged={onChanged} /> });
  }
  columns.push({ key: 'officer', label: f.officer, sort: 'officerId', wrapMin: 120, cell: (t) => officerListLabel(t.officer) });
  if (summary) {
    columns.push({ key: 'assignedPct', label: f.assignedPct, sort: 'assignedPct', cell: (t) => t.precinct.description });
  } else {
    columns.push({
      key: 'start',
      label: f.start,
      sort: 'startDate',
      wrapMin: 130,
      cell: (t) => {
        const text = `${t.startDay} ${t.startDate} ${t.startTime}`;
        return changeable(t) ? (
          <Link component={RouterLink} sx={tapTarget} to={`/TimeTicketEdit/${t.hoursWorkedId}${search}`}>
            {text}
          </Link>
        ) : (
          text
        );
      },
    });
    columns.push({ key: 'end', label: f.end, sort: 'endDate', wrapMin: 130, cell: (t) => `${t.endDay} ${t.endDate} ${t.endTime}` });
  }
  columns.push(
    { key: 'worked', label: f.worked, sort: 'hoursWorked', numeric: true, cell: (t) => hours(t.hoursWorked), total: (x) => hours(x.hoursWorked) },
    { key: 'travel', label: f.travel, sort: 'travelHours', numeric: true, cell: (t) => hours(t.travelHours), total: (x) => hours(x.travelHours) },
    { key: 'total', label: f.total, sort: 'totalHours', numeric: true, cell: (t) => hours(t.totalHours), total: (x) => hours(x.totalHours) },
  );
  if (!summary) columns.push({ key: 'category', label: f.category, sort: 'assignmentTypeDescr', wrapMin: 90, cell: (t) => t.assignmentType.description });
  for (const c of COUNT_FIELDS) {
    if (totals && totals[c] > 0) columns.push({ key: c, label: f[c], sort: c, numeric: true, cell: (t) => t[c], total: (x) => x[c] });
  }
  if (!summary) {
    columns.push({
      key: 'remove',
      label: f.remove,
      cell: (t) =>
        changeable(t) && t.hasChildren !== 'Y' && !removed.includes(t.hoursWorkedId) ? (
          <RemoveTicketButton
            ticket={t}
            onRemoved={(id) => {
              setRemoved((r) => [...r, id]);
              setTimeout(onChanged, 400);
            }}
          />
        ) : null,
    });
  }

  const clickSort = (field: string) => setSort({ field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });
  const firstTotal = columns.findIndex((c) => c.total);

  return (
    <TableContainer sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={summary ? rc.tickets.summaryTitle : rc.tickets.listTitle}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: c.numeric ? 'normal' : 'nowrap', px: 1 }} sortDirection={sort.field === c.sort ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                {c.sort ? (
                  <TableSortLabel active={sort.field === c.sort} direction={sort.field === c.sort && sort.order === 'DESC' ? 'desc' : 'asc'} onClick={() => clickSort(c.sort as string)}>
                    {c.label}
                  </TableSortLabel>
                ) : (
                  c.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data && data.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ px: 1 }}>
                {rc.app.noResults}
              </TableCell>
            </TableRow>
          )}
          {(data ?? []).map((t, i) => {
            const struck = removed.includes(t.hoursWorkedId);
            const bg = i % 2 === 0 ? 'action.hover' : undefined;
            return (
              <Fragment key={t.id}>
                <TableRow sx={{ bgcolor: bg, textDecoration: struck ? 'line-through' : undefined, '& td': { borderBottom: summary ? undefined : 0 } }}>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ ...cellSx(c), textDecoration: 'inherit' }}>
                      {c.cell(t)}
                    </TableCell>
                  ))}
                </TableRow>
                {!summary && (
                  <TableRow sx={{ bgcolor: bg, textDecoration: struck ? 'line-through' : undefined }}>
                    <TableCell colSpan={columns.length} sx={{ pt: 0 }}>
                      <TicketDetail ticket={t} contacts={contacts} windowOpen={changeable(t)} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
        {totals && (
          <TableFooter>
            <TableRow>
              {columns.map((c, i) =>
                i < firstTotal ? (
                  i === 0 ? (
                    <TableCell key={c.key} colSpan={firstTotal} sx={{ fontWeight: 700, color: 'text.primary', px: 1 }}>
                      {f.totals}
                    </TableCell>
                  ) : null
                ) : (
                  <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 700, color: 'text.primary', px: 1, whiteSpace: 'nowrap' }}>
                    {c.total ? c.total(totals) : null}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
