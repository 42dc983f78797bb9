/**
 * LOSAP wire shapes and the rules' validation, shared by the server (GET/PUT /api/losap/rules,
 * GET /api/losap/progress, GET /api/losap/progressReport) and the browser (LOSAP Rules page runs
 * losapRulesSchema through zodFormErrors). Hours are decimal hours; points as the schedule gives
 * them; both rounded to 2 decimals. Years are calendar years in ORG_TIMEZONE.
 */
import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';
import { hasNoBidiControls, hasNoControlCharacters } from '../validators';
import { format, rc } from '../messages';
import { LOSAP_MAX_CATEGORIES, LOSAP_RULE_KINDS, LOSAP_UNITS, LOSAP_YEAR_MAX, LOSAP_YEAR_MIN, round2 } from '../losap';

const m = rc.losap.errors;
const blank = (x: unknown) => (x === '' || x === null ? undefined : x);
const yearText = z.coerce.number().int(m.invalidYear).min(LOSAP_YEAR_MIN, m.invalidYear).max(LOSAP_YEAR_MAX, m.invalidYear);
const ids = z.array(z.number().int().min(1).max(1000)).max(50);
/** A number the form may leave empty (null), at most `max` (the column's size). */
const optionalNumber = (max: number) => z.number().finite().max(max).nullable();

/** One category of a point schedule (see losap_category in server/db/schema/losap.ts). */
export const losapCategory = z.object({
  /** One line: no control characters or text direction controls. */
  name: z
    .string()
    .trim()
    .max(100, format(rc.validation.tooLong, { max: 100 }))
    .refine(hasNoBidiControls, rc.validation.bidiControl)
    .refine(hasNoControlCharacters, rc.validation.controlCharacter),
  unit: z.enum(LOSAP_UNITS),
  /** Points per unit. */
  points: z.number().finite().max(9999),
  /** Unit 'hours': the hours one unit takes (e.g. 4: points per whole 4 hours); null otherwise. */
  perHours: optionalNumber(999).default(null),
  /** A ticket counts only when its tour (hours worked) is at least this long; 0 for any. */
  minHours: z.number().finite().max(999).default(0),
  /** The most points the category gives in a year; null for no cap. */
  cap: optionalNumber(99999).default(null),
  assignmentTypeIds: ids.default([]),
  eventTypeIds: ids.default([]),
});
export type LosapCategory = z.infer<typeof losapCategory>;

/** The body of PUT /api/losap/rules, and the rules part of its answers. */
export const losapRulesBody = z.object({
  year: z.number().int(m.invalidYear).min(LOSAP_YEAR_MIN, m.invalidYear).max(LOSAP_YEAR_MAX, m.invalidYear),
  rule: z.enum(LOSAP_RULE_KINDS),
  threshold: z.number().finite().max(99999),
  categories: z.array(losapCategory).max(LOSAP_MAX_CATEGORIES, format(m.tooManyCategories, { max: LOSAP_MAX_CATEGORIES })).default([]),
});
export type LosapRules = z.infer<typeof losapRulesBody>;

const sourceName = (kind: 'assignment' | 'event', id: number) => format(kind === 'assignment' ? m.assignmentSource : m.eventSource, { id });

/**
 * The rules' validation in plain words, in this order: threshold more than 0; for a point
 * schedule at least one category, each with a name (no two alike), a source (assignment or
 * event type; an event type for points per event attended), points and hours per unit more than
 * 0, no negative minimum or cap; a source feeding one category only; and a threshold no higher
 * than the sum of the caps when every category is capped. The API answers the first issue (400);
 * the form shows each beside its field.
 */
export const losapRulesSchema = losapRulesBody.superRefine((r, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  // figures are kept to 2 decimals: 0.001 is 0
  if (!(round2(r.threshold) > 0)) issue(['threshold'], m.thresholdPositive);
  if (r.rule !== 'points') return;
  if (!r.categories.length) issue(['categories'], m.noCategories);
  const seenNames = new Set<string>();
  const owner = new Map<string, string>();
  r.categories.forEach((c, i) => {
    const name = c.name.trim();
    const at = (field: string) => ['categories', i, field];
    if (!name) issue(at('name'), m.categoryName);
    else if (seenNames.has(name.toLowerCase())) issue(at('name'), format(m.duplicateName, { name }));
    seenNames.add(name.toLowerCase());
    const label = name || String(i + 1);
    if (!c.assignmentTypeIds.length && !c.eventTypeIds.length) issue(at('assignmentTypeIds'), format(m.noSource, { name: label }));
    else if (c.unit === 'event' && !c.eventTypeIds.length) issue(at('eventTypeIds'), format(m.eventUnitNeedsEventType, { name: label }));
    if (!(round2(c.points) > 0)) issue(at('points'), format(m.pointsPositive, { name: label }));
    if (c.unit === 'hours' && !(round2(c.perHours ?? 0) > 0)) issue(at('perHours'), format(m.perHoursPositive, { name: label }));
    if (c.minHours < 0) issue(at('minHours'), format(m.negativeMinimum, { name: label }));
    if (c.cap !== null && c.cap < 0) issue(at('cap'), format(m.negativeCap, { name: label }));
    const sources: Array<['assignment' | 'event', number]> = [
      ...c.assignmentTypeIds.map((id) => ['assignment', id] as ['assignment', number]),
      ...c.eventTypeIds.map((id) => ['event', id] as ['event', number]),
    ];
    for (const [kind, id] of new Map(sources.map((s) => [`${s[0]}:${s[1]}`, s])).values()) {
      const key = `${kind}:${id}`;
      const first = owner.get(key);
      if (first !== undefined) issue(at(kind === 'assignment' ? 'assignmentTypeIds' : 'eventTypeIds'), format(m.sharedSource, { source: sourceName(kind, id), first, second: label }));
      else owner.set(key, label);
    }
  });
  const caps = r.categories.map((c) => c.cap);
  if (r.categories.length && caps.every((c) => c !== null && c >= 0)) {
    const sum = (caps as number[]).reduce((a, b) => a + b, 0);
    if (r.threshold > sum) issue(['threshold'], format(m.thresholdAboveCaps, { threshold: r.threshold, caps: sum }));
  }
});

