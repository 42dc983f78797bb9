import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormHelperText, Box } from '@mui/material';
import { SelectInput, useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { rc } from '../../domain/messages';
import { useOnline } from '../../offline/useOnline';
import { ticketEventsQuery, type TicketEventOption } from './ticketEventsQuery';

const m = rc.tickets;
const NO_EVENTS: TicketEventOption[] = [];

export type { TicketEventOption } from './ticketEventsQuery';

/**
 * The event picker of the ticket form for assignment types 1, 4, 9, 11 (spec §2): events of that
 * type the officer signed up for, in the edit window. Choosing one copies its precinct (the
 * precinct input is then locked) and fills the 10-41 and 10-42 dates and times from the event's
 * start and end (MM/DD/YYYY, HH:mm in ORG_TIMEZONE), which the officer may still change. Inline messages (spec §5): 'Must select event for selected
 * assignment type', 'You are not signed up for this event', 'You have already logged a ticket for
 * this event!'.
 */
export function TicketEventInput({ officerId, assignmentTypeId, hoursWorkedId, accessLevel, today, onEvents }: {
  officerId: number;
  assignmentTypeId: number;
  hoursWorkedId: number;
  accessLevel: number;
  today: string;
  /** Told the events offered once they load (the form checks the tour against the chosen one). */
  onEvents?: (events: TicketEventOption[]) => void;
}) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { setValue } = useFormContext();
  const eventId = Number(useWatch({ name: 'event.eventId' }) ?? 0);
  const online = useOnline();
  const { data: loaded, isError } = useQuery({
    ...ticketEventsQuery(dataProvider, { officerId, assignmentTypeId, hoursWorkedId, accessLevel, today }),
    enabled: officerId > 0,
  });
  // offline, or after a request that got no answer, the picker offers what the cache holds (the
  // list asked after sign-in) and never waits for the network
  const events = loaded ?? (isError || !online ? NO_EVENTS : undefined);
  const { data: alreadyLogged = false } = useQuery({
    queryKey: ['rollcall-ticket-event-tickets', officerId, eventId, hoursWorkedId],
    queryFn: async () => {
      const rows = await dataProvider.api<Array<{ hoursWorkedId: number }>>('GET', '/timeTickets/getMultiple', { query: { officerId, eventId } }).catch(() => []);
      return (Array.isArray(rows) ? rows : []).some((r) => r.hoursWorkedId !== hoursWorkedId);
    },
    enabled: eventId > 0 && officerId > 0,
  });

  useEffect(() => {
    onEvents?.(events ?? []);
  }, [events, onEvents]);

  const choose = (id: number) => {
    const ev = events?.find((e) => e.eventId === id);
    const precinctId = ev?.location?.precinct?.precinctId;
    if (precinctId) setValue('precinct.precinctId', precinctId, { shouldDirty: true, shouldValidate: true });
    if (!ev) return;
    // the tour is usually the event's time: the officer corrects it only when he came early or left late
    const span = { startDate: ev.startDate, startTime: ev.startTime, endDate: ev.endDate, endTime: ev.endTime };
    for (const [field, value] of Object.entries(span)) {
      if (value) setValue(field, value, { shouldDirty: true, shouldValidate: true });
    }
  };

  const signedUp = !eventId || !events || events.some((e) => e.eventId === eventId);
  const inline = !eventId ? m.mustSelectEventInline : !signedUp ? m.notSignedUp : alreadyLogged ? m.alreadyLoggedEvent : null;

  return (
    <Box>
      <SelectInput
        source="event.eventId"
        label={m.fields.event}
        choices={events ?? []}
        optionValue="eventId"
        optionText={(e: TicketEventOption) => e.eventFullDescription || `${e.startDate} ${e.startTime} ${e.eventName}`}
        emptyValue={0}
        parse={(v) => (v === '' || v === null ? 0 : Number(v))}
        isPending={!events && officerId > 0}
        onChange={(e) => choose(Number(e.target.value))}
        fullWidth
        helperText={false}
      />
      {inline && (
        <FormHelperText error role="status" sx={{ mt: -0.5, mb: 1 }}>
          {inline}
        </FormHelperText>
      )}
      <FormHelperText sx={{ mb: 1 }}>{m.incentiveHint}</FormHelperText>
    </Box>
  );
}
