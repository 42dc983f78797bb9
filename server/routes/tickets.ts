import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { App } from '../appType';
import { audit } from '../audit';
import { authorize } from '../auth/guard';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../errors';
import { can, type Actor } from '../../src/domain/access';
import { format, rc } from '../../src/domain/messages';
import { PAGE_SIZES } from '../../src/domain/constants';
import { fromInstant, isExistingLocalTime, isOnTimeStep, isValidDate, isValidTime, spanFields, toInstant, todayIn } from '../../src/domain/dates';
import { validateSearchRange } from '../../src/domain/search';
import { IDEMPOTENCY_HEADER } from '../../src/domain/offline';
import { idempotencyKeySchema } from '../../src/domain/schemas/offline';
import { editWindowDays, isInsideWindow, ticketHours } from '../../src/domain/tickets';
import {
  duplicateQuerySchema, flagBodySchema, flagParamsSchema, flagQuerySchema, ticketFilterSchema, ticketInputSchema,
  ticketListQuerySchema, ticketListRowSchema, ticketRulesSchema, ticketSchema, ticketTotalsSchema, type TicketFilter, type TicketInput,
} from '../../src/domain/schemas/tickets';
import * as repo from '../db/repositories/tickets';
import { deleteList, idsToDelete } from '../../src/domain/schemas/common';
import { compileJsonWriter } from '../compiledJson';
import { sendJson } from '../reply';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';
import { summaryColumns, ticketColumns } from '../exports/tickets';
import { assertInstantsOpen, assertTicketsOpen } from '../losap/yearLock';

const m = rc.tickets;
const tags = ['time tickets'];
/** Most rows one getMultiple answer holds: the largest page size of spec §9 (200). */
export const MAX_TICKET_PAGE = Math.max(...PAGE_SIZES);
/** The ticket list's answer as JSON text, compiled once from its response schema. */
const writeTickets = compileJsonWriter(z.array(ticketSchema));
/** What the summary by officer and the footer totals show: tickets, their officers' names and precincts, event incentive hours, lookups. */
const TICKET_REPORT_SCOPES = ['tickets', 'officers', 'events', 'lookups'] as const;

/**
 * 403 'Unauthorized!' for a session that may not read tickets at all (password-change-only,
 * incomplete profile); 403 with the spec's message when the actor may not read tickets of
 * `ownerId` (below level 5: own only).
 */
function assertRead(request: FastifyRequest, ownerId: number): Actor {
  authorize(request, 'ticket:read');
  return authorize(request, 'ticket:read', { officerId: ownerId }, m.notYourTicket);
}

/**
 * Write rule (spec §6): can(actor, 'ticket:write', {officerId: ownerId}) decides; the refusal
 * says why: another officer's tickets below level 5 "You are not authorized to access another
 * officer's tickets!"; level 3 (or a restricted session) 'Unauthorized!'; levels 5-8, who read
 * but may not change another officer's tickets, 'Only level 9 and above may log or change time
 * tickets of another officer.'. All 403.
 */
function assertWrite(request: FastifyRequest, ownerId: number): Actor {
  const actor = authorize(request, 'ticket:read');
  if (can(actor, 'ticket:write', { officerId: ownerId })) return actor;
  if (!can(actor, 'ticket:read', { officerId: ownerId })) throw forbidden(m.notYourTicket);
  throw forbidden(can(actor, 'ticket:write') ? m.writeOwnOnly : rc.errors.unauthorized);
}

/**
 * Reading tickets at all needs 'ticket:read' (so a password-change-only or incomplete-profile
 * session gets 403 'Unauthorized!'). Below level 5 the list is limited to the actor's own
 * tickets; another officerId is refused.
 */
function scopeFilter<T extends TicketFilter>(request: FastifyRequest, f: T): T {
  const actor = authorize(request, 'ticket:read');
  if (!can(actor, 'ticket:search-any')) {
    if (f.officerId && f.officerId !== actor.officerId) throw forbidden(m.notYourTicket);
    f = { ...f, officerId: actor.officerId };
  }
  const problem = validateSearchRange({ sinceDate: f.sinceDate, untilDate: f.untilDate, otherCriteria: true });
  if (problem) throw badRequest(problem);
  return f;
}

/**
 * Headers of POST /timeTickets/insert: the optional Idempotency-Key of offline entry (as Fastify
 * sees header names, in lower case); every other header passes untouched (a loose object, so the
 * session's Authorization and cookies stay). A malformed key: 400 in the shared error shape.
 */
const insertHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeySchema.optional().meta({
    description: `${IDEMPOTENCY_HEADER}: one key per ticket (16-64 of A-Z a-z 0-9 - _). A retry with the same key and body gets the ticket already made, never a second one.`,
  }),
});

/**
 * SHA-256 (64 hex digits) of an insert body in canonical form: the body as ticketInputSchema
 * parsed it (unknown fields refused, defaults filled in, keys in the schema's order whatever order
 * they were sent in) as JSON, with null fields left out like absent ones (the insert reads them
 * alike). A retry of one outbox entry hashes the same; any change of a value does not.
 */
function ticketBodyHash(body: TicketInput): string {
  const canonical = JSON.stringify(body, (_key, value: unknown) => (value === null ? undefined : value));
  return createHash('sha256').update(canonical).digest('hex');
}

/** How the API answers each refusal of repo.saveTicket (spec §5, §8). */
const REFUSALS: Record<repo.TicketRefusal, [status: number, message: string]> = {
  notFound: [404, m.notFound],
  eventNotFound: [400, m.mustSelectEvent],
  assignmentTypeMismatch: [400, m.assignmentTypeMismatch],
  notSignedUp: [400, m.mustBeSignedUp],
  alreadyLoggedEvent: [409, m.alreadyLoggedEvent],
  notDuringEvent: [400, m.notDuringEvent],
  overlap: [409, m.overlap],
};

/**
 * Time tickets (spec §7; rules §4, §5, §6; messages §5, §8). Each write is validated
 * (ticketRulesSchema, which the browser form runs too), authorized (can()) and handed to the
 * repository, which applies the database rules and writes in one transaction. Dates MM/DD/YYYY and times HH:mm are
 * wall-clock in ORG_TIMEZONE; hours are decimal hours computed by the server.
 */
