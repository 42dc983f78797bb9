import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';

/**
 * The spec's client sends `Content-Type: application/json` on every call, with an empty body on
 * the calls that take none (spec §7: PUT /updateLastLoginDate/{id}, PUT /timeTickets/flagTicket/{id}, …).
 * Every route that takes no body (or an optional one: a nullable body schema, like flagTicket's
 * {auditComments}) must answer such a call exactly as it
 * answers the same call without a Content-Type. The routes are read from the OpenAPI document,
 * so a route added later is covered too.
 */
let t: TestApp;
let routes: Array<{ method: string; url: string }>;

const EMPTY_JSON = { 'content-type': 'application/json' };

interface JsonSchema {
  nullable?: boolean;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
/** A body schema that also takes no body: nullable (OpenAPI 3.0) or a union with null (3.1). */
const optional = (s: JsonSchema): boolean =>
  s.nullable === true || s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')) || !!s.anyOf?.some(optional) || !!s.oneOf?.some(optional);

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z') });
  await createOfficer(t.app, { officerId: 701, accessTypeId: 10 });
  const doc = (await call(t.app, 'GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  routes = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const schemas = Object.values(op.requestBody?.content ?? {}).map((c) => c.schema ?? {});
      if (schemas.length && !schemas.some(optional)) continue;
      routes.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') });
    }
  }
});
afterAll(() => t.close());

async function answer(method: string, url: string, headers: Record<string, string>, token?: string) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(headers['content-type'] ? { payload: '' } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

describe('an empty JSON body on a route that takes none', () => {
  it('finds the body-less routes, among them updateLastLoginDate and flagTicket', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toContain('PUT /api/updateLastLoginDate/1');
    expect(names).toContain('PUT /api/timeTickets/flagTicket/1');
    expect(names.length).toBeGreaterThan(10);
  });

  it('answers every such route as it answers no Content-Type at all, with and without a session', async () => {
    const differences: string[] = [];
    for (const { method, url } of routes) {
      for (const signedIn of [false, true]) {
        const plain = await answer(method, url, {}, signedIn ? await tokenFor(t.app, 701) : undefined);
        const empty = await answer(method, url, EMPTY_JSON, signedIn ? await tokenFor(t.app, 701) : undefined);
        if (empty.body.includes('Body cannot be empty')) differences.push(`${method} ${url}: ${empty.body}`);
        else if (plain.status !== empty.status) differences.push(`${method} ${url} (${signedIn ? 'signed in' : 'no session'}): ${plain.status} vs ${empty.status} ${empty.body}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('updates the last login date with an empty JSON body (spec §2 Login flow)', async () => {
    const token = await tokenFor(t.app, 701);
    const res = await call(t.app, 'PUT', '/api/updateLastLoginDate/701', { token, headers: EMPTY_JSON, body: '' });
    expect(res.status).toBe(200);
  });

  it('flags a ticket with an empty JSON body (spec §7 flagTicket: no body)', async () => {
    const token = await tokenFor(t.app, 701);
    const res = await call(t.app, 'PUT', '/api/timeTickets/flagTicket/999999', { token, headers: EMPTY_JSON, body: '', query: { flaggedBy: '701' } });
    expect(res.status).toBe(404);
    expect(res.body.message).not.toMatch(/Body cannot be empty/);
  });

  it('still refuses an empty body where a body is required, with the schema’s 400, and bad JSON with 400', async () => {
    const token = await tokenFor(t.app, 701);
    const empty = await call(t.app, 'POST', '/api/locations/insert', { token, headers: EMPTY_JSON, body: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).not.toMatch(/Body cannot be empty/);
    const bad = await call(t.app, 'POST', '/api/news/insert', { token, headers: EMPTY_JSON, body: '{"dateEntered":' });
    expect(bad.status).toBe(400);
    const poisoned = await call(t.app, 'POST', '/api/news/insert', { token, headers: EMPTY_JSON, body: '{"__proto__":{"x":1}}' });
    expect(poisoned.status).toBe(400);
  });
});
