/**
 * Reading time tickets (spec §2 list, summary and footer, §7 getMultiple/getSingle/getTotals/
 * getDuplicateTickets). Each list or report is ONE SQL statement (the page and its total count
 * together); wall-clock dates and times come from the database in ORG_TIMEZONE (server/db/sqlDates.ts),
 * so no row goes through dayjs' timezone plugin.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema';
import { COUNT_FIELDS, round2, totalHours } from '../../../src/domain/tickets';
import type { Ticket, TicketFilter, TicketSortKey, TicketTotals } from '../../../src/domain/schemas/tickets';
import { QUEUE_STATES, type AttentionReason, type ReviewState } from '../../../src/domain/ticketReview';
import { dayStart, localText, localWhen, splitLocal, usDate } from '../sqlDates';
import { rawStatement, type RawStatement } from '../rawQuery';
import { rememberedVersion } from '../dataVersion';

type CountField = (typeof COUNT_FIELDS)[number];
const hw = s.hoursWorked;
const owner = s.officer;
const flagger = alias(s.officer, 'flagger');

/*
 * A ticket's lookups (rank, assignment type, precinct, event, flagger) are scalar subqueries, not
 * joins: the planner then weighs two relations instead of seven (planning fell from about 2 ms to
 * 0.2 ms a list, and the embedded database plans every statement anew), and a page of 100 looks up
 * only its own 100 rows.
 */
const rankDescr = sql<string | null>`(select ${s.rank.description} from ${s.rank} where ${s.rank.rankId} = ${owner.rankId})`;
const assignmentTypeDescr = sql<string>`(select ${s.assignmentType.description} from ${s.assignmentType} where ${s.assignmentType.assignmentTypeId} = ${hw.assignmentTypeId})`;
const precinctDescr = sql<string>`(select ${s.precinct.description} from ${s.precinct} where ${s.precinct.precinctId} = ${hw.precinctId})`;
const ofEvent = (e: SQLWrapper) => sql`(select ${e} from ${s.event} where ${s.event.eventId} = ${hw.eventId})`;
const ofFlagger = (e: SQLWrapper) => sql<string | null>`(select ${e} from ${s.officer} as ${sql.identifier('flagger')} where ${flagger.officerId} = ${hw.flaggedBy})`;
const incentiveHours = sql<number | null>`${ofEvent(s.event.incentiveHours)}::float8`;

/** Total hours in SQL: worked + travel + the event's incentive hours (0 without an event). */
const totalExpr = sql`(${hw.hoursWorked} + ${hw.travelHours} + coalesce(${ofEvent(s.event.incentiveHours)}, 0))`;

/** The ticket owner's columns, shared by the ticket list and the summary by officer. */
const ownerColumns = {
  officerId: owner.officerId,
  firstName: owner.firstName,
  lastName: owner.lastName,
  mobile: owner.mobile,
  separationDate: usDate(owner.separationDate),
  rankId: owner.rankId,
  rankDescr,
  accessTypeId: owner.accessTypeId,
  assignedPct: owner.precinctId,
};

/**
 * The columns of a ticket row: dates and times wall-clock text in `tz`, instants ISO text, hours
 * float8 (exactly the numeric's value as a JavaScript number): types both drivers read alike, so
 * the list can run them raw (server/db/rawQuery.ts).
 */
