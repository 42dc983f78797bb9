import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document of the events area', () => {
  it('documents every events, signup, locations and lookup call with its body', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    for (const p of [
      '/api/events/getMultiple', '/api/events/getSingle/{id}', '/api/events/insert', '/api/events/update', '/api/events/delete',
      '/api/signup/getMultiple', '/api/signup/insert', '/api/signup/delete',
      '/api/locations/getMultiple', '/api/locations/getSingle/{id}', '/api/locations/insert', '/api/locations/update', '/api/locations/delete',
      '/api/getStateTable', '/api/getPrecinctTable', '/api/getLookupTable',
    ]) {
      expect(paths[p], p).toBeDefined();
    }
    const locationBody = paths['/api/locations/insert'].post.requestBody.content['application/json'].schema;
    expect(locationBody.properties.state.properties.stateId).toBeDefined();
    expect(locationBody.additionalProperties).toBe(false);
    const eventBody = paths['/api/events/insert'].post.requestBody.content['application/json'].schema;
    expect(eventBody.properties.location.properties.locationId).toBeDefined();
    expect(paths['/api/events/insert'].post.tags).toEqual(['events']);
  });
});
