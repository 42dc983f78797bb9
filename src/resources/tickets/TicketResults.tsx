import { memo, useMemo } from 'react';
import { DatagridBody, FunctionField, useListContext } from 'react-admin';
import { rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import { COUNT_FIELDS, type ContactOfficer, type CountField } from '../../domain/tickets';
import { can, type Actor } from '../../domain/access';
import type { TicketTotals } from '../../domain/schemas/tickets';
import { ResponsiveList } from '../../common/ResponsiveList';
import { RemoveButton } from '../../common/RemoveButton';
import { RowLink } from '../../common/RowLink';
import type { SortField } from '../../common/SortMenu';
import type { StruckRows } from '../../common/useStruckRows';
import { FlagCheckbox } from './FlagCheckbox';
import { TicketDetail } from './TicketDetail';
import { TicketCard, TicketSummaryCard } from './TicketCard';
import { TicketRow, officerStarts, ticketRowsSx } from './TicketRow';
import { isChangeable, isOwnTicket } from './ticketAccess';
import { hours, tourEnd, type TicketRecord } from './ticketRecord';

const m = rc.tickets;
const f = m.fields;

/**
 * At most this many count columns fit a 1280-px desk screen (sidebar open, about 1000 px of
 * content) beside the ticket list's other columns, the auditor's Flagged included (measured in
 * Chromium). With more counts above zero the ticket table shows none as columns: each ticket's
 * detail row lists its counts, the totals card their sums. The summary by officer has few other
 * columns and no detail rows, so it shows every count above zero.
 */
export const MAX_COUNT_COLUMNS = 3;

/** The count columns of spec §2: only counts whose total is above zero; in the ticket list none when more than MAX_COUNT_COLUMNS. */
export function countColumns(totals: TicketTotals | undefined, summary: boolean): CountField[] {
  const shown = totals ? COUNT_FIELDS.filter((c) => totals[c] > 0) : [];
  return !summary && shown.length > MAX_COUNT_COLUMNS ? [] : shown;
}

export interface TicketResultsProps {
  actor: Actor;
  today: string;
  /** Summary mode (summarizeFlag=Y): one row per officer. */
  summary: boolean;
  totals: TicketTotals | undefined;
  /** Auditor contact list of flagged tickets (spec §2). */
  contacts: ContactOfficer[];
  /** The list's query string, carried to the edit page. */
  search: string;
  struck: StruckRows;
  /** After a flag change: reload the list and its totals. */
  onChanged: () => void;
}

/**
 * The rows of /TimeTicketBrowse (spec §2): at a desk a table with Flagged (auditors), Officer,
 * 10-41 (a link to the form while the ticket may be changed), 10-42, Worked, Travel, Total,
 * Category, the count columns above zero and Remove, each ticket followed by its detail row; on a
 * phone a card per ticket. Summary mode: Officer, Assigned Precinct, hours and counts, no detail.
 *
 * Memoized: the list page draws again whenever one of its other answers arrives (the session,
 * the config, the auditors, the totals, the outbox); the rows, hundreds of components on a phone,
 * are drawn again only when their own props or the list's data change.
 */
export const TicketResults = memo(function TicketResults({ actor, today, summary, totals, contacts, search, struck, onChanged }: TicketResultsProps) {
  const counts = countColumns(totals, summary);
  const { data, sort } = useListContext<TicketRecord>();
  const starts = useMemo(() => officerStarts(data, sort?.field), [data, sort?.field]);
  const auditor = can(actor, 'ticket:flag') && !summary;
  const changeable = (t: TicketRecord) => isChangeable(actor, t, today);
  const editTo = (t: TicketRecord) => (changeable(t) ? `/TimeTicketEdit/${t.hoursWorkedId}${search}` : null);
  const when = (t: TicketRecord) => `${t.startDate} ${t.startTime}`;
  const flag = (t: TicketRecord) => (auditor ? <FlagCheckbox ticket={t} auditorId={actor.officerId} onChanged={onChanged} /> : null);
  const remove = (t: TicketRecord) =>
    changeable(t) && t.hasChildren !== 'Y' && !struck.isStruck(t.id) ? (
      <RemoveButton resource="timeTickets" record={t} content={<span style={{ whiteSpace: 'pre-wrap' }}>{t.description}</span>} onRemoved={struck.markRemoved} ariaLabel={`${rc.app.remove} ${when(t)}`} />
    ) : null;
  const start = (t: TicketRecord) => {
    const text = tourEnd(t.startDay, t.startDate, t.startTime);
    const to = editTo(t);
    return to ? <RowLink to={to}>{text}</RowLink> : text;
  };
  const detail = (t: TicketRecord, withCounts: boolean) => (
    <TicketDetail ticket={t} contacts={contacts} windowOpen={changeable(t)} owner={isOwnTicket(actor, t)} counts={withCounts} />
  );

  const sortFields: SortField[] = [
    { field: 'officerId', label: f.officer },
    ...(summary ? [{ field: 'assignedPct', label: f.assignedPct }] : [{ field: 'startDate', label: f.start }, { field: 'endDate', label: f.end }]),
    { field: 'hoursWorked', label: f.worked },
    { field: 'travelHours', label: f.travel },
    { field: 'totalHours', label: f.total },
    ...(summary ? [] : [{ field: 'assignmentTypeDescr', label: f.category }]),
    ...counts.map((c) => ({ field: c, label: f[c] })),
  ];
  const number = (label: string, sortBy: string, value: (t: TicketRecord) => string | number) => (
    <FunctionField<TicketRecord> key={sortBy} label={label} sortBy={sortBy} textAlign="right" render={value} />
  );

  return (
    <ResponsiveList<TicketRecord>
      label={summary ? m.summaryTitle : m.listTitle}
      struck={struck}
      sortFields={sortFields}
      card={(t) =>
        summary ? <TicketSummaryCard row={t} /> : <TicketCard ticket={t} editTo={editTo(t)} flag={flag(t)} remove={remove(t)} detail={detail(t, false)} />
      }
      datagrid={summary ? undefined : { body: <DatagridBody row={<TicketRow detail={(t) => detail(t, true)} officerStarts={starts} />} />, sx: ticketRowsSx, hover: false }}
    >
      {auditor && <FunctionField<TicketRecord> label={f.flagged} sortable={false} render={flag} />}
      <FunctionField<TicketRecord> label={f.officer} sortBy="officerId" render={(t) => officerListLabel(t.officer)} />
      {summary && <FunctionField<TicketRecord> label={f.assignedPct} sortBy="assignedPct" render={(t) => t.precinct.description} />}
      {!summary && <FunctionField<TicketRecord> label={f.start} sortBy="startDate" render={start} />}
      {!summary && <FunctionField<TicketRecord> label={f.end} sortBy="endDate" render={(t) => tourEnd(t.endDay, t.endDate, t.endTime)} />}
      {number(f.worked, 'hoursWorked', (t) => hours(t.hoursWorked))}
      {number(f.travel, 'travelHours', (t) => hours(t.travelHours))}
      {number(f.total, 'totalHours', (t) => hours(t.totalHours))}
      {!summary && <FunctionField<TicketRecord> label={f.category} sortBy="assignmentTypeDescr" render={(t) => t.assignmentType.description} />}
      {counts.map((c) => number(f[c], c, (t) => t[c]))}
      {!summary && <FunctionField<TicketRecord> label={f.remove} sortable={false} render={remove} />}
    </ResponsiveList>
  );
});
