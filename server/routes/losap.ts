import { once } from 'node:events';
import archiver from 'archiver';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { audit } from '../audit';
import { badRequest, conflict, notFound } from '../errors';
import { format, rc } from '../../src/domain/messages';
import { todayIn, toIsoDate } from '../../src/domain/dates';
import { paceFor, round2, standingOf, yearOf } from '../../src/domain/losap';
import {
  losapProgress, losapProgressQuery, losapReportQuery, losapReportRow, losapRulesAnswer, losapRulesBody, losapRulesSchema, losapYearQuery, normalizeRules,
  type LosapProgress, type LosapReportQuery, type LosapReportRow, type LosapRulesAnswer,
} from '../../src/domain/schemas/losap';
import { PAGE_SIZES } from '../../src/domain/constants';
import { officerFigures, officerNameOf, officerStandings, readRules, saveRules, type StoredRules } from '../db/repositories/losap';
import { statementData, statementFileName, statementPdf, type StatementData } from '../losap/statement';
import { readAttestations, readYearState } from '../db/repositories/losapYearEnd';
import { pageOf } from './listPage';
import { sendTotal } from '../reply';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, pagedReader, sendExport } from '../exports/writeExport';
import { losapProgressColumns } from '../exports/lists';

const tags = ['losap'];
/** Officers read per page of the ZIP's list (officerStandings); each page is one statement. */
const STATEMENT_PAGE = 250;
/** The 200 of the statement routes: a binary file of `type`. */
const fileRoute = <Q extends z.ZodTypeAny>(type: string, summary: string, querystring: Q, description: string, add: number[] = []) => ({
  config: { contract: { add, remove: [409], media: { 200: [type] } } },
  schema: { tags, summary, querystring, response: { 200: z.string().meta({ format: 'binary', description }) } },
});
/** Sends a file stream as the 200 (the route's declared 200 is its binary string, for the document). */
const sendFile = (reply: FastifyReply, body: NodeJS.ReadableStream): FastifyReply => reply.send(body);
const statementsQuery = losapReportQuery.pick({ year: true, precinctId: true });
const m = rc.losap;

const answerOf = (r: StoredRules): LosapRulesAnswer => ({
  year: r.year,
  rule: r.rule,
  threshold: r.threshold,
  categories: r.categories,
  stored: r.stored,
  frozen: r.frozenAt !== null,
  frozenAt: r.frozenAt ? r.frozenAt.toISOString() : null,
});

