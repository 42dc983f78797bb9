import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { auditLogQuery, auditLogRow } from '../../src/domain/schemas/auditLog';
import { PAGE_SIZES } from '../../src/domain/constants';
import { lastAuditId, listAudit } from '../db/repositories/auditLog';
import { pageOf } from './listPage';
import { sendTotal } from '../reply';
import { audit } from '../audit';
import { rc } from '../../src/domain/messages';
import { todayIn } from '../../src/domain/dates';
import { exportDetails, exportFormat, exportRoute } from '../exports/columns';
import { exportName, pagedReader, sendExport } from '../exports/writeExport';
import { auditColumns } from '../exports/lists';

/** The audit log: read by level 10 (Administrative Functions > Audit Log). */
export async function auditLogRoutes(app: App) {
  /**
   * GET /api/auditLog/getMultiple?actorId&action&entity&entityId&outcome&since&until&_sort&_order&_start&_end
   * -> [{id, at (ISO, UTC), actorId, actorName ('Last, First'), actorLogin (both as they were
   * when the entry was written), action, entity, entityId, outcome, changes {field: {before,
   * after}}, details, requestId, repeatCount (identical refusals the entry stands for)}], newest
   * first, paged (at most 200 rows) with X-Total-Count. Level 10+ (403 'Unauthorized!'). since/until: ISO instants or YYYY-MM-DD days (UTC).
   */
  app.get(
    '/auditLog/getMultiple',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audit log entries (level 10)',
        querystring: auditLogQuery,
        response: { 200: z.array(auditLogRow) },
      },
    },
    async (request, reply) => {
      authorize(request, 'audit:read');
      const q = request.query;
      const { rows, total } = await listAudit(app.ctx.db, q, pageOf(q, Math.max(...PAGE_SIZES)));
      sendTotal(reply, total);
      return rows;
    },
  );

  /**
   * GET /api/auditLog/export?<the getMultiple query>&format=csv|xlsx -> the matching entries as a
   * streamed CSV or XLSX file (server/exports) in the list's order, read in pages: time (ISO,
   * UTC), officer id, name and login, action, record, record id, outcome, times, changes (JSON),
   * details, request id. Level 10+ (403 'Unauthorized!'); 400 for another format. The export
   * itself is recorded: one entry (action 'export', entity 'auditLog', rows and query in details).
   */
  app.get(
    '/auditLog/export',
    exportRoute(['audit'], 'Audit log entries as a CSV or XLSX file (level 10)', auditLogQuery),
    async (request, reply) => {
      authorize(request, 'audit:read');
      const format = exportFormat(request.query.format);
      const { format: _format, _start, _end, ...q } = request.query;
      const throughId = await lastAuditId(app.ctx.db);
      const pages = await pagedReader((offset, limit) => listAudit(app.ctx.db, q, { offset, limit, throughId }));
      await app.ctx.db.transaction((tx) => audit(tx, request, { action: 'export', entity: 'auditLog', details: exportDetails(format, pages.total, q) }));
      const name = exportName(rc.exports.files.auditLog, todayIn(app.ctx.config.ORG_TIMEZONE, app.ctx.now()));
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.auditLog, columns: auditColumns, ...pages });
    },
  );
}
