import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { App } from '../app';

/** GET /api/health: 200 { status: 'ok', database } when the database answers. Public. */
export async function systemRoutes(app: App) {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), time: z.string() }) },
      },
    },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.ctx.dbKind, time: app.ctx.now().toISOString() };
    },
  );
}
