import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { FunctionField, ListBase, Loading, TextField } from 'react-admin';
import { ToggleButton, Typography } from '@mui/material';
import UpcomingIcon from '@mui/icons-material/Upcoming';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { ListPage } from '../../common/ListPage';
import { ResponsiveList } from '../../common/ResponsiveList';
import { RemoveButton } from '../../common/RemoveButton';
import { RowLink } from '../../common/RowLink';
import { useActor } from '../../common/useActor';
import { useIsPhone } from '../../common/useIsPhone';
import { useStruckRows } from '../../common/useStruckRows';
import { ACCESS, DEFAULT_PAGE_SIZE, EVENT_TYPE } from '../../domain/constants';
import { can } from '../../domain/access';
import { rc } from '../../domain/messages';
import { signedUpOf } from '../../domain/eventStatus';
import type { EventJson } from '../../domain/schemas/events';
import { EventCard } from './EventCard';
import { EventName } from './EventName';
import { eventFilterFromSearch, eventQueryString, rosterPath, upcomingFilter } from './eventQuery';
import { SafeHtml, plainEventName } from './SafeHtml';
import { ActionButton } from '../../common/ActionButton';
import { formatHours } from '../../common/numberFormat';

const f = rc.events.fields;
const t = rc.events.titles;

/** The list title by event type (spec §2, §6): Details, Training, Administrative, Special; level 3 'Detail List'. */
export function eventListTitle(eventTypeId: number, level: number | undefined): string {
  if (level === ACCESS.RESTRICTED) return t.detailList;
  switch (eventTypeId) {
    case EVENT_TYPE.DETAILS:
      return t.details;
    case EVENT_TYPE.TRAINING:
      return t.training;
    case EVENT_TYPE.ADMINISTRATIVE:
      return t.administrative;
    case EVENT_TYPE.SPECIAL:
      return t.special;
    default:
      return t.events;
  }
}

type Row = EventJson & { id: number };

/** The list's export: its filter (Upcoming included) and sort, every page. */
const EXPORT = { path: '/events/export' } as const;

/** Lists switch to cards below this breakpoint (900 px): the table has a dozen columns. */
const CARDS_BELOW = 'md';

/**
 * /EventBrowse?eventTypeId&sinceStartDate&untilStartDate&precinctId (spec §2 Events): Name,
 * Start, End, Location, PCT, Precinct Name, '#Officers Signed Up', Status, Incentive Hours and a
 * Roster link, the description (sanitised HTML) under the name; sortable headers at a desk, cards with a sort
 * menu on a phone and below 900 px (the table has a dozen columns); 25-200 rows a page (default
 * 100). Level 9+: names link to the edit page, Add (of the list's event type) and Remove (with
 * confirmation; not offered for events with sign-ups or tickets, which the server refuses too);
 * a removed row is struck through, then dropped. Level 3 sees the Detail List only, without Search,
 * and with 'Calendar view' (the same details on /EventCalendar: his one menu entry stays, spec §6).
 * Export (CSV / Excel of every page, GET /events/export) and Print for everybody who sees the list.
 *
 * The list keeps the query's window (the menu's: from one month back, spec §4) and offers the
 * Upcoming quick filter (events starting today or later; not offered when the until date is
 * before today). Where the list is cards (phones) Upcoming starts on, so the list opens at
 * today's events: a phone user is looking for what is next, and a month of past cards above it
 * would be scrolled past every time. Switching it on rather than scrolling to today also keeps
 * that from depending on the cards' batched rendering and sort order, and lets a phone render
 * fewer cards; the past month stays one tap away. At a desk it starts off (the table shows the
 * whole window at a glance).
 */
