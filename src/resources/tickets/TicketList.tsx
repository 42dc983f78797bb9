import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ListBase, useListContext } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import { COUNT_FIELDS, flaggedNotice } from '../../domain/tickets';
import { can, type Actor } from '../../domain/access';
import type { TicketTotals } from '../../domain/schemas/tickets';
import { ListPage } from '../../common/ListPage';
import { RequirePermission } from '../../common/NotPermitted';
import { SummaryCard } from '../../common/SummaryCard';
import { formatHours } from '../../common/numberFormat';
import type { LabeledValue } from '../../common/LabeledValues';
import { useLookup, useOfficerChoices, type Choice } from '../../common/lookups';
import { useActor } from '../../common/useActor';
import { useStruckRows } from '../../common/useStruckRows';
import { listFilter, listSort, parseListQuery, toSearch, type ListQuery } from './ticketQuery';
import { needsAuditorContacts, totalsQueryKey } from './ticketListQuery';
import { useTicketTotals } from './useTicketTotals';
import { useAuditorContacts } from './useAuditorContacts';
import { TicketResults } from './TicketResults';
import type { TicketRecord } from './ticketRecord';
import { ActionButton } from '../../common/ActionButton';
import { useLeaveOnError } from '../../common/useLeaveOnError';
import { PageLoading } from '../../common/PageLoading';
import { getSessionUser } from '../../providers/session';
import { takePrefetchedList } from './listPrefetch';
import { HoursByMonthChartLazy } from './HoursByMonthChartLazy';
import { hoursByMonthYear } from './useHoursByMonth';
import { LosapYearEndNotice } from '../losap/LosapYearEndNotice';
import { lazyPart } from '../../common/lazyPart';
import { moduleLoader } from '../../common/moduleLoader';
import { useNearViewport } from '../../common/useNearViewport';
import { LOSAP_KEY } from '../losap/losapQueries';
import { useOnline } from '../../offline/useOnline';
import { FetchedAt } from '../../offline/FetchedAt';
import { OutboxEntries } from './OutboxEntriesPart';

const m = rc.tickets;
const f = m.fields;

/**
 * /TimeTicketBrowse (spec §2): the time ticket list, or with summarizeFlag=Y the summary time
 * report by officer. Filters come from the query string; sorting and paging happen on the server
 * (25-200 rows, default 100); Export (CSV / Excel of every page, GET /timeTickets/export) and
 * Print. A failed load alerts its message and goes to /. Level 3 gets the not-permitted page.
 * His own list starts with his tickets saved on this device and not yet sent (OutboxEntries);
 * offline, a notice says so and the list shows what the cache holds.
 *
 * the signed-in layout has checked the session (RequireUser), so the list does not
 * check it again (disableAuthentication: one GET /api/session per page load); the first list
 * after a page load takes the answers listPrefetch.ts asked for before this code arrived.
 */
export function TicketList() {
  return (
    <RequirePermission action="ticket:read">
      <TicketListPage />
    </RequirePermission>
  );
}

function TicketListPage() {
  const { search } = useLocation();
  const leave = useLeaveOnError();
  const q = parseListQuery(search);
  const summary = q.summarizeFlag === 'Y';
  const [staleTime] = useState(() => (takePrefetchedList() ? PREFETCH_FRESH_MS : 0));
  return (
    <ListBase
      key={search}
      resource="timeTickets"
      filter={listFilter(q)}
      sort={listSort(summary)}
      perPage={DEFAULT_PAGE_SIZE}
      disableSyncWithLocation
      disableAuthentication
      storeKey={false}
      queryOptions={{ onError: leave, staleTime }}
    >
      <TicketListView query={q} staleTime={staleTime} />
    </ListBase>
  );
}

/** The export of the list or the summary (the list's query, summarizeFlag=Y included; sort; all pages). */
const EXPORT = { path: '/timeTickets/export' } as const;

/** A prefetched list and its totals count as fresh this long after the page loaded (ms). */
const PREFETCH_FRESH_MS = 30_000;

/**
 * The heading block of spec §2: Officer, Assigned Precinct, Precinct Worked at, Assignment Type,
 * From, Thru (when in the query). Only the lookups a shown line needs are asked; the officer's
 * own name comes from the session, so the officer list is asked only at level 5+ for another officer.
 */
function useCriteria(q: ListQuery, actor: Actor | null): LabeledValue[] {
  const precincts = useLookup('precincts', !!(q.assignedPct || q.precinctId));
  const assignmentTypes = useLookup('assignmentTypes', !!q.assignmentTypeId);
  const own = !!actor && Number(q.officerId) === actor.officerId;
  const officers = useOfficerChoices(undefined, !!q.officerId && !own && !!actor && can(actor, 'ticket:search-any'));
  const name = (rows: Choice[], id?: string) => rows.find((r) => String(r.id) === id)?.name ?? '';
  const user = own ? getSessionUser() : null;
  const officer = user ?? officers.find((o) => String(o.officerId) === q.officerId);
  return [
    [f.officer, q.officerId && (officer ? officerListLabel(officer) : q.officerId)],
    [f.assignedPct, q.assignedPct && `${q.assignedPct} ${name(precincts, q.assignedPct)}`],
    [f.precinctWorked, q.precinctId && `${q.precinctId} ${name(precincts, q.precinctId)}`],
    [f.assignmentType, q.assignmentTypeId && name(assignmentTypes, q.assignmentTypeId)],
    [f.from, q.sinceDate],
    [f.thru, q.untilDate],
  ];
}

