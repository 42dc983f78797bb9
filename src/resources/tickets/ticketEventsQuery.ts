import { HttpError } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { daysBefore } from '../../domain/dates';
import { editWindowDays } from '../../domain/tickets';

/** An event as GET /events/getMultiple answers it (the fields the ticket form uses). */
export interface TicketEventOption {
  eventId: number;
  eventName: string;
  startDate: string;
  startTime: string;
  endDate?: string;
  endTime?: string;
  eventType?: { eventTypeId: number };
  location?: { precinct?: { precinctId: number; description: string } };
  eventFullDescription?: string;
  incentiveHours?: number;
}

/** Whose events the ticket form offers: the ticket's officer, its assignment type, the edited ticket (0 for a new one), the user's level and today. */
export interface TicketEventsParams {
  officerId: number;
  assignmentTypeId: number;
  hoursWorkedId: number;
  accessLevel: number;
  /** Today, MM/DD/YYYY in ORG_TIMEZONE. */
  today: string;
}

/**
 * The query-client options of the ticket form's event list (GET /events/getMultiple: events of
 * that type the officer signed up for, in the edit window), shared by TicketEventInput and the
 * offline prefetch (src/offline/prefetchTicketForm.ts), which asks it after sign-in so the picker
 * works in a basement. A refusal (an answer) logs its message and offers no events, as before;
 * no answer at all fails the query instead, so react-query keeps the list it already had rather
 * than replacing it with none. Not retried: the picker shows what it has at once.
 */
export function ticketEventsQuery(dataProvider: RollCallDataProvider, { officerId, assignmentTypeId, hoursWorkedId, accessLevel, today }: TicketEventsParams) {
  const query = {
    eventTypeId: assignmentTypeId,
    officerId,
    hoursWorkedId: hoursWorkedId || undefined,
    sinceStartDate: daysBefore(today, editWindowDays(accessLevel)),
    untilStartDate: today,
  };
  return {
    queryKey: ['rollcall-ticket-events', query],
    queryFn: async (): Promise<TicketEventOption[]> => {
      try {
        const rows = await dataProvider.api<TicketEventOption[]>('GET', '/events/getMultiple', { query });
        return (Array.isArray(rows) ? rows : []).filter((e) => e.eventId > 0);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        console.error(e.message);
        return [];
      }
    },
    retry: false,
  };
}
