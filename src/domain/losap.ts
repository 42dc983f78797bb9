/**
 * LOSAP (Length of Service Award Program) rules of a year and the pace, shared by the browser
 * and the server. The year is a calendar year in ORG_TIMEZONE; a ticket belongs to the year of
 * its 10-41. See docs/decisions/022-losap-rules.md.
 */
import { dayjs } from './dates';
import { DATE_FORMAT } from './constants';
import { round2 } from './tickets';

export const LOSAP_RULE_KINDS = ['hours', 'points'] as const;
export type LosapRuleKind = (typeof LOSAP_RULE_KINDS)[number];

/** How a category counts: per ticket, per N hours of its tickets, per event attended. */
export const LOSAP_UNITS = ['ticket', 'hours', 'event'] as const;
export type LosapUnit = (typeof LOSAP_UNITS)[number];

/** The default hours rule of a year without stored rules: 100 total hours (decision 022). */
export const DEFAULT_LOSAP_HOURS = 100;
/** Years the rules may be stored for (the database checks the same range). */
export const LOSAP_YEAR_MIN = 2000;
export const LOSAP_YEAR_MAX = 2100;
/** The most categories a point schedule holds. */
export const LOSAP_MAX_CATEGORIES = 30;

/** 2 decimals, as every LOSAP figure is shown (the one rounding of hours in src/domain/tickets). */
export { round2 };

/**
 * The threshold pro-rated to `today` (MM/DD/YYYY, the org's today): for the current year the
 * share of its days gone by, today included; the whole threshold for a past year; 0 for a later
 * year. Rounded to 2 decimals.
 */
export function paceFor(threshold: number, year: number, today: string): number {
  const day = dayjs(today, DATE_FORMAT, true);
  if (year < day.year()) return threshold;
  if (year > day.year()) return 0;
  const first = dayjs(`${year}-01-01`);
  const daysInYear = dayjs(`${year + 1}-01-01`).diff(first, 'day');
  const elapsed = day.diff(first, 'day') + 1;
  return round2((threshold * elapsed) / daysInYear);
}

/**
 * Where a year's total stands (hours or points): `qualifies` once it reaches the threshold,
 * `behindPace` while it is below the pace (paceFor): at risk of not qualifying. The one reading of
 * both for the progress card, the progress report and the statement.
 */
export function standingOf(total: number, threshold: number, pace: number): { qualifies: boolean; behindPace: boolean } {
  return { qualifies: qualifies(total, threshold), behindPace: total < pace };
}

/** True when a year's total (hours or points) reaches its threshold: the year counts for LOSAP. */
export const qualifies = (total: number, threshold: number) => total >= threshold;

/** The year of `today` (MM/DD/YYYY). */
export const yearOf = (today: string) => dayjs(today, DATE_FORMAT, true).year();
