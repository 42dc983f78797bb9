import { useState } from 'react';
import { Checkbox, Typography } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { FunctionField, ListBase, TextField, useListContext, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ListPage } from '../../common/ListPage';
import { ResponsiveList } from '../../common/ResponsiveList';
import { LabeledValues } from '../../common/LabeledValues';
import { ActionButton } from '../../common/ActionButton';
import { CardTitle } from '../../common/CardTitle';
import { RequirePermission } from '../../common/NotPermitted';
import { useLookup } from '../../common/lookups';
import { useActor } from '../../common/useActor';
import { can } from '../../domain/access';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { signedUpOf } from '../../domain/eventStatus';
import { format, rc } from '../../domain/messages';
import type { EventJson } from '../../domain/schemas/events';
import { eventSpan } from '../events/EventCard';
import { TRAINING_KEYS } from './TrainingComplianceSearch';
import { reportQueryString, reportQueryValues } from './reportQuery';

const t = rc.training;
const e = rc.events.fields;
type Row = EventJson & { id: number };

/**
 * /Reports/TrainingComplianceBrowse?eventTypeId&precinctId&sinceStartDate&untilStartDate (spec §2
 * Training Compliance): the header shows precinct, from and thru and how many of the events have
 * sign-ups; each event row has a checkbox; 'Run Report' (level 9+) opens
 * /Reports/TrainingComplianceResults for the checked events, or says 'Must check at least one row!'.
 */
export function TrainingComplianceBrowse() {
  const { search } = useLocation();
  const query = reportQueryValues(search, TRAINING_KEYS);
  const filter = Object.fromEntries(Object.entries(query).filter(([, v]) => v));
  return (
    <RequirePermission action="menu:full">
      <ListBase resource="events" disableSyncWithLocation storeKey={false} perPage={DEFAULT_PAGE_SIZE} sort={{ field: 'startDate', order: 'ASC' }} filter={filter}>
        <TrainingBrowseBody query={query} />
      </ListBase>
    </RequirePermission>
  );
}

/** The event list's export: the same filter and sort, every page. */
const EXPORT = { path: '/events/export' } as const;

function TrainingBrowseBody({ query }: { query: Record<(typeof TRAINING_KEYS)[number], string> }) {
  const { actor } = useActor();
  const { data, total } = useListContext<Row>();
  const precincts = useLookup('precincts');
  const navigate = useNavigate();
  const notify = useNotify();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setChecked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const withSignups = (data ?? []).filter((r) => r.hasChildren === 'Y').length;
  const precinct = precincts.find((p) => p.id === Number(query.precinctId))?.name ?? (query.precinctId ? query.precinctId : e.all);
  const run = () => {
    if (checked.size === 0) {
      notify(t.validation.mustCheckRow, { type: 'error' });
      return;
    }
    navigate(`/Reports/TrainingComplianceResults${reportQueryString({ precinctId: query.precinctId, eventIds: [...checked].join(',') }, ['precinctId', 'eventIds'])}`);
  };
  const box = (r: Row) => (
    <Checkbox checked={checked.has(r.eventId)} onChange={() => toggle(r.eventId)} slotProps={{ input: { 'aria-label': format(t.actions.choose, { name: `${r.eventName} ${r.startDate}` }) } }} />
  );
  return (
    <ListPage
      title={t.titles.browse}
      exportTo={EXPORT}
      criteria={[
        [t.fields.precinct, precinct],
        [t.fields.from, query.sinceStartDate],
        [t.fields.thru, query.untilStartDate],
      ]}
      notice={<Typography>{format(t.fields.withSignups, { n: withSignups, total: total ?? 0 })}</Typography>}
      actions={can(actor, 'report:training') && <ActionButton label={t.actions.runReport} icon={<AssessmentIcon />} onClick={run} variant="contained" />}
    >
      <ResponsiveList<Row>
        label={t.titles.browse}
        cardsBelow="md"
        sortFields={[
          { field: 'startDate', label: e.start },
          { field: 'eventName', label: e.name },
          { field: 'location.name', label: e.location },
          { field: 'signupCount', label: e.signedUp },
        ]}
        card={(r) => (
          <>
            <CardTitle>
              {box(r)} {r.eventName}
            </CardTitle>
            <LabeledValues
              dense
              items={[
                [e.start, eventSpan(r)],
                [e.location, r.location?.name],
                [e.precinct, r.precinct?.description],
                [e.signedUp, signedUpOf(r.signupCount, r.maxOfficers)],
                [e.status, r.status],
              ]}
            />
          </>
        )}
      >
        <FunctionField<Row> label="" sortable={false} render={box} />
        <TextField label={e.name} source="eventName" />
        <FunctionField<Row> label={e.start} sortBy="startDate" render={(r) => `${r.startDate} ${r.startTime}`} />
        <FunctionField<Row> label={e.end} sortBy="endDate" render={(r) => `${r.endDate} ${r.endTime}`} />
        <TextField label={e.location} source="location.name" />
        <TextField label={e.pct} source="precinct.abbr" />
        <TextField label={e.precinctName} source="precinct.description" />
        <FunctionField<Row> label={e.signedUp} sortBy="signupCount" render={(r) => signedUpOf(r.signupCount, r.maxOfficers)} />
        <TextField label={e.status} source="status" />
      </ResponsiveList>
    </ListPage>
  );
}
