/**
 * Writing time tickets (spec §4, §5, §7 insert/update/flagTicket/delete); the reading calls live in
 * ./ticketReads and are re-exported here, so routes import one module.
 */
import { and, asc, eq, exists, ne, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { COUNT_FIELDS, needsEvent, ticketHours, tourOverlapsEvent } from '../../../src/domain/tickets';
import type { TicketInput } from '../../../src/domain/schemas/tickets';
import { pgConstraint, pgErrorCode } from '../../errors';
import { overlapCondition } from './ticketReads';
import { markAttention } from './ticketReview';
import { reviewStateAfterEdit, type ReviewState } from '../../../src/domain/ticketReview';

export * from './ticketReads';

const hw = s.hoursWorked;
const headColumns = {
  hoursWorkedId: hw.hoursWorkedId,
  officerId: hw.officerId,
  startAt: hw.startAt,
  locked: hw.locked,
  eventId: hw.eventId,
  auditComments: hw.auditComments,
  reviewState: sql<ReviewState>`${hw.reviewState}`,
};

/** What permission and window checks look at: owner, 10-41 instant, lock, event, audit comments. */
export interface TicketHead {
  hoursWorkedId: number;
  officerId: number;
  startAt: Date;
  locked: boolean;
  eventId: number | null;
  auditComments: string;
  reviewState: ReviewState;
}

/**
 * Why saveTicket refused a ticket; the route answers each with its spec message (§5, §8):
 * notFound 404; eventNotFound 400 'Must Select Event!'; assignmentTypeMismatch 400; notSignedUp
 * 400 'You must be signed up for this event!'; alreadyLoggedEvent 409; notDuringEvent 400;
 * overlap 409 'You already have existing tickets within this time frame!'.
 */
export type TicketRefusal =
  | 'notFound'
  | 'eventNotFound'
  | 'assignmentTypeMismatch'
  | 'notSignedUp'
  | 'alreadyLoggedEvent'
  | 'notDuringEvent'
  | 'overlap';

/** The officer's ticket an overlap refusal names: its 10-41 and 10-42 and what it shows as its kind. */
export interface OverlappedTicket {
  hoursWorkedId: number;
  startAt: Date;
  endAt: Date;
  /** The event's name of an event ticket, else the assignment type's description. */
  kind: string;
}

export type SaveTicketResult =
  | { ok: true; hoursWorkedId: number }
  /** `overlapped`: with refusal overlap, the earliest ticket in the way (absent if it went meanwhile). */
  | { ok: false; refusal: TicketRefusal; overlapped?: OverlappedTicket };

/** What saveTicket writes. */
export interface TicketSave {
  /** The body, already passed through ticketRulesSchema (officer, assignment type, dates and times present and valid). */
  body: TicketInput;
  /** The stored ticket to change; absent to log a new one. */
  hoursWorkedId?: number;
  /** The signed-in officer: enteredBy of a new ticket, updatedBy of every save. */
  actorId: number;
  /** True when the actor may write audit comments (level 10): the body's are stored; otherwise the stored ones are kept ('' for a new ticket). */
  withAuditComments: boolean;
  /**
   * True when the actor reviews tickets (level 10): his change of another officer's ticket leaves
   * the review state as it was; anyone else's, and his own tickets, go back to the auditors' queue
   * (reviewStateAfterEdit).
   */
  byReviewer: boolean;
  /** The app clock (updatedTimestamp). */
  now: Date;
  /** ORG_TIMEZONE: the wall-clock dates and times of the body are read in it. */
  tz: string;
  /**
   * Update only: sees the stored head once it is read and locked (FOR UPDATE) inside the
   * transaction, and throws to refuse (write rule, lock, edit window); nothing is written then.
   */
  checkHead?: (head: TicketHead) => void;
  /** Insert only: the Idempotency-Key it was sent with and the SHA-256 of its body, stored with the new ticket. */
  idempotency?: TicketIdempotency;
}

/** A new ticket's idempotency key (idempotencyKeySchema) and the SHA-256 (hex) of the body it was made from. */
export interface TicketIdempotency {
  key: string;
  bodyHash: string;
}

/** The ticket a requesting officer's idempotency key made: its id, its officer and the hash of the body it was made from. */
export interface IdempotentTicket {
  hoursWorkedId: number;
  officerId: number;
  bodyHash: string;
}

/**
 * The ticket that `requesterId` (the session's officer, entered_by) logged with idempotency key
 * `key`, read through hw_idempotency_key_idx; null when he has none (never made, refused, or
 * removed since). Another officer's ticket with the same key is never found.
 */
export async function ticketByIdempotencyKey(db: Db, requesterId: number, key: string): Promise<IdempotentTicket | null> {
  const [row] = await db
    .select({ hoursWorkedId: hw.hoursWorkedId, officerId: hw.officerId, bodyHash: sql<string>`${hw.idempotencyBodyHash}` })
    .from(hw)
    .where(and(eq(hw.enteredBy, requesterId), eq(hw.idempotencyKey, key)));
  return row ?? null;
}

/** A refusal of saveTicket. */
const refused = (refusal: TicketRefusal): SaveTicketResult => ({ ok: false, refusal });

/**
 * The event of an event ticket with what the §5 event rules need, read in one query that holds
 * a share lock on the event row (so an event update or a roster removal waits for the save):
 * its type, its location's precinct, its time, whether the officer is on its roster and whether
 * he has another ticket (not `excludeId`) for it. Null when there is no such event.
 */
async function eventForTicket(tx: Db, eventId: number, officerId: number, excludeId: number) {
  const signup = tx
    .select({ one: sql`1` })
    .from(s.eventSignup)
    .where(and(eq(s.eventSignup.eventId, s.event.eventId), eq(s.eventSignup.officerId, officerId)));
  const other = tx
    .select({ one: sql`1` })
    .from(hw)
    .where(and(eq(hw.officerId, officerId), eq(hw.eventId, s.event.eventId), ne(hw.hoursWorkedId, excludeId)));
  const [row] = await tx
    .select({
      eventId: s.event.eventId,
      eventTypeId: s.event.eventTypeId,
      precinctId: s.location.precinctId,
      startAt: s.event.startAt,
      endAt: s.event.endAt,
      signedUp: exists(signup).mapWith(Boolean),
      alreadyLogged: exists(other).mapWith(Boolean),
    })
    .from(s.event)
    .innerJoin(s.location, eq(s.location.locationId, s.event.locationId))
    .where(eq(s.event.eventId, eventId))
    .for('share', { of: s.event });
  return row ?? null;
}

/**
 * True when the officer has a ticket, other than `excludeId`, overlapping [start, end): one
 * EXISTS (select 1 ...) read next to the officer's row (false for an unknown officer, whom the
 * write then refuses by its foreign key).
 */
async function hasOverlap(tx: Db, officerId: number, start: Date, end: Date, excludeId: number): Promise<boolean> {
  const [row] = await tx
    .select({ overlaps: exists(tx.select({ one: sql`1` }).from(hw).where(overlapCondition(officerId, start, end, excludeId))).mapWith(Boolean) })
    .from(s.officer)
    .where(eq(s.officer.officerId, officerId));
  return !!row?.overlaps;
}

/**
 * The officer's earliest ticket, other than `excludeId`, overlapping [start, end), with its kind
 * (event name, else assignment type), in one query; null when there is none. Read only after an
 * overlap refusal, so a save that goes through pays nothing for it.
 */
export async function firstOverlapped(db: Db, officerId: number, start: Date, end: Date, excludeId: number): Promise<OverlappedTicket | null> {
  const [row] = await db
    .select({
      hoursWorkedId: hw.hoursWorkedId,
      startAt: hw.startAt,
      endAt: hw.endAt,
      kind: sql<string>`coalesce(${s.event.eventName}, ${s.assignmentType.description}, '')`,
    })
    .from(hw)
    .innerJoin(s.assignmentType, eq(s.assignmentType.assignmentTypeId, hw.assignmentTypeId))
    .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
    .where(overlapCondition(officerId, start, end, excludeId))
    .orderBy(asc(hw.startAt), asc(hw.hoursWorkedId))
    .limit(1);
  return row ?? null;
}

/**
 * The database's ticket rules as refusals, for writes that race past the checks: the overlap
 * exclusion constraint -> overlap, the one-ticket-per-event index -> alreadyLoggedEvent, the
 * ticket's sign-up foreign key (a roster removal in between) -> notSignedUp. Null for others
 * (hw_idempotency_key_idx among them: the route answers a racing retry with the ticket its key made).
 */
function refusalOf(err: unknown): TicketRefusal | null {
  const code = pgErrorCode(err);
  const constraint = pgConstraint(err);
  if (code === '23P01') return 'overlap';
  if (code === '23505' && (constraint ?? 'hw_one_ticket_per_event') === 'hw_one_ticket_per_event') return 'alreadyLoggedEvent';
  if (code === '23503' && constraint === 'hw_event_signup_fk') return 'notSignedUp';
  return null;
}

/**
 * Logs (no hoursWorkedId) or changes a time ticket, checking and writing in ONE transaction
 * (spec §4, §5): reads and locks the stored head (update: notFound, then checkHead), for
 * assignment types 1, 4, 9, 11 the event with its sign-up and the officer's other ticket for it
 * (eventNotFound, assignmentTypeMismatch, notSignedUp, alreadyLoggedEvent, notDuringEvent; the
 * precinct is taken from the event's location), the overlap EXISTS query (overlap), then one
 * INSERT or UPDATE (flag and lock untouched). Hours worked are the real length of the tour in
 * `tz`. Returns the ticket's id, or the refusal with nothing written; a write refused by the
 * database's own rules (two racing saves) comes back as the same refusal. An overlap refusal
 * carries the ticket in the way (firstOverlapped, read after the transaction). Other errors throw.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function saveTicket(db: Db, save: TicketSave): Promise<SaveTicketResult> {
  const b = save.body;
  const officerId = b.officer?.officerId ?? 0;
  const excludeId = save.hoursWorkedId ?? 0;
  const tour = ticketHours(b.startDate ?? '', b.startTime ?? '', b.endDate ?? '', b.endTime ?? '', save.tz);
  const result = await checkAndWrite(db, save, tour);
  if (result.ok || result.refusal !== 'overlap') return result;
  // Both the EXISTS check and the exclusion constraint only say that some ticket is in the way;
  // the officer is told which one.
  const overlapped = await firstOverlapped(db, officerId, tour.start, tour.end, excludeId);
  return overlapped ? { ...result, overlapped } : result;
}

/** saveTicket's transaction for the body's `tour` (ticketHours): the checks and the write, or the refusal (see saveTicket). */
async function checkAndWrite(db: Db, save: TicketSave, tour: ReturnType<typeof ticketHours>): Promise<SaveTicketResult> {
  const b = save.body;
  const officerId = b.officer?.officerId ?? 0;
  const assignmentTypeId = b.assignmentType?.assignmentTypeId ?? 0;
  const excludeId = save.hoursWorkedId ?? 0;
  const { start, end, hours } = tour;
  try {
    return await db.transaction(async (tx) => {
      let auditComments = '';
      let reviewState: ReviewState = 'unreviewed';
      if (save.hoursWorkedId !== undefined) {
        const [head] = await tx.select(headColumns).from(hw).where(eq(hw.hoursWorkedId, save.hoursWorkedId)).for('update');
        if (!head) return refused('notFound');
        save.checkHead?.(head);
        auditComments = head.auditComments;
        // an auditor's change of his own ticket goes back to the queue like anyone's
        reviewState = reviewStateAfterEdit(head.reviewState, save.byReviewer && head.officerId !== save.actorId);
      }
      let eventId: number | null = null;
      let precinctId = b.precinct?.precinctId ?? 0;
      if (needsEvent(assignmentTypeId)) {
        const ev = await eventForTicket(tx, b.event?.eventId ?? 0, officerId, excludeId);
        if (!ev) return refused('eventNotFound');
        if (ev.eventTypeId !== assignmentTypeId) return refused('assignmentTypeMismatch');
        if (!ev.signedUp) return refused('notSignedUp');
        if (ev.alreadyLogged) return refused('alreadyLoggedEvent');
        if (!tourOverlapsEvent(start, end, ev)) return refused('notDuringEvent');
        eventId = ev.eventId;
        precinctId = ev.precinctId;
      }
      if (await hasOverlap(tx, officerId, start, end, excludeId)) return refused('overlap');
      const values: TicketValues = {
        officerId,
        assignmentTypeId,
        precinctId,
        eventId,
        startAt: start,
        endAt: end,
        hoursWorked: hours,
        travelHours: b.travelHours,
        description: (b.description ?? '').trim(),
        ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, b[c]])) as Record<(typeof COUNT_FIELDS)[number], number>),
        auditComments: save.withAuditComments ? (b.auditComments ?? auditComments).trim() : auditComments,
        updatedBy: save.actorId,
        updatedTimestamp: save.now,
        reviewState,
      };
      let id = save.hoursWorkedId;
      if (id !== undefined) {
        await tx.update(hw).set(values).where(eq(hw.hoursWorkedId, id));
      } else {
        const idempotency = save.idempotency ? { idempotencyKey: save.idempotency.key, idempotencyBodyHash: save.idempotency.bodyHash } : {};
        [{ id }] = await tx
          .insert(hw)
          .values({ ...values, ...idempotency, enteredBy: save.actorId, createdTimestamp: save.now })
          .returning({ id: hw.hoursWorkedId });
      }
      // The attention marks are part of the saved ticket: worked out in the same transaction.
      await markAttention(tx, [id], save.tz);
      return { ok: true, hoursWorkedId: id } as const;
    });
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) return refused(refusal);
    throw err;
  }
}