function columns(tz: string) {
  return {
    hoursWorkedId: hw.hoursWorkedId,
    ...ownerColumns,
    assignmentTypeId: hw.assignmentTypeId,
    assignmentTypeDescr,
    precinctId: hw.precinctId,
    precinctDescr,
    eventId: hw.eventId,
    eventName: sql<string | null>`${ofEvent(s.event.eventName)}`,
    incentiveHours,
    startWhen: localWhen(hw.startAt, tz),
    endWhen: localWhen(hw.endAt, tz),
    hoursWorked: sql<number>`${hw.hoursWorked}::float8`,
    travelHours: hw.travelHours,
    description: hw.description,
    ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, hw[c]])) as { [K in CountField]: (typeof hw)[K] }),
    flaggedBy: hw.flaggedBy,
    flaggerFirst: ofFlagger(flagger.firstName),
    flaggerLast: ofFlagger(flagger.lastName),
    auditComments: hw.auditComments,
    enteredBy: hw.enteredBy,
    updatedBy: hw.updatedBy,
    createdTimestamp: isoText(hw.createdTimestamp),
    updatedTimestamp: isoText(hw.updatedTimestamp),
    locked: hw.locked,
    reviewState: hw.reviewState,
    reviewedBy: hw.reviewedBy,
    reviewedAt: sql<string | null>`case when ${hw.reviewedAt} is null then null else ${isoText(hw.reviewedAt)} end`,
    // The reasons joined by ',' (text, which both drivers read alike; arrays they do not).
    attention: sql<string>`array_to_string(${hw.attention}, ',')`,
  };
}

/** An instant as Date.toISOString() writes it (UTC, milliseconds), as text from the database. */
function isoText(e: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The ticket rows with everything a ticket shows (its owner joined, lookups as subqueries). `extra` adds columns. */
function joined<E extends Record<string, SQL.Aliased | SQL>>(db: Db, tz: string, extra: E = {} as E) {
  return db
    .select({ ...columns(tz), ...extra })
    .from(hw)
    .innerJoin(owner, eq(owner.officerId, hw.officerId));
}

type Row = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** The six span fields of a ticket (spec §3) from its two localWhen() texts. */
function span(startWhen: string, endWhen: string) {
  const start = splitLocal(startWhen);
  const end = splitLocal(endWhen);
  return { startDate: start.date, startTime: start.time, startDay: start.day, endDate: end.date, endTime: end.time, endDay: end.day };
}

/** A ticket row as the API answers it (spec §3). */
function toTicket(r: Row): Ticket {
  const incentive = r.incentiveHours ?? 0;
  return {
    hoursWorkedId: r.hoursWorkedId,
    officer: {
      officerId: r.officerId,
      firstName: r.firstName,
      lastName: r.lastName,
      mobile: r.mobile,
      separationDate: r.separationDate,
      rank: r.rankId ? { rankId: r.rankId, description: r.rankDescr ?? '' } : null,
      accessType: { accessTypeId: r.accessTypeId },
    },
    assignmentType: { assignmentTypeId: r.assignmentTypeId, description: r.assignmentTypeDescr },
    precinct: { precinctId: r.precinctId, description: r.precinctDescr },
    event: { eventId: r.eventId ?? 0, eventName: r.eventName, incentiveHours: incentive },
    ...span(r.startWhen, r.endWhen),
    hoursWorked: r.hoursWorked,
    travelHours: r.travelHours,
    totalHours: totalHours(r.hoursWorked, r.travelHours, incentive),
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
    createdTimestamp: r.createdTimestamp,
    updatedTimestamp: r.updatedTimestamp,
    locked: r.locked,
    reviewState: r.reviewState as ReviewState,
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt,
    attention: r.attention ? (r.attention.split(',') as AttentionReason[]) : [],
    hasChildren: 'N',
  };
}

/**
 * SQL conditions of the ticket filters (spec §7): sinceDate/untilDate select tickets whose 10-41
 * falls on those dates (inclusive) in `tz` (the day boundaries are computed by the database);
 * assignedPct is the owner's assigned precinct (a semi-join, so no other join is needed),
 * precinctId the precinct worked at; arrestFlag Y keeps tickets with arrests.
 */
function filterConditions(f: ListFilter, tz: string, bind: (key: string, value: unknown) => unknown = (_key, value) => value): SQL | undefined {
  const v = <T>(key: string, value: T) => bind(key, value) as T;
  const c: SQL[] = [];
  if (f.officerId) c.push(eq(hw.officerId, v('officerId', f.officerId)));
  if (f.sinceDate) c.push(gte(hw.startAt, dayStart(v('sinceDate', f.sinceDate), tz)));
  if (f.untilDate) c.push(lt(hw.startAt, dayStart(v('untilDate', f.untilDate), tz, 1)));
  if (f.assignmentTypeId) c.push(eq(hw.assignmentTypeId, v('assignmentTypeId', f.assignmentTypeId)));
  if (f.precinctId) c.push(eq(hw.precinctId, v('precinctId', f.precinctId)));
  if (f.assignedPct) c.push(sql`${hw.officerId} in (select ${owner.officerId} from ${owner} where ${owner.precinctId} = ${v('assignedPct', f.assignedPct)})`);
  if (f.arrestFlag === 'Y') c.push(gt(hw.arrests, 0));
  if (f.hoursWorkedId) c.push(eq(hw.hoursWorkedId, v('hoursWorkedId', f.hoursWorkedId)));
  if (f.eventId) c.push(eq(hw.eventId, v('eventId', f.eventId)));
  if (f.queue) c.push(inArray(hw.reviewState, [...QUEUE_STATES]));
  if (f.attention === 'Y') c.push(sql`cardinality(${hw.attention}) > 0`);
  return c.length ? and(...c) : undefined;
}

/**
 * The list filters: getMultiple's, plus the auditors' queue (queue: only tickets waiting for
 * review, partial index hw_review_queue_idx) and attention=Y (only those pre-marked).
 */
export type ListFilter = TicketFilter & { queue?: boolean; attention?: 'Y' | 'N' };

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
  assignmentTypeDescr,
  ...(Object.fromEntries(COUNT_FIELDS.map((f) => [f, hw[f]])) as unknown as Record<CountField, SQLWrapper>),
};

