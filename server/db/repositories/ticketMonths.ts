/**
 * One officer's hours by month of one year (GET /api/timeTickets/getHoursByMonth): the chart on
 * his time ticket list. One aggregate over his tickets of the year, grouped by the month of the
 * 10-41 in ORG_TIMEZONE (the database works the month out); the months without tickets are filled
 * in with zeros afterwards (at most 12 slots, never a ticket row in JavaScript).
 */
import { and, eq, gte, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { dayjs } from '../../../src/domain/dates';
import { round2 } from '../../../src/domain/tickets';
import { DATE_FORMAT } from '../../../src/domain/constants';
import type { HoursByMonthRow } from '../../../src/domain/schemas/ticketMonths';
import { dayStart } from '../sqlDates';

const hw = s.hoursWorked;

/**
 * The total hours of the tickets that `which` keeps, summed as the list's footer sums them
 * (repo.ticketTotals): the sum of worked, the sum of travel and the sum of the events' incentive
 * hours, each exact numeric, added once.
 */
function totalOf(which: SQLWrapper) {
  const sum = (e: SQLWrapper) => sql`coalesce(sum(${e}) filter (where ${which}), 0)`;
  return sql<number>`(${sum(hw.hoursWorked)} + ${sum(hw.travelHours)} + ${sum(s.event.incentiveHours)})::float8`.mapWith(Number);
}

/**
 * The months ('YYYY-MM') the answer lists for `year` when the organisation's date is `today`
 * (MM/DD/YYYY): January to December for a past year, January to this month for this year, none
 * for a later year.
 */
export function monthsShown(year: number, today: string): string[] {
  const now = dayjs(today, DATE_FORMAT, true);
  return monthsTo(year, year < now.year() ? 11 : year === now.year() ? now.month() : -1);
}

/** 'YYYY-01' to the month of index `last` (0 January .. 11 December) of `year`; none for -1. */
function monthsTo(year: number, last: number): string[] {
  return Array.from({ length: last + 1 }, (_, i) => dayjs(new Date(year, i, 1)).format('YYYY-MM'));
}

/**
 * `officerId`'s hours by month of `year` in ONE SQL statement: for each month ('YYYY-MM' of the
 * 10-41 date in `tz`) `hours`, the total hours (worked + travel + incentive) of his unflagged
 * tickets, the figure the list's footer shows as Total, and `flaggedHours`, the same over his
 * flagged tickets. Both rounded to 2 decimals. The months of monthsShown(year, today), zero where
 * he has no ticket; when a later month of the year has tickets (one dated ahead), the months run
 * to it, so they always add up to the year's totals.
 */
export async function hoursByMonth(db: Db, officerId: number, year: number, today: string, tz: string): Promise<HoursByMonthRow[]> {
  const month = sql<string>`to_char(${hw.startAt} at time zone ${tz}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      hours: totalOf(sql`${hw.flaggedBy} is null`),
      flaggedHours: totalOf(sql`${hw.flaggedBy} is not null`),
    })
    .from(hw)
    .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
    .where(and(eq(hw.officerId, officerId), gte(hw.startAt, dayStart(`01/01/${year}`, tz)), lt(hw.startAt, dayStart(`01/01/${year + 1}`, tz))))
    // by position: the select list's month expression (its time zone is a parameter, which a
    // repeated expression would bind again and the database would not take as the same)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const found = new Map(rows.map((r) => [r.month, r]));
  const shown = monthsShown(year, today);
  const lastFound = rows.length ? Number(rows[rows.length - 1].month.slice(5)) - 1 : -1;
  const months = lastFound >= shown.length ? monthsTo(year, lastFound) : shown;
  return months.map((m) => {
    const r = found.get(m);
    return { month: m, hours: round2(r?.hours ?? 0), flaggedHours: round2(r?.flaggedHours ?? 0) };
  });
}
