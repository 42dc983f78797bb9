import { z } from 'zod';
import { usDateText, instantText } from '../../src/domain/schemas/wire';
import { sql } from 'drizzle-orm';
import type { App } from '../appType';
import { todayIn } from '../../src/domain/dates';

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
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), time: instantText() }) },
      },
    },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.ctx.dbKind, time: app.ctx.now().toISOString() };
    },
  );

  /** GET /api/config: what the browser needs before sign-in (organisation name, time zone). Public. */
  app.get(
    '/config',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Organisation name and time zone',
        security: [],
        response: { 200: z.object({ orgName: z.string(), orgTimezone: z.string(), superUserId: z.number(), today: usDateText() }) },
      },
    },
    async () => ({
      orgName: app.ctx.config.ORG_NAME,
      orgTimezone: app.ctx.config.ORG_TIMEZONE,
      superUserId: app.ctx.config.SUPER_USER_ID,
      today: todayIn(app.ctx.config.ORG_TIMEZONE, app.ctx.now()),
    }),
  );
}
