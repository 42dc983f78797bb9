import { and, asc, desc, eq, exists, gt, gte, lt, ne, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema';
import { daysBefore, fromInstant, fromIsoDate, spanFields, toInstant } from '../../../src/domain/dates';
import { COUNT_FIELDS, needsEvent, ticketHours, totalHours, tourOverlapsEvent } from '../../../src/domain/tickets';
import type { Ticket, TicketFilter, TicketInput, TicketSortKey, TicketTotals } from '../../../src/domain/schemas/tickets';
import { pgConstraint, pgErrorCode } from '../../errors';

const hw = s.hoursWorked;
const owner = s.officer;
const flagger = alias(s.officer, 'flagger');
const ownerRank = s.rank;

/** Total hours in SQL: worked + travel + the event's incentive hours (0 without an event). */
const totalExpr = sql`(${hw.hoursWorked} + ${hw.travelHours} + coalesce(${s.event.incentiveHours}, 0))`;

/** The ticket owner's columns, shared by the ticket list and the summary by officer. */
const ownerColumns = {
  officerId: owner.officerId,
  firstName: owner.firstName,
  lastName: owner.lastName,
  mobile: owner.mobile,
  separationDate: owner.separationDate,
  rankId: owner.rankId,
  rankDescr: ownerRank.description,
  accessTypeId: owner.accessTypeId,
  assignedPct: owner.precinctId,
};

const columns = {
  hoursWorkedId: hw.hoursWorkedId,
  ...ownerColumns,
  assignmentTypeId: hw.assignmentTypeId,
  assignmentTypeDescr: s.assignmentType.description,
  precinctId: hw.precinctId,
  precinctDescr: s.precinct.description,
  eventId: hw.eventId,
  eventName: s.event.eventName,
  incentiveHours: s.event.incentiveHours,
  startAt: hw.startAt,
  endAt: hw.endAt,
  hoursWorked: hw.hoursWorked,
  travelHours: hw.travelHours,
  description: hw.description,
  parkingCitations: hw.parkingCitations,
  firs: hw.firs,
  warnings: hw.warnings,
  arrests: hw.arrests,
  arrestAssists: hw.arrestAssists,
  reports: hw.reports,
  pedestrianEdu: hw.pedestrianEdu,
  businessChecks: hw.businessChecks,
  flaggedBy: hw.flaggedBy,
  flaggerFirst: flagger.firstName,
  flaggerLast: flagger.lastName,
  auditComments: hw.auditComments,
  enteredBy: hw.enteredBy,
  updatedBy: hw.updatedBy,
  createdTimestamp: hw.createdTimestamp,
  updatedTimestamp: hw.updatedTimestamp,
  locked: hw.locked,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

function joined(db: Db) {
  return db
    .select(columns)
    .from(hw)
    .innerJoin(owner, eq(owner.officerId, hw.officerId))
    .leftJoin(ownerRank, eq(ownerRank.rankId, owner.rankId))
    .innerJoin(s.assignmentType, eq(s.assignmentType.assignmentTypeId, hw.assignmentTypeId))
    .innerJoin(s.precinct, eq(s.precinct.precinctId, hw.precinctId))
    .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
    .leftJoin(flagger, eq(flagger.officerId, hw.flaggedBy));
}

/** A ticket row as the API answers it (spec §3): wall-clock dates and times in `tz`. */
function toTicket(r: Row, tz: string): Ticket {
  const incentive = r.incentiveHours ?? 0;
  return {
    hoursWorkedId: r.hoursWorkedId,
    officer: {
      officerId: r.officerId,
      firstName: r.firstName,
      lastName: r.lastName,
      mobile: r.mobile,
      separationDate: fromIsoDate(r.separationDate),
      rank: r.rankId ? { rankId: r.rankId, description: r.rankDescr ?? '' } : null,
      accessType: { accessTypeId: r.accessTypeId },
    },
    assignmentType: { assignmentTypeId: r.assignmentTypeId, description: r.assignmentTypeDescr },
    precinct: { precinctId: r.precinctId, description: r.precinctDescr },
    event: { eventId: r.eventId ?? 0, eventName: r.eventName, incentiveHours: incentive },
    ...spanFields(r.startAt, r.endAt, tz),
    hoursWorked: Number(r.hoursWorked),
    travelHours: r.travelHours,
    totalHours: totalHours(Number(r.hoursWorked), r.travelHours, Number(incentive)),
    description: r.description,
    parkingCitations: r.parkingCitations,
    firs: r.firs,
    warnings: r.warnings,
    arrests: r.arrests,
    arrestAssists: r.arrestAssists,
    reports: r.reports,
    pedestrianEdu: r.pedestrianEdu,
    businessChecks: r.businessChecks,
    flaggedBy: { officerId: r.flaggedBy ?? 0, firstName: r.flaggerFirst ?? '', lastName: r.flaggerLast ?? '' },
    auditComments: r.auditComments,
    enteredBy: r.enteredBy,
    updatedBy: r.updatedBy,
    createdTimestamp: r.createdTimestamp.toISOString(),
    updatedTimestamp: r.updatedTimestamp.toISOString(),
    locked: r.locked,
    hasChildren: 'N',
  };
}

/**
 * SQL conditions of the ticket filters (spec §7): sinceDate/untilDate select tickets whose 10-41
 * falls on those dates (inclusive) in `tz`; assignedPct is the owner's assigned precinct,
 * precinctId the precinct worked at; arrestFlag Y keeps tickets with arrests.
 */
function filterConditions(f: TicketFilter, tz: string): SQL | undefined {
  const c: SQL[] = [];
  if (f.officerId) c.push(eq(hw.officerId, f.officerId));
  if (f.sinceDate) c.push(gte(hw.startAt, toInstant(f.sinceDate, '00:00', tz)));
  if (f.untilDate) c.push(lt(hw.startAt, toInstant(daysBefore(f.untilDate, -1), '00:00', tz)));
  if (f.assignmentTypeId) c.push(eq(hw.assignmentTypeId, f.assignmentTypeId));
  if (f.precinctId) c.push(eq(hw.precinctId, f.precinctId));
  if (f.assignedPct) c.push(eq(owner.precinctId, f.assignedPct));
  if (f.arrestFlag === 'Y') c.push(gt(hw.arrests, 0));
  if (f.hoursWorkedId) c.push(eq(hw.hoursWorkedId, f.hoursWorkedId));
  if (f.eventId) c.push(eq(hw.eventId, f.eventId));
  return c.length ? and(...c) : undefined;
}

export interface Page {
  sort?: TicketSortKey;
  order?: 'ASC' | 'DESC';
  offset: number;
  limit: number | null;
}

const sortExpr: Record<TicketSortKey, SQLWrapper> = {
  officerId: hw.officerId,
  assignedPct: owner.precinctId,
  startDate: hw.startAt,
  endDate: hw.endAt,
  hoursWorked: hw.hoursWorked,
  travelHours: hw.travelHours,
  totalHours: totalExpr,
  assignmentTypeDescr: s.assignmentType.description,
  ...(Object.fromEntries(COUNT_FIELDS.map((f) => [f, hw[f]])) as unknown as Record<(typeof COUNT_FIELDS)[number], SQLWrapper>),
};

/**
 * Matching tickets, sorted and paged in SQL (default: newest 10-41 first), plus the total count
 * for X-Total-Count.
 */
export async function listTickets(db: Db, f: TicketFilter, page: Page, tz: string): Promise<{ rows: Ticket[]; total: number }> {
  const where = filterConditions(f, tz);
  const dir = (page.order ?? (page.sort ? 'ASC' : 'DESC')) === 'ASC' ? asc : desc;
  const q = joined(db)
    .where(where)
    .orderBy(dir(sortExpr[page.sort ?? 'startDate']), dir(hw.hoursWorkedId))
    .offset(page.offset);
  const rows = page.limit === null ? await q : await q.limit(page.limit);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(hw)
    .innerJoin(owner, eq(owner.officerId, hw.officerId))
    .where(where);
  return { rows: rows.map((r) => toTicket(r as Row, tz)), total };
}

/** One ticket by id, or null. */
export async function getTicket(db: Db, hoursWorkedId: number, tz: string): Promise<Ticket | null> {
  const [row] = await joined(db).where(eq(hw.hoursWorkedId, hoursWorkedId));
  return row ? toTicket(row as Row, tz) : null;
}

const headColumns = {
  hoursWorkedId: hw.hoursWorkedId,
  officerId: hw.officerId,
  startAt: hw.startAt,
  locked: hw.locked,
  eventId: hw.eventId,
  auditComments: hw.auditComments,
};

/** What permission and window checks look at: owner, 10-41 instant, lock, event, audit comments. */
export interface TicketHead {
  hoursWorkedId: number;
  officerId: number;
  startAt: Date;
  locked: boolean;
  eventId: number | null;
  auditComments: string;
}

const unflagged = sql`${hw.flaggedBy} is null`;
const sumUnflagged = (e: SQLWrapper) => sql<string>`coalesce(sum(${e}) filter (where ${unflagged}), 0)`.mapWith(Number);

/**
 * Summary mode (spec §2, §4): one row per officer with the sums of his unflagged matching tickets,
 * his assigned precinct as `precinct`, first 10-41 and last 10-42. One SQL aggregate with GROUP BY,
 * sorted and paged in SQL. Rows carry hoursWorkedId = officerId (a stable row id).
 */
export async function summarizeTickets(db: Db, f: TicketFilter, page: Page, tz: string): Promise<{ rows: Ticket[]; total: number }> {
  const where = filterConditions(f, tz);
  const agg = {
    ...ownerColumns,
    assignedPctDescr: s.precinct.description,
    firstStart: sql<string>`min(${hw.startAt})`.mapWith(hw.startAt),
    lastEnd: sql<string>`max(${hw.endAt})`.mapWith(hw.endAt),
    hoursWorked: sumUnflagged(hw.hoursWorked),
    travelHours: sumUnflagged(hw.travelHours),
    totalHours: sumUnflagged(totalExpr),
    ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, sumUnflagged(hw[c])])) as Record<(typeof COUNT_FIELDS)[number], SQL.Aliased<number> | SQL<number>>),
    ticketCount: sql<number>`count(*)`.mapWith(Number),
    flaggedCount: sql<number>`count(*) filter (where ${hw.flaggedBy} is not null)`.mapWith(Number),
  };
  const sorts: Partial<Record<TicketSortKey, SQLWrapper>> = {
    officerId: owner.officerId,
    assignedPct: owner.precinctId,
    startDate: sql`min(${hw.startAt})`,
    endDate: sql`max(${hw.endAt})`,
    hoursWorked: agg.hoursWorked,
    travelHours: agg.travelHours,
    totalHours: agg.totalHours,
    ...Object.fromEntries(COUNT_FIELDS.map((c) => [c, agg[c]])),
  };
  const dir = (page.order ?? 'ASC') === 'ASC' ? asc : desc;
  const q = db
    .select(agg)
    .from(hw)
    .innerJoin(owner, eq(owner.officerId, hw.officerId))
    .leftJoin(ownerRank, eq(ownerRank.rankId, owner.rankId))
    .leftJoin(s.precinct, eq(s.precinct.precinctId, owner.precinctId))
    .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
    .where(where)
    .groupBy(owner.officerId, ownerRank.rankId, s.precinct.precinctId)
    .orderBy(dir(sorts[page.sort ?? 'officerId'] ?? owner.officerId), dir(owner.officerId))
    .offset(page.offset);
  const rows = page.limit === null ? await q : await q.limit(page.limit);
  const [{ total }] = await db
    .select({ total: sql<number>`count(distinct ${hw.officerId})`.mapWith(Number) })
    .from(hw)
    .innerJoin(owner, eq(owner.officerId, hw.officerId))
    .where(where);
  return {
    total,
    rows: rows.map((r) => {
      const start = fromInstant(r.firstStart as unknown as Date, tz);
      const end = fromInstant(r.lastEnd as unknown as Date, tz);
      const counts = Object.fromEntries(COUNT_FIELDS.map((c) => [c, Number(r[c])])) as Record<(typeof COUNT_FIELDS)[number], number>;
      return {
        hoursWorkedId: r.officerId,
        officer: {
          officerId: r.officerId,
          firstName: r.firstName,
          lastName: r.lastName,
          mobile: r.mobile,
          separationDate: fromIsoDate(r.separationDate),
          rank: r.rankId ? { rankId: r.rankId, description: r.rankDescr ?? '' } : null,
          accessType: { accessTypeId: r.accessTypeId },
        },
        assignmentType: { assignmentTypeId: 0, description: '' },
        precinct: { precinctId: r.assignedPct ?? 0, description: r.assignedPctDescr ?? '' },
        event: { eventId: 0, eventName: null, incentiveHours: 0 },
        startDate: start.date,
        startTime: start.time,
        startDay: start.day,
        endDate: end.date,
        endTime: end.time,
        endDay: end.day,
        hoursWorked: round2(r.hoursWorked),
        travelHours: round2(r.travelHours),
        totalHours: round2(r.totalHours),
        description: '',
        ...counts,
        flaggedBy: { officerId: 0, firstName: '', lastName: '' },
        auditComments: '',
        enteredBy: null,
        updatedBy: null,
        createdTimestamp: '',
        updatedTimestamp: '',
        locked: false,
        hasChildren: 'N',
        ticketCount: r.ticketCount,
        flaggedCount: r.flaggedCount,
      } satisfies Ticket;
    }),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Footer totals (spec §2): sums over unflagged matching tickets; ticketCount and flaggedCount count all. */
export async function ticketTotals(db: Db, f: TicketFilter, tz: string): Promise<TicketTotals> {
  const [r] = await db
    .select({
      hoursWorked: sumUnflagged(hw.hoursWorked),
      travelHours: sumUnflagged(hw.travelHours),
      totalHours: sumUnflagged(totalExpr),
      ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, sumUnflagged(hw[c])])) as Record<(typeof COUNT_FIELDS)[number], SQL<number>>),
      ticketCount: sql<number>`count(*)`.mapWith(Number),
      flaggedCount: sql<number>`count(*) filter (where ${hw.flaggedBy} is not null)`.mapWith(Number),
    })
    .from(hw)
    .innerJoin(owner, eq(owner.officerId, hw.officerId))
    .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
    .where(filterConditions(f, tz));
  const counts = Object.fromEntries(COUNT_FIELDS.map((c) => [c, Number(r[c])])) as Record<(typeof COUNT_FIELDS)[number], number>;
  return {
    hoursWorked: round2(r.hoursWorked),
    travelHours: round2(r.travelHours),
    totalHours: round2(r.totalHours),
    ...counts,
    ticketCount: r.ticketCount,
    flaggedCount: r.flaggedCount,
  };
}

