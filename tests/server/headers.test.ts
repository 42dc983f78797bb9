import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, TEST_PASSWORD, type TestApp, capturedLogger } from './helpers';

/**
 * security headers of every answer, Cache-Control: no-store on every /api answer
 * (defect 4), and 5xx answers that carry a correlation id and no internal detail, logged with it.
 */
let t: TestApp;
let token: string;
const { lines: logLines, logger } = capturedLogger('info');
beforeAll(async () => {
  t = await startTestApp({
    build: {
      logger,
      extraApiRoutes: (api) => {
        api.get('/test/explode', { schema: { hide: true } }, async () => {
          throw new Error('relation "officer_secret" does not exist at /srv/rollcall/server/db/x.ts:12');
        });
      },
    },
  });
  await createOfficer(t.app, { officerId: 501, accessTypeId: 1, login: 'plain' });
  token = await tokenFor(t.app, 501);
});
afterAll(() => t.close());

describe('Cache-Control: no-store on /api (defect 4)', () => {
  const cases: Array<[string, () => ReturnType<typeof call>]> = [
    ['POST /authenticate (200)', () => call(t.app, 'POST', '/api/authenticate', { body: { username: 'plain', password: TEST_PASSWORD } })],
    ['POST /authenticate (401)', () => call(t.app, 'POST', '/api/authenticate', { body: { username: 'plain', password: 'Wrong12345' } })],
    ['GET /officer/getSingle (200)', () => call(t.app, 'GET', '/api/officer/getSingle/501', { token })],
    ['GET /officer/getSingle (403)', () => call(t.app, 'GET', '/api/officer/getSingle/1', { token })],
    ['GET /officer/getMultiple without a session (401)', () => call(t.app, 'GET', '/api/officer/getMultiple')],
    ['GET an unknown /api path (404)', () => call(t.app, 'GET', '/api/no/such/thing', { token })],
    ['POST a bad body (400)', () => call(t.app, 'POST', '/api/authenticate', { body: { username: 'plain' } })],
    ['GET /health (200)', () => call(t.app, 'GET', '/api/health')],
    ['GET /docs/json (200)', () => call(t.app, 'GET', '/api/docs/json')],
  ];
  for (const [name, run] of cases) {
    it(`is on ${name}, with the other security headers`, async () => {
      const res = await run();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  }
});

describe('server failures (5xx)', () => {
  it('answers the generic message and a correlation id, never the internal detail, and logs the error with that id', async () => {
    const res = await call(t.app, 'GET', '/api/test/explode', { token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on the server. Please try again.',
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(res.text).not.toMatch(/officer_secret|\/srv\/|x\.ts/);
    expect(res.headers['x-request-id']).toBe(res.body.correlationId);
    expect(res.headers['cache-control']).toBe('no-store');
    const logged = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 50, reqId: res.body.correlationId, correlationId: res.body.correlationId });
    expect(JSON.stringify(logged)).toContain('officer_secret');
  });

  it('gives every request its own id', async () => {
    const a = await call(t.app, 'GET', '/api/health');
    const b = await call(t.app, 'GET', '/api/health');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
