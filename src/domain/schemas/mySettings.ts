/**
 * Wire shapes of My Settings (the signed-in officer's own calendar feeds and reminder choices), the
 * in-app notices behind the bell, the events calendar, and the public iCalendar feed.
 *
 * Calls:
 * - GET  /api/mySettings -> mySettings
 * - PUT  /api/mySettings/reminders {kind: boolean, ...} -> mySettings (kinds left out keep their value)
 * - POST /api/mySettings/feeds feedCreateBody -> 201 feedCreated (replaces his feed of that scope;
 *   the URL is shown this once: only its hash is kept). 'details' needs level 5+ (403).
 * - DELETE /api/mySettings/feeds/{scope} -> 204 (the URL then answers 404); 404 when he has none
 * - GET  /api/calendarFeed/{token} -> text/calendar (RFC 5545), public, rate-limited; 404 for a
 *   revoked or unknown token; ETag and Last-Modified, 304 on a matching conditional request
 * - GET  /api/notices -> noticeList (his newest NOTICE_LIST_LIMIT and the unread count)
 * - PUT  /api/notices/read {ids?} -> noticeList (marks those, or all when ids is absent, as read)
 * - GET  /api/events/calendar calendarQuery -> calendarEvent[] (events overlapping the range;
 *   level 3 gets details only, as his Detail List)
 */
import './jitless';
import { z } from 'zod';
import { rc } from '../messages';
import { wholeNumberText } from './common';
import { FEED_SCOPES, REMINDER_KINDS } from '../reminders';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const mmddyyyy = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, rc.validation.required);

/** One of his feeds: what it carries and when it was made / last fetched ('MM/DD/YYYY HH:mm' org time). */
export const feedInfo = z.object({
  scope: z.enum(FEED_SCOPES),
  precinctId: z.number().int().nullable(),
  eventTypeId: z.number().int().nullable(),
  createdAt: z.string(),
  lastFetchedAt: z.string().nullable(),
});
export type FeedInfo = z.infer<typeof feedInfo>;

export const reminderChoices = z.object(Object.fromEntries(REMINDER_KINDS.map((k) => [k, z.boolean()])) as Record<(typeof REMINDER_KINDS)[number], z.ZodBoolean>);
export type ReminderChoices = z.infer<typeof reminderChoices>;

/** GET /api/mySettings. `hasEmail`: whether mail can reach him (else reminders come as notices only). */
export const mySettings = z.object({
  feeds: z.array(feedInfo),
  reminders: reminderChoices,
  hasEmail: z.boolean(),
});
export type MySettings = z.infer<typeof mySettings>;

/** PUT /api/mySettings/reminders: any subset of the kinds. */
export const reminderChoicesBody = reminderChoices.partial().strict();
export type ReminderChoicesBody = z.infer<typeof reminderChoicesBody>;

/** POST /api/mySettings/feeds. precinctId/eventTypeId only filter a 'details' feed (null or absent: all). */
export const feedCreateBody = z.strictObject({
  scope: z.enum(FEED_SCOPES),
  precinctId: z.number().int().positive().nullable().optional(),
  eventTypeId: z.number().int().nonnegative().nullable().optional(),
});
export type FeedCreateBody = z.infer<typeof feedCreateBody>;

/** The new feed: its full URL (PUBLIC_URL + /api/calendarFeed/{token}), shown once. */
export const feedCreated = feedInfo.extend({ url: z.string() });
export type FeedCreated = z.infer<typeof feedCreated>;

export const feedScopeParams = z.object({ scope: z.enum(FEED_SCOPES) });
export const feedTokenParams = z.object({ token: z.string().min(1).max(200) });

/** One in-app notice (a reminder). `link`: the in-app path it opens; createdAt 'MM/DD/YYYY HH:mm'. */
export const notice = z.object({
  id: z.number().int(),
  kind: z.enum(REMINDER_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

export const noticeList = z.object({ unread: z.number().int(), notices: z.array(notice) });
export type NoticeList = z.infer<typeof noticeList>;

export const noticesReadBody = z.strictObject({ ids: z.array(z.number().int().positive()).max(200).optional() });

/** GET /api/events/calendar: from/to MM/DD/YYYY (inclusive days, at most 62 days apart), optional filters. */
export const calendarQuery = z.object({
  from: mmddyyyy,
  to: mmddyyyy,
  eventTypeId: z.preprocess(blank, wholeNumberText(0).optional()),
  precinctId: z.preprocess(blank, wholeNumberText(1).optional()),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

/**
 * One event of the calendar. start/end: 'YYYY-MM-DDTHH:mm' wall-clock in ORG_TIMEZONE (the
 * calendar shows them as they are); startDate/startTime/endDate/endTime as the lists show them;
 * status: the spec's staffing words (src/domain/eventStatus.ts); signedUp: he is on its roster.
 */
export const calendarEvent = z.object({
  id: z.number().int(),
  eventName: z.string(),
  eventTypeId: z.number().int(),
  eventType: z.string(),
  precinctId: z.number().int(),
  precinct: z.string(),
  location: z.string(),
  start: z.string(),
  end: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  status: z.string(),
  signupCount: z.number().int(),
  maxOfficers: z.number().int(),
  signedUp: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
export const calendarAnswer = z.array(calendarEvent);

/** Longest range GET /api/events/calendar answers (a month view shows up to 6 weeks). */
export const CALENDAR_MAX_DAYS = 62;