/** The stored form of valid rules: an hours rule keeps no categories; perHours only for unit 'hours'; names trimmed. */
export function normalizeRules(r: LosapRules): LosapRules {
  return {
    ...r,
    categories: r.rule === 'points' ? r.categories.map((c) => ({ ...c, name: c.name.trim(), perHours: c.unit === 'hours' ? c.perHours : null })) : [],
  };
}

/** Query of GET /api/losap/rules: the year (defaults to the current year in ORG_TIMEZONE). */
export const losapYearQuery = z.object({ year: z.preprocess(blank, yearText.optional()) });

/**
 * Answer of GET and PUT /api/losap/rules: the year's rules, `stored` false when none are stored
 * (the default hours rule is shown), `frozen` and `frozenAt` (ISO instant, UTC) once the year is
 * certified.
 */
export const losapRulesAnswer = losapRulesBody.extend({
  stored: z.boolean(),
  frozen: z.boolean(),
  frozenAt: z.string().nullable(),
});
export type LosapRulesAnswer = z.infer<typeof losapRulesAnswer>;

/** Query of GET /api/losap/progress: the officer (default: oneself) and the year (default: the current year). */
export const losapProgressQuery = z.object({
  officerId: z.preprocess(blank, wholeNumberText(1).optional()),
  year: z.preprocess(blank, yearText.optional()),
});

/** One category of an officer's year: its value (points, or hours for the hours rule's breakdown by assignment type), its cap, whether the cap cut it. */
export const losapCategoryFigure = z.object({
  name: z.string(),
  value: z.number(),
  cap: z.number().nullable(),
  capped: z.boolean(),
});
export type LosapCategoryFigure = z.infer<typeof losapCategoryFigure>;

/**
 * Answer of GET /api/losap/progress: the officer's year under its rules. total and threshold in
 * the rule's unit; pace: the threshold pro-rated to today (the whole threshold for a past year);
 * behindPace: total below pace; atRiskHours: total hours of his flagged tickets (not counted).
 */
export const losapProgress = z.object({
  year: z.number().int(),
  officerId: z.number().int(),
  rule: z.enum(LOSAP_RULE_KINDS),
  unit: z.string(),
  total: z.number(),
  threshold: z.number(),
  qualifies: z.boolean(),
  pace: z.number(),
  behindPace: z.boolean(),
  atRiskHours: z.number(),
  byCategory: z.array(losapCategoryFigure),
  /** Each month of the year (1-12, ORG_TIMEZONE) with the total hours of its unflagged tickets. */
  byMonth: z.array(z.object({ month: z.number().int().min(1).max(12), hours: z.number() })).optional(),
});
export type LosapProgress = z.infer<typeof losapProgress>;

export const LOSAP_REPORT_SORT_KEYS = ['officerId', 'name', 'precinct', 'rank', 'total', 'atRiskHours', 'atRisk'] as const;
export type LosapReportSortKey = (typeof LOSAP_REPORT_SORT_KEYS)[number];

/** Query of GET /api/losap/progressReport: year, precinct and rank filters, react-admin's sort and page (at most 200 rows). */
export const losapReportQuery = z.object({
  year: z.preprocess(blank, yearText.optional()),
  precinctId: z.preprocess(blank, wholeNumberText(0).optional()),
  rankId: z.preprocess(blank, wholeNumberText(0).optional()),
  _sort: z.preprocess(blank, z.enum(LOSAP_REPORT_SORT_KEYS).optional()),
  _order: z.preprocess(blank, z.enum(['ASC', 'DESC']).optional()),
  _start: z.preprocess(blank, z.coerce.number().int().min(0).max(1_000_000_000).optional()),
  _end: z.preprocess(blank, z.coerce.number().int().min(0).max(1_000_000_000).optional()),
});
export type LosapReportQuery = z.infer<typeof losapReportQuery>;

/**
 * One row of the LOSAP Progress report: an active officer (id is his officer id) with his
 * total, the threshold and pace (the rule's unit), atRisk (below pace: at risk of not
 * qualifying), qualifies, and his flagged tickets' hours.
 */
export const losapReportRow = z.object({
  id: z.number().int(),
  officerId: z.number().int(),
  lastName: z.string(),
  firstName: z.string(),
  precinctId: z.number().int().nullable(),
  precinct: z.string().nullable(),
  rankId: z.number().int().nullable(),
  rank: z.string().nullable(),
  total: z.number(),
  threshold: z.number(),
  pace: z.number(),
  atRisk: z.boolean(),
  qualifies: z.boolean(),
  atRiskHours: z.number(),
});
export type LosapReportRow = z.infer<typeof losapReportRow>;
