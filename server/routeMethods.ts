import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { format, rc } from '../src/domain/messages';
import { sendError } from './errorHandler';
import type { App } from './appType';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

/** '/api/officer/getSingle/:id' -> /^\/api\/officer\/getSingle\/[^/]+$/ (a `*` matches the rest). */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The /api plugin's answer to a request no route takes, registered inside the plugin:
 * a known path asked with another method answers 405 with an `Allow` header listing the methods
 * it takes; any other address 404 'There is no API call at this address.'. Both in the shared
 * error shape. Routes are learnt from the plugin's onRoute hook, so call this before the routes
 * are registered. The session check does not run first (`request.is404`), so a client without a
 * token learns the method rule too, as for any public address.
 */
export function answerUnroutedApiRequests(api: App) {
  const known = new Map<string, KnownPath>();
  api.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!url) return;
    const entry = known.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() };
    for (const method of [route.method].flat()) entry.methods.add(String(method).toUpperCase());
    known.set(url, entry);
  });
  api.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const allow = new Set<string>();
    for (const entry of known.values()) if (entry.pattern.test(path)) for (const m of entry.methods) allow.add(m);
    if (allow.size && !allow.has(request.method)) {
      const methods = [...allow].sort().join(', ');
      reply.header('allow', methods);
      return sendError(reply, 405, format(rc.errors.methodNotAllowed, { method: request.method.slice(0, 20), allow: methods }));
    }
    return sendError(reply, 404, rc.errors.noSuchAddress);
  });
}
