import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** Cache-Control of a file whose name carries its content hash (dist/assets/*): never asked again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html and other unhashed files: kept, but checked (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/**
 * Compression of dynamic answers: every answer of a compressible type (JSON above all,
 * including the ticket list's pre-built JSON string) of COMPRESS_THRESHOLD bytes or more is sent
 * brotli or gzip as the request's Accept-Encoding allows, with `Vary: Accept-Encoding`; a request
 * without Accept-Encoding (autocannon, curl) gets plain bytes. Brotli at @fastify/compress's
 * recommended quality (4), which is fast enough for answers built per request. Registered before
 * the routes it should cover (it hooks onRoute). Files of the built app are compressed once, at
 * build time (vite.config.ts), and @fastify/compress leaves an answer that already has a
 * Content-Encoding alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
}

/** True for a built file whose name holds its hash (Vite writes them under assets/). */
function isHashed(file: string): boolean {
  return file.split(path.sep).includes('assets');
}

/**
 * Serves the built browser app when `staticDir` holds index.html; returns whether it does.
 * - Files under /secure/: the `.br` or `.gz` twin written by the build when Accept-Encoding allows
 *   (@fastify/static `preCompressed`; always `Vary: Accept-Encoding`), else the file itself.
 * - Hashed assets (`/secure/assets/*`): `Cache-Control: public, max-age=31536000, immutable`, so a
 *   repeat visit fetches no script at all; a new build has new names.
 * - index.html and every other file: `Cache-Control: no-cache` with an ETag, so the browser asks
 *   each time and gets 304 until a deploy changes it.
 * - Any other GET under /secure (a page address such as /secure/TimeTicketBrowse): index.html,
 *   so the browser app routes it; everything else 404 with the API's error shape.
 * Call last: it sets the not-found handler.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string | undefined): Promise<boolean> {
  const hasStatic = !!staticDir && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasStatic) {
    await app.register(fastifyStatic, {
      root: path.resolve(staticDir),
      prefix: '/secure/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (reply, file) => reply.header('cache-control', isHashed(path.relative(path.resolve(staticDir), file)) ? IMMUTABLE : REVALIDATE),
    });
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/secure/'));
  app.setNotFoundHandler((request, reply) => {
    if (hasStatic && request.method === 'GET' && (request.url === '/secure' || request.url.startsWith('/secure/'))) {
      // a missing hashed asset (a tab left open across a deploy) must not come back as the page
      if (request.url.startsWith('/secure/assets/')) {
        return reply.code(404).header('cache-control', REVALIDATE).send({ statusCode: 404, error: 'Not Found', message: 'Record not found.' });
      }
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Record not found.' });
  });
  return hasStatic;
}
