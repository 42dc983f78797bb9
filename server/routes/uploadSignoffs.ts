import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { badRequest, forbidden } from '../errors';
import { isExemptOfficer } from '../../src/domain/profile';
import { can } from '../../src/domain/access';
import { rc } from '../../src/domain/messages';
import { todayIn, toIsoDate } from '../../src/domain/dates';
import { wholeNumberText } from '../../src/domain/schemas/common';
import {
  MAX_UPLOAD_PAGE, officerQuery, reportOfficerRow, reportQuery, reportUploadRow, signoffList, signoffResult, unreadCountQuery,
} from '../../src/domain/schemas/uploads';
import { changeSignoffs, countUnread159s, isoDaysBefore, reportByOfficer, reportByUpload } from '../db/repositories/uploadSignoffs';
import { pageOf } from './listPage';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';
import { reportOfficerColumns, reportUploadColumns } from '../exports/lists';

const m = rc.uploads.errors;
const tags = ['uploads'];

/** 159 sign-offs and the compliance report (spec §2 Uploads and /DownloadReport, §4 159 upload, §7, §8). */
export async function uploadSignoffRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;
  const today = () => todayIn(tz, app.ctx.now());

  /**
   * GET /api/countUnread159s/{officerId}?olderThanDays -> text/plain count of unread 159s.
   * Exempt officers (1, 2, 3, 767) always 0. Own count, or anyone's at level 9+. With
   * olderThanDays=30 only 159s whose dateEntered is more than 30 days before today (ORG_TIMEZONE)
   * count: above 0 means the spec §4 forced redirect ("You have unread 159's that are older than 30 days!").
   */
  app.get(
    '/countUnread159s/:officerId',
    {
      config: { contract: { media: { 200: 'text/plain' } } },
      schema: {
        tags,
        summary: 'Unread 159 count (plain text)',
        params: z.object({ officerId: wholeNumberText(1) }),
        querystring: unreadCountQuery,
        response: { 200: z.string().meta({ pattern: '^[0-9]+$', example: '3', description: 'The count as plain text' }) },
      },
    },
    async (request, reply) => {
      const actor = authorize(request, 'upload:read');
      const { officerId } = request.params;
      if (officerId !== actor.officerId && !can(actor, 'upload:report')) throw forbidden(rc.errors.unauthorized);
      const days = request.query.olderThanDays;
      const before = days === undefined ? undefined : isoDaysBefore(today(), days);
      const count = isExemptOfficer(officerId) ? 0 : await countUnread159s(app.ctx.db, officerId, before);
      return reply.type('text/plain').send(String(count));
    },
  );

  /**
   * PUT /api/uploads/markCheckedAsRead?officerId, body [{id, deleteStatus}] -> [{id, signoffTimestamp}].
   * 'Y' signs the 159 off now (a second tick keeps the first time); anything else unticks it. Only
   * one's own sign-offs (another officerId: 403 'You can only sign off your own 159s.'); unticking a
   * signed-off 159 only by the super user (403 "Only the super user can untick a signed-off 159.").
   * All or nothing. 404 unknown upload, 400 not a 159. Every level but 3. Entries with id 0 are skipped.
   */
  app.put(
    '/uploads/markCheckedAsRead',
    {
      schema: {
        tags,
        summary: 'Sign 159s off (or untick them) for oneself',
        querystring: officerQuery,
        body: signoffList,
        response: { 200: signoffResult },
      },
    },
    async (request) => {
      const actor = authorize(request, 'upload:read');
      const officerId = request.query.officerId || actor.officerId;
      if (officerId !== actor.officerId) throw forbidden(m.signOwnOnly);
      const wanted = new Map<number, boolean>();
      for (const entry of request.body) if (entry.id > 0) wanted.set(entry.id, entry.deleteStatus === 'Y');
      const changes = [...wanted].map(([uploadId, signOff]) => ({ uploadId, signOff }));
      const mayUntick = actor.officerId === app.ctx.config.SUPER_USER_ID;
      return changeSignoffs(app.ctx.db, officerId, changes, mayUntick, app.ctx.now());
    },
  );

  /**
   * GET /api/uploads/downloadReport?uploadId | ?officerId, &_sort&_order&_start&_end -> rows, X-Total-Count.
   * Per document (uploadId of a 159): every active, non-exempt officer (levels 3 excluded: no 159
   * board) {officerId, lastName, firstName, precinct, signoffTimestamp, status}, default by name.
   * Per officer: every 159 {uploadId, dateEntered, description, signoffTimestamp, status}, newest
   * first. status is 'UNREAD' or the sign-off time MM/DD/YYYY HH:mm (ORG_TIMEZONE). Level 9+.
   * 400 without exactly one of the two, or for an upload that is not a 159; 404 unknown id.
   */
  app.get(
    '/uploads/downloadReport',
    {
      // 404: the event or upload named in the request does not exist.
      config: { contract: { add: [404] } },
      schema: {
        tags,
        summary: '159 compliance report, per document or per officer (level 9+)',
        querystring: reportQuery,
        response: { 200: z.union([z.array(reportOfficerRow), z.array(reportUploadRow)]) },
      },
    },
    async (request, reply) => {
      authorize(request, 'upload:report');
      const q = request.query;
      if (!q.uploadId === !q.officerId) throw badRequest(m.reportNeedsOne);
      const page = { sort: q._sort, order: q._order, ...pageOf(q, MAX_UPLOAD_PAGE) };
      const db = app.ctx.reportDb;
      return app.ctx.answers.answer(request, reply, {
        db,
        scopes: ['uploads', 'officers', 'lookups'],
        make: async () => {
          const { rows, total } = q.uploadId
            ? await reportByUpload(db, q.uploadId, toIsoDate(today()), page, tz)
            : await reportByOfficer(db, q.officerId as number, page, tz);
          return { rows, total };
        },
      });
    },
  );

  /**
   * GET /api/uploads/exportReport?<the downloadReport query>&format=csv|xlsx -> the 159
   * compliance report as a streamed CSV or XLSX file (server/exports), in the report's sort: per
   * document one officer a row (id, names, precinct, status), per officer one 159 a row (id,
   * date, description, status); status 'UNREAD' or the sign-off MM/DD/YYYY HH:mm. Refused exactly
   * as downloadReport (level 9+; 400 without exactly one of uploadId and officerId, or for a
   * document that is not a 159; 404 unknown id); 400 for another format.
   */
  app.get(
    '/uploads/exportReport',
    exportRoute(tags, '159 compliance report as a CSV or XLSX file (level 9+)', reportQuery, { add: [404] }),
    async (request, reply) => {
      authorize(request, 'upload:report');
      const q = request.query;
      if (!q.uploadId === !q.officerId) throw badRequest(m.reportNeedsOne);
      const format = exportFormat(request.query.format);
      const page = { sort: q._sort, order: q._order, offset: 0, limit: null };
      const db = app.ctx.reportDb;
      const name = exportName(rc.exports.files.uploadReport, today());
      const sheet = rc.exports.sheets.uploadReport;
      if (q.uploadId) {
        const { rows } = await reportByUpload(db, q.uploadId, toIsoDate(today()), page, tz);
        return sendExport(request, reply, { format, name, sheet, columns: reportOfficerColumns, total: rows.length, read: rowsReader(rows) });
      }
      const { rows } = await reportByOfficer(db, q.officerId as number, page, tz);
      return sendExport(request, reply, { format, name, sheet, columns: reportUploadColumns, total: rows.length, read: rowsReader(rows) });
    },
  );
}
