/**
 * Reads behind the events calendar and the private iCalendar feeds: each one statement, with the
 * wall-clock texts of ORG_TIMEZONE computed by the database (server/db/sqlDates.ts) and the
 * roster counts grouped in the same statement, so no answer costs a query per row.
 */
import { and, asc, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import { calendarFeed, event, eventSignup, eventType, location, officer, precinct, rosterRemoval, state } from '../schema';
import { dayStart, localText } from '../sqlDates';
import { EVENT_TYPE } from '../../../src/domain/constants';
import { eventStatus } from '../../../src/domain/eventStatus';
import type { CalendarEvent } from '../../../src/domain/schemas/mySettings';

/** The longest an event lasts (check event_max_24h): an event overlapping a range started at most this long before it. */
const LONGEST_EVENT = sql.raw(`interval '24 hours'`);

/** A timestamptz as 'YYYY-MM-DDTHH:mm' wall-clock text in `tz` (the calendar's start/end). */
function isoLocal(at: SQLWrapper, tz: string, seconds = false): SQL<string> {
  return sql<string>`to_char(${at} at time zone ${tz}, ${sql.raw(seconds ? `'YYYY-MM-DD"T"HH24:MI:SS'` : `'YYYY-MM-DD"T"HH24:MI'`)})`;
}

export interface CalendarFilter {
  /** First day, MM/DD/YYYY in tz (validated). */
  from: string;
  /** Last day, MM/DD/YYYY in tz, inclusive (validated). */
  to: string;
  eventTypeId?: number;
  precinctId?: number;
  /** Only details (event type 1): level 3, whose only list is the Detail List. */
  detailsOnly: boolean;
  /** The signed-in officer: `signedUp` says whether he is on each roster. */
  officerId: number;
}

/**
 * The events overlapping the days from..to (inclusive, calendar days in `tz`), earliest first, as
 * the calendar's rows (src/domain/schemas/mySettings.ts calendarEvent): one statement, the
 * roster counts grouped over the range's events and his own sign-up by its primary key.
 */
export async function calendarEvents(db: Db, f: CalendarFilter, tz: string): Promise<CalendarEvent[]> {
  const rangeStart = dayStart(f.from, tz);
  const rangeEnd = dayStart(f.to, tz, 1);
  // start_at bounds let event_start_idx find the range; end_at > start keeps only the overlapping ones
  const inRange = (e: typeof event) => and(gte(e.startAt, sql`${rangeStart} - ${LONGEST_EVENT}`), lt(e.startAt, rangeEnd), sql`${e.endAt} > ${rangeStart}`);
  const conds: SQL[] = [inRange(event)!];
  if (f.detailsOnly) conds.push(eq(event.eventTypeId, EVENT_TYPE.DETAILS));
  if (f.eventTypeId) conds.push(eq(event.eventTypeId, f.eventTypeId));
  if (f.precinctId) conds.push(eq(location.precinctId, f.precinctId));
  const counts = db
    .select({ eventId: eventSignup.eventId, n: sql<number>`count(*)::int`.as('n') })
    .from(eventSignup)
    .innerJoin(event, eq(event.eventId, eventSignup.eventId))
    .where(inRange(event))
    .groupBy(eventSignup.eventId)
    .as('counts');
  const mine = db
    .select({ eventId: eventSignup.eventId })
    .from(eventSignup)
    .where(eq(eventSignup.officerId, f.officerId))
    .as('mine');
  const rows = await db
    .select({
      id: event.eventId,
      eventName: event.eventName,
      eventTypeId: event.eventTypeId,
      eventType: eventType.eventTypeDescription,
      precinctId: precinct.precinctId,
      precinct: precinct.description,
      location: location.name,
      start: isoLocal(event.startAt, tz),
      end: isoLocal(event.endAt, tz),
      startDate: localText(event.startAt, tz, 'date'),
      startTime: localText(event.startAt, tz, 'time'),
      endDate: localText(event.endAt, tz, 'date'),
      endTime: localText(event.endAt, tz, 'time'),
      signupCount: sql<number>`coalesce(${counts.n}, 0)::int`,
      maxOfficers: event.maxOfficers,
      signedUp: sql<boolean>`${mine.eventId} is not null`,
    })
    .from(event)
    .innerJoin(eventType, eq(eventType.eventTypeId, event.eventTypeId))
    .innerJoin(location, eq(location.locationId, event.locationId))
    .innerJoin(precinct, eq(precinct.precinctId, location.precinctId))
    .leftJoin(counts, eq(counts.eventId, event.eventId))
    .leftJoin(mine, eq(mine.eventId, event.eventId))
    .where(and(...conds))
    .orderBy(asc(event.startAt), asc(event.eventId));
  return rows.map((r) => ({ ...r, signupCount: Number(r.signupCount), status: eventStatus(r.eventTypeId, Number(r.signupCount), r.maxOfficers) }));
}

/** A feed found by its token's hash, with what decides whether it still answers. */
export interface FeedOwner {
  id: number;
  officerId: number;
  scope: string;
  precinctId: number | null;
  eventTypeId: number | null;
  createdAt: Date;
  accessLevel: number;
  /** His separation date has come (the feed stops as his sessions do). */
  separated: boolean;
}

/**
 * The feed whose token hashes to `tokenHash`, or null. Its last_fetched_at becomes `now` when it
 * is unset or older than `touchEveryMinutes`: a read-only statement on most polls, and one small
 * write an hour at most however often a calendar app polls. `today` is the organisation's date,
 * MM/DD/YYYY.
 */
export async function findFeed(db: Db, tokenHash: string, now: Date, today: string, touchEveryMinutes: number): Promise<FeedOwner | null> {
  const [row] = await db
    .select({
      id: calendarFeed.id,
      officerId: calendarFeed.officerId,
      scope: calendarFeed.scope,
      precinctId: calendarFeed.precinctId,
      eventTypeId: calendarFeed.eventTypeId,
      createdAt: calendarFeed.createdAt,
      lastFetchedAt: calendarFeed.lastFetchedAt,
      accessLevel: officer.accessTypeId,
      separated: sql<boolean>`coalesce(${officer.separationDate} <= to_date(${today}, 'MM/DD/YYYY'), false)`,
    })
    .from(calendarFeed)
    .innerJoin(officer, eq(officer.officerId, calendarFeed.officerId))
    .where(eq(calendarFeed.tokenHash, tokenHash));
  if (!row) return null;
  if (!row.lastFetchedAt || now.getTime() - new Date(row.lastFetchedAt).getTime() >= touchEveryMinutes * 60_000) {
    await db.update(calendarFeed).set({ lastFetchedAt: now }).where(eq(calendarFeed.id, row.id));
  }
  return {
    id: row.id,
    officerId: row.officerId,
    scope: row.scope,
    precinctId: row.precinctId,
    eventTypeId: row.eventTypeId,
    createdAt: new Date(row.createdAt),
    accessLevel: row.accessLevel,
    separated: row.separated === true,
  };
}

/** One entry of a feed: an event, with his removal time when he is no longer on its roster. */
export interface FeedEntry {
  eventId: number;
  officerId: number;
  eventName: string;
  description: string;
  eventTypeId: number;
  eventType: string;
  precinct: string;
  locationName: string;
  address: string;
  city: string;
  stateAbbr: string;
  zip: string;
  /** Wall-clock 'YYYY-MM-DDTHH:mm:ss' in tz. */
  startLocal: string;
  endLocal: string;
  startAt: Date;
  endAt: Date;
  sequence: number;
  signupCount: number;
  maxOfficers: number;
  /** Set: he was taken off its roster then (the entry is CANCELLED). */
  removedAt: Date | null;
  /** The newest change this entry shows (event, location, his sign-up or removal), for Last-Modified. */
  changedAt: Date;
}

function entryColumns(tz: string) {
  return {
    eventId: event.eventId,
    eventName: event.eventName,
    description: event.description,
    eventTypeId: event.eventTypeId,
    eventType: eventType.eventTypeDescription,
    precinct: precinct.description,
    locationName: location.name,
    address: location.address,
    city: location.city,
    stateAbbr: state.stateAbbr,
    zip: location.zip,
    startLocal: isoLocal(event.startAt, tz, true),
    endLocal: isoLocal(event.endAt, tz, true),
    startAt: event.startAt,
    endAt: event.endAt,
    sequence: event.sequence,
    maxOfficers: event.maxOfficers,
  };
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * The entries of an officer's 'signups' feed: every event he is signed up for, and every event he
 * was removed from since `removedSince` (CANCELLED), in one statement; earliest first.
 */
export async function signupFeedEntries(db: Db, officerId: number, removedSince: Date, tz: string): Promise<FeedEntry[]> {
  const his = sql`(
    select ${eventSignup.eventId} as event_id, ${eventSignup.createdTimestamp} as at, null::timestamptz as removed_at
      from ${eventSignup} where ${eventSignup.officerId} = ${officerId}
    union all
    select ${rosterRemoval.eventId}, ${rosterRemoval.removedAt}, ${rosterRemoval.removedAt}
      from ${rosterRemoval} where ${rosterRemoval.officerId} = ${officerId} and ${rosterRemoval.removedAt} >= ${removedSince.toISOString()}::timestamptz
  ) his`;
  // the roster counts of his events, grouped in the same statement
  const counts = sql`(
    select ${eventSignup.eventId} as event_id, count(*)::int as n from ${eventSignup}
    where ${eventSignup.eventId} in (
      select ${eventSignup.eventId} from ${eventSignup} where ${eventSignup.officerId} = ${officerId}
      union select ${rosterRemoval.eventId} from ${rosterRemoval} where ${rosterRemoval.officerId} = ${officerId}
    )
    group by ${eventSignup.eventId}
  ) cnt`;
  const rows = await db
    .select({
      ...entryColumns(tz),
      removedAt: sql<Date | null>`his.removed_at`,
      changedAt: sql<Date>`greatest(his.at, ${event.updatedTimestamp}, ${location.updatedTimestamp})`,
      signupCount: sql<number>`coalesce(cnt.n, 0)::int`,
    })
    .from(event)
    .innerJoin(his, sql`his.event_id = ${event.eventId}`)
    .leftJoin(counts, sql`cnt.event_id = ${event.eventId}`)
    .innerJoin(eventType, eq(eventType.eventTypeId, event.eventTypeId))
    .innerJoin(location, eq(location.locationId, event.locationId))
    .innerJoin(precinct, eq(precinct.precinctId, location.precinctId))
    .innerJoin(state, eq(state.stateId, location.stateId))
    .orderBy(asc(event.startAt), asc(event.eventId));
  return rows.map((r) => ({
    ...r,
    officerId,
    startAt: toDate(r.startAt),
    endAt: toDate(r.endAt),
    removedAt: r.removedAt ? toDate(r.removedAt) : null,
    changedAt: toDate(r.changedAt),
    signupCount: Number(r.signupCount),
  }));
}

/**
 * The entries of a supervisor's 'details' feed: every detail (event type 1) starting on or after
 * `since`, in the feed's precinct and event type filter (null: all), earliest first; roster
 * counts grouped in the same statement.
 */
export async function detailFeedEntries(db: Db, filter: { officerId: number; precinctId: number | null; eventTypeId: number | null }, since: Date, tz: string): Promise<FeedEntry[]> {
  const conds: SQL[] = [eq(event.eventTypeId, EVENT_TYPE.DETAILS), gte(event.startAt, since)];
  if (filter.eventTypeId !== null) conds.push(eq(event.eventTypeId, filter.eventTypeId));
  if (filter.precinctId !== null) conds.push(eq(location.precinctId, filter.precinctId));
  const counts = db
    .select({ eventId: eventSignup.eventId, n: sql<number>`count(*)::int`.as('n'), last: sql<Date>`max(${eventSignup.createdTimestamp})`.as('last') })
    .from(eventSignup)
    .innerJoin(event, eq(event.eventId, eventSignup.eventId))
    .where(and(eq(event.eventTypeId, EVENT_TYPE.DETAILS), gte(event.startAt, since)))
    .groupBy(eventSignup.eventId)
    .as('counts');
  const rows = await db
    .select({
      ...entryColumns(tz),
      signupCount: sql<number>`coalesce(${counts.n}, 0)::int`,
      changedAt: sql<Date>`greatest(${event.updatedTimestamp}, ${location.updatedTimestamp}, ${counts.last})`,
    })
    .from(event)
    .innerJoin(eventType, eq(eventType.eventTypeId, event.eventTypeId))
    .innerJoin(location, eq(location.locationId, event.locationId))
    .innerJoin(precinct, eq(precinct.precinctId, location.precinctId))
    .innerJoin(state, eq(state.stateId, location.stateId))
    .leftJoin(counts, eq(counts.eventId, event.eventId))
    .where(and(...conds))
    .orderBy(asc(event.startAt), asc(event.eventId));
  return rows.map((r) => ({
    ...r,
    officerId: filter.officerId,
    startAt: toDate(r.startAt),
    endAt: toDate(r.endAt),
    removedAt: null,
    changedAt: toDate(r.changedAt),
    signupCount: Number(r.signupCount),
  }));
}
