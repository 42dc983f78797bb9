import { useCallback, useMemo, useRef, useState } from 'react';
import { useHref, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider } from 'react-admin';
import { Alert, Box, Button, IconButton, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Typography, useTheme, type Theme } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ListAltIcon from '@mui/icons-material/ListAlt';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import type { DatesSetArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import { PageHeading } from '../../common/PageHeading';
import { ActionButton } from '../../common/ActionButton';
import { useActor } from '../../common/useActor';
import { useIsPhone } from '../../common/useIsPhone';
import { useLookup, type Choice } from '../../common/lookups';
import { can } from '../../domain/access';
import { DATE_FORMAT, EVENT_TYPE } from '../../domain/constants';
import { dayjs, toIsoDate } from '../../domain/dates';
import { format, rc } from '../../domain/messages';
import type { CalendarEvent } from '../../domain/schemas/mySettings';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { rosterPath } from '../events/eventQuery';
import { plainEventName } from '../events/SafeHtml';

const t = rc.calendar;

/** The visible range as the server takes it: MM/DD/YYYY, both days included. */
export interface CalendarRange {
  from: string;
  to: string;
}

/** The filters of the page, kept in its query string ('' = all). */
interface CalendarFilters {
  eventTypeId: string;
  precinctId: string;
}

/**
 * The colour of an event by its type, from the theme's palette: a background and the palette's
 * own contrast text for it (every pair here is 4.5:1 or better). Other types get the dark grey.
 */
export function eventTypeColors(theme: Theme, eventTypeId: number): { background: string; text: string } {
  const pick = (c: { main: string; contrastText: string }) => ({ background: c.main, text: c.contrastText });
  switch (eventTypeId) {
    case EVENT_TYPE.DETAILS:
      return pick(theme.palette.primary);
    case EVENT_TYPE.TRAINING:
      return { background: theme.palette.success.dark, text: theme.palette.success.contrastText };
    case EVENT_TYPE.ADMINISTRATIVE:
      return pick(theme.palette.info);
    case EVENT_TYPE.SPECIAL:
      return pick(theme.palette.warning);
    default:
      return { background: theme.palette.grey[800], text: theme.palette.common.white };
  }
}

/**
 * The calendar's events of `range` with `filters`: GET /api/events/calendar through the
 * dataProvider, cached by react-query per range and filter: a range seen before shows at once and
 * is asked again (back from a roster where he signed up, the mark must be there). Not asked until
 * the range is known (the calendar reports it once drawn).
 */
function useCalendarEvents(range: CalendarRange | null, filters: CalendarFilters) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: ['rollcall-calendar', range, filters],
    queryFn: () =>
      dataProvider.api<CalendarEvent[]>('GET', '/events/calendar', {
        query: { from: range!.from, to: range!.to, eventTypeId: filters.eventTypeId, precinctId: filters.precinctId },
      }),
    enabled: range !== null,
    placeholderData: (previous) => previous,
  });
}

