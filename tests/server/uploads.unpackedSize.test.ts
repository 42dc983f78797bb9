import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { deflatedEntry, sampleDocx, sendUpload, uploadRecord } from './uploads.fixtures';
import { format, rc } from '../../src/domain/messages';
import * as s from '../../server/db/schema';

/**
 * A Word document (DOCX) is a ZIP package: a small file can unpack to hundreds of megabytes (a
 * "ZIP bomb") in the reader of every officer who opens it. An upload whose entries declare more
 * than UPLOAD_MAX_UNPACKED_MB MiB unpacked in total, or an entry packed more tightly than any real
 * document, is refused with 413 and nothing is stored; ordinary documents are still accepted.
 */
const MIB = 1024 * 1024;
/** One MiB of the same Word paragraph, repeated: deflates about a thousand to one. */
const repeatedParagraphs = Buffer.from('<w:p><w:r><w:t>Report to the 3rd Precinct at 0800.</w:t></w:r></w:p>'.repeat(MIB / 64).padEnd(MIB, ' '));
/** One MiB of paragraphs of random text: deflates less than two to one, like a document with varied text. */
const variedParagraphs = () => Buffer.from(`<w:p><w:r><w:t>${randomBytes((MIB * 3) / 4).toString('base64')}</w:t></w:r></w:p>`.slice(0, MIB));

let t: TestApp;
let admin: string;
const uploadCount = async () => (await t.app.ctx.db.select({ id: s.upload.uploadId }).from(s.upload)).length;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z') });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 9 });
  admin = await tokenFor(t.app, 301);
});
afterAll(() => t.close());

describe('DOCX uploads that unpack to too much (UPLOAD_MAX_UNPACKED_MB, default 100)', () => {
  it('refuses a DOCX of a few hundred KB that unpacks to 200 MB with 413; nothing is stored', async () => {
    const docx = sampleDocx(await deflatedEntry(repeatedParagraphs, 200));
    expect(docx.length).toBeLessThan(2 * MIB);
    const before = await uploadCount();
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename: 'memo.docx', data: docx });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: format(rc.uploads.validation.unpackedTooLarge, { max: 100 }) });
    expect(await uploadCount()).toBe(before);
  });

  it('refuses a DOCX under the limit whose main part is packed a thousand to one with 413', async () => {
    const docx = sampleDocx(await deflatedEntry(repeatedParagraphs, 20));
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename: 'memo.docx', data: docx });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(format(rc.uploads.validation.packedTooTightly, { ratio: 200 }));
  });

  it('refuses the same on an update, keeping the stored file', async () => {
    const created = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename: 'memo.docx', data: sampleDocx() });
    expect(created.status).toBe(201);
    const docx = sampleDocx(await deflatedEntry(repeatedParagraphs, 200));
    const res = await sendUpload(t.app, admin, 'PUT', { ...uploadRecord(), uploadId: created.body.uploadId }, { filename: 'memo.docx', data: docx });
    expect(res.status).toBe(413);
    const kept = await call(t.app, 'GET', `/api/uploads/getSingle/${created.body.uploadId}`, { token: admin });
    expect(kept.body).toMatchObject({ filename: 'memo.docx', fileSize: sampleDocx().length });
  });

  it('accepts a DOCX that unpacks to 8 MB of varied text', async () => {
    const docx = sampleDocx(await deflatedEntry(variedParagraphs(), 8));
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename: 'handbook.docx', data: docx });
    expect(res.status, res.text).toBe(201);
    expect(res.body.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });
});

describe('UPLOAD_MAX_UNPACKED_MB set lower', () => {
  let small: TestApp;
  let token: string;
  beforeAll(async () => {
    small = await startTestApp({ env: { UPLOAD_MAX_UNPACKED_MB: '5' } });
    await createOfficer(small.app, { officerId: 301, accessTypeId: 9 });
    token = await tokenFor(small.app, 301);
  });
  afterAll(() => small.close());

  it('refuses the 8 MB document of varied text with the configured limit in the message', async () => {
    const docx = sampleDocx(await deflatedEntry(variedParagraphs(), 8));
    const res = await sendUpload(small.app, token, 'POST', uploadRecord(), { filename: 'handbook.docx', data: docx });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(format(rc.uploads.validation.unpackedTooLarge, { max: 5 }));
  });
});
