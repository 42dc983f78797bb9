/**
 * LOSAP rules and figures (see docs/decisions/022-losap-rules.md). The figures of every officer
 * of a year are computed by ONE statement builder (figuresCte), used by an officer's progress,
 * the LOSAP Progress report and, later, the year-end statement: the same figures everywhere.
 * It is grouped aggregates in SQL over the year's tickets (10-41 in the calendar year, ORG_TIMEZONE)
 * with the rule's parameters, never a query per officer.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { DEFAULT_LOSAP_HOURS, type LosapRuleKind } from '../../../src/domain/losap';
import type { LosapCategory, LosapRules, LosapReportSortKey } from '../../../src/domain/schemas/losap';
import { EXEMPT_OFFICER_IDS } from '../../../src/domain/constants';
import type { AttestationStatus } from '../../../src/domain/losapYearEnd';

/** A year's rules as stored, or the default hours rule; frozenAt set once certified. */
export interface StoredRules extends LosapRules {
  stored: boolean;
  frozenAt: Date | null;
}

/** The rules of `year`: the stored ones with their categories in order, else the default hours rule (DEFAULT_LOSAP_HOURS). */
export async function readRules(db: Db, year: number): Promise<StoredRules> {
  const [head] = await db.select().from(s.losapYearRules).where(eq(s.losapYearRules.year, year));
  if (!head) return { year, rule: 'hours', threshold: DEFAULT_LOSAP_HOURS, categories: [], stored: false, frozenAt: null };
  const cats = await db.select().from(s.losapCategory).where(eq(s.losapCategory.year, year)).orderBy(asc(s.losapCategory.position));
  return {
    year,
    rule: head.rule as LosapRuleKind,
    threshold: head.threshold,
    stored: true,
    frozenAt: head.frozenAt,
    categories: cats.map(
      (c): LosapCategory => ({
        name: c.name,
        unit: c.unit as LosapCategory['unit'],
        points: c.points,
        perHours: c.perHours,
        minHours: c.minHours,
        cap: c.cap,
        assignmentTypeIds: c.assignmentTypeIds,
        eventTypeIds: c.eventTypeIds,
      }),
    ),
  };
}

/**
 * Stores a year's rules (already valid and normalized), replacing its categories, in the
 * caller's transaction. The year's row is locked first (FOR UPDATE), so a certification racing
 * the save is seen: returns 'frozen' with nothing written when the year is certified; else the
 * rules before (null when none were stored).
 */
export async function saveRules(tx: Db, r: LosapRules, actorId: number, now: Date): Promise<{ frozen: true } | { frozen: false; before: StoredRules | null }> {
  const [head] = await tx.select({ frozenAt: s.losapYearRules.frozenAt }).from(s.losapYearRules).where(eq(s.losapYearRules.year, r.year)).for('update');
  if (head?.frozenAt) return { frozen: true };
  const before = head ? await readRules(tx, r.year) : null;
  await tx
    .insert(s.losapYearRules)
    .values({ year: r.year, rule: r.rule, threshold: r.threshold, updatedBy: actorId, updatedTimestamp: now })
    .onConflictDoUpdate({ target: s.losapYearRules.year, set: { rule: r.rule, threshold: r.threshold, updatedBy: actorId, updatedTimestamp: now } });
  await tx.delete(s.losapCategory).where(eq(s.losapCategory.year, r.year));
  if (r.categories.length) {
    await tx.insert(s.losapCategory).values(r.categories.map((c, position) => ({ ...c, year: r.year, position })));
  }
  return { frozen: false, before };
}

/** What a figures statement covers: the rules of the year, its time zone, and which officers. */
export interface FiguresScope {
  rules: LosapRules;
  tz: string;
  /** One officer (his progress, whether active or not); else every officer of the year's tickets. */
  officerId?: number;
}

/** A statement's rows as objects, whichever driver ran it (PGlite answers {rows}, postgres.js an array). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(res) ? res : res.rows;
}

/**
 * The year's tickets as a subquery: officer, 10-41, assignment type, event type, tour length (hours
 * worked), total hours (worked + travel + incentive, as the ticket list's Total) and whether
 * flagged; 10-41 in [Jan 1, Jan 1 next year) of the year in `tz` (hw_start_cover_idx range).
 */
