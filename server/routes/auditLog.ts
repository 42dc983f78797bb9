import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { auditLogQuery, auditLogRow } from '../../src/domain/schemas/auditLog';
import { PAGE_SIZES } from '../../src/domain/constants';
import { listAudit } from '../db/repositories/auditLog';
import { pageOf } from './listPage';
import { sendTotal } from '../reply';

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
}
