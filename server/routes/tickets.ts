import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app';
import { authorize } from '../auth/guard';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { can, type Actor } from '../../src/domain/access';
import { format, rc } from '../../src/domain/messages';
import { PAGE_SIZES } from '../../src/domain/constants';
import { fromInstant, isExistingLocalTime, isOnTimeStep, isValidDate, isValidTime, todayIn } from '../../src/domain/dates';
import { validateSearchRange } from '../../src/domain/search';
import {
  COUNT_FIELDS, canWriteTicketFor, checkTicket, editWindowDays, isInsideWindow, needsEvent, ticketHours, tourOverlapsEvent, type TicketFields,
} from '../../src/domain/tickets';
import {
  deleteBodySchema, duplicateQuerySchema, flagParamsSchema, flagQuerySchema, ticketFilterSchema, ticketInputSchema,
  ticketListQuerySchema, ticketSchema, ticketTotalsSchema, type TicketFilter, type TicketInput,
} from '../../src/domain/schemas/tickets';
import * as repo from '../db/repositories/tickets';

const m = rc.tickets;
const errorBody = z.object({ statusCode: z.number(), error: z.string(), message: z.string() }).passthrough();
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['time tickets'];
/** Most rows one getMultiple answer holds: the largest page size of spec §9 (200). */
export const MAX_TICKET_PAGE = Math.max(...PAGE_SIZES);

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
 * Write rule (spec §6, our precise reading): below level 5 own tickets only ("You are not authorized
 * to access another officer's tickets!"); level 3 never ('Unauthorized!'); another officer's
 * tickets only at level 9+ (level 5-8 read them but cannot change them).
 */
function assertWrite(request: FastifyRequest, ownerId: number): Actor {
  const actor = assertRead(request, ownerId);
  if (!can(actor, 'ticket:write', { officerId: ownerId })) throw forbidden(rc.errors.unauthorized);
  if (!canWriteTicketFor(actor, ownerId)) throw forbidden(m.writeOwnOnly);
  return actor;
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

function toFields(b: TicketInput): TicketFields {
  return {
    officerId: b.officer?.officerId,
    assignmentTypeId: b.assignmentType?.assignmentTypeId,
    precinctId: b.precinct?.precinctId,
    eventId: b.event?.eventId ?? 0,
    startDate: b.startDate,
    startTime: b.startTime,
    endDate: b.endDate,
    endTime: b.endTime,
    travelHours: b.travelHours,
    description: b.description,
    auditComments: b.auditComments,
    ...Object.fromEntries(COUNT_FIELDS.map((c) => [c, b[c]])),
  };
}

/**
 * Time tickets (spec §7; rules §4, §5, §6; messages §5, §8). Every rule is enforced here; the
 * browser repeats them from src/domain/tickets.ts. Dates MM/DD/YYYY and times HH:mm are
 * wall-clock in ORG_TIMEZONE; hours are decimal hours computed by the server.
 */
export async function ticketRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;
  const today = () => todayIn(tz, app.ctx.now());

  /**
   * Validates a ticket write and returns the column values: the §5 checks of checkTicket (with
   * the server's clock: no 10-41/10-42 after now; times skipped by the spring-forward change
   * refused), then the event checks (type match, sign-up, one ticket per event, the tour overlaps
   * the event's time; precinct taken from the event), then the overlap check. 400/409 with the
   * spec's message.
   */
  async function prepare(actor: Actor, b: TicketInput, excludeId: number, keepAudit: string): Promise<repo.TicketValues> {
    const f = toFields(b);
    const problem = checkTicket(f, { accessLevel: actor.accessLevel, today: today(), now: app.ctx.now(), tz });
    if (problem) throw badRequest(problem.message);
    const officerId = f.officerId as number;
    const assignmentTypeId = f.assignmentTypeId as number;
    let precinctId = f.precinctId as number;
    let eventId: number | null = null;
    const { start, end, hours } = ticketHours(f.startDate!, f.startTime!, f.endDate!, f.endTime!, tz);
    if (needsEvent(assignmentTypeId)) {
      const ev = await repo.eventForTicket(app.ctx.db, f.eventId as number);
      if (!ev) throw badRequest(m.mustSelectEvent);
      if (ev.eventTypeId !== assignmentTypeId) throw badRequest(m.assignmentTypeMismatch);
      if (!(await repo.isSignedUp(app.ctx.db, ev.eventId, officerId))) throw badRequest(m.mustBeSignedUp);
      if (await repo.hasEventTicket(app.ctx.db, officerId, ev.eventId, excludeId)) throw conflict(m.alreadyLoggedEvent);
      if (!tourOverlapsEvent(start, end, ev)) throw badRequest(m.notDuringEvent);
      eventId = ev.eventId;
      precinctId = ev.precinctId;
    }
    const dupes = await repo.overlappingTickets(app.ctx.db, officerId, start, end, excludeId, tz);
    if (dupes.length) throw conflict(m.overlap);
    const auditComments = can(actor, 'ticket:audit-comment') ? (b.auditComments ?? keepAudit).trim() : keepAudit;
    return {
      officerId,
      assignmentTypeId,
      precinctId,
      eventId,
      startAt: start,
      endAt: end,
      hoursWorked: hours,
      travelHours: b.travelHours,
      description: (b.description ?? '').trim(),
      ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, b[c]])) as Record<(typeof COUNT_FIELDS)[number], number>),
      auditComments,
      updatedBy: actor.officerId,
      updatedTimestamp: app.ctx.now(),
    };
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

  /** Loads a ticket's head (404 unknown) and applies assertHeadChangeable. */
  async function assertChangeable(request: FastifyRequest, id: number) {
    const [head] = await repo.ticketHeads(app.ctx.db, [id]);
    if (!head) throw notFound(m.notFound);
    return { actor: assertHeadChangeable(request, head), head };
  }

  /**
   * GET /api/timeTickets/getSingle/{id} -> the ticket (spec §3). 403 'Unauthorized!' for a
   * session that may not read tickets at all (checked before the ticket is looked up); 404
   * unknown; 403 "You are not authorized to access another officer's tickets!" below level 5 for
   * another officer's ticket.
   */
  app.get(
    '/timeTickets/getSingle/:id',
    { schema: { tags, summary: 'One time ticket', params: flagParamsSchema, response: { 200: ticketSchema, ...errors } } },
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
   */
  app.get(
    '/timeTickets/getMultiple',
    { schema: { tags, summary: 'Time ticket list or summary by officer', querystring: ticketListQuerySchema, response: { 200: z.array(ticketSchema), ...errors } } },
    async (request, reply) => {
      const q = scopeFilter(request, request.query);
      const offset = q._start ?? 0;
      const limit = q._end !== undefined ? Math.max(0, q._end - offset) : MAX_TICKET_PAGE;
      if (limit > MAX_TICKET_PAGE) throw badRequest(format(m.pageTooLarge, { max: MAX_TICKET_PAGE }));
      const page: repo.Page = { sort: q._sort, order: q._order, offset, limit };
      const result = q.summarizeFlag === 'Y' ? await repo.summarizeTickets(app.ctx.db, q, page, tz) : await repo.listTickets(app.ctx.db, q, page, tz);
      reply.header('X-Total-Count', String(result.total));
      reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
      return result.rows;
    },
  );

  /**
   * GET /api/timeTickets/getTotals with the getMultiple filters -> footer totals: hoursWorked,
   * travelHours, totalHours (hours) and the eight counts summed over unflagged tickets;
   * ticketCount and flaggedCount count all matching tickets (spec §2, §4).
   */
  app.get(
    '/timeTickets/getTotals',
    { schema: { tags, summary: 'Footer totals of the time ticket list', querystring: ticketFilterSchema, response: { 200: ticketTotalsSchema, ...errors } } },
    async (request) => repo.ticketTotals(app.ctx.db, scopeFilter(request, request.query), tz),
  );

  /**
   * GET /api/timeTickets/getDuplicateTickets?hoursWorkedId&officerId&startDate&startTime&endDate&endTime
   * -> the officer's tickets overlapping that tour, other than hoursWorkedId (spec §5, §7).
   */
  app.get(
    '/timeTickets/getDuplicateTickets',
    { schema: { tags, summary: 'Tickets of an officer overlapping a tour', querystring: duplicateQuerySchema, response: { 200: z.array(ticketSchema), ...errors } } },
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
   * (ignored otherwise). 400 on §5 rules, 403 ownership, 409 overlap / ticket already logged.
   */
  app.post(
    '/timeTickets/insert',
    { schema: { tags, summary: 'Log a time ticket', body: ticketInputSchema, response: { 201: ticketSchema, ...errors } } },
    async (request, reply) => {
      const b = request.body;
      authorize(request, 'ticket:write');
      if (!b.officer?.officerId) throw badRequest(m.mustSelectOfficer);
      const actor = assertWrite(request, b.officer.officerId);
      const values = await prepare(actor, b, 0, '');
      const id = await repo.insertTicket(app.ctx.db, { ...values, enteredBy: actor.officerId });
      reply.code(201);
      return (await repo.getTicket(app.ctx.db, id, tz))!;
    },
  );

  /**
   * PUT /api/timeTickets/update, body = ticket with hoursWorkedId -> the saved ticket. The stored
   * ticket and the new 10-41 must both be inside the edit window; the flag is kept (an auditor
   * lifts it). Errors as insert, plus 404 unknown ticket and 403 locked.
   */
  app.put(
    '/timeTickets/update',
    { schema: { tags, summary: 'Change a time ticket', body: ticketInputSchema, response: { 200: ticketSchema, ...errors } } },
    async (request) => {
      const b = request.body;
      authorize(request, 'ticket:write');
      if (!b.hoursWorkedId) throw badRequest(rc.validation.required);
      const { actor, head } = await assertChangeable(request, b.hoursWorkedId);
      if (!b.officer?.officerId) throw badRequest(m.mustSelectOfficer);
      if (b.officer.officerId !== head.officerId) assertWrite(request, b.officer.officerId);
      const values = await prepare(actor, b, head.hoursWorkedId, head.auditComments);
      await repo.updateTicket(app.ctx.db, head.hoursWorkedId, values);
      return (await repo.getTicket(app.ctx.db, head.hoursWorkedId, tz))!;
    },
  );

  /**
   * PUT /api/timeTickets/flagTicket/{id}?flaggedBy={own officerId | 0}, no body -> the ticket.
   * Level 10 only (403 'Unauthorized!'); flaggedBy must be the auditor's own id or 0 (400).
   * Flagged tickets leave the totals (spec §4).
   */
  app.put(
    '/timeTickets/flagTicket/:id',
    { schema: { tags, summary: 'Flag or clear the flag of a time ticket (auditors)', params: flagParamsSchema, querystring: flagQuerySchema, response: { 200: ticketSchema, ...errors } } },
    async (request) => {
      const actor = authorize(request, 'ticket:flag');
      const { flaggedBy } = request.query;
      if (flaggedBy !== 0 && flaggedBy !== actor.officerId) throw badRequest(m.flagOwnIdOnly);
      const ok = await repo.setFlag(app.ctx.db, request.params.id, flaggedBy || null, app.ctx.now());
      if (!ok) throw notFound(m.notFound);
      return (await repo.getTicket(app.ctx.db, request.params.id, tz))!;
    },
  );

  /**
   * DELETE /api/timeTickets/delete, body [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}] ->
   * { deleted: n }. In one transaction: the tickets marked Y are read and locked (FOR UPDATE) in
   * one query, each must exist (404) and pass the write rule, lock and edit window (403/400),
   * then one DELETE removes them all; any refusal removes nothing (spec §4, §7).
   */
  app.delete(
    '/timeTickets/delete',
    { schema: { tags, summary: 'Remove time tickets', body: deleteBodySchema, response: { 200: z.object({ deleted: z.number() }), ...errors } } },
    async (request) => {
      authorize(request, 'ticket:write');
      const ids = [...new Set(request.body.filter((e) => e.id > 0 && e.deleteStatus === 'Y').map((e) => e.id))];
      const deleted = await repo.deleteTickets(app.ctx.db, ids, (heads) => {
        for (const id of ids) {
          const head = heads.find((h) => h.hoursWorkedId === id);
          if (!head) throw notFound(m.notFound);
          assertHeadChangeable(request, head);
        }
      });
      return { deleted };
    },
  );
}
