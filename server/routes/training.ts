import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { notFound } from '../errors';
import { rc } from '../../src/domain/messages';
import { todayIn, toIsoDate } from '../../src/domain/dates';
import { chosenEventIds, chosenEventsBody, nonCompliantQuery, nonCompliantRow } from '../../src/domain/schemas/training';
import { countEvents, nonCompliantOfficers } from '../db/repositories/training';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';
import { nonCompliantColumns } from '../exports/lists';

/** Training compliance (spec §2 Training Compliance, §5, §6 level 9+, §7). */
export async function trainingRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;

  /**
   * POST /api/events/getNonCompliantOfficers?precinctId, body the chosen events ([{eventId, ...}]
   * as GET /api/events/getMultiple answered them; other fields and the placeholder id 0 ignored)
   * -> [{officerId, lastName, firstName, mobile}]: the active officers (not separated as of today
   * in ORG_TIMEZONE; exempt officers 1, 2, 3, 767 left out), assigned to precinctId when > 0, who
   * have no time ticket for any chosen event; by last name, first name. Level 9+ (403
   * 'Unauthorized!'). 400 'Must check at least one row!' when no event is chosen; 404 'A chosen
   * event no longer exists. Please search again.' for an unknown event id.
   */
  app.post(
    '/events/getNonCompliantOfficers',
    {
      // 404: a chosen event does not exist; a read, so never 409.
      config: { contract: { add: [404], remove: [409] } },
      schema: {
        tags: ['reports'],
        summary: 'Officers who attended none of the chosen events (level 9+)',
        querystring: nonCompliantQuery,
        body: chosenEventsBody,
        response: { 200: z.array(nonCompliantRow) },
      },
    },
    async (request, reply) => {
      authorize(request, 'report:training');
      const ids = chosenEventIds(request.body);
      const db = app.ctx.reportDb;
      return app.ctx.answers.answer(request, reply, {
        db,
        // who attended a chosen event: its tickets count to the events scope (migration 0015)
        scopes: ['events', 'officers'],
        make: async () => {
          if ((await countEvents(db, ids)) !== ids.length) throw notFound(rc.training.errors.eventNotFound);
          return { rows: await nonCompliantOfficers(db, ids, { precinctId: request.query.precinctId, todayIso: toIsoDate(todayIn(tz, app.ctx.now())) }) };
        },
      });
    },
  );

  /**
   * POST /api/events/exportNonCompliantOfficers?precinctId&format=csv|xlsx, body as
   * getNonCompliantOfficers -> the training compliance report as a streamed CSV or XLSX file
   * (server/exports): officer id, name, mobile, by last name, first name. Refused exactly as
   * getNonCompliantOfficers (403 below level 9, 400 no event chosen, 404 unknown event); 400 for another format.
   */
  const exportOptions = exportRoute(['reports'], 'Officers who attended none of the chosen events as a CSV or XLSX file (level 9+)', nonCompliantQuery, { add: [404], remove: [409] });
  app.post(
    '/events/exportNonCompliantOfficers',
    { ...exportOptions, schema: { ...exportOptions.schema, body: chosenEventsBody } },
    async (request, reply) => {
      authorize(request, 'report:training');
      const ids = chosenEventIds(request.body);
      const db = app.ctx.reportDb;
      if ((await countEvents(db, ids)) !== ids.length) throw notFound(rc.training.errors.eventNotFound);
      const format = exportFormat(request.query.format);
      const today = todayIn(tz, app.ctx.now());
      const rows = await nonCompliantOfficers(db, ids, { precinctId: request.query.precinctId, todayIso: toIsoDate(today) });
      const name = exportName(rc.exports.files.trainingCompliance, today);
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.trainingCompliance, columns: nonCompliantColumns, total: rows.length, read: rowsReader(rows) });
    },
  );
}
