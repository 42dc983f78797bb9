import { Alert, Box, List as MuiList, ListItem } from '@mui/material';
import { FunctionField, ListContextProvider, ResourceContextProvider, TextField, useDataProvider, useGetMany, useList } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { ListPage } from '../../common/ListPage';
import { ResponsiveList } from '../../common/ResponsiveList';
import { LabeledValues } from '../../common/LabeledValues';
import { CardTitle } from '../../common/CardTitle';
import { RequirePermission } from '../../common/NotPermitted';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { compareDates } from '../../domain/dates';
import { rc } from '../../domain/messages';
import type { EventJson } from '../../domain/schemas/events';
import type { NonCompliantRow } from '../../domain/schemas/training';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { eventSpan } from '../events/EventCard';
import { reportQueryValues } from './reportQuery';

const t = rc.training;
type Row = NonCompliantRow & { id: number };
const byStart = (a: EventJson, b: EventJson) => compareDates(a.startDate, b.startDate) || a.startTime.localeCompare(b.startTime);

/**
 * /Reports/TrainingComplianceResults?eventIds=1,2&precinctId (spec §2 Training Compliance), level
 * 9+: the heading 'Officers That Did Not Attend Any Of The Following Training Sessions:', the chosen
 * events (date, times, name) by start date, then a sortable, paged table of the active officers
 * (of the precinct, when one was chosen) with no time ticket for any of them: Officer ID, Name,
 * Mobile; cards on a phone; Export (CSV / Excel) and Print. A refusal ('Must check at least one
 * row!', a removed event) shows the server's message.
 */
export function TrainingComplianceResults() {
  return (
    <RequirePermission action="report:training">
      <ResourceContextProvider value="nonCompliantOfficers">
        <TrainingResultsPage />
      </ResourceContextProvider>
    </RequirePermission>
  );
}

function TrainingResultsPage() {
  const { search } = useLocation();
  const query = reportQueryValues(search, ['eventIds', 'precinctId'] as const);
  const ids = query.eventIds.split(',').map(Number).filter((n) => n > 0);
  const dataProvider = useDataProvider<RollCallDataProvider>();
  // the report's request; its export (POST /events/exportNonCompliantOfficers) sends the same
  const precinct = query.precinctId ? { precinctId: query.precinctId } : {};
  const body = ids.map((eventId) => ({ eventId }));
  const { data: events } = useGetMany<EventJson & { id: number }>('events', { ids });
  const { data, error, isPending } = useQuery({
    queryKey: ['rollcall-noncompliant', query],
    queryFn: () =>
      dataProvider.api<NonCompliantRow[]>('POST', '/events/getNonCompliantOfficers', { query: precinct, body }),
    retry: false,
  });
  const rows: Row[] = (data ?? []).map((o) => ({ ...o, id: o.officerId }));
  const list = useList<Row>({ data: rows, isPending, sort: { field: 'lastName', order: 'ASC' }, perPage: DEFAULT_PAGE_SIZE });
  const name = (r: Row) => `${r.lastName}, ${r.firstName}`;
  return (
    <ListContextProvider value={list}>
      <ListPage
        title={t.titles.results}
        exportTo={{ path: '/events/exportNonCompliantOfficers', query: precinct, body }}
        notice={
          <>
            {error && <Alert severity="error">{error.message}</Alert>}
            <MuiList dense aria-label={t.titles.chosenEvents}>
              {[...(events ?? [])].sort(byStart).map((ev) => (
                <ListItem key={ev.eventId} disableGutters>
                  <Box component="span">
                    {eventSpan(ev)} {ev.eventName}
                  </Box>
                </ListItem>
              ))}
            </MuiList>
          </>
        }
      >
        <ResponsiveList<Row>
          label={t.titles.results}
          sortFields={[
            { field: 'officerId', label: t.fields.officerId },
            { field: 'lastName', label: t.fields.name },
            { field: 'mobile', label: t.fields.mobile },
          ]}
          card={(r) => (
            <>
              <CardTitle>{name(r)}</CardTitle>
              <LabeledValues
                dense
                items={[
                  [t.fields.officerId, r.officerId],
                  [t.fields.mobile, r.mobile],
                ]}
              />
            </>
          )}
        >
          <TextField label={t.fields.officerId} source="officerId" />
          <FunctionField<Row> label={t.fields.name} sortBy="lastName" render={name} />
          <TextField label={t.fields.mobile} source="mobile" />
        </ResponsiveList>
      </ListPage>
    </ListContextProvider>
  );
}
