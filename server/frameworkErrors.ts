import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { format, rc } from '../src/domain/messages';
import { sendError } from './errorHandler';

/** Longest path parameter Fastify routes (its `maxParamLength`, default 100): a longer one answers 414. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Fastify's `frameworkErrors` option: the refusals Fastify makes before any route runs
 * (a path parameter over MAX_PARAM_LENGTH characters, 414; an address that does not decode, 400)
 * answer in the shared error shape { statusCode, error, message } with the catalog's wording,
 * instead of Fastify's default body (`code`, `error: 'Bad Request'`). The headers every /api
 * answer carries (no-store, request id) are set here too: these answers pass no route's hooks.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  reply.header('x-request-id', request.id);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, format(rc.errors.uriTooLong, { max: MAX_PARAM_LENGTH }));
  return sendError(reply, 400, rc.errors.badUrl);
}