function yearTickets(sc: FiguresScope): SQL {
  const y = sc.rules.year;
  const from = sql`(make_date(${y}::int, 1, 1)::timestamp at time zone ${sc.tz})`;
  const to = sql`(make_date(${y}::int + 1, 1, 1)::timestamp at time zone ${sc.tz})`;
  const one = sc.officerId !== undefined ? sql`and hw.officer_id = ${sc.officerId}` : sql``;
  return sql`select hw.officer_id, hw.start_at, hw.assignment_type_id, e.event_type_id, hw.event_id,
      hw.hours_worked as tour, (hw.hours_worked + hw.travel_hours + coalesce(e.incentive_hours, 0)) as hours,
      hw.flagged_by is not null as flagged
    from "hours_worked" hw left join "event" e on e.event_id = hw.event_id
    where hw.start_at >= ${from} and hw.start_at < ${to} ${one}`;
}

/** The literal array of ids as a parameter (`{1,2}`::int[]). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/**
 * Whether a ticket of `t` feeds category `c`: unflagged, its tour (hours worked) at least the
 * category's minimum, one of its sources (assignment type or event type), an event ticket for
 * points per event attended.
 */
function feeds(c: LosapCategory): SQL {
  const sources: SQL[] = [];
  if (c.assignmentTypeIds.length) sources.push(sql`t.assignment_type_id = any(${intArray(c.assignmentTypeIds)})`);
  if (c.eventTypeIds.length) sources.push(sql`t.event_type_id = any(${intArray(c.eventTypeIds)})`);
  const parts = [sql`not t.flagged`, sql`t.tour >= ${c.minHours}::numeric`, sql`(${sources.length ? sql.join(sources, sql` or `) : sql`false`})`];
  if (c.unit === 'event') parts.push(sql`t.event_id is not null`);
  return sql.join(parts, sql` and `);
}

/** A category's raw value for one officer's group of tickets (before its cap): points per ticket or event, or per whole N hours. */
function categoryValue(c: LosapCategory): SQL {
  return c.unit === 'hours'
    ? sql`(floor(coalesce(sum(t.hours) filter (where ${feeds(c)}), 0) / ${c.perHours ?? 1}::numeric) * ${c.points}::numeric)`
    : sql`(count(*) filter (where ${feeds(c)}) * ${c.points}::numeric)`;
}

/**
 * The CTE of a year's figures, per_officer: ONE pass over the year's tickets grouped by officer,
 * the rule's parameters written into the aggregates (so PostgreSQL hash-aggregates the range once,
 * whatever the number of categories). total: under the hours rule the unflagged hours; under a
 * point schedule each category's value (c0, c1, ... before caps) capped and summed. risk: the
 * flagged tickets' hours, which count nowhere.
 */
export function figuresCte(sc: FiguresScope): SQL {
  const cats = sc.rules.rule === 'points' ? sc.rules.categories : [];
  const risk = sql`coalesce(sum(t.hours) filter (where t.flagged), 0)`;
  if (sc.rules.rule !== 'points') {
    return sql`per_officer as (select t.officer_id, coalesce(sum(t.hours) filter (where not t.flagged), 0) as total, ${risk} as risk
      from (${yearTickets(sc)}) t group by t.officer_id)`;
  }
  const capped = cats.map((c) => (c.cap === null ? categoryValue(c) : sql`least(${categoryValue(c)}, ${c.cap}::numeric)`));
  const columns = cats.map((c, i) => sql`, ${categoryValue(c)} as ${sql.identifier(`c${i}`)}`);
  return sql`per_officer as (select t.officer_id, (${capped.length ? sql.join(capped, sql` + `) : sql`0`}) as total, ${risk} as risk ${sql.join(columns, sql``)}
    from (${yearTickets(sc)}) t group by t.officer_id)`;
}

/** One officer's year: his total (the rule's unit), flagged hours, each category (all of the schedule's, 0 when none counted) and each month's hours. */
export interface OfficerFigures {
  total: number;
  atRiskHours: number;
  byCategory: Array<{ name: string; value: number; cap: number | null; capped: boolean }>;
  /** Months 1-12 of the year in the org time zone, total hours of the unflagged tickets (every month, 0 when none). */
  byMonth: Array<{ month: number; hours: number }>;
}

