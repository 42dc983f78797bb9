import { eventInputSchema, type EventJson } from '../../domain/schemas/events';
import { format, rc } from '../../domain/messages';
import { zodFormErrors } from '../../common/zodFormErrors';
import { EVENT_TYPE_IDS } from '../../domain/constants';

/** Event form values as react-admin holds them (numbers may be '' or null until chosen). */
export type EventFormValues = Partial<Omit<EventJson, 'eventType' | 'location'>> & {
  eventType?: { eventTypeId?: number | string | null };
  location?: { locationId?: number | string | null };
};

/**
 * Blank values of a new event (nested ids present so their messages land on the selects). Added
 * from a list of one event type (/EventEdit?eventTypeId=11 from the Special list) the event type
 * is chosen already; an id that is not an event type (spec §9) leaves it blank.
 */
export function newEventDefaults(eventTypeId?: string | number | null): EventFormValues {
  const typeId = Number(eventTypeId);
  return {
    eventName: '',
    eventType: { eventTypeId: EVENT_TYPE_IDS.includes(typeId) ? typeId : '' },
    location: { locationId: '' },
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    maxOfficers: undefined,
    incentiveHours: 0,
    description: '',
  };
}

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

const schemas = new Map<string, ReturnType<typeof eventInputSchema>>();
function schemaFor(tz?: string) {
  const key = tz ?? '';
  let schema = schemas.get(key);
  if (!schema) {
    schema = eventInputSchema(tz);
    schemas.set(key, schema);
  }
  return schema;
}

/**
 * The spec §5 event edit messages for the form, from the same schema the server uses. With the
 * organisation's time zone (`tz`, once GET /api/config answered) a time skipped by the
 * spring-forward change is refused and the 24-hour rule counts real hours, as on the server.
 * An edited event's maxOfficers below its signupCount gets the server's 409 message early.
 */
export function validateEventForm(values: EventFormValues, tz?: string): Record<string, unknown> {
  const body = toEventBody(values);
  const errors = zodFormErrors(schemaFor(tz), body);
  const signed = Number(values.signupCount) || 0;
  const max = Number(values.maxOfficers);
  if (!errors.maxOfficers && signed > 0 && Number.isFinite(max) && max < signed) {
    errors.maxOfficers = format(rc.events.errors.maxBelowSignups, { n: signed });
  }
  return errors;
}
