import type { FastifyReply } from 'fastify';
import { badRequest } from '../errors';
import { format, rc } from '../../src/domain/messages';

/**
 * react-admin's _start/_end as SQL offset and limit: without _end the first `max` rows from
 * _start; a page over `max` rows (the largest page size of spec §9, 200) -> 400
 * 'A page cannot hold more than 200 rows.'.
 */
export function pageOf(q: { _start?: number; _end?: number }, max: number): { offset: number; limit: number } {
  const offset = q._start ?? 0;
  const limit = q._end !== undefined ? Math.max(0, q._end - offset) : max;
  if (limit > max) throw badRequest(format(rc.tickets.pageTooLarge, { max }));
  return { offset, limit };
}

/** Sets X-Total-Count (the number of matching rows before paging) and exposes it to the browser. */
export function sendTotal(reply: FastifyReply, total: number) {
  reply.header('X-Total-Count', String(total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
}

/**
 * Sends JSON already written (a compiled writer's string, or kept bytes sent as they are, with no
 * encoding or copy), with X-Total-Count when `total` is given. Resolves the reply, which a
 * handler returns once it has sent.
 */
export function sendJson(reply: FastifyReply, body: string | Buffer, total?: number): FastifyReply {
  if (total !== undefined) sendTotal(reply, total);
  return reply.type('application/json; charset=utf-8').send(body);
}
