import { z } from 'zod';
import type { RouteOptions } from 'fastify';
import { format, rc } from '../../src/domain/messages';
import { reasons } from '../errorHandler';
import { MAX_PARAM_LENGTH } from '../frameworkErrors';
import type { App } from '../appType';

/** Per-route tuning of the declared statuses, in the route's `config.contract`. */
export interface RouteContract {
  /** Error statuses this route answers beyond the computed ones (e.g. 401 of the public sign-in). */
  add?: number[];
  /** Computed error statuses this route can never answer. */
  remove?: number[];
  /** Media types of a success status when it is not JSON: { 200: 'text/plain' }. */
  media?: Record<number, string | string[]>;
  /** The 401 example message when it is not the session's (sign-in: 'Invalid credentials!'). */
  unauthorizedMessage?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The spec's (§8) or catalog's message of each error status: the example of the declared body. */
const exampleMessages: Record<number, string> = {
  400: rc.errors.badRequest,
  401: rc.errors.notAuthenticated,
  403: rc.errors.unauthorized,
  404: rc.errors.notFound,
  409: rc.errors.duplicate,
  413: format(rc.errors.bodyTooLarge, { max: '1 MB' }),
  414: format(rc.errors.uriTooLong, { max: MAX_PARAM_LENGTH }),
  415: format(rc.errors.unsupportedMediaType, { type: 'text/xml' }),
  429: rc.errors.tooManyRequests,
  500: rc.errors.internal,
};

/** When each error status is answered, the description of the declared response. */
const whenAnswered: Record<number, string> = {
  400: 'The request is not valid: a field, parameter or body fails its rule (`field` and `issues` name them).',
  401: 'No token ("Please sign in first."), or the session has ended.',
  403: 'The access level or ownership rule refuses the call (spec §6).',
  404: 'No such record.',
  409: 'The write conflicts with a record (duplicate, overlapping sign-up, still in use).',
  413: 'The body is larger than its limit.',
  414: `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`,
  415: 'The body is of a media type this call does not read.',
  429: 'Too many attempts in a minute.',
  500: 'A server failure; `correlationId` finds its log line.',
};

const cache = new Map<string, z.ZodType>();

/**
 * The shared error body { statusCode, error, message } (spec §8) of one status, with the spec's
 * message as example; a 400 may add `field` and `issues`, a 5xx `correlationId`.
 */
export function errorBodyFor(status: number, message = exampleMessages[status] ?? format(rc.errors.status, { status })): z.ZodType {
  const key = `${status} ${message}`;
  let schema = cache.get(key);
  if (!schema) {
    schema = z
      .looseObject({
        statusCode: z.literal(status),
        error: z.string(),
        message: z.string(),
        field: z.string().optional(),
        issues: z.array(z.object({ field: z.string().optional(), message: z.string() })).optional(),
        correlationId: z.string().optional(),
      })
      .meta({ description: whenAnswered[status] ?? reasons[status] ?? 'Error', example: { statusCode: status, error: reasons[status] ?? 'Error', message } });
    cache.set(key, schema);
  }
  return schema;
}

/**
 * The error statuses a route can answer: 500 always; 401 and 403 unless public; 400
 * when it reads parameters, a query or a body (a body may be malformed JSON); 404 and 414 with a
 * path parameter, 404 for an update or a removal (unknown ids); 409, 413 and 415 for a method with a body; 429 when rate
 * limited; then the route's `config.contract` adds and removes.
 */
export function errorStatusesOf(route: RouteOptions): number[] {
  const method = String(route.method).toUpperCase();
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const config = (route.config ?? {}) as { public?: boolean; rateLimit?: unknown; contract?: RouteContract };
  const statuses = new Set<number>([500]);
  if (!config.public) [401, 403].forEach((s) => statuses.add(s));
  const hasBody = BODY_METHODS.has(method);
  if (schema.params || schema.querystring || schema.body || hasBody) statuses.add(400);
  if (schema.params) [404, 414].forEach((s) => statuses.add(s));
  if (method === 'PUT' || method === 'DELETE') statuses.add(404);
  if (hasBody) [409, 413, 415].forEach((s) => statuses.add(s));
  if (config.rateLimit) statuses.add(429);
  for (const s of config.contract?.add ?? []) statuses.add(s);
  for (const s of config.contract?.remove ?? []) statuses.delete(s);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * onRoute hook of the /api plugin: every route's response schema declares each error
 * status it can answer (errorStatusesOf) with the shared error body, replacing any hand-written
 * error entries, so the OpenAPI document and Fastify's serializer agree on one contract.
 */
export function declareErrorStatuses(api: App) {
  api.addHook('onRoute', (route: RouteOptions) => {
    if (String(route.method).toUpperCase() === 'HEAD') return;
    const schema = (route.schema ??= {}) as { response?: Record<string, unknown> };
    const response: Record<string, unknown> = {};
    for (const [status, body] of Object.entries(schema.response ?? {})) if (Number(status) < 400) response[status] = body;
    const contract = (route.config as { contract?: RouteContract } | undefined)?.contract;
    for (const status of errorStatusesOf(route)) {
      response[status] = errorBodyFor(status, status === 401 ? contract?.unauthorizedMessage : undefined);
    }
    schema.response = response;
  });
}
