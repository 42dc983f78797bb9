import { and, asc, count, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { event, eventSignup, eventType, hoursWorked, officer, rosterRemoval } from '../schema';
import { conflict, notFound } from '../../errors';
import { rc } from '../../../src/domain/messages';
import { localText } from '../sqlDates';
import type { SignupJson } from '../../../src/domain/schemas/signups';
import { officerMatches } from '../../../src/domain/officerLabel';

/**
 * Roster rows (spec §3 EventSignup) for an event and/or an officer (filters when > 0), by
 * officer last name, first name. Times MM/DD/YYYY HH:mm in tz. `q` (the roster search) keeps the
 * rows whose officer matches it (officerMatches: last or first name, officer id 'A0007'/'7'),
 * also by login or badge number when `byAccount` (the caller may read every officer record);
 * login and badge are never part of the answer.
 */
export async function listSignups(db: Db, f: { eventId?: number; officerId?: number; q?: string; byAccount?: boolean }, tz: string): Promise<SignupJson[]> {
  const conds: SQL[] = [];
  if (f.eventId) conds.push(eq(eventSignup.eventId, f.eventId));
  if (f.officerId) conds.push(eq(eventSignup.officerId, f.officerId));
  const rows = await db
    .select({
      eventId: event.eventId,
      eventName: event.eventName,
      startDate: localText(event.startAt, tz, 'date'),
      startTime: localText(event.startAt, tz, 'time'),
      endDate: localText(event.endAt, tz, 'date'),
      endTime: localText(event.endAt, tz, 'time'),
      eventTypeId: eventType.eventTypeId,
      eventTypeDescription: eventType.eventTypeDescription,
      officerId: officer.officerId,
      lastName: officer.lastName,
      firstName: officer.firstName,
      mobile: officer.mobile,
      login: officer.login,
      badgeNumber: officer.badgeNumber,
      hasTicket: sql<boolean>`exists (select 1 from ${hoursWorked} where ${hoursWorked.eventId} = ${eventSignup.eventId} and ${hoursWorked.officerId} = ${eventSignup.officerId})`,
    })
    .from(eventSignup)
    .innerJoin(event, eq(event.eventId, eventSignup.eventId))
    .innerJoin(eventType, eq(eventType.eventTypeId, event.eventTypeId))
    .innerJoin(officer, eq(officer.officerId, eventSignup.officerId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(event.startAt), asc(officer.lastName), asc(officer.firstName), asc(officer.officerId));
  const q = f.q?.trim();
  // a roster is tens of rows: matched here with the browser's own rule rather than in SQL
  const found = q ? rows.filter((r) => officerMatches(f.byAccount ? r : { ...r, login: null, badgeNumber: null }, q)) : rows;
  return found.map((r) => {
    const { startDate, startTime, endDate, endTime } = r;
    return {
      eventSignupId: { eventId: r.eventId, officerId: r.officerId },
      event: {
        eventId: r.eventId,
        eventName: r.eventName,
        startDate,
        startTime,
        endDate,
        endTime,
        eventType: { eventTypeId: r.eventTypeId, eventTypeDescription: r.eventTypeDescription },
      },
      officer: { officerId: r.officerId, lastName: r.lastName, firstName: r.firstName, mobile: r.mobile ?? '' },
      hasChildren: r.hasTicket ? 'Y' : 'N',
    };
  });
}

/**
 * Signs an officer up for an event (spec §4 Signup, §5, §8), in ONE transaction that locks the
 * event row (SELECT ... FOR UPDATE) and then the officer row, so racing sign-ups are decided one
 * at a time and a roster never overfills. Checks in order:
 * already on this roster -> 409 'Duplicate record - unique constraint violated!';
 * a sign-up for another event overlapping this one -> 409 'You are already signed up for another
 * event within this time frame!'; signupCount >= maxOfficers -> 409 'This roster is full!'.
 * Unknown event or officer -> 404. Once the event has started (start instant <= now) a self
 * sign-up (officerId === actorId) is refused first: 409 'This event has already started.
 * Sign-ups are closed.' (an officer must not sign up for a past event with incentive hours and
 * then log a ticket for it); the route lets only level 5+ sign up somebody else, which may still
 * add to a past event to correct its roster. An import of history (`history`) adds rosters of
 * past events whoever imports them, so that check is left out; the others stay.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function insertSignup(db: Db, eventId: number, officerId: number, actorId: number, now: Date, history = false): Promise<void> {
  await db.transaction(async (tx) => {
    const [ev] = await tx
      .select({ startAt: event.startAt, endAt: event.endAt, maxOfficers: event.maxOfficers })
      .from(event)
      .where(eq(event.eventId, eventId))
      .for('update');
    if (!ev) throw notFound(rc.events.errors.eventNotFound);
    if (!history && officerId === actorId && new Date(ev.startAt).getTime() <= now.getTime()) throw conflict(rc.signups.started);
    const [off] = await tx.select({ officerId: officer.officerId }).from(officer).where(eq(officer.officerId, officerId)).for('no key update');
    if (!off) throw notFound(rc.signups.errors.officerNotFound);
    const [already] = await tx
      .select({ eventId: eventSignup.eventId })
      .from(eventSignup)
      .where(and(eq(eventSignup.eventId, eventId), eq(eventSignup.officerId, officerId)));
    if (already) throw conflict(rc.errors.duplicate);
    const [overlap] = await tx
      .select({ eventId: event.eventId })
      .from(eventSignup)
      .innerJoin(event, eq(event.eventId, eventSignup.eventId))
      .where(and(eq(eventSignup.officerId, officerId), ne(event.eventId, eventId), lt(event.startAt, ev.endAt), gt(event.endAt, ev.startAt)))
      .limit(1);
    if (overlap) throw conflict(rc.signups.overlap);
    const [{ n }] = await tx.select({ n: count() }).from(eventSignup).where(eq(eventSignup.eventId, eventId));
    if (Number(n) >= ev.maxOfficers) throw conflict(rc.signups.rosterFull);
    await tx.insert(eventSignup).values({ eventId, officerId, enteredBy: actorId, createdTimestamp: now });
  });
}

/**
 * Removes officers from an event's roster in one transaction; returns how many were removed.
 * An officer who logged a time ticket for the event: 409 'This officer has logged a time ticket
 * for this event and cannot be removed from the roster.' and nobody is removed (the ticket
 * needs the sign-up to stay correctable). The event row is locked so a ticket cannot slip in.
 * Each removal is remembered at `now` (the app clock): his feed carries the event as CANCELLED
 * for 30 days from then.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function deleteSignups(db: Db, eventId: number, officerIds: number[], now: Date): Promise<number> {
  if (!officerIds.length) return 0;
  return db.transaction(async (tx) => {
    await tx.select({ eventId: event.eventId }).from(event).where(eq(event.eventId, eventId)).for('update');
    const [ticket] = await tx
      .select({ id: hoursWorked.hoursWorkedId })
      .from(hoursWorked)
      .where(and(eq(hoursWorked.eventId, eventId), inArray(hoursWorked.officerId, officerIds)))
      .limit(1);
    if (ticket) throw conflict(rc.signups.errors.hasTicket);
    const removed = await tx
      .delete(eventSignup)
      .where(and(eq(eventSignup.eventId, eventId), inArray(eventSignup.officerId, officerIds)))
      .returning({ officerId: eventSignup.officerId });
    // The database's trigger remembered each removal at the database's clock, which covers every
    // way a sign-up goes; the feed's 30 days are counted on the app's clock, so stamp it with that.
    if (removed.length) {
      await tx
        .update(rosterRemoval)
        .set({ removedAt: now })
        .where(and(eq(rosterRemoval.eventId, eventId), inArray(rosterRemoval.officerId, removed.map((r) => r.officerId))));
    }
    return removed.length;
  });
}
