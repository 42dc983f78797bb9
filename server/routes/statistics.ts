import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { badRequest } from '../errors';
import { statisticsQuery, statisticsRow, statisticsSearchSchema } from '../../src/domain/schemas/statistics';
import { getStatistics } from '../db/repositories/statistics';
import { rc } from '../../src/domain/messages';
import { todayIn } from '../../src/domain/dates';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';
import { statisticsColumns } from '../exports/lists';

/**
 * The checks of the statistics search (getStatistics and its export): 400 with the spec §5
 * statistics search messages first, then level 5+ (403 'Unauthorized!'). Returns the search.
 */
function statisticsSearch(request: FastifyRequest, query: unknown) {
  const checked = statisticsSearchSchema.safeParse(query);
  if (!checked.success) throw badRequest(checked.error.issues[0].message);
  authorize(request, 'report:statistics');
  return checked.data;
}

/** Statistics by precinct (spec §2 Statistics, §3 Statistics row, §5 statistics search, §6 level 5+, §7). */
export async function statisticsRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;

  /**
   * GET /api/statistics/getStatistics?assignedPct&sinceDate&untilDate -> [StatisticsRow]: one row
   * per precinct worked at (precinctId, pctName) by the officers assigned to detachment
   * `assignedPct`, over their unflagged time tickets whose 10-41 falls on sinceDate..untilDate
   * (MM/DD/YYYY, inclusive, ORG_TIMEZONE): allHours and detailHours (decimal hours, 2 decimals;
   * worked + travel + incentive, detail = assignment type 1), detailsWorked (detail tickets), the
   * eight activity counts; assignedPct, sinceDate and untilDate echoed. Ordered by precinct id; the
   * browser adds the totals row. Level 5+ (403 'Unauthorized!'). 400 with the spec §5 statistics
   * search messages: 'Must enter at least one search criteria!', 'Cannot enter until date without
   * since date!', 'Must enter since date!', 'Since date must be <= until date!', 'Detachment is
   * required', 'Invalid date - use MM/DD/YYYY'.
   */
  app.get(
    '/statistics/getStatistics',
    {
      schema: {
        tags: ['reports'],
        summary: 'Statistics by precinct worked at for one detachment (level 5+)',
        querystring: statisticsQuery,
        response: { 200: z.array(statisticsRow) },
      },
    },
    async (request, reply) => {
      const q = statisticsSearch(request, request.query);
      const db = app.ctx.reportDb;
      return app.ctx.answers.answer(request, reply, {
        db,
        scopes: ['tickets', 'officers', 'events', 'lookups'],
        make: async () => ({ rows: await getStatistics(db, { assignedPct: q.assignedPct!, sinceDate: q.sinceDate!, untilDate: q.untilDate }, tz) }),
      });
    },
  );

  /**
   * GET /api/statistics/export?<the getStatistics query>&format=csv|xlsx -> the statistics as a
   * streamed CSV or XLSX file (server/exports): one precinct worked at a row (PCT, precinct name,
   * all hours and detail hours with 2 decimals, details worked, the eight counts). Refused exactly
   * as getStatistics (400 with the statistics search messages, 403 below level 5); 400 for another format.
   */
  app.get(
    '/statistics/export',
    exportRoute(['reports'], 'Statistics by precinct worked at for one detachment as a CSV or XLSX file (level 5+)', statisticsQuery),
    async (request, reply) => {
      const { format: _format, ...query } = request.query;
      const q = statisticsSearch(request, query);
      const format = exportFormat(request.query.format);
      const rows = await getStatistics(app.ctx.reportDb, { assignedPct: q.assignedPct!, sinceDate: q.sinceDate!, untilDate: q.untilDate }, tz);
      const name = exportName(rc.exports.files.statistics, todayIn(tz, app.ctx.now()), q.sinceDate, q.untilDate);
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.statistics, columns: statisticsColumns, total: rows.length, read: rowsReader(rows) });
    },
  );
}
