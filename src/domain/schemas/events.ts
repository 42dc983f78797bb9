import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';
import { US_DATE, HHMM_TIME, instantText } from './wire';
import { rc } from '../messages';
import { EVENT_LIMIT_HOURS, EVENT_TYPE_IDS, LIMITS } from '../constants';
import { compareDates, dayjs, hoursBetween, isExistingLocalTime, isOnTimeStep, isValidDate, isValidTime, toInstant } from '../dates';
import { hasNoBidiControls, hasNoControlCharacters, isAscii } from '../validators';
import { spanShape } from './span';

const v = rc.events.validation;

/** A required MM/DD/YYYY date: 'date is required' when blank (spec §5 event edit). */
const dateField = z
  .string({ error: rc.validation.dateRequiredLower })
  .trim()
  .min(1, rc.validation.dateRequiredLower)
  .refine(isValidDate, rc.validation.invalidDate)
  .meta(US_DATE);

/** A required HH:mm time on a 15-minute step: 'Required field', 'Time must be in 15 minute increments!'. */
const timeField = z
  .string({ error: v.timeRequired })
  .trim()
  .min(1, v.timeRequired)
  .refine(isValidTime, rc.validation.invalidTime)
  .refine(isOnTimeStep, rc.validation.timeStep)
  .meta(HHMM_TIME);

/**
 * The event body of POST /api/events/insert and PUT /api/events/update (spec §3, §5 event edit).
 * Dates MM/DD/YYYY and times HH:mm (24-hour, 15-minute steps) in ORG_TIMEZONE; maxOfficers a
 * whole number >= 1; incentiveHours hours >= 0 (2 decimals); description ASCII, <= 535 characters.
 * eventType and location are references by id (their other fields are accepted and ignored so a
 * record read from getSingle can be sent back). The precinct comes from the location.
 */
export const eventFields = z
  .object({
    eventId: z.number().int().min(0).optional(),
    eventName: z
      .string({ error: v.eventNameRequired })
      .trim()
      .min(1, v.eventNameRequired)
      .max(1000, rc.validation.tooLong.replace('%{max}', '1000'))
      .refine(hasNoBidiControls, rc.validation.bidiControl)
      .refine(hasNoControlCharacters, rc.validation.controlCharacter),
    eventType: z
      .object({
        eventTypeId: z
          .number({ error: v.eventTypeRequired })
          .int(v.eventTypeRequired)
          .refine((id) => EVENT_TYPE_IDS.includes(id), v.eventTypeRequired),
        eventTypeDescription: z.string().optional(),
      })
      .strict(),
    location: z
      .object({ locationId: z.number({ error: v.locationRequired }).int(v.locationRequired).min(1, v.locationRequired) })
      .catchall(z.unknown()),
    startDate: dateField,
    startTime: timeField,
    endDate: dateField,
    endTime: timeField,
    maxOfficers: z.number({ error: v.maxOfficersPositive }).int(v.maxOfficersPositive).min(1, v.maxOfficersPositive).max(10_000),
    incentiveHours: z.number({ error: v.incentiveHoursRequired }).min(0, v.incentiveHoursMin).max(999, v.incentiveHoursMax),
    description: z
      .string({ error: v.descriptionRequired })
      .trim()
      .min(1, v.descriptionRequired)
      .max(LIMITS.EVENT_DESCRIPTION, rc.validation.tooLong.replace('%{max}', String(LIMITS.EVENT_DESCRIPTION)))
      .refine(hasNoBidiControls, rc.validation.bidiControl)
      .refine(isAscii, v.descriptionAscii),
  })
  .strict();

export type EventInput = z.infer<typeof eventFields>;

/**
 * The cross-field time rules of spec §5 event edit, in order: 'End Date must be after Start Date!'
 * (end date earlier), 'End Time must be after Start Time!' (same day, end time not later),
 * 'Event cannot be in excess of 24 hours!' (real hours in `tz`; wall-clock hours when tz is omitted).
 * Returns the failing field and message, or null.
 */
export function eventTimeRule(
  e: { startDate: string; startTime: string; endDate: string; endTime: string },
  tz?: string,
): { field: 'endDate' | 'endTime'; message: string } | null {
  if (!isValidDate(e.startDate) || !isValidDate(e.endDate) || !isValidTime(e.startTime) || !isValidTime(e.endTime)) return null;
  const byDate = compareDates(e.endDate, e.startDate);
  if (byDate < 0) return { field: 'endDate', message: v.endDateAfterStart };
  if (byDate === 0 && e.endTime <= e.startTime) return { field: 'endTime', message: v.endTimeAfterStart };
  const start = tz ? toInstant(e.startDate, e.startTime, tz) : dayjs.utc(`${e.startDate} ${e.startTime}`, 'MM/DD/YYYY HH:mm').toDate();
  const end = tz ? toInstant(e.endDate, e.endTime, tz) : dayjs.utc(`${e.endDate} ${e.endTime}`, 'MM/DD/YYYY HH:mm').toDate();
  if (hoursBetween(start, end) <= 0) return { field: 'endTime', message: v.endTimeAfterStart };
  if (hoursBetween(start, end) > EVENT_LIMIT_HOURS) return { field: 'endTime', message: v.over24Hours };
  return null;
}

