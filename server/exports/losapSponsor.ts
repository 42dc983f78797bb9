/**
 * The sponsor's file of a certified LOSAP year (GET /api/losap/exportSponsorFile): one review
 * officer a row with his figures by category, the verdict, his attestation and the year's
 * certification date. Written by the export writer (CSV or XLSX) like every list.
 */
import { rc } from '../../src/domain/messages';
import { fromInstant } from '../../src/domain/dates';
import { officerCode } from '../../src/domain/officerLabel';
import type { LosapReviewRow } from '../../src/domain/schemas/losapYearEnd';
import { col, type Column } from './columns';

/**
 * The columns: officer id, officer code, last name, first name, precinct, rank, one per category
 * (`categories`, in order; 0 when the officer has none), total, threshold, qualifies (Y/N),
 * attested (MM/DD/YYYY while his attestation stands), status, certified (`certified`, MM/DD/YYYY).
 */
export function sponsorColumns(categories: readonly string[], certified: string, tz: string): Column<LosapReviewRow>[] {
  const c = rc.exports.columns;
  const lf = rc.losap.fields;
  return [
    col.integer<LosapReviewRow>(c.officerId, (r) => r.officerId),
    col.text<LosapReviewRow>(c.officerCode, (r) => officerCode(r.officerId), 12),
    col.text<LosapReviewRow>(c.lastName, (r) => r.lastName, 18),
    col.text<LosapReviewRow>(c.firstName, (r) => r.firstName, 18),
    col.text<LosapReviewRow>(lf.precinct, (r) => r.precinct, 18),
    col.text<LosapReviewRow>(lf.rank, (r) => r.rank, 14),
    ...categories.map((name) => col.hours<LosapReviewRow>(name, (r) => r.byCategory.find((x) => x.name === name)?.value ?? 0, Math.max(10, Math.min(name.length, 30)))),
    col.hours<LosapReviewRow>(lf.total, (r) => r.total),
    col.hours<LosapReviewRow>(lf.threshold, (r) => r.threshold),
    col.text<LosapReviewRow>(lf.qualifies, (r) => (r.qualifies ? c.yes : c.no), 10),
    col.date<LosapReviewRow>(c.attested, (r) => (r.status === 'attested' && r.attestedAt ? fromInstant(r.attestedAt, tz).date : null)),
    col.text<LosapReviewRow>(rc.losap.yearEnd.fields.status, (r) => rc.losap.yearEnd.statusChoices[r.status], 16),
    col.date<LosapReviewRow>(c.certified, () => certified),
  ];
}
