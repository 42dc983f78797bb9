import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { badRequest } from '../errors';
import { format, rc } from '../../src/domain/messages';

/** The error answer of every route: { statusCode, error, message } (spec §8), for OpenAPI. */
export const errorBody = z.object({ statusCode: z.number(), error: z.string(), message: z.string() }).passthrough();
/** OpenAPI responses 400/401/403/404/409/413 (a JSON body over 1 MB) with the shared error body. */
export const errorResponses = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody };

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