/**
 * The start or end wall-clock time that does not exist in `tz` (the hour skipped when clocks go
 * forward, e.g. 02:30 on 03/08/2026 in America/New_York), as the failing field and
 * rc.validation.nonexistentTime; null when both exist or a value is not a valid date/time yet.
 */
export function nonexistentTimeRule(
  e: { startDate: string; startTime: string; endDate: string; endTime: string },
  tz: string,
): { field: 'startTime' | 'endTime'; message: string } | null {
  for (const [date, time, field] of [
    [e.startDate, e.startTime, 'startTime'],
    [e.endDate, e.endTime, 'endTime'],
  ] as const) {
    if (isValidDate(date) && isValidTime(time) && !isExistingLocalTime(date, time, tz)) return { field, message: rc.validation.nonexistentTime };
  }
  return null;
}

/**
 * The event body with the time rules applied in the organisation's time zone (server; the
 * browser once it knows ORG_TIMEZONE) or wall clock (no tz). With a tz, a start or end time
 * skipped by the spring-forward change is refused (rc.validation.nonexistentTime) rather than moved.
 */
export function eventInputSchema(tz?: string) {
  return eventFields.superRefine((e, ctx) => {
    const missing = tz ? nonexistentTimeRule(e, tz) : null;
    if (missing) {
      ctx.addIssue({ code: 'custom', path: [missing.field], message: missing.message });
      return;
    }
    const broken = eventTimeRule(e, tz);
    if (broken) ctx.addIssue({ code: 'custom', path: [broken.field], message: broken.message });
  });
}

/** PUT /api/events/update body: the event with its eventId (> 0). */
export function eventUpdateSchema(tz?: string) {
  return eventInputSchema(tz).refine((e) => (e.eventId ?? 0) > 0, { path: ['eventId'], message: rc.validation.required });
}

/**
 * Query of GET /api/events/getMultiple (spec §7). Dates MM/DD/YYYY (ORG_TIMEZONE, inclusive
 * days); ids filter only when > 0: eventTypeId, precinctId (of the location), officerId (events
 * that officer signed up for), hoursWorkedId (also include the event of that time ticket).
 */
export const eventListQuery = z.object({
  sinceStartDate: z.string().trim().meta(US_DATE).optional(),
  untilStartDate: z.string().trim().meta(US_DATE).optional(),
  eventTypeId: wholeNumberText(0).optional(),
  precinctId: wholeNumberText(0).optional(),
  officerId: wholeNumberText(0).optional(),
  hoursWorkedId: wholeNumberText(0).optional(),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

/** The event as the API answers it (spec §3). Dates MM/DD/YYYY, times HH:mm, days 'Mon', in ORG_TIMEZONE. */
export const eventJson = z.object({
  eventId: z.number(),
  eventName: z.string(),
  ...spanShape,
  eventType: z.object({ eventTypeId: z.number(), eventTypeDescription: z.string() }),
  location: z.object({
    locationId: z.number(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    stateId: z.number(),
    zip: z.string(),
    precinct: z.object({ precinctId: z.number(), description: z.string(), abbr: z.string() }),
  }),
  precinct: z.object({ precinctId: z.number(), description: z.string(), abbr: z.string() }),
  maxOfficers: z.number(),
  incentiveHours: z.number(),
  description: z.string(),
  eventFullDescription: z.string(),
  signupCount: z.number(),
  hasChildren: z.enum(['Y', 'N']),
  /** 'Y' when time tickets were logged for the event (its start and end are then fixed). */
  hasTickets: z.enum(['Y', 'N']),
  status: z.string(),
  updatedTimestamp: instantText().nullable(),
});
export type EventJson = z.infer<typeof eventJson>;

/** The zero-id placeholder row heading every event list (spec §7): id 0, blank dates and times. */
export const eventPlaceholderJson = eventJson
  .extend({ eventId: z.literal(0), startDate: z.literal(''), startTime: z.literal(''), endDate: z.literal(''), endTime: z.literal('') })
  .describe('The placeholder row (eventId 0) that heads the list (spec §7)');

/** A row of GET /api/events/getMultiple: the placeholder first, then events. */
export const eventListRow = z.union([eventJson, eventPlaceholderJson]);

/** Event search form values (spec §2 /EventSearch); all optional strings or ids. */
export interface EventSearchValues {
  sinceStartDate?: string | null;
  untilStartDate?: string | null;
  eventTypeId?: number | string | null;
  precinctId?: number | string | null;
}