/** A labelled select of the calendar's filters, 'All' first. */
function FilterSelect({ id, label, value, choices, onChange }: { id: string; label: string; value: string; choices: Choice[]; onChange: (v: string) => void }) {
  return (
    <TextField id={id} select size="small" fullWidth={false} label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 160, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}>
      <MenuItem value="">{t.all}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * /EventCalendar?eventTypeId&precinctId: the events of the visible month, week or list (FullCalendar)
 * from GET /api/events/calendar, coloured by event type, each with its staffing status and, when he
 * is on its roster, a check mark and 'Signed up'. A click (or Enter) on an event opens its roster
 * (/EventSignupBrowse), where he signs up as on the lists. Times are the organisation's wall clock
 * as the server gives them: the calendar runs in 'UTC' with those strings, so the browser's own zone
 * never moves them. The list view is the default on a phone. Level 3 sees details only (his Detail
 * List as a calendar, with the way back to the list) and no event type filter.
 */
export function EventCalendar() {
  const { actor, isPending, today } = useActor();
  const theme = useTheme();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  const [search, setSearch] = useSearchParams();
  const restricted = actor !== null && !can(actor, 'menu:full');
  const filters: CalendarFilters = {
    eventTypeId: restricted ? String(EVENT_TYPE.DETAILS) : (search.get('eventTypeId') ?? ''),
    precinctId: search.get('precinctId') ?? '',
  };
  const eventTypes = useLookup('eventTypes', !restricted);
  const precincts = useLookup('precincts');
  const [range, setRange] = useState<CalendarRange | null>(null);
  const calendarRef = useRef<FullCalendar>(null);
  const [shown, setShown] = useState<{ title: string; view: string }>({ title: '', view: '' });
  const api = () => calendarRef.current?.getApi();
  const { data, isError } = useCalendarEvents(isPending ? null : range, filters);

  const setFilter = (key: keyof CalendarFilters, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  // FullCalendar reports the visible days (end exclusive, midnight 'UTC' = the organisation's day)
  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const from = dayjs.utc(arg.start).format(DATE_FORMAT);
    const to = dayjs.utc(arg.end).subtract(1, 'day').format(DATE_FORMAT);
    setRange((r) => (r && r.from === from && r.to === to ? r : { from, to }));
    setShown({ title: arg.view.title, view: arg.view.type });
  }, []);

  const events: EventInput[] = useMemo(
    () =>
      (data ?? []).map((e) => {
        const colors = eventTypeColors(theme, e.eventTypeId);
        return {
          id: String(e.id),
          title: plainEventName(e.eventName),
          start: e.start,
          end: e.end,
          url: `${base}${rosterPath(e.id, {})}`,
          backgroundColor: colors.background,
          borderColor: colors.background,
          textColor: colors.text,
          extendedProps: { event: e },
        };
      }),
    [data, theme, base],
  );

  const onEventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      navigate(rosterPath(Number(arg.event.id), {}));
    },
    [navigate],
  );

  if (isPending) return <Loading />;
  return (
    <Box component="section" sx={{ minWidth: 0, maxWidth: '100%', pb: 2 }}>
      <PageHeading>{restricted ? rc.events.titles.detailList : t.title}</PageHeading>
      <Box role="group" aria-label={t.filters} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        {!restricted && <FilterSelect id="calendar-event-type" label={t.eventType} value={filters.eventTypeId} choices={eventTypes} onChange={(v) => setFilter('eventTypeId', v)} />}
        <FilterSelect id="calendar-precinct" label={t.precinct} value={filters.precinctId} choices={precincts} onChange={(v) => setFilter('precinctId', v)} />
        {restricted && <ActionButton label={t.listView} icon={<ListAltIcon />} to={`/EventLandingPage?eventTypeId=${EVENT_TYPE.DETAILS}`} />}
      </Box>
      {isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t.loadFailed}
        </Alert>
      )}
      <Box
        aria-label={t.label}
        role="region"
        sx={{
          minWidth: 0,
          '& .fc': { fontFamily: theme.typography.fontFamily },
          '& .fc a.fc-event:focus-visible, & .fc .fc-list-event a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          '& .fc .fc-list-event-title a': { color: 'inherit', textDecoration: 'none' },
          '& .fc-daygrid-event, & .fc-timegrid-event': { whiteSpace: 'normal', overflow: 'hidden' },
          // the days of the months before and after stay readable (FullCalendar fades them to 30 %)
          '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: theme.palette.text.secondary },
        }}
      >
        <CalendarToolbar
          title={shown.title}
          view={shown.view}
          onPrev={() => api()?.prev()}
          onNext={() => api()?.next()}
          onToday={() => api()?.today()}
          onView={(view) => api()?.changeView(view)}
        />
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
          timeZone="UTC"
          now={toIsoDate(today)}
          initialView={phone ? 'listWeek' : 'dayGridMonth'}
          headerToolbar={false}
          eventDisplay="block"
          noEventsText={t.noEvents}
          height="auto"
          firstDay={0}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          views={phone ? { timeGridWeek: { dayHeaderFormat: { weekday: 'narrow', day: 'numeric' } }, dayGridMonth: { dayHeaderFormat: { weekday: 'narrow' } } } : undefined}
          dayMaxEvents={phone ? 2 : 4}
          events={events}
          datesSet={onDatesSet}
          eventClick={onEventClick}
          eventContent={(arg) => <EventContent arg={arg} narrow={phone} />}
          eventDidMount={(arg) => {
            // the grids' event is the link itself; the list's row holds ours (EventContent)
            if (arg.el.tagName === 'A') arg.el.setAttribute('aria-label', eventLabel(arg.event.extendedProps.event as CalendarEvent));
          }}
        />
      </Box>
    </Box>
  );
}

