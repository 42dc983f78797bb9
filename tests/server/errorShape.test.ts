import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { format, rc } from '../../src/domain/messages';

/**
 * every answer the server sends, Fastify's own refusals included, has the one error
 * shape { statusCode, error, message } with the catalog's wording; a known path asked with a
 * wrong method answers 405 with Allow; a missing token and an ended session are told apart.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOfficer(t.app, { officerId: 100, accessTypeId: 1 });
});
afterAll(() => t.close());

/** The body has exactly the shared error fields (plus field/issues of a 400), no Fastify `code`. */
function expectErrorShape(body: Record<string, unknown>, statusCode: number, error: string, message: string) {
  expect(body).toMatchObject({ statusCode, error, message });
  expect(body).not.toHaveProperty('code');
}

describe('wrong method on a known path', () => {
  it('DELETE /api/health answers 405 with Allow, without a session', async () => {
    const res = await call(t.app, 'DELETE', '/api/health');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectErrorShape(res.body, 405, 'Method Not Allowed', format(rc.errors.methodNotAllowed, { method: 'DELETE', allow: 'GET, HEAD' }));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a path with an id answers 405 too, and an unknown path 404 in the same shape', async () => {
    const wrong = await call(t.app, 'POST', '/api/officer/getSingle/5');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    const unknown = await call(t.app, 'GET', '/api/noSuchCall');
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.body, 404, 'Not Found', rc.errors.noSuchAddress);
    expect(unknown.headers.allow).toBeUndefined();
  });
});

describe('Fastify refusals in the shared shape', () => {
  it('a login of 101 characters answers 414; 100 characters are looked up', async () => {
    const long = await call(t.app, 'GET', `/api/officer/isValidLogin/${'a'.repeat(101)}`);
    expect(long.status).toBe(414);
    expectErrorShape(long.body, 414, 'URI Too Long', format(rc.errors.uriTooLong, { max: 100 }));
    expect(long.headers['content-type']).toMatch(/^application\/json/);
    expect(long.headers['cache-control']).toBe('no-store');
    const fits = await call(t.app, 'GET', `/api/officer/isValidLogin/${'a'.repeat(100)}`);
    expect(fits.status).toBe(204);
  });

  it('an address that does not decode answers 400', async () => {
    const res = await call(t.app, 'GET', '/api/officer/isValidLogin/%E0%A4%A');
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 400, 'Bad Request', rc.errors.badUrl);
  });

  it('a JSON body over 1 MB answers 413, a body of an unknown type 415', async () => {
    const big = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'x', password: 'y'.repeat(1_100_000) } });
    expect(big.status).toBe(413);
    expectErrorShape(big.body, 413, 'Payload Too Large', format(rc.errors.bodyTooLarge, { max: '1 MB' }));
    const text = await call(t.app, 'POST', '/api/authenticate', { body: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect(text.status).toBe(415);
    expectErrorShape(text.body, 415, 'Unsupported Media Type', format(rc.errors.unsupportedMediaType, { type: 'application/xml' }));
  });
});

describe('401 messages', () => {
  it('no token: "Please sign in first."; a signed-out token: the session has ended', async () => {
    const none = await call(t.app, 'GET', '/api/session');
    expect(none.status).toBe(401);
    expectErrorShape(none.body, 401, 'Unauthorized', rc.errors.signInRequired);
    const token = await tokenFor(t.app, 100);
    expect((await call(t.app, 'POST', '/api/logout', { token })).status).toBe(204);
    const ended = await call(t.app, 'GET', '/api/session', { token });
    expect(ended.status).toBe(401);
    expectErrorShape(ended.body, 401, 'Unauthorized', rc.errors.notAuthenticated);
    const garbage = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: 'garbage' });
    expect(garbage.body.message).toBe(rc.errors.notAuthenticated);
  });
});