export async function ticketRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;
  const today = () => todayIn(tz, app.ctx.now());

  /**
   * The spec §5 rules of a ticket body that need no database (ticketRulesSchema, worded as the
   * API's alerts, with the server's clock); 400 with the first problem's message. Returns the
   * checked body.
   */
  function checkRules(actor: Actor, b: TicketInput): TicketInput {
    const result = ticketRulesSchema({ accessLevel: actor.accessLevel, today: today(), now: app.ctx.now(), tz, wording: 'alert' }).safeParse(b);
    if (!result.success) throw badRequest(result.error.issues[0].message);
    return result.data;
  }

  /**
   * The write rule, lock and edit window of spec §4 for a stored ticket head: 403 not the
   * actor's to change or locked, 400 'Time ticket cannot be more than N days old!'.
   */
  function assertHeadChangeable(request: FastifyRequest, head: repo.TicketHead): Actor {
    const actor = assertWrite(request, head.officerId);
    if (head.locked) throw forbidden(m.locked);
    if (!isInsideWindow(fromInstant(head.startAt, tz).date, today(), actor.accessLevel)) {
      throw badRequest(format(m.tooOld, { days: editWindowDays(actor.accessLevel) }));
    }
    return actor;
  }

  /** The body's 10-41 as an instant when its date and time are valid and exist in ORG_TIMEZONE, else null (checkRules refuses it). */
  function bodyStart(b: TicketInput): Date | null {
    const { startDate, startTime } = b;
    if (!startDate || !startTime || !isValidDate(startDate) || !isValidTime(startTime) || !isExistingLocalTime(startDate, startTime, tz)) return null;
    return toInstant(startDate, startTime, tz);
  }

  /**
   * The sentence after the spec's overlap message naming the ticket in the way, wall-clock in
   * ORG_TIMEZONE: 'It overlaps your ticket of 03/20/2026 08:00 to 10:00 (Patrol).' (`own`), or
   * "the officer's ticket" for someone logging another officer's tour; the 10-42 date is shown
   * only when it is not the 10-41 date.
   */
  function overlapNotice(t: repo.OverlappedTicket, own: boolean): string {
    const span = spanFields(t.startAt, t.endAt, tz);
    const end = span.endDate === span.startDate ? span.endTime : `${span.endDate} ${span.endTime}`;
    return format(own ? m.overlapsYours : m.overlapsOfficers, { startDate: span.startDate, startTime: span.startTime, end, kind: t.kind });
  }

  /**
   * Validates, authorizes and saves a ticket (insert without `hoursWorkedId`, else update):
   * the §5 rules (400), the write rule for the body's officer (403), then repo.saveTicket checks
   * the stored ticket (404; write rule, lock and window through assertHeadChangeable), the event
   * rules and the overlap and writes, in one transaction. Returns the saved ticket. A new ticket
   * stores `idempotency` (its key and body hash) when given.
   */
  async function save(request: FastifyRequest, b: TicketInput, hoursWorkedId?: number, idempotency?: repo.TicketIdempotency) {
    const writer = authorize(request, 'ticket:write');
    // a certified LOSAP year is refused first, whatever the edit window would say (decision 024)
    await assertTicketsOpen(app.ctx.db, hoursWorkedId ? [hoursWorkedId] : []);
    await assertInstantsOpen(app.ctx.db, [bodyStart(b)]);
    const body = checkRules(writer, b);
    const actor = assertWrite(request, body.officer?.officerId ?? 0);
    // the ticket and its audit entry commit together: a refusal (thrown) or a failed entry writes neither
    return app.ctx.db.transaction(async (tx) => {
      const before = hoursWorkedId ? ((await repo.getTicket(tx, hoursWorkedId, tz)) ?? null) : null;
      const saved = await repo.saveTicket(tx, {
        body,
        hoursWorkedId,
        actorId: actor.officerId,
        withAuditComments: can(actor, 'ticket:audit-comment'),
        byReviewer: can(actor, 'ticket:flag'),
        now: app.ctx.now(),
        tz,
        checkHead: (head) => assertHeadChangeable(request, head),
        idempotency,
      });
      if (!saved.ok) {
        const [status, message] = REFUSALS[saved.refusal];
        throw new HttpError(status, saved.overlapped ? `${message} ${overlapNotice(saved.overlapped, body.officer?.officerId === actor.officerId)}` : message);
      }
      const after = (await repo.getTicket(tx, saved.hoursWorkedId, tz))!;
      await audit(tx, request, { action: hoursWorkedId ? 'update' : 'create', entity: 'ticket', entityId: saved.hoursWorkedId, before, after });
      return after;
    });
  }

  /**
   * The ticket the requester's idempotency key already made, as the insert answers it; null when
   * the key made none. 409 rc.offline.server.keyReused when it was made from another body; 403 as
   * getSingle when the requester may no longer read it.
   */
  async function madeWithKey(request: FastifyRequest, requesterId: number, idempotency: repo.TicketIdempotency) {
    const made = await repo.ticketByIdempotencyKey(app.ctx.db, requesterId, idempotency.key);
    if (!made) return null;
    if (made.bodyHash !== idempotency.bodyHash) throw conflict(rc.offline.server.keyReused);
    assertRead(request, made.officerId);
    return (await repo.getTicket(app.ctx.db, made.hoursWorkedId, tz)) ?? null;
  }

  /**
   * An insert sent with an idempotency key (offline entry, src/domain/offline.ts). The session
   * must be allowed to write tickets (403 first, as every insert); then the ticket this
   * requester's key already made is the answer, before the edit window, the LOSAP lock or the
   * overlap with that very ticket could refuse a retry of an insert that went through. Otherwise the insert runs
   * exactly as without a key and stores the key with the ticket; a refusal stores nothing, so the
   * key can be sent again with a corrected body. A request with the same key that commits first
   * (a concurrent retry) makes this one's write fail on the overlap or hw_idempotency_key_idx:
   * its ticket is then the answer, never a second ticket or a 5xx.
   */
  async function insertOnce(request: FastifyRequest, b: TicketInput, key: string) {
    const requester = authorize(request, 'ticket:write');
    const idempotency = { key, bodyHash: ticketBodyHash(b) };
    const made = await madeWithKey(request, requester.officerId, idempotency);
    if (made) return made;
    try {
      return await save(request, b, undefined, idempotency);
    } catch (err) {
      const raced = await madeWithKey(request, requester.officerId, idempotency);
      if (raced) return raced;
      throw err;
    }
  }

  /**
   * GET /api/timeTickets/getSingle/{id} -> the ticket (spec §3). 403 'Unauthorized!' for a
   * session that may not read tickets at all (checked before the ticket is looked up); 404
   * unknown; 403 "You are not authorized to access another officer's tickets!" below level 5 for
   * another officer's ticket.
   */
  app.get(
    '/timeTickets/getSingle/:id',
    { schema: { tags, summary: 'One time ticket', params: flagParamsSchema, response: { 200: ticketSchema } } },
    async (request) => {
      authorize(request, 'ticket:read');
      const ticket = await repo.getTicket(app.ctx.db, request.params.id, tz);
      if (!ticket) throw notFound(m.notFound);
      assertRead(request, ticket.officer.officerId);
      return ticket;
    },
  );

  /**
   * GET /api/timeTickets/getMultiple?officerId&sinceDate&untilDate&assignmentTypeId&precinctId&
   * assignedPct&summarizeFlag&arrestFlag&hoursWorkedId&eventId&_sort&_order&_start&_end ->
   * tickets (or, with summarizeFlag=Y, one row per officer with summed hours and counts of
   * unflagged tickets and his assigned precinct), sorted and paged in SQL; X-Total-Count header.
   * At most MAX_TICKET_PAGE (200, spec §9) rows: without _end the first 200 from _start; a page
   * _end - _start over 200 -> 400 'A page cannot hold more than 200 rows.'.
   * Below level 5 only the actor's own tickets (another officerId -> 403). Spec §2, §7.
   * One officer's list is kept while its version (repo.ticketListVersion) is unchanged, the
   * summary by officer while the tickets, officers, events and lookups scopes are (server/answers,
   * after every check above); lists of all officers are made every time.
   */
  app.get(
    '/timeTickets/getMultiple',
    { schema: { tags, summary: 'Time ticket list or summary by officer', querystring: ticketListQuerySchema, response: { 200: z.array(ticketListRowSchema) } } },
    async (request, reply) => {
      const q = scopeFilter(request, request.query);
      const offset = q._start ?? 0;
      const limit = q._end !== undefined ? Math.max(0, q._end - offset) : MAX_TICKET_PAGE;
      if (limit > MAX_TICKET_PAGE) throw badRequest(format(m.pageTooLarge, { max: MAX_TICKET_PAGE }));
      const page: repo.Page = { sort: q._sort, order: q._order, offset, limit };
      // The rows go through the compiled writer of the response schema, not zod's
      // parse + JSON.stringify; a string is sent as it is.
      if (q.summarizeFlag === 'Y') {
        const db = app.ctx.reportDb;
        return app.ctx.answers.answer(request, reply, { db, scopes: TICKET_REPORT_SCOPES, make: () => repo.summarizeTickets(db, q, page, tz), write: writeTickets });
      }
      if (!q.officerId) {
        const { rows, total } = await repo.listTickets(app.ctx.db, q, page, tz);
        return sendJson(reply, writeTickets(rows), total);
      }
      const officerId = q.officerId;
      return app.ctx.answers.answer(request, reply, {
        db: app.ctx.db,
        version: () => repo.ticketListVersion(app.ctx.db, officerId),
        make: () => repo.listTickets(app.ctx.db, q, page, tz),
        write: writeTickets,
      });
    },
  );

  /**
   * GET /api/timeTickets/export?<the getMultiple query>&format=csv|xlsx -> the whole list as a
   * streamed CSV or XLSX file (server/exports): every ticket matching the filters in the list's
   * sort (paging ignored), one row each with officer, 10-41 and 10-42 (MM/DD/YYYY, HH:mm),
   * assignment type, precinct, event, description, hours (2 decimals), the eight counts and the
   * flag with its reason; with summarizeFlag=Y the summary by officer's rows. X-Total-Count: rows.
   * Refused exactly as getMultiple (401, 403 'Unauthorized!' or another officer's tickets below
   * level 5, 400 bad filter) and 400 for another format, before any byte.
   */
  app.get(
    '/timeTickets/export',
    exportRoute(tags, 'Time ticket list or summary by officer as a CSV or XLSX file', ticketListQuerySchema),
    async (request, reply) => {
      const { format: _format, _start, _end, ...filters } = request.query;
      const q = scopeFilter(request, filters);
      const format = exportFormat(request.query.format);
      const files = rc.exports.files;
      const sheets = rc.exports.sheets;
      if (q.summarizeFlag === 'Y') {
        const { rows } = await repo.summarizeTickets(app.ctx.reportDb, q, { sort: q._sort, order: q._order, offset: 0, limit: null }, tz);
        const name = exportName(files.ticketSummary, today(), q.sinceDate, q.untilDate);
        return sendExport(request, reply, { format, name, sheet: sheets.ticketSummary, columns: summaryColumns, total: rows.length, read: rowsReader(rows) });
      }
      // the ids in the list's order first (the count, and pages that neither skip nor repeat), then the rows page by page
      const ids = await repo.ticketIdsInOrder(app.ctx.db, q, q._sort, q._order, tz);
      return sendExport(request, reply, {
        format,
        name: exportName(files.timeTickets, today(), q.sinceDate, q.untilDate),
        sheet: sheets.timeTickets,
        columns: ticketColumns,
        total: ids.length,
        read: (offset, limit, each) => repo.ticketsInOrder(app.ctx.db, ids.slice(offset, offset + limit), tz, each),
      });
    },
  );

  /**
   * GET /api/timeTickets/getTotals with the getMultiple filters -> footer totals: hoursWorked,
   * travelHours, totalHours (hours) and the eight counts summed over unflagged tickets;
   * ticketCount and flaggedCount count all matching tickets (spec §2, §4).
   */
  app.get(
    '/timeTickets/getTotals',
    { schema: { tags, summary: 'Footer totals of the time ticket list', querystring: ticketFilterSchema, response: { 200: ticketTotalsSchema } } },
    async (request, reply) => {
      const f = scopeFilter(request, request.query);
      // One officer's totals sit under his list and must show the ticket he just saved: primary,
      // kept under his list's version (his tickets, and the incentive hours of their events).
      const officerId = f.officerId;
      const db = officerId ? app.ctx.db : app.ctx.reportDb;
      const make = async () => ({ rows: await repo.ticketTotals(db, f, tz) });
      if (officerId) return app.ctx.answers.answer(request, reply, { db, version: () => repo.ticketListVersion(db, officerId), make });
      return app.ctx.answers.answer(request, reply, { db, scopes: TICKET_REPORT_SCOPES, make });
    },
  );

  /**
   * GET /api/timeTickets/getDuplicateTickets?hoursWorkedId&officerId&startDate&startTime&endDate&endTime
   * -> the officer's tickets overlapping that tour, other than hoursWorkedId (spec §5, §7).
   */
  app.get(
    '/timeTickets/getDuplicateTickets',
    { schema: { tags, summary: 'Tickets of an officer overlapping a tour', querystring: duplicateQuerySchema, response: { 200: z.array(ticketSchema) } } },
    async (request) => {
      const q = request.query;
      assertRead(request, q.officerId);
      if (!isValidDate(q.startDate) || !isValidDate(q.endDate)) throw badRequest(rc.validation.invalidDate);
      if (!isValidTime(q.startTime) || !isValidTime(q.endTime)) throw badRequest(rc.validation.invalidTime);
      if (!isOnTimeStep(q.startTime) || !isOnTimeStep(q.endTime)) throw badRequest(rc.validation.timeStep);
      if (!isExistingLocalTime(q.startDate, q.startTime, tz) || !isExistingLocalTime(q.endDate, q.endTime, tz)) {
        throw badRequest(rc.validation.nonexistentTime);
      }
      const { start, end } = ticketHours(q.startDate, q.startTime, q.endDate, q.endTime, tz);
      if (end <= start) throw badRequest(m.endTimeBeforeStart);
      return repo.overlappingTickets(app.ctx.db, q.officerId, start, end, q.hoursWorkedId, tz);
    },
  );

  /**
   * POST /api/timeTickets/insert, body = ticket (officer, assignmentType, precinct, event,
   * startDate/startTime/endDate/endTime, travelHours 0|1, description, counts, auditComments) ->
   * 201 the saved ticket. Hours worked = real length of 10-41..10-42 in ORG_TIMEZONE; total =
   * worked + travel + event incentive hours. Audit comments are kept only from level 10
   * (ignored otherwise). 400 on §5 rules, 403 ownership, 409 overlap / ticket already logged, 409
   * 'This LOSAP year has been certified and can no longer be changed.' for a 10-41 in a certified year.
   * Optional header Idempotency-Key (offline entry, insertOnce): the same key and body from the
   * same signed-in officer again -> 201 with the ticket the first made, no second ticket and no
   * second audit entry; the same key with another body -> 409 'This ticket was already sent with
   * different details.'; a malformed key -> 400. Keys are per requesting officer: another
   * officer's identical key is his own. A refused insert keeps no key.
   */
  app.post(
    '/timeTickets/insert',
    { schema: { tags, summary: 'Log a time ticket', headers: insertHeadersSchema, body: ticketInputSchema, response: { 201: ticketSchema } } },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const ticket = key ? await insertOnce(request, request.body, key) : await save(request, request.body);
      reply.code(201);
      return ticket;
    },
  );

  /**
   * PUT /api/timeTickets/update, body = ticket with hoursWorkedId -> the saved ticket. The stored
   * ticket and the new 10-41 must both be inside the edit window; the flag is kept (an auditor
   * lifts it). Errors as insert, plus 404 unknown ticket and 403 locked; a stored or new 10-41 in
   * a certified LOSAP year: 409 (before the edit window is looked at).
   */
  app.put(
    '/timeTickets/update',
    { schema: { tags, summary: 'Change a time ticket', body: ticketInputSchema, response: { 200: ticketSchema } } },
    async (request) => {
      authorize(request, 'ticket:write');
      if (!request.body.hoursWorkedId) throw badRequest(rc.validation.required);
      return save(request, request.body, request.body.hoursWorkedId);
    },
  );

  /**
   * PUT /api/timeTickets/flagTicket/{id}?flaggedBy={own officerId | 0} -> the ticket. No body
   * (spec §7), or optionally {auditComments} (trimmed, ASCII, at most 5000 characters; 400
   * otherwise): when flagging, the reason is stored as the ticket's audit comments in the same
   * UPDATE as the flag, so the owner reads it under EXPLANATION; clearing keeps the comments.
   * Level 10 only (403 'Unauthorized!'); flaggedBy must be the auditor's own id or 0 (400); 404
   * unknown ticket. Flagged tickets leave the totals (spec §4). The review state follows the flag
   * (repo.setFlag: flagged, or accepted once lifted), with the auditor and the time. A ticket of a
   * certified LOSAP year: 409 'This LOSAP year has been certified and can no longer be changed.'.
   */
  app.put(
    '/timeTickets/flagTicket/:id',
    {
      schema: {
        tags,
        summary: 'Flag or clear the flag of a time ticket (auditors), optionally with the reason',
        params: flagParamsSchema,
        querystring: flagQuerySchema,
        body: flagBodySchema,
        response: { 200: ticketSchema },
      },
    },
    async (request) => {
      const actor = authorize(request, 'ticket:flag');
      const { flaggedBy } = request.query;
      if (flaggedBy !== 0 && flaggedBy !== actor.officerId) throw badRequest(m.flagOwnIdOnly);
      await assertTicketsOpen(app.ctx.db, [request.params.id]);
      return app.ctx.db.transaction(async (tx) => {
        const before = (await repo.getTicket(tx, request.params.id, tz)) ?? null;
        const ok = await repo.setFlag(tx, request.params.id, flaggedBy || null, actor.officerId, app.ctx.now(), request.body?.auditComments);
        if (!ok) throw notFound(m.notFound);
        const after = (await repo.getTicket(tx, request.params.id, tz))!;
        await audit(tx, request, { action: flaggedBy ? 'flag' : 'unflag', entity: 'ticket', entityId: request.params.id, before, after });
        return after;
      });
    },
  );

  /**
   * DELETE /api/timeTickets/delete, body [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}] ->
   * { deleted: n }. In one transaction: the tickets marked Y are read and locked (FOR UPDATE) in
   * one query, each must exist (404) and pass the write rule, lock and edit window (403/400),
   * then one DELETE removes them all; any refusal removes nothing (spec §4, §7). No row marked Y:
   * 400 'Nothing selected to remove.', as every delete call. A ticket of a certified LOSAP year:
   * 409 'This LOSAP year has been certified and can no longer be changed.', nothing removed.
   */
  app.delete(
    '/timeTickets/delete',
    { schema: { tags, summary: 'Remove time tickets', body: deleteList, response: { 200: z.object({ deleted: z.number() }) } } },
    async (request) => {
      authorize(request, 'ticket:write');
      const ids = idsToDelete(request.body);
      if (!ids.length) throw badRequest(rc.errors.nothingToDelete);
      await assertTicketsOpen(app.ctx.db, ids);
      return app.ctx.db.transaction(async (tx) => {
        const before = await repo.getTickets(tx, ids, tz);
        const deleted = await repo.deleteTickets(tx, ids, (heads) => {
          for (const id of ids) {
            const head = heads.find((h) => h.hoursWorkedId === id);
            if (!head) throw notFound(m.notFound);
            assertHeadChangeable(request, head);
          }
        });
        await audit(tx, request, ids.map((id) => ({ action: 'delete', entity: 'ticket', entityId: id, before: before.get(id) ?? null, after: null })));
        return { deleted };
      });
    },
  );
}
