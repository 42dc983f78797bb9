import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('answers health without a session', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toBe(t.kind);
  });

  it('serves the OpenAPI document of the API', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });

  it('refuses other /api routes without a session', async () => {
    const res = await call(t.app, 'GET', '/api/session');
    expect(res.status).toBe(401);
  });

  it('redirects / to /secure/', async () => {
    const res = await call(t.app, 'GET', '/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/secure/');
  });
});
