import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';
import { eventColumns } from '../exports/lists';
import type { App } from '../appType';
import { audit } from '../audit';
import { authorize } from '../auth/guard';
import { can } from '../../src/domain/access';
import { badRequest } from '../errors';
import { rc } from '../../src/domain/messages';
import { isValidDate, compareDates, toInstant, todayIn } from '../../src/domain/dates';
import { eventInputSchema, eventJson, eventListQuery, eventListRow, eventUpdateSchema, type EventListQuery } from '../../src/domain/schemas/events';
import { deleteList, idParams, idsToDelete } from '../../src/domain/schemas/common';
import { assertEventsOpen, assertInstantsOpen } from '../losap/yearLock';
import { PLACEHOLDER_EVENT, deleteEvents, getEvent, insertEvent, listEvents, updateEvent } from '../db/repositories/events';

/**
 * The checks and filter of the event list (getMultiple and its export): any signed-in user who
 * may read events (403 'Unauthorized!'); an officerId other than one's own needs level 5+ (the
 * sign-up rule); 400 bad date, until without since, since after until. Below level 5
 * hoursWorkedId adds only one's own ticket's event.
 */
function eventFilter(request: FastifyRequest, q: EventListQuery) {
  const actor = authorize(request, 'event:read');
  // The events an officer signed up for are his sign-ups: the same rule as GET /signup/getMultiple
  // (one's own at any level, anyone's at level 5+).
  if (q.officerId) authorize(request, 'signup:read', { officerId: q.officerId });
  const since = q.sinceStartDate || undefined;
  const until = q.untilStartDate || undefined;
  if ((since && !isValidDate(since)) || (until && !isValidDate(until))) throw badRequest(rc.validation.invalidDate);
  if (until && !since) throw badRequest(rc.validation.untilWithoutSince);
  if (since && until && compareDates(since, until) > 0) throw badRequest(rc.validation.sinceAfterUntil);
  const ticketOwnerId = can(actor, 'ticket:search-any') ? undefined : actor.officerId;
  return { eventTypeId: q.eventTypeId, precinctId: q.precinctId, officerId: q.officerId, hoursWorkedId: q.hoursWorkedId, sinceStartDate: since, untilStartDate: until, ticketOwnerId };
}