/**
 * Tickets of the officer whose 10-41..10-42 overlaps [start, end), other than `excludeId`, as
 * full rows (GET getDuplicateTickets, spec §7). saveTicket tests the same overlap with EXISTS.
 */
export async function overlappingTickets(db: Db, officerId: number, start: Date, end: Date, excludeId: number, tz: string): Promise<Ticket[]> {
  const rows = await joined(db).where(overlapCondition(officerId, start, end, excludeId)).orderBy(asc(hw.startAt));
  return rows.map((r) => toTicket(r as Row, tz));
}

/** The officer's tickets, other than `excludeId`, whose 10-41..10-42 overlaps [start, end). */
function overlapCondition(officerId: number, start: Date, end: Date, excludeId: number) {
  return and(eq(hw.officerId, officerId), lt(hw.startAt, end), gt(hw.endAt, start), ne(hw.hoursWorkedId, excludeId));
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

export type SaveTicketResult = { ok: true; hoursWorkedId: number } | { ok: false; refusal: TicketRefusal };

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
  /** The app clock (updatedTimestamp). */
  now: Date;
  /** ORG_TIMEZONE: the wall-clock dates and times of the body are read in it. */
  tz: string;
  /**
   * Update only: sees the stored head once it is read and locked (FOR UPDATE) inside the
   * transaction, and throws to refuse (write rule, lock, edit window); nothing is written then.
   */
  checkHead?: (head: TicketHead) => void;
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
 * The database's ticket rules as refusals, for writes that race past the checks: the overlap
 * exclusion constraint -> overlap, the one-ticket-per-event index -> alreadyLoggedEvent, the
 * ticket's sign-up foreign key (a roster removal in between) -> notSignedUp. Null for others.
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
 * database's own rules (two racing saves) comes back as the same refusal. Other errors throw.
 */
export async function saveTicket(db: Db, save: TicketSave): Promise<SaveTicketResult> {
  const b = save.body;
  const officerId = b.officer?.officerId ?? 0;
  const assignmentTypeId = b.assignmentType?.assignmentTypeId ?? 0;
  const excludeId = save.hoursWorkedId ?? 0;
  const { start, end, hours } = ticketHours(b.startDate ?? '', b.startTime ?? '', b.endDate ?? '', b.endTime ?? '', save.tz);
  try {
    return await db.transaction(async (tx) => {
      let auditComments = '';
      if (save.hoursWorkedId !== undefined) {
        const [head] = await tx.select(headColumns).from(hw).where(eq(hw.hoursWorkedId, save.hoursWorkedId)).for('update');
        if (!head) return refused('notFound');
        save.checkHead?.(head);
        auditComments = head.auditComments;
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
      };
      if (save.hoursWorkedId !== undefined) {
        await tx.update(hw).set(values).where(eq(hw.hoursWorkedId, save.hoursWorkedId));
        return { ok: true, hoursWorkedId: save.hoursWorkedId } as const;
      }
      const [row] = await tx.insert(hw).values({ ...values, enteredBy: save.actorId }).returning({ id: hw.hoursWorkedId });
      return { ok: true, hoursWorkedId: row.id } as const;
    });
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) return refused(refusal);
    throw err;
  }
}

/** Column values of a ticket write (server-computed hours included). */
type TicketValues = Omit<typeof hw.$inferInsert, 'hoursWorkedId' | 'createdTimestamp' | 'flaggedBy' | 'locked' | 'enteredBy'>;

/**
 * Sets (the auditor's id) or clears (null) the flag of a ticket in one UPDATE; when flagging with
 * `auditComments` (already trimmed and checked), they are stored in the same statement (the
 * reason the owner reads under EXPLANATION). Clearing keeps the comments. False when the ticket
 * does not exist.
 */
export async function setFlag(db: Db, id: number, flaggedBy: number | null, now: Date, auditComments?: string): Promise<boolean> {
  const rows = await db
    .update(hw)
    .set({ flaggedBy, updatedTimestamp: now, ...(flaggedBy !== null && auditComments !== undefined ? { auditComments } : {}) })
    .where(eq(hw.hoursWorkedId, id))
    .returning({ id: hw.hoursWorkedId });
  return rows.length > 0;
}

/**
 * Deletes tickets by id, all or nothing, in one transaction: one query reads and locks their
 * heads (FOR UPDATE, in id order), `check` sees them and throws to refuse (the transaction rolls
 * back and nothing is removed), then one DELETE removes them. Returns how many went.
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
