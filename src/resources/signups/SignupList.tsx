import { useLocation } from 'react-router-dom';
import { FilterLiveSearch, FunctionField, ListBase, TextField, useGetOne, useListContext } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { ListPage } from '../../common/ListPage';
import { printClasses } from '../../common/printClasses';
import { PageHeading } from '../../common/PageHeading';
import { ResponsiveList } from '../../common/ResponsiveList';
import { LabeledValues } from '../../common/LabeledValues';
import { useActor } from '../../common/useActor';
import { useStruckRows } from '../../common/useStruckRows';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { can } from '../../domain/access';
import { format, rc } from '../../domain/messages';
import { officerCode, officerListLabel } from '../../domain/officerLabel';
import type { EventJson } from '../../domain/schemas/events';
import type { SignupJson } from '../../domain/schemas/signups';
import { eventFilterFromSearch, eventQueryString } from '../events/eventQuery';
import { EventHeader } from './EventHeader';
import { SignUpActions } from './SignUpActions';
import { StaffRoster } from './StaffRoster';
import { CardTitle } from '../../common/CardTitle';
import { RemoveButton } from '../../common/RemoveButton';

const s = rc.signups;
const f = s.fields;
type Row = SignupJson & { id: string };

/** The roster's export: the event, the roster search and the sort, every page. */
const EXPORT = { path: '/signup/export' } as const;

/**
 * /EventSignupBrowse?eventId&{event filters} (spec §2 roster): the event's header and its roster
 * (officer id 'A0001', last name, first name, mobile), a table at a desk and cards on a phone.
 * Sign Up (after confirmation) and Back to the event list, except at level 3 (SignUpActions).
 * Level 5+ also staffs the roster: an officer picker and 'Add to roster' (StaffRoster).
 * 'Search the roster' narrows the list on the server (GET /signup/getMultiple?eventId&q: last or
 * first name, officer id; login and badge too at level 10), so paging and sorting stay right.
 * 'Remove' from the roster at level 5+ after 'Remove (A0001) Last, First from this roster?', not offered for an officer who logged
 * a time ticket for the event (row hasChildren 'Y'; the server refuses it too); a removed row
 * is struck through, then dropped. Export (CSV / Excel, GET /signup/export) and Print; on paper
 * the staffing and search fields are left out.
 */
export function SignupList() {
  const location = useLocation();
  const eventId = Number(new URLSearchParams(location.search).get('eventId')) || 0;
  const backTo = `/EventBrowse${eventQueryString(eventFilterFromSearch(location.search))}`;
  const { actor } = useActor();
  const { data: event, error } = useGetOne<EventJson & { id: number }>('events', { id: eventId }, { enabled: eventId > 0, retry: false });
  const canSignUp = !!actor && can(actor, 'signup:create', { officerId: actor.officerId });
  const canRemove = can(actor, 'signup:delete');
  // officerId 0 is nobody's own id: "may sign up another officer" (level 5+)
  const canStaff = !!actor && can(actor, 'signup:create', { officerId: 0 });
  // the server matches login and badge only for those who may read every officer record
  const searchHint = can(actor, 'officer:read', { officerId: 0 }) ? s.search.hintWithAccount : s.search.hint;
  const struck = useStruckRows();
  if (!eventId || error) {
    return (
      <>
        <PageHeading>{s.titles.roster}</PageHeading>
        <Alert severity="error">{error?.message ?? rc.events.errors.eventNotFound}</Alert>
      </>
    );
  }

  const remove = (r: Row) =>
    canRemove && r.hasChildren !== 'Y' && !struck.isStruck(r.id) ? (
      <RemoveButton
        resource="signup"
        record={r}
        title={format(s.confirmRemove, { officer: officerListLabel(r.officer) })}
        content={null}
        ariaLabel={`${s.removeFromRoster}: ${officerListLabel(r.officer)}`}
        onRemoved={struck.markRemoved}
      />
    ) : null;
  return (
    <ListBase resource="signup" filter={{ eventId }} disableSyncWithLocation storeKey={false} perPage={DEFAULT_PAGE_SIZE} sort={{ field: 'officer.lastName', order: 'ASC' }}>
      <ListPage
        title={s.titles.roster}
        exportTo={EXPORT}
        actions={canSignUp && actor && <SignUpActions eventId={eventId} actor={actor} backTo={backTo} />}
        notice={
          event && (
            <>
              <EventHeader event={event} />
              <Box className={printClasses.noPrint}>
                {canStaff && <StaffRoster eventId={eventId} />}
                <FilterLiveSearch source="q" label={s.search.label} helperText={searchHint} sx={{ my: 1, width: '100%', maxWidth: 480 }} />
              </Box>
            </>
          )
        }
      >
        <ResponsiveList<Row>
          label={s.titles.roster}
          struck={struck}
          empty={<RosterEmpty />}
          sortFields={[
            { field: 'officer.lastName', label: f.lastName },
            { field: 'officer.firstName', label: f.firstName },
            { field: 'officer.officerId', label: f.officerId },
          ]}
          card={(r) => (
            <>
              <CardTitle>
                {`${r.officer.lastName}, ${r.officer.firstName}`}
              </CardTitle>
              <LabeledValues
                dense
                items={[
                  [f.officerId, officerCode(r.officer.officerId)],
                  [f.mobile, r.officer.mobile],
                ]}
              />
              {remove(r)}
            </>
          )}
        >
          <FunctionField<Row> label={f.officerId} sortBy="officer.officerId" render={(r) => officerCode(r.officer.officerId)} />
          <TextField label={f.lastName} source="officer.lastName" />
          <TextField label={f.firstName} source="officer.firstName" />
          <TextField label={f.mobile} source="officer.mobile" />
          {canRemove && <FunctionField<Row> label={rc.app.remove} sortable={false} render={remove} />}
        </ResponsiveList>
      </ListPage>
    </ListBase>
  );
}

/** The empty roster's note: nobody signed up, or nobody matching the search. */
function RosterEmpty() {
  const { filterValues } = useListContext();
  return <Alert severity="info">{filterValues.q ? s.search.noMatch : s.empty}</Alert>;
}
