import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, type TestApp } from './helpers';
import { rc } from '../../src/domain/messages';

/**
 * the OpenAPI document tells the truth a generated client needs: every error status
 * with the shared body and the spec's message, 204s without content, text/plain where spec §7
 * says so, date and time formats, query parameters that may be sent empty.
 */
let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let paths: Record<string, Record<string, any>>;
beforeAll(async () => {
  t = await startTestApp();
  paths = (await call(t.app, 'GET', '/api/docs/json')).body.paths;
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('declares the error statuses a route answers with the shared body and the spec message as example', () => {
    const getSingle = paths['/api/timeTickets/getSingle/{id}'].get.responses;
    expect(Object.keys(getSingle)).toEqual(['200', '400', '401', '403', '404', '414', '500']);
    const forbidden = getSingle['403'].content['application/json'].schema;
    expect(forbidden.required).toEqual(['statusCode', 'error', 'message']);
    expect(forbidden.example).toEqual({ statusCode: 403, error: 'Forbidden', message: rc.errors.unauthorized });
    const insert = paths['/api/events/insert'].post.responses;
    expect(Object.keys(insert)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '413', '415', '500']));
    expect(insert['409'].content['application/json'].schema.example.message).toBe(rc.errors.duplicate);
    const signIn = paths['/api/authenticate'].post.responses;
    expect(signIn['401'].content['application/json'].schema.example.message).toBe(rc.errors.invalidCredentials);
    expect(signIn['403']).toBeUndefined();
    expect(signIn['429']).toBeDefined();
  });

  it('declares 204 answers without content and the unread count as text/plain', () => {
    expect(Object.keys(paths['/api/logout'].post.responses)).not.toContain('200');
    expect(paths['/api/logout'].post.responses['204'].content).toBeUndefined();
    expect(paths['/api/officer/isValidLogin/{login}'].get.responses['204'].content).toBeUndefined();
    expect(paths['/api/password/reset'].put.responses['204'].content).toBeUndefined();
    const count = paths['/api/countUnread159s/{officerId}'].get.responses;
    expect(Object.keys(count['200'].content)).toEqual(['text/plain']);
    expect(Object.keys(count['403'].content)).toEqual(['application/json']);
  });

  it('gives every date and time its pattern, format and an example', () => {
    const ticket = paths['/api/timeTickets/getSingle/{id}'].get.responses['200'].content['application/json'].schema.properties;
    expect(ticket.startDate).toMatchObject({ format: 'mm/dd/yyyy', example: '03/31/2026' });
    expect(new RegExp(ticket.startDate.pattern).test('03/31/2026')).toBe(true);
    expect(ticket.startTime).toMatchObject({ format: 'HH:mm', example: '18:30' });
    expect(ticket.createdTimestamp).toMatchObject({ format: 'date-time' });
    const eventBody = paths['/api/events/insert'].post.requestBody.content['application/json'].schema.properties;
    expect(eventBody.startDate.pattern).toBeDefined();
    expect(eventBody.endTime.format).toBe('HH:mm');
  });

  it('says which query parameters may be sent empty', () => {
    const params = paths['/api/officer/getMultiple'].get.parameters as Array<{ name: string; allowEmptyValue?: boolean }>;
    const empty = params.filter((p) => p.allowEmptyValue).map((p) => p.name);
    expect(empty).toEqual(expect.arrayContaining(['orderBy', '_sort']));
    const tickets = paths['/api/timeTickets/getMultiple'].get.parameters as Array<{ name: string; allowEmptyValue?: boolean }>;
    expect(tickets.filter((p) => p.allowEmptyValue).map((p) => p.name)).toEqual(expect.arrayContaining(['summarizeFlag', 'precinctId']));
  });
});
