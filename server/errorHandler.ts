import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { rc, format } from '../src/domain/messages';
import { HttpError, LOSAP_LOCK_SQLSTATE, firstUnstorable, pgErrorCode } from './errors';

/** One schema issue as fastify-type-provider-zod reports it (keyword = zod issue code). */
interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

/** The message a user sees for one schema issue: spec wording where the schema gave it. */
function issueMessage(item: ValidationItem): string {
  if (item.keyword === 'unrecognized_keys' && item.params?.keys?.length) {
    return format(rc.validation.unknownField, { field: item.params.keys.join(', ') });
  }
  if (item.keyword === 'invalid_type' && /received undefined/.test(item.message ?? '')) return rc.validation.required;
  return item.message ?? rc.errors.badRequest;
}

const fieldOf = (item: ValidationItem) => item.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;

/** The first value of the address, query or body (in that order) that PostgreSQL cannot store, with its dotted field name. */
function unstorableInRequest(request: FastifyRequest): { field: string | undefined; message: string } | undefined {
  for (const part of [request.params, request.query, request.body]) {
    const found = firstUnstorable(part);
    if (found) return { field: found.path.join('.') || undefined, message: found.message };
  }
  return undefined;
}

/** The `error` text of each status the API answers with (HTTP reason phrases). */
export const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The request body limit (Fastify's bodyLimit, 1 MiB) as the 413 message words it. */
const BODY_LIMIT_TEXT = '1 MB';

/** The media type of a request (no parameters, at most 100 characters) for the 415 message. */
const mediaTypeOf = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').split(';')[0].trim().slice(0, 100) || 'none';

/**
 * Sends the one error shape of every API answer (spec §8): { statusCode, error, message }
 * plus `extra` fields (field and issues of a 400, correlationId of a 5xx).
 */
export function sendError(reply: FastifyReply, statusCode: number, message: string, extra: Record<string, unknown> = {}) {
  return send(reply, statusCode, message, extra);
}

function send(reply: FastifyReply, statusCode: number, message: string, extra: Record<string, unknown> = {}) {
  // A server-side failure carries only the request's correlation id (logged with the error as
  // reqId), never internal detail, so support can find the log line.
  if (statusCode >= 500) extra = { ...extra, correlationId: reply.request.id };
  return reply.code(statusCode).send({ statusCode, error: reasons[statusCode] ?? 'Error', message, ...extra });
}

/**
 * Turns every failure into a clear answer { statusCode, error, message } (spec §8):
 * HttpError as thrown; schema failures 400 with the field; malformed JSON and other client
 * errors keep their 4xx; database rule violations 409/400 (the certified LOSAP year's lock: 409 rc.losap.errors.frozen) (a value the database cannot store
 * names its field, like a schema failure); anything else 500, logged with the
 * request id, which the answer carries as `correlationId` (every 5xx does; no internal detail).
 */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) return send(reply, err.statusCode, err.message);
  const validation = (err as { validation?: ValidationItem[] }).validation;
  if (Array.isArray(validation) && validation.length) {
    return send(reply, 400, issueMessage(validation[0]), {
      field: fieldOf(validation[0]),
      issues: validation.map((v) => ({ field: fieldOf(v), message: issueMessage(v) })),
    });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 429) return send(reply, 429, rc.errors.tooManyRequests);
    // Fastify's own refusals carry English of their own; the catalog words them.
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, format(rc.errors.bodyTooLarge, { max: BODY_LIMIT_TEXT }));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(reply, 415, format(rc.errors.unsupportedMediaType, { type: mediaTypeOf(request) }));
    return send(reply, err.statusCode, err.statusCode === 400 ? `${rc.errors.badRequest} ${err.message}` : err.message);
  }
  const code = pgErrorCode(err);
  if (code === '23505' || code === '23P01') return send(reply, 409, rc.errors.duplicate);
  // a write into a certified LOSAP year that reached the database's lock
  if (code === LOSAP_LOCK_SQLSTATE) return send(reply, 409, rc.losap.errors.frozen);
  if (code === '23503') {
    return request.method === 'DELETE' ? send(reply, 409, rc.errors.inUse) : send(reply, 400, rc.errors.missingReference);
  }
  if (code?.startsWith('22')) {
    // A value PostgreSQL cannot store (NUL in text, a number past its integer) that no schema
    // stopped: name the field the way every other 400 does.
    const stored = unstorableInRequest(request);
    if (stored) return send(reply, 400, stored.message, { field: stored.field, issues: [stored] });
  }
  if (code === '23514' || code === '23502' || code?.startsWith('22')) return send(reply, 400, rc.errors.badRequest);
  request.log.error({ err, correlationId: request.id }, 'unhandled error');
  return send(reply, 500, rc.errors.internal);
}
