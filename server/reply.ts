import type { FastifyReply } from 'fastify';

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
