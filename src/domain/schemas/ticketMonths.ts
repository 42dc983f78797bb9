/**
 * Wire shapes of GET /api/timeTickets/getHoursByMonth: one officer's hours by month of one year,
 * for the chart on his time ticket list. Months are 'YYYY-MM' of the 10-41 date in ORG_TIMEZONE;
 * hours are decimal hours rounded to 2 decimals.
 */
import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The earliest and latest year the call answers (wider than any organisation's records). */
export const HOURS_BY_MONTH_YEARS = { min: 1900, max: 2999 } as const;

/**
 * Query: officerId (the signed-in officer when absent or empty) and year (four digits; this year
 * in ORG_TIMEZONE when absent or empty). Out of range or not a whole number -> 400.
 */
export const hoursByMonthQuery = z.object({
  officerId: z.preprocess(blank, wholeNumberText(1).optional()),
  year: z.preprocess(blank, z.coerce.number().int().min(HOURS_BY_MONTH_YEARS.min).max(HOURS_BY_MONTH_YEARS.max).optional()),
});
export type HoursByMonthQuery = z.infer<typeof hoursByMonthQuery>;

/**
 * One month of the answer. `hours`: the total hours (worked + travel + the event's incentive hours)
 * of the officer's unflagged tickets whose 10-41 falls in the month, the hours the list's footer
 * totals count; `flaggedHours`: the same over his flagged tickets (hours at risk), not in `hours`.
 */
export const hoursByMonthRow = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/).meta({ example: '2026-03', description: "'YYYY-MM' of the 10-41 date in ORG_TIMEZONE" }),
  hours: z.number().meta({ description: 'Counted hours (unflagged tickets), 2 decimals' }),
  flaggedHours: z.number().meta({ description: 'Hours of flagged tickets (at risk), 2 decimals' }),
});
export type HoursByMonthRow = z.infer<typeof hoursByMonthRow>;

/** The answer: the months of the year in order, January first (see getHoursByMonth). */
export const hoursByMonthAnswer = z.array(hoursByMonthRow);