/** The number of tickets matching `where` (a scalar subquery of the list's statement). */
const countOf = (db: Db, where: SQL | undefined) => db.select({ n: sql<number>`count(*)` }).from(hw).where(where);

/** The list's statements, built once per database and filter shape (see listTickets). */
const listStatements = new WeakMap<Db, Map<string, RawStatement<keyof Row & string>>>();

/** The list statement of one filter shape, with placeholders for the filter values and the page. */
function prepareList(db: Db, where: SQL | undefined, page: Page, tz: string) {
  const dir = (page.order ?? (page.sort ? 'ASC' : 'DESC')) === 'ASC' ? asc : desc;
  const total = { total: sql<number>`(${countOf(db, where)})::int` };
  const query = joined(db, tz, total)
    .where(where)
    .orderBy(dir(sortExpr[page.sort ?? 'startDate']), dir(hw.hoursWorkedId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return rawStatement(db, Object.keys({ ...columns(tz), ...total }) as Array<keyof Row & string>, query);
}

/**
 * Matching tickets (spec §2 list, §7 getMultiple), sorted and paged in SQL (default: newest 10-41
 * first), plus the total count for X-Total-Count, in ONE statement (the count is an uncorrelated
 * scalar subquery; a second query only for a page past the end, which has no row to carry it).
 * The statement of each filter shape (which filters are set, sort, order) is built once and run
 * with placeholders, so a request costs no SQL building. `page.limit` null: no limit.
 */
export async function listTickets(db: Db, f: ListFilter, page: Page, tz: string): Promise<{ rows: Ticket[]; total: number }> {
  const values: Record<string, unknown> = { offset: page.offset, limit: page.limit };
  const where = filterConditions(f, tz, (key, value) => {
    values[key] = value;
    return sql.placeholder(key);
  });
  // queue and attention are written into the SQL (no value to bind), so they are part of the shape
  const shape = `${Object.keys(values).join(',')}|${page.sort ?? ''}|${page.order ?? ''}|${tz}|${f.queue ? 'queue' : ''}|${f.attention === 'Y' ? 'attention' : ''}`;
  let statements = listStatements.get(db);
  if (!statements) listStatements.set(db, (statements = new Map()));
  let statement = statements.get(shape);
  if (!statement) statements.set(shape, (statement = prepareList(db, where, page, tz)));
  const rows = (await statement.run(values)) as Array<Row & { total: number }>;
  const total = rows.length ? rows[0].total : page.offset > 0 ? Number((await countOf(db, filterConditions(f, tz)))[0].n) : 0;
  return { rows: rows.map((r) => toTicket(r)), total };
}

/**
 * The ids of the tickets matching the list filters in the list's order (listTickets' sort, then
 * the id), for an export: ids alone (a few bytes a ticket, 100,000 tickets under a megabyte),
 * so the export reads its rows in pages of ids (ticketsInOrder) that neither skip nor repeat a
 * ticket however the sort ties, each page an index lookup instead of an OFFSET that re-reads
 * every row before it.
 */
export async function ticketIdsInOrder(db: Db, f: ListFilter, sort: TicketSortKey | undefined, order: 'ASC' | 'DESC' | undefined, tz: string): Promise<number[]> {
  const values: Record<string, unknown> = {};
  const where = filterConditions(f, tz, (key, value) => {
    values[key] = value;
    return sql.placeholder(key);
  });
  // built once per filter shape and run raw, as the list is: 100,000 ids without Drizzle's mapping
  const shape = `${Object.keys(values).join(',')}|${sort ?? ''}|${order ?? ''}|${tz}|${f.queue ? 'queue' : ''}|${f.attention === 'Y' ? 'attention' : ''}`;
  let statements = idStatements.get(db);
  if (!statements) idStatements.set(db, (statements = new Map()));
  let statement = statements.get(shape);
  if (!statement) {
    const dir = (order ?? (sort ? 'ASC' : 'DESC')) === 'ASC' ? asc : desc;
    const query = db
      .select({ id: hw.hoursWorkedId })
      .from(hw)
      .innerJoin(owner, eq(owner.officerId, hw.officerId))
      .where(where)
      .orderBy(dir(sortExpr[sort ?? 'startDate']), dir(hw.hoursWorkedId));
    statements.set(shape, (statement = rawStatement(db, ['id'], query)));
  }
  return (await statement.run(values)).map((r) => r.id as number);
}

/** The statements of ticketIdsInOrder, one per database and filter shape. */
const idStatements = new WeakMap<Db, Map<string, RawStatement<'id'>>>();

/** The statement of ticketsInOrder, built once per database and time zone. */
const byIdsStatements = new WeakMap<Db, Map<string, RawStatement<keyof Row & string>>>();

/**
 * The tickets of `ids` in the order of `ids` (one statement; ids deleted meanwhile are left out),
 * each handed to `each` the moment it is made and only what `each` returns kept (an export keeps
 * a ticket's cells, so no ticket object outlives its own row: a page of ticket objects that lived
 * while the page was written got V8 to make every later ticket in old space, about 90 MB of
 * garbage an export). The ids go as ONE array parameter (text '{1,2,3}' cast to int[], which both
 * drivers bind alike): 5,000 separate parameters cost the database about 200 ms a page to bind
 * and plan.
 */
export async function ticketsInOrder<T = Ticket>(db: Db, ids: readonly number[], tz: string, each: (ticket: Ticket) => T = (t) => t as T): Promise<T[]> {
  if (!ids.length) return [];
  let statements = byIdsStatements.get(db);
  if (!statements) byIdsStatements.set(db, (statements = new Map()));
  let statement = statements.get(tz);
  if (!statement) {
    const query = joined(db, tz).where(sql`${hw.hoursWorkedId} = any(${sql.placeholder('ids')}::int[])`);
    statements.set(tz, (statement = rawStatement(db, Object.keys(columns(tz)) as Array<keyof Row & string>, query)));
  }
  // run raw as the list is (server/db/rawQuery.ts): no per-cell mapping for 100,000 rows
  const rows = (await statement.run({ ids: `{${ids.join(',')}}` })) as Row[];
  const byId = new Map(rows.map((r) => [r.hoursWorkedId, r]));
  const out: T[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (r) out.push(each(toTicket(r)));
  }
  return out;
}

const versionStatements = new WeakMap<Db, RawStatement<'version'>>();

/**
 * The version of what `officerId`'s ticket list shows (server/answers):
 * '<officer's version>.<names' version>', each the id of the last transaction that changed it
 * (ticket_list_version, migration 0011), '0' where none did. One indexed read of at most two rows,
 * on PGlite and PostgreSQL alike; on the embedded database kept in memory until a write changes a
 * version (keepVersionsInMemory).
 */
export async function ticketListVersion(db: Db, officerId: number): Promise<string> {
  return rememberedVersion(
    db,
    (memo) => memo.lists.get(officerId),
    (memo, version) => {
      memo.lists.set(officerId, version);
    },
    () => readTicketListVersion(db, officerId),
  );
}

async function readTicketListVersion(db: Db, officerId: number): Promise<string> {
  let statement = versionStatements.get(db);
  if (!statement) {
    const v = s.ticketListVersion;
    const officer = sql.placeholder('officerId');
    const version = sql`coalesce(max(${v.version}) filter (where ${v.officerId} = ${officer}), 0) || '.' || coalesce(max(${v.version}) filter (where ${v.officerId} = 0), 0)`;
    statement = rawStatement(db, ['version'], db.select({ version }).from(v).where(sql`${v.officerId} in (0, ${officer})`));
    versionStatements.set(db, statement);
  }
  const [row] = await statement.run({ officerId });
  return String(row.version);
}

/** One ticket by id, or null. */
export async function getTicket(db: Db, hoursWorkedId: number, tz: string): Promise<Ticket | null> {
  const [row] = await joined(db, tz).where(eq(hw.hoursWorkedId, hoursWorkedId));
  return row ? toTicket(row) : null;
}

/** The tickets of `ids` that exist, by id, in one statement (a delete list's records for its audit entries). */
export async function getTickets(db: Db, ids: readonly number[], tz: string): Promise<Map<number, Ticket>> {
  const rows = ids.length ? await joined(db, tz).where(inArray(hw.hoursWorkedId, [...ids])) : [];
  return new Map(rows.map((r) => toTicket(r)).map((t) => [t.hoursWorkedId, t]));
}

const unflagged = sql`${hw.flaggedBy} is null`;
const sumUnflagged = (e: SQLWrapper) => sql<string>`coalesce(sum(${e}) filter (where ${unflagged}), 0)`.mapWith(Number);

/**
 * The sums of the footer and of each summary row: unflagged hours and counts, all tickets and the
 * flagged ones. Total hours are the sum of the three sums (worked, travel, incentive), not a sum
 * of per-row totals: the same exact numeric value, with no numeric additions per row (PostgreSQL
 * computes each identical aggregate once).
 */
function sums() {
  return {
    hoursWorked: sumUnflagged(hw.hoursWorked),
    travelHours: sumUnflagged(hw.travelHours),
    totalHours: sql<number>`(${sumUnflagged(hw.hoursWorked)} + ${sumUnflagged(hw.travelHours)} + ${sumUnflagged(s.event.incentiveHours)})`.mapWith(Number),
    ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, sumUnflagged(hw[c])])) as Record<CountField, SQL<number>>),
    ticketCount: sql<number>`count(*)`.mapWith(Number),
    flaggedCount: sql<number>`count(*) filter (where ${hw.flaggedBy} is not null)`.mapWith(Number),
  };
}

