import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Typography } from '@mui/material';
import { ListBase, Loading, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import { auditorContacts, flaggedNotice, type ContactOfficer } from '../../domain/tickets';
import { can, type Actor } from '../../domain/access';
import type { TicketTotals } from '../../domain/schemas/tickets';
import { RollCallPagination } from '../../common/RollCallPagination';
import { listFilter, parseListQuery, toSearch, type ListQuery } from './ticketQuery';
import { useTicketLookups, useViewer, type TicketLookups } from './useTicketLookups';
import { TicketTable } from './TicketTable';

const m = rc.tickets;

/**
 * /TimeTicketBrowse (spec §2): the time ticket list, or with summarizeFlag=Y the summary time
 * report by officer. Filters come from the query string; sorting and paging happen on the server
 * (25-200 rows, default 100). A failed load alerts its message and goes to /.
 */
export function TicketList() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { actor, today, superUserId } = useViewer();
  const lookups = useTicketLookups();
  const q = parseListQuery(search);
  const summary = q.summarizeFlag === 'Y';
  if (!actor) return <Loading />;
  return (
    <ListBase
      key={search}
      resource="timeTickets"
      filter={listFilter(q)}
      sort={summary ? { field: 'officerId', order: 'ASC' } : { field: 'startDate', order: 'DESC' }}
      perPage={DEFAULT_PAGE_SIZE}
      disableSyncWithLocation
      queryOptions={{
        onError: (error: Error) => {
          notify(error.message, { type: 'error' });
          navigate('/');
        },
      }}
    >
      <TicketListView actor={actor} today={today} superUserId={superUserId} query={q} lookups={lookups} />
    </ListBase>
  );
}

function FilterHeading({ q, lookups }: { q: ListQuery; lookups: TicketLookups }) {
  const desc = (rows: { id: number; description: string }[], id?: string) => rows.find((r) => String(r.id) === id)?.description ?? '';
  const officer = lookups.officers.find((o) => String(o.officerId) === q.officerId);
  const items: Array<[string, string | undefined]> = [
    [m.fields.officer, q.officerId && (officer ? officerListLabel(officer) : q.officerId)],
    [m.fields.assignedPct, q.assignedPct && `${q.assignedPct} ${desc(lookups.precincts, q.assignedPct)}`],
    [m.fields.precinctWorked, q.precinctId && `${q.precinctId} ${desc(lookups.precincts, q.precinctId)}`],
    [m.fields.assignmentType, q.assignmentTypeId && desc(lookups.assignmentTypes, q.assignmentTypeId)],
    [m.fields.from, q.sinceDate],
    [m.fields.thru, q.untilDate],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25, my: 1 }}>
      {items
        .filter(([, v]) => v)
        .map(([label, v]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {label}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {v}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

function TicketListView({ actor, today, superUserId, query, lookups }: { actor: Actor; today: string; superUserId: number; query: ListQuery; lookups: TicketLookups }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { refetch, data } = useListContext();
  const [version, setVersion] = useState(0);
  const [totals, setTotals] = useState<TicketTotals | null>(null);
  const [auditors, setAuditors] = useState<ContactOfficer[]>([]);
  const summary = query.summarizeFlag === 'Y';
  const filterKey = JSON.stringify(listFilter(query));

  useEffect(() => {
    let live = true;
    dataProvider
      .api<TicketTotals>('GET', '/timeTickets/getTotals', { query: JSON.parse(filterKey) })
      .then((t) => live && setTotals(t))
      .catch((e: unknown) => console.error(e instanceof Error ? e.message : e));
    return () => {
      live = false;
    };
  }, [dataProvider, filterKey, version]);

  const anyFlagged = (data ?? []).some((t: { flaggedBy?: { officerId: number } }) => (t.flaggedBy?.officerId ?? 0) > 0);
  useEffect(() => {
    if (!anyFlagged) return;
    let live = true;
    dataProvider
      .api<ContactOfficer[]>('GET', '/officer/getMultiple', { query: { accessTypeId: 10, excludeSeparated: 'Y', orderBy: 'last_name,first_name' } })
      .then((rows) => live && setAuditors(auditorContacts(Array.isArray(rows) ? rows : [], superUserId)))
      .catch((e: unknown) => console.error(e instanceof Error ? e.message : e));
    return () => {
      live = false;
    };
  }, [anyFlagged, dataProvider, superUserId]);

  // the owner's notice (spec §8): his own tickets, or an unfiltered list below level 5 (which the server scopes to him)
  const isOwner = query.officerId ? Number(query.officerId) === actor.officerId : !can(actor, 'ticket:search-any');
  const notice = isOwner && totals ? flaggedNotice(totals.flaggedCount) : null;
  const search = toSearch(query);
  const onChanged = () => {
    refetch();
    setVersion((v) => v + 1);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {summary ? m.summaryTitle : m.listTitle}
        </Typography>
        {!summary && can(actor, 'ticket:write', { officerId: actor.officerId }) && (
          <Button variant="contained" size="small" sx={{ minHeight: 40 }} component={RouterLink} to={`/TimeTicketEdit${search}`}>
            {rc.app.add}
          </Button>
        )}
      </Box>
      <FilterHeading q={query} lookups={lookups} />
      {notice && (
        <Alert severity="error" sx={{ my: 1 }}>
          {notice}
        </Alert>
      )}
      <TicketTable actor={actor} today={today} summary={summary} totals={totals} contacts={auditors} search={search} onChanged={onChanged} />
      <RollCallPagination />
    </Box>
  );
}