/**
 * One officer's figures for the year under `sc.rules` (sc.officerId required), from the same
 * per_officer CTE as the report: his total, flagged hours and each category's value (caps applied
 * here, `capped` when the cap cut it). Under the hours rule the categories are the assignment
 * types of his unflagged tickets (their total hours). Values rounded to 2 decimals.
 */
export async function officerFigures(db: Db, sc: FiguresScope & { officerId: number }): Promise<OfficerFigures> {
  const cats = sc.rules.rule === 'points' ? sc.rules.categories : [];
  const [head] = await rowsOf<Record<string, number | null>>(
    db,
    sql`with ${figuresCte(sc)} select round(total, 2)::float8 as total, round(risk, 2)::float8 as risk
      ${sql.join(cats.map((_c, i) => sql`, round(${sql.identifier(`c${i}`)}, 2)::float8 as ${sql.identifier(`c${i}`)}`), sql``)} from per_officer`,
  );
  let rows: Array<{ name: string; value: number; cap: number | null }>;
  if (sc.rules.rule === 'points') {
    rows = cats.map((c, i) => ({ name: c.name, value: Number(head?.[`c${i}`] ?? 0), cap: c.cap }));
  } else {
    const types = await rowsOf<{ name: string; value: number }>(
      db,
      sql`select at.description as name, round(sum(t.hours), 2)::float8 as value
        from (${yearTickets(sc)}) t join assignment_type at on at.assignment_type_id = t.assignment_type_id
        where not t.flagged group by at.assignment_type_id, at.description order by at.assignment_type_id`,
    );
    rows = types.map((r) => ({ name: r.name, value: Number(r.value), cap: null }));
  }
  const months = await rowsOf<{ month: number; hours: number }>(
    db,
    sql`select extract(month from t.start_at at time zone ${sc.tz})::int as month, round(sum(t.hours), 2)::float8 as hours
      from (${yearTickets(sc)}) t where not t.flagged group by 1`,
  );
  const perMonth = new Map(months.map((r) => [Number(r.month), Number(r.hours)]));
  return {
    total: Number(head?.total ?? 0),
    atRiskHours: Number(head?.risk ?? 0),
    byMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, hours: perMonth.get(i + 1) ?? 0 })),
    byCategory: rows.map((c) => ({ ...c, value: c.cap !== null ? Math.min(c.value, c.cap) : c.value, capped: c.cap !== null && c.value > c.cap })),
  };
}