export function EventList() {
  const location = useLocation();
  const { actor, isPending, today } = useActor();
  const filter = eventFilterFromSearch(location.search);
  if (actor?.accessLevel === ACCESS.RESTRICTED) filter.eventTypeId = String(EVENT_TYPE.DETAILS);
  const query = eventQueryString(filter);
  const cards = useIsPhone(CARDS_BELOW);
  const [upcomingOn, setUpcomingOn] = useState(cards);
  const upcoming = upcomingFilter(filter, today);
  const listFilter = upcomingOn && upcoming ? upcoming : filter;
  const canWrite = can(actor, 'event:write');
  const struck = useStruckRows();
  const title = eventListTitle(Number(filter.eventTypeId), actor?.accessLevel);
  const editQuery = canWrite ? query : undefined;
  const remove = (r: Row) =>
    canWrite && r.hasChildren !== 'Y' && !struck.isStruck(r.id) ? (
      <RemoveButton resource="events" record={r} content={plainEventName(r.eventName)} onRemoved={struck.markRemoved} ariaLabel={`${rc.app.remove} ${plainEventName(r.eventName)}`} />
    ) : null;
  const roster = (r: Row) => (
    <RowLink to={rosterPath(r.eventId, filter)} ariaLabel={`${f.roster}: ${plainEventName(r.eventName)}`}>
      {f.roster}
    </RowLink>
  );
  // the description goes under the name: a column of its own would push the table wider than a desk screen
  const nameAndDescription = (r: Row) => (
    <>
      <EventName event={r} editQuery={editQuery} />
      <Typography variant="body2" component="div" sx={{ color: 'text.secondary', mt: 0.25 }}>
        <SafeHtml html={r.description} />
      </Typography>
    </>
  );
  // the access level decides the filter (level 3: details only), so the list waits for it
  if (isPending) return <Loading />;
  return (
    <ListBase resource="events" filter={listFilter} disableSyncWithLocation storeKey={false} perPage={DEFAULT_PAGE_SIZE} sort={{ field: 'startDate', order: 'ASC' }}>
      <ListPage
        title={title}
        exportTo={EXPORT}
        actions={
          <>
            {upcoming && (
              <ToggleButton value="upcoming" size="small" color="primary" selected={upcomingOn} onChange={() => setUpcomingOn((on) => !on)} sx={{ gap: 0.5 }}>
                <UpcomingIcon fontSize="small" />
                {rc.events.actions.upcoming}
              </ToggleButton>
            )}
            {!can(actor, 'menu:full') && (
              <ActionButton label={rc.calendar.calendarView} icon={<CalendarMonthIcon />} to="/EventCalendar" />
            )}
            {can(actor, 'menu:full') && (
              <ActionButton label={rc.events.actions.search} icon={<SearchIcon />} to="/EventSearch" />
            )}
            {canWrite && (
              <ActionButton label={rc.app.add} icon={<AddIcon />} to={`/EventEdit${query}`} variant="contained" />
            )}
          </>
        }
      >
        <ResponsiveList<Row>
          label={title}
          struck={struck}
          cardsBelow={CARDS_BELOW}
          sortFields={[
            { field: 'startDate', label: f.start },
            { field: 'eventName', label: f.name },
            { field: 'location.name', label: f.location },
            { field: 'signupCount', label: f.signedUp },
          ]}
          card={(r) => <EventCard event={r} editQuery={editQuery} roster={roster(r)} remove={remove(r)} />}
        >
          <FunctionField<Row> label={f.name} sortBy="eventName" render={nameAndDescription} />
          <FunctionField<Row> label={f.start} sortBy="startDate" render={(r) => `${r.startDate} ${r.startTime}`} />
          <FunctionField<Row> label={f.end} sortBy="endDate" render={(r) => `${r.endDate} ${r.endTime}`} />
          <TextField label={f.location} source="location.name" />
          <TextField label={f.pct} source="precinct.abbr" />
          <TextField label={f.precinctName} source="precinct.description" />
          <FunctionField<Row> label={f.signedUp} sortBy="signupCount" render={(r) => signedUpOf(r.signupCount, r.maxOfficers)} />
          <TextField label={f.status} source="status" />
          <FunctionField<Row> label={f.incentiveHours} sortBy="incentiveHours" textAlign="right" render={(r) => formatHours(r.incentiveHours)} />
          <FunctionField<Row> label={f.roster} sortable={false} render={roster} />
          {canWrite && <FunctionField<Row> label={rc.app.remove} sortable={false} render={remove} />}
        </ResponsiveList>
      </ListPage>
    </ListBase>
  );
}
