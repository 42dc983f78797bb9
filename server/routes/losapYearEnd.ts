import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { audit } from '../audit';
import { conflict, forbidden } from '../errors';
import { format, rc } from '../../src/domain/messages';
import { fromInstant, todayIn, toIsoDate } from '../../src/domain/dates';
import { paceFor, round2, standingOf, yearOf } from '../../src/domain/losap';
import { attestationStatusOf, figuresKey, yearHasEnded, type AttestationStatus } from '../../src/domain/losapYearEnd';
import { PAGE_SIZES } from '../../src/domain/constants';
import {
  losapAttestation, losapDisputeBody, losapReopenBody, losapResolveBody, losapReviewQuery, losapReviewRow, losapYearBody, losapYearEnd, losapYearEndQuery,
  type LosapAttestation, type LosapReviewQuery, type LosapReviewRow, type LosapYearEnd,
} from '../../src/domain/schemas/losapYearEnd';
import type { Db } from '../db/client';
import { officerFigures, readRules, reviewCounts, reviewStandings, yearCategoryNames, type ReviewStandingRow, type StoredRules } from '../db/repositories/losap';
import {
  freezeRules, insertReview, openDisputes, readAttestation, readYearState, setCertified, setReopened, setResolved, upsertAttested, upsertDisputed,
  type AttestationRow, type YearStateRow,
} from '../db/repositories/losapYearEnd';
import { pageOf } from './listPage';
import { sendTotal } from '../reply';
import { exportFormat, exportRoute } from '../exports/columns';
import { pagedReader, sendExport } from '../exports/writeExport';
import { sponsorColumns } from '../exports/losapSponsor';

const tags = ['losap'];
const y = rc.losap.yearEnd;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
/** The year-end query's year alone (the sponsor's file). */
const yearQuery = losapYearEndQuery.pick({ year: true });

/**
 * The LOSAP year end (docs/decisions/024-losap-year-end.md): the year's state and review list
 * (level 9+), an officer's attestation or dispute of his own record, level 9+ resolving a
 * dispute and certifying the year (which locks its tickets, events and past rosters: see
 * server/losap/yearLock.ts and migration 0020), a level-10 reopening, and the sponsor's file of a
 * certified year. Years are calendar years in ORG_TIMEZONE; the default year is last year.
 * Every step is one transaction with its audit entry (entity losapYear, id the year; entity
 * losapAttestation, id 'year/officerId').
 */
