import { z } from 'zod';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { badRequest } from '../errors';
import { rc } from '../../src/domain/messages';
import { locationFields, locationJson, locationUpdate } from '../../src/domain/schemas/locations';
import { deleteList, idParams, idsToDelete } from '../../src/domain/schemas/common';
import { deleteLocations, getLocation, insertLocation, listLocations, updateLocation } from '../db/repositories/locations';
import { audit } from '../audit';

/**
 * Locations (spec §2 Locations, §3, §5, §7). Read by any signed-in user; written at level 9+, each
 * write with its audit entry in the same transaction (as an import's location writes have).
 */
export async function locationRoutes(app: App) {
  /** GET /api/locations/getMultiple -> Location[] by name, each with hasChildren 'Y' when events use it. */
  app.get(
    '/locations/getMultiple',
    { schema: { tags: ['locations'], summary: 'All locations', response: { 200: z.array(locationJson) } } },
    async (request) => {
      authorize(request, 'location:read');
      return listLocations(app.ctx.db);
    },
  );

  /** GET /api/locations/getSingle/{id} -> Location; 404 when unknown. */
  app.get(
    '/locations/getSingle/:id',
    {
      schema: {
        tags: ['locations'],
        summary: 'One location',
        params: idParams,
        response: { 200: locationJson },
      },
    },
    async (request) => {
      authorize(request, 'location:read');
      return getLocation(app.ctx.db, request.params.id);
    },
  );

  /**
   * POST /api/locations/insert, body {name, address, city, state: {stateId}, zip, phone1?, email1?,
   * webAddress?, precinct: {precinctId}} -> 201 Location. Level 9+ (403 'Unauthorized!').
   * 400 with the spec §5 location messages ('Name is required', 'Invalid postal code format', ...).
   */
  app.post(
    '/locations/insert',
    { schema: { tags: ['locations'], summary: 'Add a location (level 9+)', body: locationFields, response: { 201: locationJson } } },
    async (request, reply) => {
      const actor = authorize(request, 'location:write');
      const created = await app.ctx.db.transaction(async (tx) => {
        const row = await insertLocation(tx, request.body, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'create', entity: 'location', entityId: row.locationId, after: row });
        return row;
      });
      return reply.code(201).send(created);
    },
  );

  /** PUT /api/locations/update, body as insert plus locationId -> 200 Location. Level 9+; 404 when unknown. */
  app.put(
    '/locations/update',
    { schema: { tags: ['locations'], summary: 'Change a location (level 9+)', body: locationUpdate, response: { 200: locationJson } } },
    async (request) => {
      const actor = authorize(request, 'location:write');
      const id = request.body.locationId ?? 0;
      return app.ctx.db.transaction(async (tx) => {
        const before = await getLocation(tx, id);
        const after = await updateLocation(tx, id, request.body, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'update', entity: 'location', entityId: id, before, after });
        return after;
      });
    },
  );

  /**
   * DELETE /api/locations/delete, body [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}] -> {deleted: n}.
   * Level 9+. A location used by events: 409 'This location is used by events and cannot be removed.'
   */
  app.delete(
    '/locations/delete',
    {
      schema: {
        tags: ['locations'],
        summary: 'Remove locations not used by events (level 9+)',
        body: deleteList,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (request) => {
      authorize(request, 'location:write');
      const ids = idsToDelete(request.body);
      if (!ids.length) throw badRequest(rc.errors.nothingToDelete);
      const deleted = await app.ctx.db.transaction(async (tx) => {
        const removed = await deleteLocations(tx, ids);
        await audit(tx, request, removed.map((before) => ({ action: 'delete', entity: 'location', entityId: before.locationId, before, after: null })));
        return removed.length;
      });
      return { deleted };
    },
  );
}