const VIEWS = [
  { view: 'listWeek', label: t.buttons.list },
  { view: 'timeGridWeek', label: t.buttons.week },
  { view: 'dayGridMonth', label: t.buttons.month },
] as const;

/**
 * The calendar's own bar in MUI parts (FullCalendar's buttons draw their arrows as unnamed
 * images): the range shown as a heading, Previous and Next, Today, and the view (List, Week,
 * Month) as pressed toggle buttons. Wraps onto two lines on a phone.
 */
function CalendarToolbar({ title, view, onPrev, onNext, onToday, onView }: {
  title: string;
  view: string;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: string) => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <IconButton aria-label={t.buttons.prev} title={t.buttons.prev} onClick={onPrev}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label={t.buttons.next} title={t.buttons.next} onClick={onNext}>
          <ChevronRightIcon />
        </IconButton>
        <Typography variant="h6" component="h2" aria-live="polite" sx={{ ml: 0.5, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" onClick={onToday} sx={{ minHeight: 40 }}>
          {t.buttons.today}
        </Button>
        <ToggleButtonGroup exclusive size="small" color="primary" value={view} onChange={(_, v: string | null) => v && onView(v)} aria-label={t.views}>
          {VIEWS.map((v) => (
            <ToggleButton key={v.view} value={v.view} sx={{ minHeight: 40, px: 1.5 }}>
              {v.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
    </Box>
  );
}

/** 'Holiday traffic detail, 06/01/2030 08:00 - 16:00, Fully Staffed, you are signed up. Open the roster.' */
function eventLabel(e: CalendarEvent): string {
  const when = `${e.startDate} ${e.startTime} - ${e.endDate === e.startDate ? '' : `${e.endDate} `}${e.endTime}`;
  return format(t.eventLabel, { name: plainEventName(e.eventName), when, status: e.status, mine: e.signedUp ? t.youSignedUp : '' });
}

/**
 * One event as the calendar draws it: its time (grids), name, staffing status and, when he is on
 * its roster, a check mark with 'Signed up' (not colour alone). In the list view the name is the
 * link to the roster (the list's row has no link of its own once its content is ours); in the
 * grids the whole event already is one.
 */
function EventContent({ arg, narrow }: { arg: EventContentArg; narrow: boolean }) {
  const e = arg.event.extendedProps.event as CalendarEvent;
  const list = arg.view.type.startsWith('list');
  const mine = e.signedUp ? (
    <Box component="span" data-testid="signed-up" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}>
      <CheckCircleIcon sx={{ fontSize: '1em' }} aria-hidden />
      {t.signedUp}
    </Box>
  ) : null;
  if (list) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, overflowWrap: 'anywhere' }}>
        <a href={arg.event.url} aria-label={eventLabel(e)}>
          {arg.event.title}
        </a>
        <Box component="span" sx={{ fontSize: '0.85em' }}>
          {e.precinct} · {e.status}
        </Box>
        {mine}
      </Box>
    );
  }
  // a phone's day column is some 50 px: each line is cut short rather than broken into syllables
  const line = narrow ? { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } : { display: 'block' };
  return (
    <Box sx={{ px: 0.25, fontSize: '0.8em', lineHeight: 1.25, overflow: 'hidden', overflowWrap: narrow ? 'normal' : 'anywhere' }}>
      <Box component="span" sx={line}>
        {arg.timeText && <b>{arg.timeText} </b>}
        {arg.event.title}
      </Box>
      <Box component="span" sx={line}>
        {e.status}
      </Box>
      {mine && (
        <Box component="span" sx={line}>
          {mine}
        </Box>
      )}
    </Box>
  );
}
