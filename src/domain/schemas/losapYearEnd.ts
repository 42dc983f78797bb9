/**
 * Wire shapes of the LOSAP year end (see src/domain/losapYearEnd.ts for the states and
 * statuses): the year's state, an officer's attestation, the review list, and the bodies of
 * open / attest / dispute / resolve / certify / reopen. Years are calendar years in
 * ORG_TIMEZONE; instants are ISO strings (UTC); figures are in the year's rule unit, 2 decimals.
 */
import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';
import { hasNoBidiControls } from '../validators';
import { format, rc } from '../messages';
import { LOSAP_YEAR_MAX, LOSAP_YEAR_MIN } from '../losap';
import { ATTESTATION_STATUSES, LOSAP_COMMENT_MAX, LOSAP_YEAR_STATES } from '../losapYearEnd';
import { losapCategoryFigure, losapReportQuery, losapReportRow } from './losap';

const m = rc.losap.errors;
const y = rc.losap.yearEnd.errors;
const blank = (x: unknown) => (x === '' || x === null ? undefined : x);
const year = z.number().int(m.invalidYear).min(LOSAP_YEAR_MIN, m.invalidYear).max(LOSAP_YEAR_MAX, m.invalidYear);
const yearText = z.coerce.number().int(m.invalidYear).min(LOSAP_YEAR_MIN, m.invalidYear).max(LOSAP_YEAR_MAX, m.invalidYear);
/** A comment typed by a person: trimmed, required (`required` when blank), at most LOSAP_COMMENT_MAX characters. */
const comment = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(LOSAP_COMMENT_MAX, format(y.commentTooLong, { max: LOSAP_COMMENT_MAX }))
    .refine(hasNoBidiControls, rc.validation.bidiControl);

/** Body of POST /api/losap/yearEnd/open, /certify and /api/losap/attest: the year. */
export const losapYearBody = z.object({ year }).strict();
/** Body of POST /api/losap/dispute: the year and what is wrong with the record. */
export const losapDisputeBody = z.object({ year, comment: comment(y.commentRequired) }).strict();
/** Body of POST /api/losap/resolve (level 9+): the year, the disputing officer, and how it was resolved. */
export const losapResolveBody = z.object({ year, officerId: z.number().int().min(1), comment: comment(y.resolutionRequired) }).strict();
/** Body of POST /api/losap/yearEnd/reopen (level 10): the year and the reason (audited). */
export const losapReopenBody = z.object({ year, reason: comment(y.reasonRequired) }).strict();

/** Query of GET /api/losap/yearEnd and /api/losap/attestation: the year (default: last year), the officer (default: oneself). */
export const losapYearEndQuery = z.object({
  year: z.preprocess(blank, yearText.optional()),
  officerId: z.preprocess(blank, wholeNumberText(1).optional()),
});

/** Answer of GET /api/losap/yearEnd and of open / certify / reopen: the year's state and its counts. */
export const losapYearEnd = z.object({
  year: z.number().int(),
  state: z.enum(LOSAP_YEAR_STATES),
  reviewOpenedAt: z.string().nullable(),
  certifiedAt: z.string().nullable(),
  /** "Last, First" of the certifying officer. */
  certifiedBy: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reopenReason: z.string().nullable(),
  /** The review list's officers (the LOSAP Progress report's active officers of the year) by attestation. */
  counts: z.object({
    officers: z.number().int(),
    attested: z.number().int(),
    /** none + changed + resolved */
    notAttested: z.number().int(),
    disputed: z.number().int(),
  }),
});
export type LosapYearEnd = z.infer<typeof losapYearEnd>;

/** Answer of GET /api/losap/attestation and of attest / dispute / resolve: one officer's attestation of a year. */
export const losapAttestation = z.object({
  year: z.number().int(),
  officerId: z.number().int(),
  yearState: z.enum(LOSAP_YEAR_STATES),
  status: z.enum(ATTESTATION_STATUSES),
  attestedAt: z.string().nullable(),
  disputedAt: z.string().nullable(),
  comment: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** "Last, First" of the officer who resolved the dispute. */
  resolvedBy: z.string().nullable(),
  resolution: z.string().nullable(),
  certifiedAt: z.string().nullable(),
});
export type LosapAttestation = z.infer<typeof losapAttestation>;

/** Query of GET /api/losap/review (level 9+): the progress report's query plus an attestation status filter. */
export const losapReviewQuery = losapReportQuery.extend({
  status: z.preprocess(blank, z.enum(ATTESTATION_STATUSES).optional()),
});
export type LosapReviewQuery = z.infer<typeof losapReviewQuery>;

/** One row of the year's review: the progress report's row, his categories, and his attestation. */
export const losapReviewRow = losapReportRow.extend({
  byCategory: z.array(losapCategoryFigure),
  status: z.enum(ATTESTATION_STATUSES),
  attestedAt: z.string().nullable(),
  comment: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type LosapReviewRow = z.infer<typeof losapReviewRow>;
