import { and, asc, count, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { event, eventSignup, eventType, hoursWorked, location, precinct } from '../schema';
import { conflict, notFound, type HttpError } from '../../errors';
import { format, rc } from '../../../src/domain/messages';
import { dayjs, toInstant } from '../../../src/domain/dates';
import { spanColumns } from '../sqlDates';
import { DATE_FORMAT } from '../../../src/domain/constants';
import { eventFullDescription, eventStatus } from '../../../src/domain/eventStatus';
import type { EventInput, EventJson } from '../../../src/domain/schemas/events';

const signupCount = sql<number>`(select count(*)::int from ${eventSignup} where ${eventSignup.eventId} = ${event.eventId})`;
const hasSignups = sql<boolean>`exists (select 1 from ${eventSignup} where ${eventSignup.eventId} = ${event.eventId})`;
const hasTickets = sql<boolean>`exists (select 1 from ${hoursWorked} where ${hoursWorked.eventId} = ${event.eventId})`;

/** The event rows with type, location, precinct and roster figures; dates and times wall-clock text in `tz`. */
function selectEvents(db: Db, tz: string) {
  return db
    .select({
      eventId: event.eventId,
      eventName: event.eventName,
      ...spanColumns(event.startAt, event.endAt, tz),
      eventTypeId: eventType.eventTypeId,
      eventTypeDescription: eventType.eventTypeDescription,
      locationId: location.locationId,
      locationName: location.name,
      address: location.address,
      city: location.city,
      stateId: location.stateId,
      zip: location.zip,
      precinctId: precinct.precinctId,
      precinctDescription: precinct.description,
      precinctAbbr: precinct.abbr,
      maxOfficers: event.maxOfficers,
      incentiveHours: event.incentiveHours,
      description: event.description,
      signupCount,
      hasSignups,
      hasTickets,
      updatedTimestamp: event.updatedTimestamp,
    })
    .from(event)
    .innerJoin(eventType, eq(eventType.eventTypeId, event.eventTypeId))
    .innerJoin(location, eq(location.locationId, event.locationId))
    .innerJoin(precinct, eq(precinct.precinctId, location.precinctId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

function toJson(r: Row): EventJson {
  const span = { startDate: r.startDate, startTime: r.startTime, startDay: r.startDay, endDate: r.endDate, endTime: r.endTime, endDay: r.endDay };
  const pct = { precinctId: r.precinctId, description: r.precinctDescription, abbr: r.precinctAbbr };
  const count = Number(r.signupCount);
  return {
    eventId: r.eventId,
    eventName: r.eventName,
    ...span,
    eventType: { eventTypeId: r.eventTypeId, eventTypeDescription: r.eventTypeDescription },
    location: { locationId: r.locationId, name: r.locationName, address: r.address, city: r.city, stateId: r.stateId, zip: r.zip, precinct: pct },
    precinct: pct,
    maxOfficers: r.maxOfficers,
    incentiveHours: Number(r.incentiveHours),
    description: r.description,
    eventFullDescription: eventFullDescription(r.precinctAbbr, r.eventName, span.startDate, span.startTime),
    signupCount: count,
    hasChildren: r.hasSignups || r.hasTickets ? 'Y' : 'N',
    hasTickets: r.hasTickets ? 'Y' : 'N',
    status: eventStatus(r.eventTypeId, count, r.maxOfficers),
    updatedTimestamp: r.updatedTimestamp ? new Date(r.updatedTimestamp).toISOString() : null,
  };
}

/** The zero-id placeholder row that heads every event list (spec §7). */
export const PLACEHOLDER_EVENT: EventJson = {
  eventId: 0,
  eventName: '',
  startDate: '',
  startTime: '',
  startDay: '',
  endDate: '',
  endTime: '',
  endDay: '',
  eventType: { eventTypeId: 0, eventTypeDescription: '' },
  location: { locationId: 0, name: '', address: '', city: '', stateId: 0, zip: '', precinct: { precinctId: 0, description: '', abbr: '' } },
  precinct: { precinctId: 0, description: '', abbr: '' },
  maxOfficers: 0,
  incentiveHours: 0,
  description: '',
  eventFullDescription: '',
  signupCount: 0,
  hasChildren: 'N',
  hasTickets: 'N',
  status: '',
  updatedTimestamp: null,
};

export interface EventFilter {
  /** MM/DD/YYYY, inclusive, in tz */
  sinceStartDate?: string;
  /** MM/DD/YYYY, inclusive, in tz */
  untilStartDate?: string;
  eventTypeId?: number;
  precinctId?: number;
  /** Only events this officer signed up for. */
  officerId?: number;
  /** Also the event of this time ticket, whatever the other filters say. */
  hoursWorkedId?: number;
  /**
   * When set, hoursWorkedId names only a ticket of this officer (a reader who may not read other
   * officers' tickets: another's ticket adds nothing, so its event is not revealed).
   */
  ticketOwnerId?: number;
}

/**
 * Events matching the filter (ids filter only when > 0), earliest start first, as Event JSON
 * (spec §3) with signupCount, hasChildren and the §4 status. Dates are calendar days in tz.
 */
export async function listEvents(db: Db, f: EventFilter, tz: string): Promise<EventJson[]> {
  const conds: SQL[] = [];
  if (f.sinceStartDate) conds.push(gte(event.startAt, toInstant(f.sinceStartDate, '00:00', tz)));
  if (f.untilStartDate) {
    const dayAfter = dayjs(f.untilStartDate, DATE_FORMAT, true).add(1, 'day').format(DATE_FORMAT);
    conds.push(lt(event.startAt, toInstant(dayAfter, '00:00', tz)));
  }
  if (f.eventTypeId) conds.push(eq(event.eventTypeId, f.eventTypeId));
  if (f.precinctId) conds.push(eq(location.precinctId, f.precinctId));
  if (f.officerId) {
    conds.push(sql`exists (select 1 from ${eventSignup} where ${eventSignup.eventId} = ${event.eventId} and ${eventSignup.officerId} = ${f.officerId})`);
  }
  let where: SQL | undefined = conds.length ? and(...conds) : undefined;
  if (f.hoursWorkedId) {
    const ownTicket = f.ticketOwnerId === undefined ? sql`` : sql` and ${hoursWorked.officerId} = ${f.ticketOwnerId}`;
    const ticketEvent = sql`${event.eventId} = (select ${hoursWorked.eventId} from ${hoursWorked} where ${hoursWorked.hoursWorkedId} = ${f.hoursWorkedId}${ownTicket})`;
    where = where ? or(where, ticketEvent) : undefined;
  }
  const rows = await selectEvents(db, tz).where(where).orderBy(asc(event.startAt), asc(event.eventId));
  return rows.map(toJson);
}

/** One event as Event JSON, or 404 'Event not found.' */
export async function getEvent(db: Db, eventId: number, tz: string): Promise<EventJson> {
  const [row] = await selectEvents(db, tz).where(eq(event.eventId, eventId));
  if (!row) throw notFound(rc.events.errors.eventNotFound);
  return toJson(row);
}

function columns(input: EventInput, tz: string, actorId: number) {
  return {
    eventName: input.eventName,
    startAt: toInstant(input.startDate, input.startTime, tz),
    endAt: toInstant(input.endDate, input.endTime, tz),
    eventTypeId: input.eventType.eventTypeId,
    locationId: input.location.locationId,
    maxOfficers: input.maxOfficers,
    incentiveHours: Math.round(input.incentiveHours * 100) / 100,
    description: input.description,
    updatedBy: actorId,
  };
}

/** Inserts an event (already validated) stamped `now` (the app clock) and returns it. An unknown location: 400 (reference check). */
export async function insertEvent(db: Db, input: EventInput, tz: string, actorId: number, now: Date): Promise<EventJson> {
  const [row] = await db.insert(event).values({ ...columns(input, tz, actorId), updatedTimestamp: now }).returning({ eventId: event.eventId });
  return getEvent(db, row.eventId, tz);
}

/**
 * The 409 that refuses changing a stored event (`was`) to `next` (spec §4; see updateEvent), or
 * null: with sign-ups or time tickets another event type, a move to another precinct
 * (`movesPrecinct`) or other incentive hours; with time tickets another start or end instant;
 * always maxOfficers below the sign-ups. The import checks its rows with it before writing.
 */
export function eventChangeRefusal(
  was: { eventTypeId: number; startAt: Date | string; endAt: Date | string; incentiveHours: number | string },
  next: { eventTypeId: number; startAt: Date; endAt: Date; incentiveHours: number; maxOfficers: number },
  roster: { signups: number; hasTicket: boolean; movesPrecinct: boolean },
): HttpError | null {
  if (roster.signups > 0 || roster.hasTicket) {
    if (next.eventTypeId !== was.eventTypeId) return conflict(rc.events.errors.typeLocked);
    if (roster.movesPrecinct) return conflict(rc.events.errors.precinctLocked);
    if (Math.round(Number(was.incentiveHours) * 100) !== Math.round(next.incentiveHours * 100)) return conflict(rc.events.errors.incentiveLocked);
  }
  if (roster.hasTicket && (new Date(was.startAt).getTime() !== next.startAt.getTime() || new Date(was.endAt).getTime() !== next.endAt.getTime())) {
    return conflict(rc.events.errors.timesLocked);
  }
  if (next.maxOfficers < roster.signups) return conflict(format(rc.events.errors.maxBelowSignups, { n: roster.signups }));
  return null;
}

/**
 * Updates an event (404 'Event not found.' when it does not exist) and returns it, in one
 * transaction holding the event row lock (sign-ups lock it too, so the counts cannot change
 * underneath). Changes that would rewrite what officers already signed up for or logged
 * (spec §4 Signup, time tickets) are refused with 409 and nothing is written:
 * - with sign-ups or time tickets: another event type ('...its event type cannot be changed.'),
 *   a location in another precinct ('...cannot move to a location in another precinct.'; a
 *   location in the same precinct is allowed), other incentive hours ('...its incentive hours
 *   cannot be changed.');
 * - with time tickets: another start or end instant ('...its start and end cannot be changed.');
 * - always: maxOfficers below the current sign-ups ('Max officers cannot be less than the {n}
 *   officers already signed up.').
 * An unknown location: 400 (reference check).
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function updateEvent(db: Db, eventId: number, input: EventInput, tz: string, actorId: number, now: Date): Promise<EventJson> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        eventTypeId: event.eventTypeId,
        locationId: event.locationId,
        startAt: event.startAt,
        endAt: event.endAt,
        incentiveHours: event.incentiveHours,
      })
      .from(event)
      .where(eq(event.eventId, eventId))
      .for('update');
    if (!current) throw notFound(rc.events.errors.eventNotFound);
    const [{ n }] = await tx.select({ n: count() }).from(eventSignup).where(eq(eventSignup.eventId, eventId));
    const signups = Number(n);
    const [ticket] = await tx.select({ id: hoursWorked.hoursWorkedId }).from(hoursWorked).where(eq(hoursWorked.eventId, eventId)).limit(1);
    const next = columns(input, tz, actorId);
    let movesPrecinct = false;
    if ((signups > 0 || ticket) && next.locationId !== current.locationId) {
      const pcts = await tx
        .select({ locationId: location.locationId, precinctId: location.precinctId })
        .from(location)
        .where(inArray(location.locationId, [current.locationId, next.locationId]));
      const pctOf = (id: number) => pcts.find((p) => p.locationId === id)?.precinctId;
      // an unknown new location is left to the reference check of the update (400)
      movesPrecinct = pctOf(next.locationId) !== undefined && pctOf(next.locationId) !== pctOf(current.locationId);
    }
    const refusal = eventChangeRefusal(current, next, { signups, hasTicket: !!ticket, movesPrecinct });
    if (refusal) throw refusal;
    await tx.update(event).set({ ...next, updatedTimestamp: now }).where(eq(event.eventId, eventId));
  });
  return getEvent(db, eventId, tz);
}

/**
 * Removes the events in one transaction. Any of them with sign-ups or time tickets: 409
 * 'This event has sign-ups or time tickets and cannot be removed.' and nothing is removed.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function deleteEvents(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (tx) => {
    const locked = await tx.select({ eventId: event.eventId }).from(event).where(inArray(event.eventId, ids)).for('update');
    if (!locked.length) return 0;
    const [signed] = await tx.select({ id: eventSignup.eventId }).from(eventSignup).where(inArray(eventSignup.eventId, ids)).limit(1);
    const [ticket] = await tx.select({ id: hoursWorked.eventId }).from(hoursWorked).where(inArray(hoursWorked.eventId, ids)).limit(1);
    if (signed || ticket) throw conflict(rc.events.errors.eventInUse);
    const removed = await tx.delete(event).where(inArray(event.eventId, ids)).returning({ id: event.eventId });
    return removed.length;
  });
}