/** Column values of a ticket write (server-computed hours included). */
type TicketValues = Omit<
  typeof hw.$inferInsert,
  'hoursWorkedId' | 'createdTimestamp' | 'flaggedBy' | 'locked' | 'enteredBy' | 'reviewedBy' | 'reviewedAt' | 'attention' | 'idempotencyKey' | 'idempotencyBodyHash'
>;

/**
 * Sets (the auditor's id) or clears (null) the flag of a ticket in one UPDATE; when flagging with
 * `auditComments` (already trimmed and checked), they are stored in the same statement (the
 * reason the owner reads under EXPLANATION). Clearing keeps the comments. The review state follows
 * (reviewerId and now recorded): flagged; once a flag is lifted, accepted, or unreviewed when the
 * ticket is the auditor's own (another auditor reviews it); clearing a ticket that was not flagged
 * leaves its state. False when the ticket does not exist.
 */
export async function setFlag(db: Db, id: number, flaggedBy: number | null, reviewerId: number, now: Date, auditComments?: string): Promise<boolean> {
  const rows = await db
    .update(hw)
    .set({
      flaggedBy,
      reviewState:
        flaggedBy !== null
          ? 'flagged'
          : sql`case when ${hw.reviewState} not in ('flagged', 'corrected') then ${hw.reviewState} when ${hw.officerId} = ${reviewerId} then 'unreviewed' else 'accepted' end`,
      reviewedBy: reviewerId,
      reviewedAt: now,
      updatedTimestamp: now,
      ...(flaggedBy !== null && auditComments !== undefined ? { auditComments } : {}),
    })
    .where(eq(hw.hoursWorkedId, id))
    .returning({ id: hw.hoursWorkedId });
  return rows.length > 0;
}

/**
 * Deletes tickets by id, all or nothing, in one transaction: one query reads and locks their
 * heads (FOR UPDATE, in id order), `check` sees them and throws to refuse (the transaction rolls
 * back and nothing is removed), then one DELETE removes them. Returns how many went.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function deleteTickets(db: Db, ids: number[], check: (heads: TicketHead[]) => void): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (tx) => {
    const heads = await tx.select(headColumns).from(hw).where(inArray(hw.hoursWorkedId, ids)).orderBy(asc(hw.hoursWorkedId)).for('update');
    check(heads);
    const rows = await tx.delete(hw).where(inArray(hw.hoursWorkedId, ids)).returning({ id: hw.hoursWorkedId });
    return rows.length;
  });
}
