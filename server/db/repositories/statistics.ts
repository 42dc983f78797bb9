import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { EVENT_TYPE } from '../../../src/domain/constants';
import { daysBefore, toInstant } from '../../../src/domain/dates';
import { COUNT_FIELDS, round2, type CountField } from '../../../src/domain/tickets';
import type { StatisticsRow } from '../../../src/domain/schemas/statistics';

const hw = s.hoursWorked;
/** Total hours of a ticket: worked + travel + the event's incentive hours (as the time ticket list's Total). */
const total = sql`(${hw.hoursWorked} + ${hw.travelHours} + coalesce(${s.event.incentiveHours}, 0))`;
/** Detail tickets: assignment type 1, which mirrors event type 1 (Details). */
const isDetail = sql`${hw.assignmentTypeId} = ${EVENT_TYPE.DETAILS}`;

/**
 * The statistics report (spec §2 Statistics, §3 Statistics row) in ONE SQL aggregate: for the
 * officers assigned to precinct `assignedPct` (their current detachment), their unflagged time
 * tickets whose 10-41 falls on sinceDate..untilDate (MM/DD/YYYY, inclusive, in `tz`; no untilDate:
 * no upper bound), grouped by the precinct worked at (the ticket's precinct), ordered by precinct
 * id. Flagged tickets are left out altogether. Hours rounded to 2 decimals.
 */
export async function getStatistics(
  db: Db,
  q: { assignedPct: number; sinceDate: string; untilDate?: string },
  tz: string,
): Promise<StatisticsRow[]> {
  const where: SQL[] = [eq(s.officer.precinctId, q.assignedPct), isNull(hw.flaggedBy), gte(hw.startAt, toInstant(q.sinceDate, '00:00', tz))];
  if (q.untilDate) where.push(lt(hw.startAt, toInstant(daysBefore(q.untilDate, -1), '00:00', tz)));
  const counts = Object.fromEntries(COUNT_FIELDS.map((c) => [c, sql<number>`coalesce(sum(${hw[c]}), 0)`.mapWith(Number)])) as Record<CountField, SQL<number>>;
  const rows = await db
    .select({
      precinctId: hw.precinctId,
      pctName: s.precinct.description,
      allHours: sql<number>`coalesce(sum(${hw.hoursWorked}), 0) + coalesce(sum(${hw.travelHours}), 0) + coalesce(sum(${s.event.incentiveHours}), 0)`.mapWith(Number),
      detailHours: sql<number>`coalesce(sum(${total}) filter (where ${isDetail}), 0)`.mapWith(Number),
      detailsWorked: sql<number>`count(*) filter (where ${isDetail})`.mapWith(Number),
      ...counts,
    })
    .from(hw)
    .innerJoin(s.officer, eq(s.officer.officerId, hw.officerId))
    .innerJoin(s.precinct, eq(s.precinct.precinctId, hw.precinctId))
    .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
    .where(and(...where))
    .groupBy(hw.precinctId, s.precinct.description)
    .orderBy(asc(hw.precinctId));
  return rows.map((r) => ({
    ...r,
    allHours: round2(r.allHours),
    detailHours: round2(r.detailHours),
    assignedPct: q.assignedPct,
    sinceDate: q.sinceDate,
    untilDate: q.untilDate ?? null,
  }));
}
