/**
 * Reaching officers outside the app: the private calendar feeds, the reminder kinds an officer can
 * turn on or off on My Settings, and the timing rules the scheduler and the feed share. All
 * times are in ORG_TIMEZONE; hours are clock hours.
 */
import { ACCESS } from './constants';

/**
 * What a feed carries: 'signups' (any officer) his own sign-ups; 'details' (level 5+) every
 * detail (event type 1) in a filter of precinct and/or event type, as on the Detail List.
 */
export const FEED_SCOPES = ['signups', 'details'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

/**
 * The reminders, each one mail template and one in-app notice:
 * - eventTomorrow: 24 hours before an event, to each officer on its roster;
 * - unread159s: a weekly digest to each officer with unread 159s;
 * - missingHours: on the 5th of each month, to officers with no time ticket in the month before;
 * - understaffed: to level 5+ officers of the event's precinct (else every level 9+) when a detail
 *   starting within 72 hours is still UNCOVERED or partially staffed;
 * - losapPace: monthly, once the LOSAP year exists, to officers below their pace.
 * unread159s and missingHours skip level 3 (it has neither menu) and the exempt officer ids
 * (spec §6). Each defaults to on.
 */
export const REMINDER_KINDS = ['eventTomorrow', 'unread159s', 'missingHours', 'understaffed', 'losapPace'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The kinds that skip level 3 and the exempt officer ids (spec §6). */
export const REMINDERS_SKIPPING_RESTRICTED: readonly ReminderKind[] = ['unread159s', 'missingHours'];

/**
 * The kinds that can ever reach an officer of access level `level` (1-10), in REMINDER_KINDS order:
 * level 3 has neither the 159 Board nor time tickets, and only level 5+ hears of understaffed
 * details. My Settings offers only these switches; the scheduler's recipient queries apply the
 * same limits.
 */
export function remindersFor(level: number): ReminderKind[] {
  return REMINDER_KINDS.filter(
    (k) => !(level === ACCESS.RESTRICTED && REMINDERS_SKIPPING_RESTRICTED.includes(k)) && !(k === 'understaffed' && level < ACCESS.SUPERVISOR),
  );
}

/**
 * Timing (recorded in docs/decisions):
 * - eventLeadHours: the eventTomorrow reminder goes when the event starts within this many hours;
 * - understaffedWithinHours: a detail starting within this many hours is checked for staffing;
 * - digestWeekday / digestHour: the weekly 159 digest (0 = Sunday) at this hour;
 * - monthlyDay / monthlyHour: missingHours and losapPace on this day of the month at this hour;
 * - cancelledKeepDays: a removal from a roster stays in the feed as CANCELLED this many days;
 * - retryMinutes: the waits before each retry of a failed mail; after the last it is 'failed';
 * - tickMinutes: how often every process's scheduler looks for due work.
 */
export const REMINDER_TIMING = {
  eventLeadHours: 24,
  understaffedWithinHours: 72,
  digestWeekday: 1,
  digestHour: 8,
  monthlyDay: 5,
  monthlyHour: 8,
  cancelledKeepDays: 30,
  retryMinutes: [1, 5, 30, 120],
  tickMinutes: 5,
} as const;

/** The most notices the bell lists (newest first). */
export const NOTICE_LIST_LIMIT = 20;