/** Events (spec §2 Events, §3, §4, §5 event edit and search, §7). Read by any signed-in user; written at level 9+. */
export async function eventRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;

  /**
   * GET /api/events/getMultiple?sinceStartDate&untilStartDate&eventTypeId&precinctId&officerId&hoursWorkedId
   * -> [placeholder {eventId: 0}, ...Event] earliest first. Dates MM/DD/YYYY (calendar days in
   * ORG_TIMEZONE, inclusive); ids filter when > 0; officerId: events that officer signed up for;
   * hoursWorkedId: the event of that time ticket is included too (below level 5 only of one's own
   * ticket: another's adds nothing). An officerId other than one's own needs level 5+
   * (403 'Unauthorized!', as for sign-ups). Each event carries signupCount,
   * maxOfficers, status (spec §4) and hasChildren ('Y' with sign-ups or time tickets).
   * 400: bad date, 'Cannot enter until date without since date!', 'Since date must be <= until date!'.
   */
  app.get(
    '/events/getMultiple',
    {
      schema: {
        tags: ['events'],
        summary: 'Events in a date window, by type, precinct, officer or ticket',
        querystring: eventListQuery,
        response: { 200: z.array(eventListRow) },
      },
    },
    async (request, reply) => {
      const filter = eventFilter(request, request.query);
      return app.ctx.answers.answer(request, reply, {
        db: app.ctx.db,
        // sign-up counts and status, hasChildren (sign-ups and event tickets: the events scope), locations and event types
        scopes: ['events', 'lookups'],
        make: async () => ({ rows: [PLACEHOLDER_EVENT, ...(await listEvents(app.ctx.db, filter, tz))] }),
      });
    },
  );

  /**
   * GET /api/events/export?<the getMultiple query>&format=csv|xlsx -> the events as a streamed
   * CSV or XLSX file (server/exports), earliest first, without the placeholder row: id, name,
   * type, start and end (MM/DD/YYYY, HH:mm), location, precinct, max officers, signed up, status,
   * incentive hours, description. Refused exactly as getMultiple; 400 for another format.
   */
  app.get(
    '/events/export',
    exportRoute(['events'], 'Events as a CSV or XLSX file', eventListQuery),
    async (request, reply) => {
      const filter = eventFilter(request, request.query);
      const format = exportFormat(request.query.format);
      const rows = await listEvents(app.ctx.db, filter, tz);
      const name = exportName(rc.exports.files.events, todayIn(tz, app.ctx.now()), filter.sinceStartDate, filter.untilStartDate);
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.events, columns: eventColumns, total: rows.length, read: rowsReader(rows) });
    },
  );

  /** GET /api/events/getSingle/{id} -> Event (spec §3); 404 'Event not found.' */
  app.get(
    '/events/getSingle/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'One event',
        params: idParams,
        response: { 200: eventJson },
      },
    },
    async (request) => {
      authorize(request, 'event:read');
      return getEvent(app.ctx.db, request.params.id, tz);
    },
  );

  /**
   * POST /api/events/insert, body {eventName, eventType: {eventTypeId}, location: {locationId},
   * startDate, startTime, endDate, endTime (MM/DD/YYYY, HH:mm on 15-minute steps, ORG_TIMEZONE),
   * maxOfficers (>= 1), incentiveHours (hours >= 0), description (ASCII, <= 535)} -> 201 Event.
   * Level 9+ (403 'Unauthorized!'). 400 with the spec §5 event edit messages, and for a start or
   * end time that does not exist in ORG_TIMEZONE (the spring-forward hour): rc.validation.nonexistentTime.
   */
  app.post(
    '/events/insert',
    { schema: { tags: ['events'], summary: 'Add an event (level 9+)', body: eventInputSchema(tz), response: { 201: eventJson } } },
    async (request, reply) => {
      const actor = authorize(request, 'event:write');
      const created = await app.ctx.db.transaction(async (tx) => {
        const row = await insertEvent(tx, request.body, tz, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'create', entity: 'event', entityId: row.eventId, after: row });
        return row;
      });
      return reply.code(201).send(created);
    },
  );

  /**
   * PUT /api/events/update, body as insert plus eventId -> 200 Event. Level 9+; 404 when unknown.
   * 409 when the change would rewrite sign-ups or time tickets: with either, another event type,
   * a location in another precinct or other incentive hours; with time tickets, another start or
   * end; always, maxOfficers below the officers already signed up ('Max officers cannot be less
   * than the {n} officers already signed up.'). 400 for a start or end time skipped by the
   * spring-forward change (rc.validation.nonexistentTime). An event of a certified LOSAP year, or
   * one moved into it: 409 'This LOSAP year has been certified and can no longer be changed.'.
   */
  app.put(
    '/events/update',
    { schema: { tags: ['events'], summary: 'Change an event (level 9+)', body: eventUpdateSchema(tz), response: { 200: eventJson } } },
    async (request) => {
      const actor = authorize(request, 'event:write');
      const id = request.body.eventId ?? 0;
      // its incentive hours count in a certified LOSAP year: neither it nor an event moved into one may change
      await assertEventsOpen(app.ctx.db, [id]);
      const b = request.body;
      await assertInstantsOpen(app.ctx.db, [toInstant(b.startDate, b.startTime, tz)]);
      return app.ctx.db.transaction(async (tx) => {
        const before = await getEvent(tx, id, tz).catch(() => null);
        const after = await updateEvent(tx, id, request.body, tz, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'update', entity: 'event', entityId: id, before, after });
        return after;
      });
    },
  );

  /**
   * DELETE /api/events/delete, body [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}] -> {deleted: n}.
   * Level 9+. An event with sign-ups or time tickets: 409 'This event has sign-ups or time tickets
   * and cannot be removed.'; an event of a certified LOSAP year: 409 'This LOSAP year has been
   * certified and can no longer be changed.'; nothing is removed.
   */
  app.delete(
    '/events/delete',
    {
      schema: {
        tags: ['events'],
        summary: 'Remove events without sign-ups or tickets (level 9+)',
        body: deleteList,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (request) => {
      authorize(request, 'event:write');
      const ids = idsToDelete(request.body);
      if (!ids.length) throw badRequest(rc.errors.nothingToDelete);
      await assertEventsOpen(app.ctx.db, ids);
      return app.ctx.db.transaction(async (tx) => {
        const before: Array<Awaited<ReturnType<typeof getEvent>> | null> = [];
        for (const id of ids) before.push(await getEvent(tx, id, tz).catch(() => null));
        const deleted = await deleteEvents(tx, ids);
        await audit(tx, request, ids.map((id, i) => ({ action: 'delete', entity: 'event', entityId: id, before: before[i], after: null })));
        return { deleted };
      });
    },
  );
}