/** The report's filters, sort and page, with the pace (the rule's unit) that decides atRisk and the org's today (YYYY-MM-DD). */
export interface StandingsQuery {
  precinctId?: number;
  rankId?: number;
  /** The day officers must not be separated before (YYYY-MM-DD): today, or the year's last day for a past year. */
  activeOn: string;
  pace: number;
  sort?: LosapReportSortKey;
  order?: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export interface StandingRow {
  officerId: number;
  lastName: string;
  firstName: string;
  precinctId: number | null;
  precinct: string | null;
  rankId: number | null;
  rank: string | null;
  total: number;
  atRiskHours: number;
}

/**
 * Every active officer's figures for the year (LOSAP Progress report) in ONE statement: the
 * per_officer CTE (figuresCte) joined to the officers (not separated before `activeOn`,
 * exempt accounts left out, precinct and rank filters), sorted, paged, with the number of
 * matching officers as a window count. Sorts: officerId, name, precinct, rank, total,
 * atRiskHours, atRisk (total below pace); ties by name then id.
 */
export async function officerStandings(db: Db, sc: FiguresScope, q: StandingsQuery): Promise<{ rows: StandingRow[]; total: number }> {
  const { filters, order } = standingsParts(q);
  const total = sql`coalesce(p.total, 0)`;
  const rows = await rowsOf<StandingRow & { count: number }>(
    db,
    sql`with ${figuresCte(sc)}
      select ${standingColumns(total)}, count(*) over ()::int as count
      from ${standingFrom()}
      where ${sql.join(filters, sql` and `)}
      order by ${order}
      limit ${q.limit} offset ${q.offset}`,
  );
  let count = rows.length ? Number(rows[0].count) : 0;
  if (!rows.length && q.offset > 0) {
    const [c] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from officer o where ${sql.join(filters, sql` and `)}`);
    count = Number(c.n);
  }
  return { rows: rows.map(({ count: _c, ...r }) => ({ ...r, total: Number(r.total), atRiskHours: Number(r.atRiskHours) })), total: count };
}

/** The report's officer filters (active on q.activeOn, exempt accounts left out, precinct, rank) and ORDER BY of q's sort. */
function standingsParts(q: Pick<StandingsQuery, 'precinctId' | 'rankId' | 'activeOn' | 'pace' | 'sort' | 'order'>): { filters: SQL[]; order: SQL } {
  const dir = sql.raw(q.order === 'DESC' ? 'desc' : 'asc');
  const name = sql`lower(o.last_name) ${dir}, lower(o.first_name) ${dir}, o.officer_id ${dir}`;
  const total = sql`coalesce(p.total, 0)`;
  const order: Record<LosapReportSortKey, SQL> = {
    officerId: sql`o.officer_id ${dir}`,
    name,
    precinct: sql`pr.description ${dir} nulls last, ${name}`,
    rank: sql`rk.description ${dir} nulls last, ${name}`,
    total: sql`${total} ${dir}, ${name}`,
    atRiskHours: sql`coalesce(p.risk, 0) ${dir}, ${name}`,
    atRisk: sql`(${total} < ${q.pace}::numeric) ${dir}, ${total} ${sql.raw(q.order === 'DESC' ? 'asc' : 'desc')}, ${name}`,
  };
  const filters: SQL[] = [
    sql`(o.separation_date is null or o.separation_date > ${q.activeOn}::date)`,
    sql`o.officer_id <> all(${`{${EXEMPT_OFFICER_IDS.join(',')}}`}::int[])`,
  ];
  if (q.precinctId) filters.push(sql`o.precinct_id = ${q.precinctId}`);
  if (q.rankId) filters.push(sql`o.rank_id = ${q.rankId}`);
  return { filters, order: order[q.sort ?? 'name'] };
}

/** The report row's columns (StandingRow) over standingFrom(), `total` the officer's total expression. */
const standingColumns = (total: SQL) => sql`o.officer_id as "officerId", o.last_name as "lastName", o.first_name as "firstName",
        o.precinct_id as "precinctId", pr.description as precinct, o.rank_id as "rankId", rk.description as rank,
        round(${total}, 2)::float8 as total, round(coalesce(p.risk, 0), 2)::float8 as "atRiskHours"`;

/** Officers (o) with their figures (p, per_officer), precinct (pr) and rank (rk). */
const standingFrom = () => sql`officer o
        left join per_officer p on p.officer_id = o.officer_id
        left join precinct pr on pr.precinct_id = o.precinct_id
        left join rank rk on rk.rank_id = o.rank_id`;

/** A year's review row: the report's row, each category's figure, and the stored attestation with the derived status. */
export interface ReviewStandingRow extends StandingRow {
  byCategory: Array<{ name: string; value: number; cap: number | null; capped: boolean }>;
  /** figuresKey of his current figures (src/domain/losapYearEnd.ts), as SQL writes it. */
  figuresKey: string;
  status: AttestationStatus;
  attestedAt: Date | null;
  comment: string | null;
  resolution: string | null;
}

/** The review's filters on top of the report's: an attestation status, one officer. */
export interface ReviewQuery extends Omit<StandingsQuery, 'offset' | 'limit'> {
  status?: AttestationStatus;
  officerId?: number;
}

/**
 * The parts of the review's statement over the year's figures (figuresCte, and under the hours
 * rule each officer's assignment types in a second CTE): the byCategory columns, the figures key
 * (exactly figuresKey of src/domain/losapYearEnd.ts: each value rounded to 2 decimals as numeric
 * text, in the schedule's order, or the assignment types' order under the hours rule) and the
 * status (attestationStatusOf), so the status filters, counts and pages are SQL's.
 */
function reviewParts(sc: FiguresScope, q: ReviewQuery) {
  const cats = sc.rules.rule === 'points' ? sc.rules.categories : [];
  const total = sql`coalesce(p.total, 0)`;
  let ctes: SQL;
  let from = sql`${standingFrom()} left join losap_attestation a on a.year = ${sc.rules.year}::int and a.officer_id = o.officer_id`;
  let keyTail: SQL;
  let catColumns: SQL;
  if (sc.rules.rule === 'points') {
    const value = (i: number, cap: number | null) => {
      const raw = sql`coalesce(p.${sql.identifier(`c${i}`)}, 0)`;
      return cap === null ? raw : sql`least(${raw}, ${cap}::numeric)`;
    };
    keyTail = cats.length ? sql.join(cats.map((c, i) => sql`${`|${c.name}=`}::text || round(${value(i, c.cap)}, 2)::text`), sql` || `) : sql`''`;
    catColumns = sql.join(cats.map((_c, i) => sql`, round(coalesce(p.${sql.identifier(`c${i}`)}, 0), 2)::float8 as ${sql.identifier(`c${i}`)}`), sql``);
    ctes = figuresCte(sc);
  } else {
    // one pass over the year's tickets by officer and assignment type; his total and flagged
    // hours are their sums (the same figures as figuresCte's per_officer, one scan fewer)
    ctes = sql`per_type as (select t.officer_id, t.assignment_type_id, sum(t.hours) filter (where not t.flagged) as value,
          sum(t.hours) filter (where t.flagged) as risk
        from (${yearTickets(sc)}) t group by t.officer_id, t.assignment_type_id),
      per_officer as (select officer_id, coalesce(sum(value), 0) as total, coalesce(sum(risk), 0) as risk from per_type group by officer_id),
      type_list as (select pt.officer_id,
          json_agg(json_build_object('name', at.description, 'value', round(pt.value, 2)::float8) order by pt.assignment_type_id) as cats,
          string_agg('|' || at.description || '=' || round(pt.value, 2)::text, '' order by pt.assignment_type_id) as key_tail
        from per_type pt join assignment_type at on at.assignment_type_id = pt.assignment_type_id where pt.value is not null group by pt.officer_id)`;
    from = sql`${from} left join type_list tl on tl.officer_id = o.officer_id`;
    keyTail = sql`coalesce(tl.key_tail, '')`;
    catColumns = sql`, tl.cats as "typeCats"`;
  }
  const key = sql`(round(${total}, 2)::text || ${keyTail})`;
  const status = sql`(case when a.state is null then 'none' when a.state = 'attested' then case when a.figures_key = ${key} then 'attested' else 'changed' end else a.state end)`;
  const { filters, order } = standingsParts(q);
  if (q.status) filters.push(sql`${status} = ${q.status}`);
  if (q.officerId !== undefined) filters.push(sql`o.officer_id = ${q.officerId}`);
  return { ctes, from, key, status, catColumns, filters, order, total, cats };
}

/**
 * One page of a year's review (GET /api/losap/review) in ONE statement: the LOSAP Progress
 * report's officers and figures (officerStandings' filters and sorts), each category's figure
 * (caps applied, as officerFigures gives them), the figures key, and the stored attestation with
 * its status; q.status keeps one status; with the number of matching officers.
 */
export async function reviewStandings(db: Db, sc: FiguresScope, q: ReviewQuery & { offset: number; limit: number }): Promise<{ rows: ReviewStandingRow[]; total: number }> {
  const r = reviewParts(sc, q);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${r.ctes}
      select ${standingColumns(r.total)}, ${r.key} as "figuresKey", ${r.status} as status, a.attested_at as "attestedAt",
        a.comment, a.resolution ${r.catColumns}, count(*) over ()::int as count
      from ${r.from}
      where ${sql.join(r.filters, sql` and `)}
      order by ${r.order}
      limit ${q.limit} offset ${q.offset}`,
  );
  let count = rows.length ? Number(rows[0].count) : 0;
  if (!rows.length && q.offset > 0) count = (await reviewCounts(db, sc, q)).officers;
  return {
    total: count,
    rows: rows.map((row) => {
      let byCategory: ReviewStandingRow['byCategory'];
      if (sc.rules.rule === 'points') {
        byCategory = r.cats.map((c, i) => {
          const raw = Number(row[`c${i}`] ?? 0);
          return { name: c.name, value: c.cap !== null ? Math.min(raw, c.cap) : raw, cap: c.cap, capped: c.cap !== null && raw > c.cap };
        });
      } else {
        const typeCats = (typeof row.typeCats === 'string' ? JSON.parse(row.typeCats) : row.typeCats) as Array<{ name: string; value: number }> | null;
        byCategory = (typeCats ?? []).map((c) => ({ name: c.name, value: Number(c.value), cap: null, capped: false }));
      }
      return {
        officerId: Number(row.officerId),
        lastName: row.lastName as string,
        firstName: row.firstName as string,
        precinctId: row.precinctId as number | null,
        precinct: row.precinct as string | null,
        rankId: row.rankId as number | null,
        rank: row.rank as string | null,
        total: Number(row.total),
        atRiskHours: Number(row.atRiskHours),
        byCategory,
        figuresKey: row.figuresKey as string,
        status: row.status as AttestationStatus,
        attestedAt: row.attestedAt ? new Date(row.attestedAt as string | Date) : null,
        comment: (row.comment as string | null) ?? null,
        resolution: (row.resolution as string | null) ?? null,
      };
    }),
  };
}

/** How many of a year's review officers have each status (q's filters, not its status): officers, attested, notAttested (none, changed, resolved), disputed. */
export async function reviewCounts(db: Db, sc: FiguresScope, q: ReviewQuery): Promise<{ officers: number; attested: number; notAttested: number; disputed: number }> {
  const r = reviewParts(sc, { ...q, status: undefined });
  const rows = await rowsOf<{ status: AttestationStatus; n: number }>(
    db,
    sql`with ${r.ctes} select s.status, count(*)::int as n from (select ${r.status} as status from ${r.from} where ${sql.join(r.filters, sql` and `)}) s group by s.status`,
  );
  const by = (st: AttestationStatus) => Number(rows.find((x) => x.status === st)?.n ?? 0);
  const officers = rows.reduce((a, x) => a + Number(x.n), 0);
  return { officers, attested: by('attested'), notAttested: by('none') + by('changed') + by('resolved'), disputed: by('disputed') };
}

/**
 * The names of the year's categories as columns (the sponsor's file): the schedule's, in order;
 * under the hours rule the assignment types of the year's unflagged tickets, by id (the names
 * officerFigures' byCategory uses).
 */
export async function yearCategoryNames(db: Db, sc: FiguresScope): Promise<string[]> {
  if (sc.rules.rule === 'points') return sc.rules.categories.map((c) => c.name);
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select at.description as name from assignment_type at
      where exists (select 1 from (${yearTickets(sc)}) t where t.assignment_type_id = at.assignment_type_id and not t.flagged)
      order by at.assignment_type_id`,
  );
  return rows.map((r) => r.name);
}

/** A flagged ticket of the year, left out of every figure: its 10-41 (an instant) and total hours. */
export interface FlaggedTicket {
  startAt: Date;
  hours: number;
}

/**
 * One officer's flagged tickets of the year (the same yearTickets range and total hours as
 * officerFigures' atRiskHours), by 10-41; hours rounded to 2 decimals. For the year-end statement.
 */
export async function flaggedTickets(db: Db, sc: FiguresScope & { officerId: number }): Promise<FlaggedTicket[]> {
  const rows = await rowsOf<{ startAt: Date | string; hours: number }>(
    db,
    sql`select t.start_at as "startAt", round(t.hours, 2)::float8 as hours from (${yearTickets(sc)}) t where t.flagged order by t.start_at`,
  );
  return rows.map((r) => ({ startAt: new Date(r.startAt), hours: Number(r.hours) }));
}

/** An officer's id and name, or undefined when there is none with that id. */
export async function officerNameOf(db: Db, officerId: number): Promise<{ officerId: number; lastName: string; firstName: string } | undefined> {
  const [o] = await db
    .select({ officerId: s.officer.officerId, lastName: s.officer.lastName, firstName: s.officer.firstName })
    .from(s.officer)
    .where(eq(s.officer.officerId, officerId));
  return o;
}
