import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, createOfficer, tokenFor, type TestApp, capturedLogger } from './helpers';
import { addUpload, BOUNDARY, multipart, samplePdf, uploadRecord } from './uploads.fixtures';
import { rc } from '../../src/domain/messages';
import * as s from '../../server/db/schema';

/**
 * A multipart body that is cut off, has no boundary, or is not multipart at all, sent to either
 * multipart call (upload insert and update), is the client's mistake: 400 in the shared error
 * shape with the catalog's message, nothing stored or changed, nothing logged as a server failure.
 */
let t: TestApp;
let admin: string;
let existing: number;
const { lines: logLines, logger } = capturedLogger('error');

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z'), build: { logger } });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 9 });
  admin = await tokenFor(t.app, 301);
  existing = await addUpload(t.app, admin);
});
afterAll(() => t.close());

/** A complete, valid upload body for the route (update names the existing upload). */
function validBody(update: boolean) {
  return multipart([
    { name: 'jsonBodyData', contentType: 'application/json', data: JSON.stringify(update ? { ...uploadRecord({ description: 'Changed' }), uploadId: existing } : uploadRecord()) },
    { name: 'file', filename: 'notice.pdf', contentType: 'application/pdf', data: samplePdf('x'.repeat(4000)) },
  ]);
}

const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
const cases: Array<[string, (update: boolean) => { payload: Buffer; type: string }]> = [
  ['cut off inside the file part', (u) => ({ payload: validBody(u).payload.subarray(0, validBody(u).payload.length - 1500), type: contentType })],
  ['cut off inside the jsonBodyData part', (u) => ({ payload: validBody(u).payload.subarray(0, 80), type: contentType })],
  ['cut off inside a part header', (u) => ({ payload: validBody(u).payload.subarray(0, 20), type: contentType })],
  ['without the closing boundary', (u) => ({ payload: validBody(u).payload.subarray(0, validBody(u).payload.length - `--${BOUNDARY}--\r\n`.length), type: contentType })],
  ['sent without a boundary in its Content-Type', (u) => ({ payload: validBody(u).payload, type: 'multipart/form-data' })],
  ['framed by another boundary than its Content-Type names', (u) => ({ payload: validBody(u).payload, type: 'multipart/form-data; boundary=somethingElse' })],
  ['garbage', () => ({ payload: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)), type: contentType })],
];

const uploadRows = async () => JSON.stringify(await t.app.ctx.db.select({ id: s.upload.uploadId, description: s.upload.description, filename: s.upload.filename }).from(s.upload).orderBy(s.upload.uploadId));

describe.each([
  ['POST', '/api/uploads/insert'],
  ['PUT', '/api/uploads/update'],
] as const)('a broken multipart body sent to %s %s', (method, url) => {
  it.each(cases)('%s: 400 with the catalog message, nothing written', async (_label, make) => {
    const before = await uploadRows();
    logLines.length = 0;
    const { payload, type } = make(method === 'PUT');
    const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin}`, 'content-type': type } });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ statusCode: 400, error: 'Bad Request', message: rc.uploads.validation.multipartBroken });
    expect(await uploadRows()).toBe(before);
    expect(logLines.join('')).not.toContain('unhandled error');
  });

  it('a whole body still succeeds after the broken ones', async () => {
    const { payload, headers } = validBody(method === 'PUT');
    const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin}`, ...headers } });
    expect(res.statusCode, res.body).toBe(method === 'PUT' ? 200 : 201);
  });
});
