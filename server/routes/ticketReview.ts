import { z } from 'zod';
import type { App } from '../appType';
import { audit } from '../audit';
import { authorize } from '../auth/guard';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { format, rc } from '../../src/domain/messages';
import { validateSearchRange } from '../../src/domain/search';
import { QUEUE_STATES } from '../../src/domain/ticketReview';
import { ticketQueueQuerySchema, ticketReviewResultSchema, ticketReviewSchema, ticketSchema } from '../../src/domain/schemas/tickets';
import * as tickets from '../db/repositories/tickets';
import * as review from '../db/repositories/ticketReview';
import { compileJsonWriter } from '../compiledJson';
import { sendJson } from '../reply';
import { MAX_TICKET_PAGE } from './tickets';
import { assertTicketsOpen } from '../losap/yearLock';

const tags = ['time tickets'];

/** A review head as its audit entry shows it: the review fields, not the owner (who does not change). */
const withoutOwner = ({ officerId: _owner, ...head }: review.ReviewHead) => head;
const writeTickets = compileJsonWriter(z.array(ticketSchema));

/**
 * The auditors' queue of time tickets (level 10, the right to flag): the tickets waiting for
 * review, how many wait, and one decision (accept or flag) for many tickets at once. The queue is
 * read fresh on every call: it changes with every decision, so no answer is kept.
 */
export async function ticketReviewRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;

  /**
   * GET /api/timeTickets/getQueue?sinceDate&untilDate&officerId&precinctId&assignmentTypeId&eventId&
   * attention=Y&_start&_end -> the tickets waiting for review (unreviewed, or corrected after a
   * flag), oldest 10-41 first, each with its reviewState and attention reasons; X-Total-Count.
   * Dates MM/DD/YYYY select by the 10-41's date in ORG_TIMEZONE. At most 200 rows a page (400
   * beyond). Level 10 only (403 'Unauthorized!').
   */
  app.get(
    '/timeTickets/getQueue',
    { schema: { tags, summary: "The auditors' queue: time tickets waiting for review", querystring: ticketQueueQuerySchema, response: { 200: z.array(ticketSchema) } } },
    async (request, reply) => {
      authorize(request, 'ticket:flag');
      const q = request.query;
      const problem = validateSearchRange({ sinceDate: q.sinceDate, untilDate: q.untilDate, otherCriteria: true });
      if (problem) throw badRequest(problem);
      const offset = q._start ?? 0;
      const limit = q._end !== undefined ? Math.max(0, q._end - offset) : MAX_TICKET_PAGE;
      if (limit > MAX_TICKET_PAGE) throw badRequest(format(rc.tickets.pageTooLarge, { max: MAX_TICKET_PAGE }));
      const { rows, total } = await tickets.listTickets(
        app.ctx.db,
        { ...q, summarizeFlag: undefined, arrestFlag: undefined, assignedPct: undefined, hoursWorkedId: undefined, queue: true },
        { sort: 'startDate', order: 'ASC', offset, limit },
        tz,
      );
      return sendJson(reply, writeTickets(rows), total);
    },
  );

  /** GET /api/timeTickets/getQueueCount -> {waiting: n}, the tickets waiting for review (the menu's count). Level 10 only. */
  app.get(
    '/timeTickets/getQueueCount',
    { schema: { tags, summary: 'How many time tickets wait for review', response: { 200: z.object({ waiting: z.number() }) } } },
    async (request) => {
      authorize(request, 'ticket:flag');
      return { waiting: await review.queueCount(app.ctx.db) };
    },
  );

  /**
   * PUT /api/timeTickets/review, body {ids: [hoursWorkedId, ...] (1-200), decision: 'accept' |
   * 'flag', reason?} -> {reviewed: [{hoursWorkedId, reviewState}]}. Accept marks the tickets
   * reviewed and fine and lifts any flag; flag sets the auditor's flag with `reason` (required,
   * 400 'Enter the reason for the flag.') as their audit comments. All or nothing in one
   * transaction with one audit entry per ticket: an unknown id -> 404; one of the auditor's own
   * tickets -> 403 (another auditor reviews them); a ticket no longer waiting (another auditor
   * decided meanwhile) -> 409; a ticket of a certified LOSAP year -> 409 'This LOSAP year has been
   * certified and can no longer be changed.'; nothing changes then. Level 10 only (403 'Unauthorized!').
   */
  app.put(
    '/timeTickets/review',
    { schema: { tags, summary: 'Accept or flag time tickets of the queue', body: ticketReviewSchema, response: { 200: ticketReviewResultSchema } } },
    async (request) => {
      const actor = authorize(request, 'ticket:flag');
      const { ids, decision, reason } = request.body;
      const unique = [...new Set(ids)];
      await assertTicketsOpen(app.ctx.db, unique);
      const after = await review.reviewTickets(
        app.ctx.db,
        { ids: unique, decision, reviewerId: actor.officerId, reason, now: app.ctx.now() },
        (heads) => {
          if (heads.length !== unique.length) throw notFound(rc.review.notFound);
          if (heads.some((h) => h.officerId === actor.officerId)) throw forbidden(rc.review.ownTicket);
          if (heads.some((h) => !QUEUE_STATES.includes(h.reviewState))) throw conflict(rc.review.decidedMeanwhile);
        },
        // written in the decision's transaction and never swallowed: a decision without its
        // audit entries is not stored at all
        (tx, before, now) =>
          audit(
            tx,
            request,
            now.map((t, i) => ({ action: decision, entity: 'ticket', entityId: t.hoursWorkedId, before: withoutOwner(before[i]), after: withoutOwner(t) })),
          ),
      );
      return { reviewed: after.map((t) => ({ hoursWorkedId: t.hoursWorkedId, reviewState: t.reviewState })) };
    },
  );
}
