import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { App } from '../appType';
import { audit } from '../audit';
import { authorize } from '../auth/guard';
import { badRequest } from '../errors';
import { can } from '../../src/domain/access';
import { rc } from '../../src/domain/messages';
import { deleteList, idsToDelete } from '../../src/domain/schemas/common';
import { signupDeleteQuery, signupInsert, signupJson, signupListQuery } from '../../src/domain/schemas/signups';
import { deleteSignups, insertSignup, listSignups } from '../db/repositories/signups';
import { assertEventsOpen } from '../losap/yearLock';
import { todayIn } from '../../src/domain/dates';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';
import { signupColumns } from '../exports/lists';

/** The query of GET /signup/getMultiple: the spec's eventId and officerId, and our roster search q. */
const rosterQuery = signupListQuery.extend({
  q: z.string().max(100).optional().meta({ description: 'Roster search: words that begin a last or first name, officer id, login or badge (level 10)' }),
});

/**
 * The checks and filter of the roster list (getMultiple and its export): an eventId or an
 * officerId is required (400); below level 5 another officer's sign-ups are refused (403
 * 'Unauthorized!'); the search reaches logins and badge numbers at level 10 (byAccount).
 */
function rosterFilter(request: FastifyRequest, query: z.infer<typeof rosterQuery>) {
  const { eventId, officerId, q } = query;
  const actor = authorize(request, 'signup:read', officerId ? { officerId } : undefined);
  if (!eventId && !officerId) throw badRequest(rc.signups.errors.filterRequired);
  // officerId 0 is nobody's own id: "may read any officer's record"
  return { eventId, officerId, q, byAccount: can(actor, 'officer:read', { officerId: 0 }) };
}

/** Event sign-ups / rosters (spec §2 /EventSignupBrowse, §4 Signup, §5, §7, §8). */
export async function signupRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;

  /**
   * GET /api/signup/getMultiple?eventId&officerId -> EventSignup[] with event (name, times in
   * ORG_TIMEZONE) and officer {officerId, lastName, firstName, mobile}. An eventId or an
   * officerId (> 0) is required: 400 'Choose an event or an officer to list sign-ups for.'.
   * An event's roster is readable by any signed-in user (level 3 too, spec §6); below level 5
   * an officerId other than one's own is refused (403 'Unauthorized!'). Optional q (our roster
   * search, at most 100 characters) keeps the officers whose last or first name or officer id
   * ('A0007', '7') begins with each typed word; at level 10+ (who may read every officer record)
   * also their login or badge number, which are never in the answer.
   */
  app.get(
    '/signup/getMultiple',
    {
      schema: { tags: ['signup'], summary: 'Roster of an event, or the sign-ups of an officer', querystring: rosterQuery, response: { 200: z.array(signupJson) } },
    },
    async (request) => listSignups(app.ctx.db, rosterFilter(request, request.query), tz),
  );

  /**
   * GET /api/signup/export?<the getMultiple query>&format=csv|xlsx -> the roster (or an
   * officer's sign-ups) as a streamed CSV or XLSX file (server/exports): officer id, names,
   * mobile, event, type, start and end (MM/DD/YYYY, HH:mm). Refused exactly as getMultiple
   * (403, 400 'Choose an event or an officer to list sign-ups for.'); 400 for another format.
   */
  app.get(
    '/signup/export',
    exportRoute(['signup'], 'Roster of an event, or the sign-ups of an officer, as a CSV or XLSX file', rosterQuery),
    async (request, reply) => {
      const filter = rosterFilter(request, request.query);
      const format = exportFormat(request.query.format);
      const rows = await listSignups(app.ctx.db, filter, tz);
      const name = exportName(rc.exports.files.roster, todayIn(tz, app.ctx.now()));
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.roster, columns: signupColumns, total: rows.length, read: rowsReader(rows) });
    },
  );

  /**
   * POST /api/signup/insert, body {event: {eventId}, officer: {officerId}} -> 201 {eventId, officerId}.
   * An officer signs up only himself; level 5+ may sign up others; level 3 never (403 'Unauthorized!').
   * 409: already on this roster ('Duplicate record - unique constraint violated!'), an overlapping
   * sign-up ('You are already signed up for another event within this time frame!'), or
   * 'This roster is full!' (decided under a row lock on the event). 404 unknown event or officer.
   * Signing oneself up (any level) for an event whose start is at or before now (app clock):
   * 409 'This event has already started. Sign-ups are closed.'; level 5+ signing up somebody
   * else may still add to a started or past event (roster corrections), except an event of a
   * certified LOSAP year: 409 'This LOSAP year has been certified and can no longer be changed.'.
   */
  app.post(
    '/signup/insert',
    {
      // 404: the event or upload named in the request does not exist.
      config: { contract: { add: [404] } },
      schema: {
        tags: ['signup'],
        summary: 'Sign an officer up for an event',
        body: signupInsert,
        response: { 201: z.object({ eventId: z.number(), officerId: z.number() }) },
      },
    },
    async (request, reply) => {
      const { event, officer } = request.body;
      const actor = authorize(request, 'signup:create', { officerId: officer.officerId });
      await assertEventsOpen(app.ctx.db, [event.eventId]);
      await app.ctx.db.transaction(async (tx) => {
        await insertSignup(tx, event.eventId, officer.officerId, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'create', entity: 'signup', entityId: `${event.eventId}/${officer.officerId}`, after: { eventId: event.eventId, officerId: officer.officerId } });
      });
      return reply.code(201).send({ eventId: event.eventId, officerId: officer.officerId });
    },
  );

  /**
   * DELETE /api/signup/delete?eventId, body [{id: 0, deleteStatus: ''}, {id: officerId, deleteStatus: 'Y'}]
   * -> {deleted: n}. Level 5+ only (spec §4: once signed up, only a supervisor can remove the officer).
   * An officer with a time ticket for the event: 409 'This officer has logged a time ticket for
   * this event and cannot be removed from the roster.' and nobody is removed; an event of a
   * certified LOSAP year: 409 'This LOSAP year has been certified and can no longer be changed.'.
   */
  app.delete(
    '/signup/delete',
    {
      schema: {
        tags: ['signup'],
        summary: 'Remove officers from a roster (level 5+)',
        querystring: signupDeleteQuery,
        body: deleteList,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (request) => {
      authorize(request, 'signup:delete');
      const ids = idsToDelete(request.body);
      if (!ids.length) throw badRequest(rc.errors.nothingToDelete);
      const { eventId } = request.query;
      await assertEventsOpen(app.ctx.db, [eventId]);
      return app.ctx.db.transaction(async (tx) => {
        const deleted = await deleteSignups(tx, eventId, ids, app.ctx.now());
        await audit(tx, request, ids.map((officerId) => ({ action: 'delete', entity: 'signup', entityId: `${eventId}/${officerId}`, before: { eventId, officerId }, after: null })));
        return { deleted };
      });
    },
  );
}
