/**
 * Statistics report wire shapes and search rules (spec §2 Statistics, §3 Statistics row, §5
 * statistics search), shared by the server (GET /api/statistics/getStatistics) and the browser
 * (/Reports/StatisticsSearch runs statisticsSearchSchema through zodFormErrors). Dates MM/DD/YYYY
 * in ORG_TIMEZONE; hours are decimal hours rounded to 2 decimals.
 */
import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';
import { US_DATE, usDateText } from './wire';
import { rc } from '../messages';
import { validateSearchRange } from '../search';
import { isValidDate } from '../dates';
import { COUNT_FIELDS } from '../tickets';

const blank = (x: unknown) => (x === '' || x === null ? undefined : x);

/**
 * Query of GET /api/statistics/getStatistics (spec §7): assignedPct (the detachment: the officers'
 * assigned precinct), sinceDate and untilDate (MM/DD/YYYY, inclusive, the day of the 10-41).
 * Empty strings count as absent. The §5 rules are statisticsSearchSchema.
 */
export const statisticsQuery = z.object({
  assignedPct: z.preprocess(blank, wholeNumberText(0).optional()),
  sinceDate: z.preprocess(blank, z.string().trim().max(10).meta(US_DATE).optional()),
  untilDate: z.preprocess(blank, z.string().trim().max(10).meta(US_DATE).optional()),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** The field a date-range message belongs to. */
function rangePath(message: string, q: StatisticsQuery): string {
  if (message === rc.validation.sinceAfterUntil) return 'untilDate';
  if (message === rc.validation.invalidDate && q.sinceDate && isValidDate(q.sinceDate)) return 'untilDate';
  return 'sinceDate';
}

/**
 * Spec §5 statistics search ("the same as event search; detachment is required"), in this order:
 * 'Must enter at least one search criteria!' (nothing given), 'Cannot enter until date without
 * since date!', 'Must enter since date!', a malformed date 'Invalid date - use MM/DD/YYYY', 'Since
 * date must be <= until date!'; then, as its own issue, 'Detachment is required'. The API answers
 * the first issue (400); the form shows each beside its field.
 */
export const statisticsSearchSchema = statisticsQuery.superRefine((q, ctx) => {
  const problem = validateSearchRange({ sinceDate: q.sinceDate, untilDate: q.untilDate, otherCriteria: !!q.assignedPct, sinceRequired: true });
  if (problem) ctx.addIssue({ code: 'custom', path: [rangePath(problem, q)], message: problem });
  if (!q.assignedPct) ctx.addIssue({ code: 'custom', path: ['assignedPct'], message: rc.statistics.validation.detachmentRequired });
});

/**
 * One row of the statistics report (spec §3 Statistics row): a precinct worked at (the tickets'
 * precinct) by officers assigned to the detachment, over their unflagged time tickets whose 10-41
 * falls in the period. allHours: total hours (worked + travel + the event's incentive hours, as the
 * time ticket list's Total); detailHours: the same over detail tickets (assignment type 1);
 * detailsWorked: the number of detail tickets; then the eight activity counts summed. The query's
 * assignedPct, sinceDate and untilDate are echoed.
 */
export const statisticsRow = z.object({
  precinctId: z.number(),
  pctName: z.string(),
  allHours: z.number(),
  detailHours: z.number(),
  detailsWorked: z.number(),
  ...(Object.fromEntries(COUNT_FIELDS.map((f) => [f, z.number()])) as Record<(typeof COUNT_FIELDS)[number], z.ZodNumber>),
  assignedPct: z.number(),
  sinceDate: usDateText(),
  untilDate: usDateText().nullable(),
});
export type StatisticsRow = z.infer<typeof statisticsRow>;
