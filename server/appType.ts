import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The Fastify instance Roll Call's routes are registered on: Node's HTTP server, pino's logger and
 * zod schemas as the type provider. Kept in a file of its own that imports nothing of the server,
 * so a route (or anything app.ts imports) can name the type without importing app.ts back.
 */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
