/**
 * Training compliance wire shapes and filter rules (spec §2 Training Compliance, §5 training
 * compliance filter, §7 POST /events/getNonCompliantOfficers), shared by the server and the
 * browser (/Reports/TrainingComplianceSearch and Browse run these through zodFormErrors).
 */
import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';
import { US_DATE } from './wire';
import { rc } from '../messages';
import { EVENT_TYPE } from '../constants';
import { isValidDate } from '../dates';
import { validateSearchRange } from '../search';

const blank = (x: unknown) => (x === '' || x === null ? undefined : x);

/**
 * The training compliance filter (spec §2: precinct, Since and Until dates, event type 4 by
 * default) with the §5 rules: at least one criterion ('Must enter at least one search
 * criteria!'), 'Cannot enter until date without since date!', 'Must enter since date!', a
 * malformed date 'Invalid date - use MM/DD/YYYY', 'Since date must be <= until date!'. The
 * values become the query of /Reports/TrainingComplianceBrowse (GET /api/events/getMultiple).
 */
export const trainingFilterSchema = z
  .object({
    precinctId: z.preprocess(blank, wholeNumberText(0).optional()),
    sinceStartDate: z.preprocess(blank, z.string().trim().max(10).meta(US_DATE).optional()),
    untilStartDate: z.preprocess(blank, z.string().trim().max(10).meta(US_DATE).optional()),
    eventTypeId: z.preprocess(blank, wholeNumberText(0).default(EVENT_TYPE.TRAINING)),
  })
  .superRefine((f, ctx) => {
    const problem = validateSearchRange({ sinceDate: f.sinceStartDate, untilDate: f.untilStartDate, otherCriteria: !!f.precinctId, sinceRequired: true });
    if (!problem) return;
    const onUntil = problem === rc.validation.sinceAfterUntil || (problem === rc.validation.invalidDate && !!f.sinceStartDate && isValidDate(f.sinceStartDate));
    ctx.addIssue({ code: 'custom', path: [onUntil ? 'untilStartDate' : 'sinceStartDate'], message: problem });
  });
export type TrainingFilter = z.infer<typeof trainingFilterSchema>;

/** The event ids of a chosen list, without the placeholder (id 0) and repeats. */
export function chosenEventIds(events: ReadonlyArray<{ eventId: number }>): number[] {
  return [...new Set(events.filter((e) => e.eventId > 0).map((e) => e.eventId))];
}

/**
 * Body of POST /api/events/getNonCompliantOfficers (spec §7): the array of the chosen events as
 * GET /api/events/getMultiple answered them (every field but eventId is ignored; the placeholder
 * id 0 is skipped), at most 500. None chosen (or no body): 400 'Must check at least one row!'.
 */
export const chosenEventsBody = z.preprocess(
  (x) => x ?? [],
  z
    .array(z.looseObject({ eventId: z.number().int().min(0) }))
    .max(500)
    .refine((list) => chosenEventIds(list).length > 0, rc.training.validation.mustCheckRow),
);

/** Query of POST /api/events/getNonCompliantOfficers: precinctId (> 0: only officers assigned to that precinct). */
export const nonCompliantQuery = z.object({
  precinctId: z.preprocess(blank, wholeNumberText(0).optional()),
});

/**
 * One officer of the training compliance results (spec §2): an active officer (not separated as of
 * today) with no time ticket for any chosen event.
 */
export const nonCompliantRow = z.object({
  officerId: z.number(),
  lastName: z.string(),
  firstName: z.string(),
  mobile: z.string().nullable(),
});
export type NonCompliantRow = z.infer<typeof nonCompliantRow>;