/** The sums of a footer or summary row, hours rounded to 2 decimals. */
function roundSums(r: TicketTotals): TicketTotals {
  return {
    ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, r[c]])) as Record<CountField, number>),
    ticketCount: r.ticketCount,
    flaggedCount: r.flaggedCount,
    hoursWorked: round2(r.hoursWorked),
    travelHours: round2(r.travelHours),
    totalHours: round2(r.totalHours),
  };
}

/**
 * Summary mode (spec §2, §4): one row per officer with the sums of his unflagged matching tickets,
 * his assigned precinct as `precinct`, first 10-41 and last 10-42 (wall clock in `tz`). ONE
 * statement, two plans: sorted by officer (the screen's order) the page's officers are found first
 * and only their tickets summed; sorted by a sum or a date every matching officer is summed (a
 * GROUP BY on the ticket table alone), then names joined, sorted and paged. The number of
 * officers comes along as a window count. Rows carry hoursWorkedId = officerId.
 */
export async function summarizeTickets(db: Db, f: TicketFilter, page: Page, tz: string): Promise<{ rows: Ticket[]; total: number }> {
  const where = filterConditions(f, tz);
  const dir = (page.order ?? 'ASC') === 'ASC' ? asc : desc;
  const aggregates = {
    firstStart: sql`min(${hw.startAt})`.as('first_start'),
    lastEnd: sql`max(${hw.endAt})`.as('last_end'),
    ...Object.fromEntries(Object.entries(sums()).map(([k, v]) => [k, v.as(k)])),
  };
  const col = (k: string) => sql<number>`${sql.identifier('per')}.${sql.identifier(k)}`.mapWith(Number);
  const sumCols = Object.fromEntries(Object.keys(sums()).map((k) => [k, col(k)])) as { [K in keyof ReturnType<typeof sums>]: SQL<number> };
  const first = sql`${sql.identifier('per')}.first_start`;
  const last = sql`${sql.identifier('per')}.last_end`;
  const fields = {
    ...ownerColumns,
    assignedPctDescr: s.precinct.description,
    startDate: localText(first, tz, 'date'),
    startTime: localText(first, tz, 'time'),
    startDay: localText(first, tz, 'day'),
    endDate: localText(last, tz, 'date'),
    endTime: localText(last, tz, 'time'),
    endDay: localText(last, tz, 'day'),
    ...sumCols,
  };
  const byOfficer = (page.sort ?? 'officerId') === 'officerId';
  let q;
  if (byOfficer) {
    // Sorted by officer (the screen's order): page the officers who have a matching ticket first
    // (an index probe each), then sum the tickets of those officers only, through
    // hw_officer_start_idx. A year of 1,000 officers: 100 officers' tickets summed instead of all.
    const pageOfficers = db.$with('page_officers').as(
      db
        .select({ pageOfficerId: sql<number>`${owner.officerId}`.as('page_officer_id'), total: sql<number>`count(*) over ()`.as('total') })
        .from(owner)
        .where(sql`exists (select 1 from ${hw} where ${hw.officerId} = ${owner.officerId} and ${where ?? sql`true`})`)
        .orderBy(dir(owner.officerId))
        .limit(page.limit ?? Number.MAX_SAFE_INTEGER)
        .offset(page.offset),
    );
    const per = db
      .select(aggregates)
      .from(hw)
      .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
      .where(and(sql`${hw.officerId} = ${pageOfficers.pageOfficerId}`, where))
      .as('per');
    q = db
      .with(pageOfficers)
      .select({ ...fields, total: sql<number>`${pageOfficers.total}`.mapWith(Number) })
      .from(pageOfficers)
      .innerJoin(owner, eq(owner.officerId, pageOfficers.pageOfficerId))
      .innerJoinLateral(per, sql`true`)
      .leftJoin(s.precinct, eq(s.precinct.precinctId, owner.precinctId))
      .orderBy(dir(owner.officerId));
  } else {
    // Sorted by a sum or a date: every matching officer's sums are needed to order them, so the
    // tickets are aggregated per officer first (a GROUP BY on the ticket table alone), then the
    // names joined, sorted and paged.
    const per = db
      .select({ officerId: sql<number>`${hw.officerId}`.as('officer_id'), ...aggregates })
      .from(hw)
      .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
      .where(where)
      .groupBy(hw.officerId)
      .as('per');
    const sorts: Partial<Record<TicketSortKey, SQLWrapper>> = {
      assignedPct: owner.precinctId,
      startDate: first,
      endDate: last,
      hoursWorked: sumCols.hoursWorked,
      travelHours: sumCols.travelHours,
      totalHours: sumCols.totalHours,
      ...Object.fromEntries(COUNT_FIELDS.map((c) => [c, sumCols[c]])),
    };
    const all = db
      .select({ ...fields, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(per)
      .innerJoin(owner, eq(owner.officerId, col('officer_id')))
      .leftJoin(s.precinct, eq(s.precinct.precinctId, owner.precinctId))
      .orderBy(dir(sorts[page.sort!] ?? owner.officerId), dir(owner.officerId))
      .offset(page.offset);
    q = page.limit === null ? all : all.limit(page.limit);
  }
  const rows = await q;
  const total = rows.length ? rows[0].total : page.offset > 0 ? await countOfficers(db, f, tz) : 0;
  return {
    total,
    rows: rows.map((r) => {
      const { ticketCount, flaggedCount, ...totals } = roundSums(r);
      const { hoursWorked, travelHours, totalHours: total, ...counts } = totals;
      return {
        hoursWorkedId: r.officerId,
        officer: {
          officerId: r.officerId,
          firstName: r.firstName,
          lastName: r.lastName,
          mobile: r.mobile,
          separationDate: r.separationDate,
          rank: r.rankId ? { rankId: r.rankId, description: r.rankDescr ?? '' } : null,
          accessType: { accessTypeId: r.accessTypeId },
        },
        assignmentType: { assignmentTypeId: 0, description: '' },
        precinct: { precinctId: r.assignedPct ?? 0, description: r.assignedPctDescr ?? '' },
        event: { eventId: 0, eventName: null, incentiveHours: 0 },
        startDate: r.startDate,
        startTime: r.startTime,
        startDay: r.startDay,
        endDate: r.endDate,
        endTime: r.endTime,
        endDay: r.endDay,
        hoursWorked,
        travelHours,
        totalHours: total,
        description: '',
        ...counts,
        flaggedBy: { officerId: 0, firstName: '', lastName: '' },
        auditComments: '',
        enteredBy: null,
        updatedBy: null,
        createdTimestamp: '',
        updatedTimestamp: '',
        locked: false,
        reviewState: 'accepted',
        reviewedBy: null,
        reviewedAt: null,
        attention: [],
        hasChildren: 'N',
        ticketCount,
        flaggedCount,
      } satisfies Ticket;
    }),
  };
}

/** How many officers have matching tickets (the summary's total for a page past the end). */
async function countOfficers(db: Db, f: TicketFilter, tz: string): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(distinct ${hw.officerId})`.mapWith(Number) }).from(hw).where(filterConditions(f, tz));
  return n;
}

/**
 * Footer totals (spec §2): sums over unflagged matching tickets; ticketCount and flaggedCount count
 * all. One aggregate over the ticket table (the event joined for its incentive hours only).
 */
export async function ticketTotals(db: Db, f: TicketFilter, tz: string): Promise<TicketTotals> {
  const [r] = await db.select(sums()).from(hw).leftJoin(s.event, eq(s.event.eventId, hw.eventId)).where(filterConditions(f, tz));
  return roundSums(r);
}

/** The officer's tickets, other than `excludeId`, whose 10-41..10-42 overlaps [start, end). */
export function overlapCondition(officerId: number, start: Date, end: Date, excludeId: number) {
  return and(eq(hw.officerId, officerId), lt(hw.startAt, end), gt(hw.endAt, start), ne(hw.hoursWorkedId, excludeId));
}

/**
 * Tickets of the officer whose 10-41..10-42 overlaps [start, end), other than `excludeId`, as
 * full rows (GET getDuplicateTickets, spec §7). saveTicket tests the same overlap with EXISTS.
 */
export async function overlappingTickets(db: Db, officerId: number, start: Date, end: Date, excludeId: number, tz: string): Promise<Ticket[]> {
  const rows = await joined(db, tz).where(overlapCondition(officerId, start, end, excludeId)).orderBy(asc(hw.startAt));
  return rows.map((r) => toTicket(r));
}