export async function losapYearEndRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;
  const today = () => todayIn(tz, app.ctx.now());
  /** Last year in ORG_TIMEZONE: the year whose end is being worked on. */
  const lastYear = () => yearOf(today()) - 1;
  /** The day officers must be active on to be in the year's review: its last day once over, else today (YYYY-MM-DD). */
  const activeOn = (year: number) => (yearHasEnded(year, today()) ? `${year}-12-31` : toIsoDate(today()));
  const scope = (rules: StoredRules) => ({ rules, tz });

  /** The year's state and its review officers' counts by status. */
  async function yearEndAnswer(db: Db, year: number, row?: YearStateRow | null): Promise<LosapYearEnd> {
    const state = row === undefined ? await readYearState(db, year) : row;
    const rules = await readRules(db, year);
    const counts = await reviewCounts(db, scope(rules), { activeOn: activeOn(year), pace: 0 });
    return {
      year,
      state: state?.state ?? 'open',
      reviewOpenedAt: iso(state?.reviewOpenedAt),
      certifiedAt: state?.state === 'certified' ? iso(state.certifiedAt) : null,
      certifiedBy: state?.state === 'certified' ? state.certifiedByName : null,
      reopenedAt: iso(state?.reopenedAt),
      reopenReason: state?.reopenReason ?? null,
      counts,
    };
  }

  /** The officer's review row of the year (his current figures, key and status), or undefined when he is not one of its review officers. */
  async function reviewRowOf(db: Db, rules: StoredRules, officerId: number): Promise<ReviewStandingRow | undefined> {
    const { rows } = await reviewStandings(db, { ...scope(rules), officerId }, { activeOn: activeOn(rules.year), pace: 0, officerId, offset: 0, limit: 1 });
    return rows[0];
  }

  /** One officer's attestation of the year as the API answers it. */
  async function attestationAnswer(db: Db, year: number, officerId: number): Promise<LosapAttestation> {
    const [state, stored, rules] = await Promise.all([readYearState(db, year), readAttestation(db, year, officerId), readRules(db, year)]);
    const row = await reviewRowOf(db, rules, officerId);
    let status: AttestationStatus;
    if (row) status = row.status;
    else {
      // not one of the year's review officers (separated since): his attestation judged on his figures all the same
      const f = await officerFigures(db, { ...scope(rules), officerId });
      status = attestationStatusOf(stored, figuresKey(f.total, f.byCategory));
    }
    return {
      year,
      officerId,
      yearState: state?.state ?? 'open',
      status,
      attestedAt: iso(stored?.attestedAt),
      disputedAt: iso(stored?.disputedAt),
      comment: stored?.comment ?? null,
      resolvedAt: iso(stored?.resolvedAt),
      resolvedBy: stored?.resolvedByName ?? null,
      resolution: stored?.resolution ?? null,
      certifiedAt: state?.state === 'certified' ? iso(state.certifiedAt) : null,
    };
  }

  /** The audit record of a stored attestation (the fields that change), or null. */
  const attestationRecord = (a: AttestationRow | null) =>
    a && { state: a.state, figuresKey: a.figuresKey, attestedAt: a.attestedAt, disputedAt: a.disputedAt, comment: a.comment, resolvedAt: a.resolvedAt, resolution: a.resolution };
  /** The audit record of a year's state row, or null. */
  const yearRecord = (r: YearStateRow | null) => r && { state: r.state, certifiedAt: r.certifiedAt, certifiedBy: r.certifiedBy, reopenedAt: r.reopenedAt, reopenReason: r.reopenReason };

  /** The year's state row locked in `tx`; 409 errors.notInReview unless the year is under review. */
  async function lockInReview(tx: Db, year: number): Promise<YearStateRow> {
    const row = await readYearState(tx, year, true);
    if (row?.state !== 'review') throw conflict(format(y.errors.notInReview, { year }));
    return row;
  }

  /**
   * GET /api/losap/yearEnd?year (default: last year in ORG_TIMEZONE) -> {year, state
   * ('open'|'review'|'certified'), reviewOpenedAt, certifiedAt, certifiedBy ("Last, First"),
   * reopenedAt, reopenReason, counts {officers, attested, notAttested (none + changed +
   * resolved), disputed}}; instants ISO (UTC). Officers: the LOSAP Progress report's active
   * officers of the year. Level 9+ (403 'Unauthorized!'); 400 for a year outside 2000-2100.
   */
  app.get(
    '/losap/yearEnd',
    { schema: { tags, summary: "A LOSAP year's year-end state and counts (level 9+)", querystring: losapYearEndQuery, response: { 200: losapYearEnd } } },
    async (request) => {
      authorize(request, 'losap:year-end');
      return yearEndAnswer(app.ctx.db, request.query.year ?? lastYear());
    },
  );

  /**
   * POST /api/losap/yearEnd/open {year} -> the year's state as GET /yearEnd answers it, now
   * 'review'. The year's span (its first instant and the next year's, ORG_TIMEZONE) is stored for
   * the lock. 409 'The LOSAP year 2026 is not over yet; its review opens on 01/01/2027.' before
   * the year ends; 409 'The review of the LOSAP year 2026 is already open.' when under review or
   * certified. Level 9+ (403). Audited (openReview, losapYear).
   */
  app.post(
    '/losap/yearEnd/open',
    { schema: { tags, summary: "Open a LOSAP year's review (level 9+)", body: losapYearBody, response: { 200: losapYearEnd } } },
    async (request) => {
      const actor = authorize(request, 'losap:year-end');
      const { year } = request.body;
      if (!yearHasEnded(year, today())) throw conflict(format(y.errors.notEnded, { year, next: year + 1 }));
      return app.ctx.db.transaction(async (tx) => {
        if (await readYearState(tx, year, true)) throw conflict(format(y.errors.alreadyOpen, { year }));
        await insertReview(tx, year, tz, actor.officerId, app.ctx.now());
        const after = await readYearState(tx, year);
        await audit(tx, request, { action: 'openReview', entity: 'losapYear', entityId: year, before: null, after: yearRecord(after) });
        return yearEndAnswer(tx, year, after);
      });
    },
  );

  /**
   * POST /api/losap/yearEnd/certify {year} -> the year's state, now 'certified' (certifiedAt,
   * certifiedBy); its counts say how many officers have not attested (counted, not refused). The
   * year's rules are frozen (the default hours rule is stored first when none was). From now on
   * every write into the year's tickets, events and past rosters answers 409 'This LOSAP year has
   * been certified and can no longer be changed.'. 409 errors.notInReview unless under review;
   * 409 'The year cannot be certified while a dispute is open (N open).'. Level 9+ (403). Audited.
   */
  app.post(
    '/losap/yearEnd/certify',
    { schema: { tags, summary: 'Certify a LOSAP year, locking it (level 9+)', body: losapYearBody, response: { 200: losapYearEnd } } },
    async (request) => {
      const actor = authorize(request, 'losap:year-end');
      const { year } = request.body;
      return app.ctx.db.transaction(async (tx) => {
        const before = await lockInReview(tx, year);
        const disputes = await openDisputes(tx, year);
        if (disputes > 0) throw conflict(format(y.errors.disputesOpen, { count: disputes }));
        const now = app.ctx.now();
        const rules = await readRules(tx, year);
        await setCertified(tx, year, actor.officerId, now);
        await freezeRules(tx, { year, rule: rules.rule, threshold: rules.threshold }, actor.officerId, now);
        const after = await readYearState(tx, year);
        const answer = await yearEndAnswer(tx, year, after);
        await audit(tx, request, { action: 'certify', entity: 'losapYear', entityId: year, before: yearRecord(before), after: yearRecord(after), details: format(y.counts, answer.counts) });
        return answer;
      });
    },
  );

  /**
   * POST /api/losap/yearEnd/reopen {year, reason (1-1000 characters)} -> the year's state, back to
   * 'review' with reopenedAt and reopenReason; its tickets, events and rosters may be corrected
   * again, and officers whose figures change read 'changed'. The rules stay frozen. 409 'The
   * LOSAP year 2026 has not been certified.' unless certified. Level 10 (403). Audited with the reason.
   */
  app.post(
    '/losap/yearEnd/reopen',
    { schema: { tags, summary: 'Reopen a certified LOSAP year with a reason (level 10)', body: losapReopenBody, response: { 200: losapYearEnd } } },
    async (request) => {
      const actor = authorize(request, 'losap:reopen');
      const { year, reason } = request.body;
      return app.ctx.db.transaction(async (tx) => {
        const before = await readYearState(tx, year, true);
        if (before?.state !== 'certified') throw conflict(format(y.errors.notCertified, { year }));
        await setReopened(tx, year, reason, actor.officerId, app.ctx.now());
        const after = await readYearState(tx, year);
        await audit(tx, request, { action: 'reopen', entity: 'losapYear', entityId: year, before: yearRecord(before), after: yearRecord(after), details: reason });
        return yearEndAnswer(tx, year, after);
      });
    },
  );

  /** One page of the year's review rows (q.year default last year) and how many match. */
  async function reviewPage(db: Db, q: Omit<LosapReviewQuery, '_start' | '_end'> & { year: number }, page: { offset: number; limit: number }) {
    const rules = await readRules(db, q.year);
    const pace = paceFor(rules.threshold, q.year, today());
    const { rows, total } = await reviewStandings(db, scope(rules), {
      activeOn: activeOn(q.year), pace, precinctId: q.precinctId, rankId: q.rankId, status: q.status, sort: q._sort, order: q._order, ...page,
    });
    const threshold = round2(rules.threshold);
    return {
      total,
      rules,
      rows: rows.map((r): LosapReviewRow => {
        const { qualifies, behindPace } = standingOf(r.total, rules.threshold, pace);
        return {
          id: r.officerId, officerId: r.officerId, lastName: r.lastName, firstName: r.firstName, precinctId: r.precinctId, precinct: r.precinct,
          rankId: r.rankId, rank: r.rank, total: r.total, threshold, pace, atRisk: behindPace, qualifies, atRiskHours: r.atRiskHours,
          byCategory: r.byCategory, status: r.status, attestedAt: iso(r.attestedAt), comment: r.comment, resolution: r.resolution,
        };
      }),
    };
  }

  /**
   * GET /api/losap/review?year&precinctId&rankId&status&_sort&_order&_start&_end -> the year's
   * review: the LOSAP Progress report's rows (active officers of the year, same figures, sorts and
   * filters) each with byCategory [{name, value, cap, capped}] (the schedule's categories, or
   * under the hours rule his assignment types' hours), status ('none'|'attested'|'changed'|
   * 'disputed'|'resolved'), attestedAt (ISO), comment (his dispute), resolution; status keeps one
   * status. Paged (at most 200 rows) with X-Total-Count; one SQL statement a page. Level 9+ (403).
   */
  app.get(
    '/losap/review',
    { schema: { tags: ['reports'], summary: "A LOSAP year's review: every officer's figures and attestation (level 9+)", querystring: losapReviewQuery, response: { 200: z.array(losapReviewRow) } } },
    async (request, reply) => {
      authorize(request, 'losap:year-end');
      const q = request.query;
      const { rows, total } = await reviewPage(app.ctx.reportDb, { ...q, year: q.year ?? lastYear() }, pageOf(q, Math.max(...PAGE_SIZES)));
      sendTotal(reply, total);
      return rows;
    },
  );

  /**
   * GET /api/losap/attestation?year&officerId -> {year, officerId, yearState, status, attestedAt,
   * disputedAt, comment, resolvedAt, resolvedBy ("Last, First"), resolution, certifiedAt}
   * (instants ISO). year defaults to last year, officerId to oneself. One's own at every level but
   * 3 (403 'Unauthorized!'); another officer's at level 9+ (403 "You are not authorized to access
   * another officer's tickets!").
   */
  app.get(
    '/losap/attestation',
    { schema: { tags, summary: "An officer's attestation of a LOSAP year", querystring: losapYearEndQuery, response: { 200: losapAttestation } } },
    async (request) => {
      const actor = authorize(request, 'losap:attestation');
      const officerId = request.query.officerId ?? actor.officerId;
      authorize(request, 'losap:attestation', { officerId }, rc.tickets.notYourTicket);
      return attestationAnswer(app.ctx.db, request.query.year ?? lastYear(), officerId);
    },
  );

  /**
   * POST /api/losap/attest {year} -> one's attestation, status 'attested': his record of the year
   * as it stands now (its figures key, so a later change reads 'changed'). 409 'The review of the
   * LOSAP year 2026 is not open.' unless under review; 403 'Only an active officer of 2026 can
   * attest its record.' when he is not one of its review officers. Every level but 3 (403). Audited.
   */
  app.post(
    '/losap/attest',
    { schema: { tags, summary: 'Attest one’s own LOSAP year record', body: losapYearBody, response: { 200: losapAttestation } } },
    async (request) => {
      const actor = authorize(request, 'losap:attest');
      const { year } = request.body;
      return app.ctx.db.transaction(async (tx) => {
        await lockInReview(tx, year);
        const row = await reviewRowOf(tx, await readRules(tx, year), actor.officerId);
        if (!row) throw forbidden(format(y.errors.notInYear, { year }));
        const before = await readAttestation(tx, year, actor.officerId, true);
        await upsertAttested(tx, year, actor.officerId, row.figuresKey, app.ctx.now());
        const after = await readAttestation(tx, year, actor.officerId);
        await audit(tx, request, { action: 'attest', entity: 'losapAttestation', entityId: `${year}/${actor.officerId}`, before: attestationRecord(before), after: attestationRecord(after) });
        return attestationAnswer(tx, year, actor.officerId);
      });
    },
  );

  /**
   * POST /api/losap/dispute {year, comment (1-1000 characters)} -> one's attestation, status
   * 'disputed' with the comment; the year cannot be certified until level 9+ resolves it. 409
   * errors.notInReview unless under review; 403 errors.notInYear. Every level but 3. Audited.
   */
  app.post(
    '/losap/dispute',
    { schema: { tags, summary: 'Dispute one’s own LOSAP year record', body: losapDisputeBody, response: { 200: losapAttestation } } },
    async (request) => {
      const actor = authorize(request, 'losap:attest');
      const { year, comment } = request.body;
      return app.ctx.db.transaction(async (tx) => {
        await lockInReview(tx, year);
        if (!(await reviewRowOf(tx, await readRules(tx, year), actor.officerId))) throw forbidden(format(y.errors.notInYear, { year }));
        const before = await readAttestation(tx, year, actor.officerId, true);
        await upsertDisputed(tx, year, actor.officerId, comment, app.ctx.now());
        const after = await readAttestation(tx, year, actor.officerId);
        await audit(tx, request, { action: 'dispute', entity: 'losapAttestation', entityId: `${year}/${actor.officerId}`, before: attestationRecord(before), after: attestationRecord(after) });
        return attestationAnswer(tx, year, actor.officerId);
      });
    },
  );

  /**
   * POST /api/losap/resolve {year, officerId, comment (1-1000 characters)} -> the officer's
   * attestation, status 'resolved' with the resolution, resolvedAt and resolvedBy; he is asked to
   * attest again. 409 errors.notInReview unless under review; 409 'This officer has no open
   * dispute for 2026.'. Level 9+ (403). Audited.
   */
  app.post(
    '/losap/resolve',
    { schema: { tags, summary: "Resolve an officer's dispute of his LOSAP year (level 9+)", body: losapResolveBody, response: { 200: losapAttestation } } },
    async (request) => {
      const actor = authorize(request, 'losap:year-end');
      const { year, officerId, comment } = request.body;
      return app.ctx.db.transaction(async (tx) => {
        await lockInReview(tx, year);
        const before = await readAttestation(tx, year, officerId, true);
        if (before?.state !== 'disputed') throw conflict(format(y.errors.notDisputed, { year }));
        await setResolved(tx, year, officerId, comment, actor.officerId, app.ctx.now());
        const after = await readAttestation(tx, year, officerId);
        await audit(tx, request, { action: 'resolve', entity: 'losapAttestation', entityId: `${year}/${officerId}`, before: attestationRecord(before), after: attestationRecord(after) });
        return attestationAnswer(tx, year, officerId);
      });
    },
  );

  /**
   * GET /api/losap/exportSponsorFile?year&format=csv|xlsx -> the certified year's file for the
   * sponsor (losap-sponsor-file-2026.csv / .xlsx, server/exports): one row per review officer, by
   * name: officer id, officer code (A0101), last name, first name, precinct, rank, one column per
   * category (the schedule's; under the hours rule the year's assignment types, hours), total,
   * threshold, qualifies (Y/N), attested (MM/DD/YYYY while his attestation stands, else empty),
   * status, certified (MM/DD/YYYY). 409 'The LOSAP year 2026 has not been certified.' unless
   * certified. Level 9+ (403); 400 for another format.
   */
  app.get(
    '/losap/exportSponsorFile',
    exportRoute(['reports'], "The certified LOSAP year's file for the sponsor as CSV or XLSX (level 9+)", yearQuery, { add: [409] }),
    async (request, reply) => {
      authorize(request, 'losap:year-end');
      const format_ = exportFormat(request.query.format);
      const year = request.query.year ?? lastYear();
      const db = app.ctx.reportDb;
      const state = await readYearState(db, year);
      if (state?.state !== 'certified' || !state.certifiedAt) throw conflict(format(y.errors.notCertified, { year }));
      const rules = await readRules(db, year);
      const categories = await yearCategoryNames(db, scope(rules));
      const certified = fromInstant(state.certifiedAt, tz).date;
      const paged = await pagedReader((offset, limit) => reviewPage(db, { year, _sort: 'name', _order: 'ASC' }, { offset, limit }));
      return sendExport(request, reply, {
        format: format_,
        name: `${rc.exports.files.losapSponsor}-${year}`,
        sheet: rc.exports.sheets.losapSponsor,
        columns: sponsorColumns(categories, certified, tz),
        ...paged,
      });
    },
  );
}
