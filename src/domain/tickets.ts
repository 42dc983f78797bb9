/**
 * Time ticket rules (spec §4 ticket flag and edit window, §5 time ticket, §6, §8 owner notices),
 * pure and shared by the server (authoritative) and the browser (comfort). Dates are MM/DD/YYYY,
 * times HH:mm, both wall-clock in the organisation's time zone; hours are real elapsed hours.
 * The §5 checks of a ticket body are one zod schema: ticketRulesSchema in ./schemas/tickets.
 */
import { ACCESS, AUDITOR_EDIT_WINDOW_DAYS, EDIT_WINDOW_DAYS, EVENT_TYPE_IDS, LONG_SHIFT_ASSIGNMENT_TYPE_ID, LONG_SHIFT_LIMIT_HOURS,
  SHIFT_LIMIT_HOURS } from './constants';
import { compareDates, daysBefore, hoursBetween, isValidDate, isValidTime, toInstant } from './dates';
import { format, rc } from './messages';

const m = rc.tickets;

/** The eight activity counts of a ticket, in column order (spec §2, §3). */
export const COUNT_FIELDS = ['parkingCitations', 'firs', 'warnings', 'arrests', 'arrestAssists', 'reports', 'pedestrianEdu', 'businessChecks'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];
export type Counts = Record<CountField, number>;

/** True when an assignment type needs an event of the same type (1, 4, 9, 11). */
export function needsEvent(assignmentTypeId: number | null | undefined): boolean {
  return !!assignmentTypeId && EVENT_TYPE_IDS.includes(assignmentTypeId);
}

/** Days back a ticket may be logged, edited or removed at this access level: 30, or 365 at level 10+ (spec §4). */
export function editWindowDays(accessLevel: number): number {
  return accessLevel >= ACCESS.AUDITOR ? AUDITOR_EDIT_WINDOW_DAYS : EDIT_WINDOW_DAYS;
}

/**
 * True while a ticket whose 10-41 date is `startDate` may be edited or removed: the date is later
 * than today minus the window (spec §4). `today` is today's MM/DD/YYYY in ORG_TIMEZONE.
 */
export function isInsideWindow(startDate: string, today: string, accessLevel: number): boolean {
  return isValidDate(startDate) && compareDates(startDate, daysBefore(today, editWindowDays(accessLevel))) > 0;
}

/** Longest shift in hours: 12, or 15 for assignment type 3 when the user is level 5+ (spec §5, §9). */
export function shiftLimitHours(assignmentTypeId: number | null | undefined, accessLevel: number): number {
  return assignmentTypeId === LONG_SHIFT_ASSIGNMENT_TYPE_ID && accessLevel >= ACCESS.SUPERVISOR ? LONG_SHIFT_LIMIT_HOURS : SHIFT_LIMIT_HOURS;
}

/**
 * Hours worked between the 10-41 and the 10-42 (wall-clock in `tz`), rounded to 2 decimals.
 * A tour across a daylight-saving change counts its real length (00:00-04:00 on the fall-back
 * night is 5.00 hours, on the spring-forward night 3.00).
 */
export function ticketHours(startDate: string, startTime: string, endDate: string, endTime: string, tz: string) {
  const start = toInstant(startDate, startTime, tz);
  const end = toInstant(endDate, endTime, tz);
  return { start, end, hours: Math.round(hoursBetween(start, end) * 100) / 100 };
}

/** Hours (or points) to 2 decimals, as every list, report and statement shows them. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Total hours of a ticket: hours worked + travel hours (0 or 1) + the event's incentive hours
 * (0 when the ticket has no event). Rounded to 2 decimals.
 */
export function totalHours(hoursWorked: number, travelHours: number, incentiveHours = 0): number {
  return round2(hoursWorked + travelHours + incentiveHours);
}

/** An event's time: from its start to its end (instants). */
export interface EventWindow {
  startAt: Date;
  endAt: Date;
}

/**
 * LOSAP rule for event tickets (assignment types 1, 4, 9, 11): the tour (10-41..10-42) must
 * overlap the event's time, so an officer may arrive early or leave late but cannot date the
 * ticket on another day. A tour that only touches the event (ends as it starts) does not count.
 */
export function tourOverlapsEvent(start: Date, end: Date, event: EventWindow): boolean {
  return start.getTime() < event.endAt.getTime() && end.getTime() > event.startAt.getTime();
}

/**
 * An event's time from its wall-clock dates and times (MM/DD/YYYY, HH:mm in `tz`), as
 * GET /events/getMultiple answers them; null when they are missing or invalid.
 */
export function eventWindowOf(
  e: { startDate?: string | null; startTime?: string | null; endDate?: string | null; endTime?: string | null },
  tz: string,
): EventWindow | null {
  if (!e.startDate || !e.endDate || !e.startTime || !e.endTime) return null;
  if (!isValidDate(e.startDate) || !isValidDate(e.endDate) || !isValidTime(e.startTime) || !isValidTime(e.endTime)) return null;
  return { startAt: toInstant(e.startDate, e.startTime, tz), endAt: toInstant(e.endDate, e.endTime, tz) };
}

/**
 * The 10-42 date that follows the 10-41 (the ticket form's comfort; the §5 rules still decide):
 * the 10-41 date, or the next day when the 10-42 time is earlier than the 10-41 time (a tour
 * past midnight, 22:00 to 02:00). Until both times are valid HH:mm the 10-41 date. Dates
 * MM/DD/YYYY, times HH:mm, wall clock in ORG_TIMEZONE. Null when the 10-41 date is not a valid
 * date (nothing to follow).
 */
export function followingEndDate(startDate: string | null | undefined, startTime: string | null | undefined, endTime: string | null | undefined): string | null {
  if (!startDate || !isValidDate(startDate)) return null;
  const overnight = !!startTime && !!endTime && isValidTime(startTime) && isValidTime(endTime) && endTime < startTime;
  // the day after: the one calendar-day helper of ./dates, a negative step back
  return overnight ? daysBefore(startDate, -1) : startDate;
}

/** Count input as typed: digits only, leading zeros stripped; '' -> 0 (spec §5 counts). */
export function parseCount(value: string | number | null | undefined): number {
  if (typeof value === 'number') return value;
  const digits = (value ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits ? Number(digits) : 0;
}

/** The owner's notice for N flagged tickets (spec §8), or null when there are none. */
export function flaggedNotice(flaggedCount: number): string | null {
  if (flaggedCount <= 0) return null;
  return flaggedCount === 1 ? m.oneError : format(m.manyErrors, { count: flaggedCount });
}

/** An officer as the contact list sees it (GET /api/officer/getMultiple rows). */
export interface ContactOfficer {
  officerId: number;
  firstName: string;
  lastName: string;
  mobile?: string | null;
  separationDate?: string | null;
  rank?: { rankId: number; description: string } | null;
}

/**
 * The auditor contact list of a flagged ticket (spec §2): officers fetched with access type 10
 * (excluding separated), without rank id 10 or above and without the super user.
 */
export function auditorContacts<T extends ContactOfficer>(officers: T[], superUserId: number): T[] {
  return officers.filter((o) => o.officerId > 0 && o.officerId !== superUserId && (o.rank?.rankId ?? 0) < 10);
}
