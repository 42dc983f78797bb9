import { z } from 'zod';
import type { App } from '../app';
import { authorize } from '../auth/guard';
import { isExemptOfficer } from '../../src/domain/profile';
import { countUnread159s } from '../db/repositories/uploads';
import { can } from '../../src/domain/access';
import { forbidden } from '../errors';
import { rc } from '../../src/domain/messages';

/** Uploads and 159s (spec §7). So far: the unread-159 count the home redirect needs. */
export async function uploadRoutes(app: App) {
  /**
   * GET /api/countUnread159s/{officerId} -> text/plain count of unread 159s.
   * Exempt officers (1, 2, 3, 767) always 0. Own count, or anyone's at level 9+.
   */
  app.get(
    '/countUnread159s/:officerId',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Unread 159 count (plain text)',
        params: z.object({ officerId: z.coerce.number().int().positive() }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const actor = authorize(request, 'upload:read');
      const { officerId } = request.params;
      if (officerId !== actor.officerId && !can(actor, 'upload:report')) throw forbidden(rc.errors.unauthorized);
      const count = isExemptOfficer(officerId) ? 0 : await countUnread159s(app.ctx.db, officerId);
      return reply.type('text/plain').send(String(count));
    },
  );
}