/** LOSAP: the organisation's rules per year and every officer's progress (see docs/decisions/022-losap-rules.md). */
export async function losapRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;
  const today = () => todayIn(tz, app.ctx.now());

  /**
   * GET /api/losap/rules?year (YYYY; default the current year in ORG_TIMEZONE) -> {year, rule
   * ('hours'|'points'), threshold, categories [{name, unit ('ticket'|'hours'|'event'), points,
   * perHours, minHours (hours), cap, assignmentTypeIds, eventTypeIds}], stored (false: the
   * default 100-hour rule), frozen, frozenAt (ISO, UTC)}. Every level but 3 (403 'Unauthorized!').
   * 400 'Year must be between 2000 and 2100.'.
   */
  app.get(
    '/losap/rules',
    {
      config: { contract: { remove: [409] } },
      schema: { tags, summary: "A year's LOSAP rules", querystring: losapYearQuery, response: { 200: losapRulesAnswer } },
    },
    async (request) => {
      authorize(request, 'losap:rules-read');
      return answerOf(await readRules(app.ctx.db, request.query.year ?? yearOf(today())));
    },
  );

  /**
   * PUT /api/losap/rules, body {year, rule, threshold, categories} -> the stored rules as GET
   * answers them. Level 10 (403 'Unauthorized!'). 400 with the first plain-words problem of
   * losapRulesSchema (a category without a source, a negative cap, a threshold above the sum of
   * the caps, ...). 409 'This LOSAP year has been certified and can no longer be changed.' once
   * the year is frozen. Audited (entity losapRules, id the year).
   */
  app.put(
    '/losap/rules',
    {
      // a year with no stored rules is created, never 404
      config: { contract: { remove: [404] } },
      schema: { tags, summary: "Store a year's LOSAP rules (level 10)", body: losapRulesBody, response: { 200: losapRulesAnswer } },
    },
    async (request) => {
      const actor = authorize(request, 'losap:rules-write');
      const checked = losapRulesSchema.safeParse(request.body);
      if (!checked.success) throw badRequest(checked.error.issues[0].message);
      const rules = normalizeRules(checked.data);
      return app.ctx.db.transaction(async (tx) => {
        const saved = await saveRules(tx, rules, actor.officerId, app.ctx.now());
        if (saved.frozen) throw conflict(m.errors.frozen);
        const after = await readRules(tx, rules.year);
        await audit(tx, request, { action: saved.before ? 'update' : 'create', entity: 'losapRules', entityId: rules.year, before: saved.before && answerOf(saved.before), after: answerOf(after) });
        return answerOf(after);
      });
    },
  );

  /**
   * GET /api/losap/progress?officerId&year -> {year, officerId, rule, unit ('hours'|'points'),
   * total, threshold, qualifies, pace (the threshold pro-rated to today in ORG_TIMEZONE for the
   * current year; the threshold for a past year; 0 for a later one), behindPace, atRiskHours
   * (hours of flagged tickets, not counted), byCategory [{name, value, cap, capped}], byMonth
   * [{month 1-12, hours}] (unflagged total hours by month of the 10-41)}. Figures
   * in the rule's unit, 2 decimals. officerId defaults to oneself. Own progress at every level
   * but 3; another officer's at level 5+ (403 "You are not authorized to access another
   * officer's tickets!"); level 3 and restricted sessions 403 'Unauthorized!'.
   */
  app.get(
    '/losap/progress',
    {
      config: { contract: { remove: [409] } },
      schema: { tags, summary: "An officer's LOSAP progress this year", querystring: losapProgressQuery, response: { 200: losapProgress } },
    },
    async (request): Promise<LosapProgress> => {
      const actor = authorize(request, 'losap:progress');
      const officerId = request.query.officerId ?? actor.officerId;
      authorize(request, 'losap:progress', { officerId }, rc.tickets.notYourTicket);
      const now = today();
      const year = request.query.year ?? yearOf(now);
      // his own figures right after he saves a ticket: the primary, as his list's totals
      const db = app.ctx.db;
      const rules = await readRules(db, year);
      const f = await officerFigures(db, { rules, tz, officerId });
      const pace = paceFor(rules.threshold, year, now);
      return {
        year,
        officerId,
        rule: rules.rule,
        unit: rules.rule === 'points' ? m.units.points : m.units.hours,
        total: f.total,
        threshold: round2(rules.threshold),
        ...standingOf(f.total, rules.threshold, pace),
        pace,
        atRiskHours: f.atRiskHours,
        byCategory: f.byCategory,
        byMonth: f.byMonth,
      };
    },
  );

  /**
   * GET /api/losap/progressReport?year&precinctId&rankId&_sort&_order&_start&_end ->
   * [{id (= officerId), officerId, lastName, firstName, precinctId, precinct, rankId, rank, total,
   * threshold, pace, atRisk (below pace: at risk of not qualifying), qualifies, atRiskHours}]:
   * every active officer (not separated as of today, or as of the year's last day for a past
   * year; exempt accounts left out) assigned to precinctId / of rankId when given; sorted by
   * officerId, name (default), precinct, rank, total, atRiskHours or atRisk; paged (at most 200
   * rows) with X-Total-Count. Same figures as /losap/progress (one computation). Level 5+ (403
   * 'Unauthorized!').
   */
  app.get(
    '/losap/progressReport',
    {
      config: { contract: { remove: [409] } },
      schema: { tags: ['reports'], summary: 'LOSAP progress of every active officer (level 5+)', querystring: losapReportQuery, response: { 200: z.array(losapReportRow) } },
    },
    async (request, reply) => {
      authorize(request, 'losap:report');
      const { rows, total } = await standings(request.query, pageOf(request.query, Math.max(...PAGE_SIZES)));
      sendTotal(reply, total);
      return rows;
    },
  );

  /**
   * GET /api/losap/exportProgressReport?<the progressReport query>&format=csv|xlsx -> the LOSAP
   * Progress report as a streamed CSV or XLSX file (server/exports), every page in the report's
   * sort: ID, officer, precinct, rank, total, threshold, pace, at risk, qualifies, hours at risk.
   * Refused as progressReport (403 below level 5); 400 for another format.
   */
  app.get(
    '/losap/exportProgressReport',
    exportRoute(['reports'], 'LOSAP progress of every active officer as a CSV or XLSX file (level 5+)', losapReportQuery, { remove: [409] }),
    async (request, reply) => {
      authorize(request, 'losap:report');
      const format = exportFormat(request.query.format);
      const { format: _format, ...query } = request.query;
      const year = query.year ?? yearOf(today());
      const paged = await pagedReader((offset, limit) => standings({ ...query, year }, { offset, limit }));
      // the year so far (to today for this year, to its last day for a past one), as other exports name their range
      const last = `12/31/${year}`;
      const now = today();
      const name = exportName(rc.exports.files.losapProgress, now, `01/01/${year}`, year < yearOf(now) ? last : now);
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.losapProgress, columns: losapProgressColumns, ...paged });
    },
  );

  /**
   * GET /api/losap/statement?officerId&year -> the officer's year-end LOSAP statement, a PDF
   * (Content-Disposition attachment; filename="losap-statement-<year>-A0101.pdf"): organisation,
   * officer, each month's hours, each category (caps applied), flagged tickets left out with their
   * 10-41 dates (MM/DD/YYYY, ORG_TIMEZONE), total and verdict against the threshold, attestation
   * and certification, signature lines. Same figures as /losap/progress (officerFigures).
   * officerId defaults to oneself, year to the current one. Own statement at every level but 3;
   * another officer's at level 9+ (403 "You are not authorized to access another officer's
   * tickets!"); level 3 403 'Unauthorized!'; 404 'Officer not found.'.
   */
  app.get(
    '/losap/statement',
    fileRoute('application/pdf', "An officer's year-end LOSAP statement (PDF)", losapProgressQuery, 'The statement PDF', [404]),
    async (request, reply) => {
      const actor = authorize(request, 'losap:statement');
      const officerId = request.query.officerId ?? actor.officerId;
      authorize(request, 'losap:statement', { officerId }, rc.tickets.notYourTicket);
      const year = request.query.year ?? yearOf(today());
      const officer = await officerNameOf(app.ctx.db, officerId);
      if (!officer) throw notFound(rc.officers.errors.notFound);
      const rules = await readRules(app.ctx.db, year);
      const data = await statementData(app.ctx.db, { orgName: app.ctx.config.ORG_NAME, officer, rules, tz, now: app.ctx.now() });
      reply.header('Content-Type', 'application/pdf');
      reply.header('Content-Disposition', `attachment; filename="${statementFileName(year, officerId)}"`);
      reply.header('Cache-Control', 'no-store');
      return sendFile(reply, statementPdf(data));
    },
  );

  /**
   * GET /api/losap/statements?year&precinctId -> every active officer's statement of the year
   * (the LOSAP Progress report's officers, by name) as ONE ZIP, losap-statements-<year>.zip, one
   * losap-statement-<year>-A0101.pdf per officer. Streamed: each PDF is made and added as the
   * client takes the previous one (backpressure), the next officer's figures read meanwhile; it
   * stops when the client goes away. Level 9+ (403 'Unauthorized!').
   */
  app.get(
    '/losap/statements',
    fileRoute('application/zip', "Every active officer's year-end LOSAP statement as one ZIP (level 9+)", statementsQuery, 'A ZIP of one statement PDF per active officer'),
    async (request, reply) => {
      authorize(request, 'losap:statements-all');
      const year = request.query.year ?? yearOf(today());
      const db = app.ctx.reportDb;
      const [rules, yearState] = await Promise.all([readRules(db, year), readYearState(db, year)]);
      const base = { orgName: app.ctx.config.ORG_NAME, rules, tz, now: app.ctx.now() };
      const gone = new AbortController();
      // PDFs are compressed already: stored, not deflated again
      const zip = archiver('zip', { store: true });
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      zip.on('warning', (err) => request.log.warn({ err }, 'LOSAP statements ZIP warning'));
      /** The officers page by page (the report's list, by name), each statement's figures read one officer ahead. */
      async function* officers(): AsyncGenerator<StatementData> {
        for (let offset = 0; ; offset += STATEMENT_PAGE) {
          const { rows } = await standings({ year, precinctId: request.query.precinctId, _sort: 'name', _order: 'ASC' }, { offset, limit: STATEMENT_PAGE });
          // the page's attestations in one query; the year's state was read once for the whole ZIP
          const attestations = await readAttestations(db, year, rows.map((r) => r.officerId));
          const data = (officer: (typeof rows)[number]) =>
            statementData(db, { ...base, officer }, { yearState, attestation: attestations.get(officer.officerId) ?? null });
          let next: Promise<StatementData> | null = null;
          for (let i = 0; i < rows.length; i++) {
            const current = next ?? data(rows[i]);
            next = i + 1 < rows.length ? data(rows[i + 1]) : null;
            next?.catch(() => {});
            yield await current;
          }
          if (rows.length < STATEMENT_PAGE) return;
        }
      }
      const pump = async () => {
        for await (const data of officers()) {
          if (gone.signal.aborted) return;
          const added = once(zip, 'entry', { signal: gone.signal });
          zip.append(statementPdf(data), { name: statementFileName(year, data.officer.officerId), date: base.now });
          // the entry is done once its bytes went through: a slow client holds the next statement back
          await added;
        }
        await zip.finalize();
      };
      pump().catch((err: unknown) => {
        if (!gone.signal.aborted) request.log.error({ err }, 'LOSAP statements ZIP failed after its first byte');
        zip.abort();
        zip.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      reply.header('Content-Type', 'application/zip');
      reply.header('Content-Disposition', `attachment; filename="${format(m.statement.zipName, { year })}"`);
      reply.header('Cache-Control', 'no-store');
      return sendFile(reply, zip);
    },
  );

  /**
   * One page of the LOSAP Progress report for `q` (year default this year; precinct, rank, sort):
   * its rows with threshold, pace, atRisk and qualifies, and the count of all matching officers.
   * Checks nothing: each caller authorizes 'losap:report' (level 5+) first.
   */
  async function standings(q: Omit<LosapReportQuery, '_start' | '_end'>, page: { offset: number; limit: number }): Promise<{ rows: LosapReportRow[]; total: number }> {
    const now = today();
    const year = q.year ?? yearOf(now);
    const db = app.ctx.reportDb;
    const rules = await readRules(db, year);
    const pace = paceFor(rules.threshold, year, now);
    const activeOn = year < yearOf(now) ? `${year}-12-31` : toIsoDate(now);
    const { rows, total } = await officerStandings(
      db,
      { rules, tz },
      { precinctId: q.precinctId, rankId: q.rankId, activeOn, pace, sort: q._sort, order: q._order, ...page },
    );
    const threshold = round2(rules.threshold);
    return {
      total,
      rows: rows.map((r) => {
        const { qualifies, behindPace } = standingOf(r.total, rules.threshold, pace);
        return { id: r.officerId, ...r, threshold, pace, atRisk: behindPace, qualifies };
      }),
    };
  }
}
