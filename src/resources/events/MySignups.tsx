import { useState } from 'react';
import { FunctionField, ListBase, Loading } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { ResponsiveList } from '../../common/ResponsiveList';
import { RollCallPagination } from '../../common/RollCallPagination';
import { RowLink } from '../../common/RowLink';
import { formatHours } from '../../common/numberFormat';
import { useActor } from '../../common/useActor';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/constants';
import { rc } from '../../domain/messages';
import type { EventJson } from '../../domain/schemas/events';
import { eventSpan } from './EventCard';
import { MySignupCard } from './MySignupCard';
import { locationWithAddress, mySignupsFilters } from './mySignupsQuery';
import { rosterPath } from './eventQuery';
import { SafeHtml, plainEventName } from './SafeHtml';

const f = rc.events.fields;
const t = rc.events.mySignups;

type Row = EventJson & { id: number };

/** Upcoming sign-ups all on one page: the largest page size of spec §2. */
const ALL_AT_ONCE = Math.max(...PAGE_SIZES);

/**
 * /MySignups: the signed-in officer's own event sign-ups with each event's details (name, type,
 * date and times MM/DD/YYYY HH:mm in ORG_TIMEZONE, location with address, incentive hours,
 * description, a link to its roster). Upcoming sign-ups (events starting today or later) come
 * first, soonest first; past ones, latest first, are one tap away behind 'Show past sign-ups'
 * and are only asked for then. A table at a desk, cards on a phone. Every level that signs up
 * for events (not level 3: spec §6); the server answers only the officer's own sign-ups.
 */
export function MySignups() {
  return (
    <RequirePermission action="signup:create">
      <MySignupsPage />
    </RequirePermission>
  );
}

function MySignupsPage() {
  const { actor, today } = useActor();
  const [showPast, setShowPast] = useState(false);
  if (!actor) return <Loading />;
  const filters = mySignupsFilters(actor.officerId, today);
  return (
    <Box component="section" sx={{ minWidth: 0, maxWidth: '100%', pb: 2 }}>
      <PageHeading>{t.title}</PageHeading>
      <SignupSection id="my-signups-upcoming" title={t.upcoming} filter={filters.upcoming} order="ASC" empty={t.noUpcoming} />
      <Button
        onClick={() => setShowPast((shown) => !shown)}
        aria-expanded={showPast}
        aria-controls="my-signups-past"
        startIcon={showPast ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ mt: 2 }}
      >
        {showPast ? t.hidePast : t.showPast}
      </Button>
      {showPast && <SignupSection id="my-signups-past" title={t.past} filter={filters.past} order="DESC" empty={t.noPast} paged />}
    </Box>
  );
}

/**
 * One part of the page (Upcoming or Past): a heading and the sign-ups of `filter` sorted by start
 * (`order`), from GET /api/events/getMultiple through the dataProvider. `paged`: 25-200 a page
 * (spec §2, default 100); otherwise every sign-up at once (an officer has few upcoming ones).
 */
function SignupSection({ id, title, filter, order, empty, paged = false }: {
  id: string;
  title: string;
  filter: Record<string, string | number>;
  order: 'ASC' | 'DESC';
  empty: string;
  paged?: boolean;
}) {
  const roster = (r: Row) => (
    <RowLink to={rosterPath(r.eventId, {})} ariaLabel={`${f.roster}: ${plainEventName(r.eventName)}`}>
      {f.roster}
    </RowLink>
  );
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-heading`} sx={{ mt: 1 }}>
      <Typography variant="h6" component="h2" id={`${id}-heading`}>
        {title}
      </Typography>
      <ListBase
        resource="events"
        filter={filter}
        disableSyncWithLocation
        storeKey={false}
        perPage={paged ? DEFAULT_PAGE_SIZE : ALL_AT_ONCE}
        sort={{ field: 'startDate', order }}
      >
        <ResponsiveList<Row>
          label={`${t.title}: ${title}`}
          empty={<Typography variant="body2" sx={{ my: 1 }}>{empty}</Typography>}
          sortFields={[
            { field: 'startDate', label: f.start },
            { field: 'eventName', label: f.name },
          ]}
          card={(r) => (
            <>
              <MySignupCard event={r} />
              {roster(r)}
            </>
          )}
        >
          <FunctionField<Row> label={f.name} sortBy="eventName" render={(r) => <SafeHtml html={r.eventName} />} />
          <FunctionField<Row> label={t.type} sortBy="eventType.eventTypeDescription" render={(r) => r.eventType.eventTypeDescription} />
          <FunctionField<Row> label={t.when} sortBy="startDate" render={(r) => eventSpan(r)} />
          <FunctionField<Row> label={f.location} sortBy="location.name" render={(r) => locationWithAddress(r.location)} />
          <FunctionField<Row> label={f.incentiveHours} sortBy="incentiveHours" textAlign="right" render={(r) => formatHours(r.incentiveHours)} />
          <FunctionField<Row> label={f.description} sortable={false} render={(r) => <SafeHtml html={r.description} />} />
          <FunctionField<Row> label={f.roster} sortable={false} render={roster} />
        </ResponsiveList>
        {paged && <RollCallPagination />}
      </ListBase>
    </Box>
  );
}
