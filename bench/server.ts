/**
 * The benchmark's server process: the real Roll Call server (buildApp, same config
 * from the environment as `npm start`) plus, for the benchmark only,
 *
 * - the reference route GET /api/bench/echo/:name, registered inside /api behind the same session
 *   check as every spec route, which answers bytes captured earlier from a real route's response
 *   (PUT /api/bench/echo/:name with the bytes as application/octet-stream) with content-type
 *   application/json, straight from memory: the cost of HTTP, Fastify and authentication alone;
 * - POST /api/bench/forget, which drops the reports kept on the embedded database
 *   (server/answers), so a single request measures a report being made, not reused;
 * - a `Server-Timing: app;dur=<ms>` header on every answer (Fastify's reply.elapsedTime when the
 *   answer is sent: routing, hooks, handler, serialisation), so single-request figures are server
 *   time, not round trips.
 *
 * Serves the built browser app from BENCH_STATIC_DIR when set. BENCH_DEMO_PASSWORD seeds the demo
 * organisation (for trying the bench without the scale seed). Listens on 127.0.0.1 and a free
 * port and prints one line `BENCH_SERVER_PORT <port>`. Run by bench/run.ts as its own process
 * (`node --import tsx bench/server.ts`), so the load generator never shares its CPU time.
 */
import { z } from 'zod';
import { readConfig } from '../server/config';
import { buildApp, type App } from '../server/app';

/** Largest captured answer the reference route takes, bytes. */
const MAX_CAPTURE_BYTES = 64 * 1024 * 1024;

/** Registers the reference routes on the /api plugin given by buildApp's extraApiRoutes. */
function referenceRoutes(api: App): void {
  const captured = new Map<string, Buffer>();
  api.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_CAPTURE_BYTES }, (_request, body, done) => done(null, body));
  const params = z.object({ name: z.string().min(1).max(100) });

  api.put('/bench/echo/:name', { schema: { hide: true, params } }, async (request, reply) => {
    captured.set(request.params.name, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
    return reply.code(204).send();
  });

  api.post('/bench/forget', { schema: { hide: true } }, async (_request, reply) => {
    api.ctx.answers.forget();
    return reply.code(204).send();
  });
  api.get('/bench/echo/:name', { schema: { hide: true, params } }, async (request, reply) => {
    const bytes = captured.get(request.params.name);
    if (!bytes) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Nothing captured.' });
    return reply.header('content-type', 'application/json; charset=utf-8').send(bytes);
  });
}

async function main() {
  const config = readConfig({ LOG_LEVEL: 'warn', SECOND_FACTOR_LEVEL: 'off', ...process.env, HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp(config, {
    staticDir: process.env.BENCH_STATIC_DIR || undefined,
    demoPassword: process.env.BENCH_DEMO_PASSWORD || undefined,
    extraApiRoutes: referenceRoutes,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(3)}`);
    return payload;
  });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`BENCH_SERVER_PORT ${port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