/**
 * The totals card under the list (spec §2 footer): worked, travel, total and the counts above
 * zero, with thousands separators (an auditor's year of a detachment runs into the thousands).
 */
function TotalsCard({ totals }: { totals: TicketTotals }) {
  return (
    <SummaryCard
      title={f.totals}
      items={[
        [f.worked, formatHours(totals.hoursWorked)],
        [f.travel, formatHours(totals.travelHours)],
        [f.total, formatHours(totals.totalHours)],
        ...COUNT_FIELDS.filter((c) => totals[c] > 0).map((c): LabeledValue => [f[c], totals[c]]),
      ]}
    />
  );
}

/** True when the list shows the signed-in officer's own tickets: his id in the query, or no officer below level 5 (the server scopes it to him). */
function showsOwnTickets(actor: Actor, q: ListQuery): boolean {
  return q.officerId ? Number(q.officerId) === actor.officerId : !can(actor, 'ticket:search-any');
}

function TicketListView({ query, staleTime }: { query: ListQuery; staleTime: number }) {
  const { actor, today, tz } = useActor();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { data, total, refetch } = useListContext<TicketRecord>();
  const filter = listFilter(query);
  const { totals, settled, reload } = useTicketTotals(filter, staleTime);
  // the rows render as a deferred value: in a transition React renders in slices, rather than in
  // the one long task of the answers' arrival (a phone's main thread stays free)
  // offline, totals never asked before never come: the list shows what the cache has meanwhile
  const ready = useDeferredValue(settled || !online, false);
  const struck = useStruckRows();
  const summary = query.summarizeFlag === 'Y';
  // the contact list is for the owner of a flagged ticket (spec §2, docs/decisions.md)
  const contacts = useAuditorContacts(needsAuditorContacts(query, data ?? [], actor?.officerId));
  const criteria = useCriteria(query, actor);
  const onChanged = useCallback(() => {
    refetch();
    reload();
    void queryClient.invalidateQueries({ queryKey: LOSAP_KEY });
  }, [refetch, reload, queryClient]);
  if (!actor) return null;
  const own = showsOwnTickets(actor, query);
  const notice = own && totals ? flaggedNotice(totals.flaggedCount) : null;
  const search = toSearch(query);
  const actions = !summary && can(actor, 'ticket:write', { officerId: actor.officerId }) && <AddButton search={search} />;
  // his own year-to-date list also shows his LOSAP year, which every change of a ticket moves
  const losapYear = summary ? null : hoursByMonthYear(query, actor, today);
  // The notice, the count columns and the totals card depend on the totals: until they are known
  // the rows wait too, in a placeholder as tall as a first screen, so nothing shifts.
  if (!ready) {
    return (
      <ListPage title={summary ? m.summaryTitle : m.listTitle} actions={actions} exportTo={EXPORT} criteria={criteria} pagination={false}>
        <PageLoading />
      </ListPage>
    );
  }
  return (
    <ListPage
      title={summary ? m.summaryTitle : m.listTitle}
      actions={actions}
      exportTo={EXPORT}
      criteria={criteria}
      notice={
        <>
          {/* offline, the list and its totals came from the device: say when they were fetched */}
          <FetchedAt dataUpdatedAt={queryClient.getQueryState(totalsQueryKey(filter))?.dataUpdatedAt ?? 0} sx={{ my: 1 }} />
          {notice && <Alert severity="error" sx={{ my: 1 }}>{notice}</Alert>}
          {own && !summary && <OutboxEntries officerId={actor.officerId} tz={tz} search={search} />}
        </>
      }
      totals={
        <>
          {totals && !!total && <TotalsCard totals={totals} />}
          {losapYear !== null && can(actor, 'losap:attest') && <LosapYearEndNotice />}
          {losapYear !== null && <LosapCardWhenNear year={losapYear} />}
        </>
      }
    >
      <TicketResults
        actor={actor}
        today={today}
        summary={summary}
        totals={totals}
        contacts={contacts}
        search={search}
        struck={struck}
        onChanged={onChanged}
      />
      {!summary && <HoursByMonthChartLazy query={query} />}
    </ListPage>
  );
}

/** The LOSAP card's room (px) until it is drawn. */
const LOSAP_CARD_PLACE = 120;

/**
 * The LOSAP card's code (with its statement download) is a chunk of its own, fetched when the card
 * comes near the screen: the list's first download and its first long task carry none of it.
 */
const LosapProgressCard = lazyPart(
  moduleLoader(() => import('../losap/LosapProgressCard')),
  (m) => m.LosapProgressCard,
  <Box aria-hidden sx={{ height: LOSAP_CARD_PLACE, my: 1 }} />,
);

/**
 * The officer's LOSAP progress card under his list, asked for and drawn once its place comes near
 * the screen (useNearViewport): at a desk at once, on a phone when he scrolls past his tickets, so
 * the first screen of his list costs no more than it did. Its code comes then too.
 */
function LosapCardWhenNear({ year }: { year: number }) {
  const [place, near] = useNearViewport();
  if (!near) return <Box ref={place} aria-hidden sx={{ height: LOSAP_CARD_PLACE, my: 1 }} />;
  return <LosapProgressCard year={year} />;
}

/** 'Add': a link to the ticket form with the list's query for the way back (spec §2). */
function AddButton({ search }: { search: string }) {
  return (
    <ActionButton label={rc.app.add} icon={<AddIcon />} variant="contained" to={`/TimeTicketEdit${search}`} />
  );
}
