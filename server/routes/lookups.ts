import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { badRequest } from '../errors';
import { rc } from '../../src/domain/messages';
import { lookupQuery, lookupRow, resolveLookup, stateRow } from '../../src/domain/schemas/lookups';
import { listLookup, listPrecincts, listStates } from '../db/repositories/lookups';

/** Lookups (spec §7): getStateTable, getPrecinctTable, getLookupTable. Any signed-in user. */
export async function lookupRoutes(app: App) {
  /** GET /api/getStateTable -> [{stateId, stateAbbr, stateName}] by name (spec §3 State). */
  app.get(
    '/getStateTable',
    { schema: { tags: ['lookups'], summary: 'States and territories', response: { 200: z.array(stateRow) } } },
    async (request) => {
      authorize(request, 'lookup:read');
      return listStates(app.ctx.db);
    },
  );

  /** GET /api/getPrecinctTable -> [{id, description, abbr}] by id (spec §7: rows carry id and description). */
  app.get(
    '/getPrecinctTable',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Precincts as {id, description, abbr}',
        response: { 200: z.array(lookupRow.extend({ abbr: z.string() })) },
      },
    },
    async (request) => {
      authorize(request, 'lookup:read');
      return listPrecincts(app.ctx.db);
    },
  );

  /**
   * GET /api/getLookupTable?tableName&pkName&displayName&orderBy -> [{id, description}].
   * Only the four descriptors of spec §3: assignment_type/assignment_type_id/description,
   * event_type/event_type_id/event_type_description, rank/rank_id/description (default order
   * description), access_type/access_type_id/description (default order id). orderBy may be the
   * key or the display column. Anything else: 400 'Unknown lookup table.'
   */
  app.get(
    '/getLookupTable',
    {
      schema: {
        tags: ['lookups'],
        summary: 'One allow-listed lookup table as {id, description}',
        querystring: lookupQuery,
        response: { 200: z.array(lookupRow) },
      },
    },
    async (request) => {
      authorize(request, 'lookup:read');
      const resolved = resolveLookup(request.query);
      if (!resolved) throw badRequest(rc.errors.badLookup);
      return listLookup(app.ctx.db, resolved.table, resolved.order);
    },
  );
}
