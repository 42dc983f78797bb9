import { eventInputSchema, type EventJson } from '../../domain/schemas/events';
import { zodFormErrors } from './zodErrors';

/** Event form values as react-admin holds them (numbers may be '' or null until chosen). */
export type EventFormValues = Partial<Omit<EventJson, 'eventType' | 'location'>> & {
  eventType?: { eventTypeId?: number | string | null };
  location?: { locationId?: number | string | null };
};

/** Blank values of a new event (nested ids present so their messages land on the selects). */
export const newEventDefaults: EventFormValues = {
  eventName: '',
  eventType: { eventTypeId: '' },
  location: { locationId: '' },
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  maxOfficers: undefined,
  incentiveHours: 0,
  description: '',
};

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/**
 * The body sent to /api/events/insert or /update (spec §3): only the input fields, values
 * trimmed (spec §5), eventType and location as references by id.
 */
export function toEventBody(values: EventFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    eventName: trim(values.eventName),
    eventType: { eventTypeId: Number(values.eventType?.eventTypeId) || 0 },
    location: { locationId: Number(values.location?.locationId) || 0 },
    startDate: trim(values.startDate),
    startTime: trim(values.startTime),
    endDate: trim(values.endDate),
    endTime: trim(values.endTime),
    maxOfficers: values.maxOfficers ?? null,
    incentiveHours: values.incentiveHours ?? null,
    description: trim(values.description),
  };
  if (values.eventId) body.eventId = values.eventId;
  return body;
}

const browserSchema = eventInputSchema();

/** The spec §5 event edit messages for the form, from the same schema the server uses. */
export function validateEventForm(values: EventFormValues): Record<string, unknown> {
  const body = toEventBody(values);
  const errors = zodFormErrors(browserSchema, body);
  return errors;
}
