import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import {
  addUpload, multipart, sampleDoc, sampleDocx, sampleExe, samplePdf, samplePng, sendUpload, uploadRecord, zipOf,
} from './uploads.fixtures';
import { contentDisposition } from '../../server/routes/uploads';
import { cleanFilename } from '../../server/uploads/multipart';

const ONLY_PDF_OR_WORD = 'Only PDF or Word Docs permitted!';
let t: TestApp;
let admin: string;
let officer: string;
let supervisor: string;
let restricted: string;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z') });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 302, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 303, accessTypeId: 5 });
  await createOfficer(t.app, { officerId: 304, accessTypeId: 3 });
  admin = await tokenFor(t.app, 301);
  officer = await tokenFor(t.app, 302);
  supervisor = await tokenFor(t.app, 303);
  restricted = await tokenFor(t.app, 304);
});
afterAll(() => t.close());

describe('uploads: add, read, download (spec §2 Uploads, §3, §7)', () => {
  it('adds a PDF 159 at level 9; officers read it without the bytes and download the stored bytes', async () => {
    const pdf = samplePdf('first');
    const created = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename: 'C:\\fakepath\\notice.pdf', data: pdf, contentType: 'image/png' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      uploadType: { uploadTypeId: 1, uploadTypeDescription: '159 Board' },
      dateEntered: '11/01/2026',
      description: 'Board notice 12-2026',
      filename: 'notice.pdf',
      contentType: 'application/pdf',
      fileSize: pdf.length,
      linkUrl: null,
      enteredBy: 301,
      hasChildren: 'N',
      signoffTimestamp: null,
      downloadSignoffs: 0,
    });
    expect(created.body).not.toHaveProperty('file');
    const id = created.body.uploadId;

    const single = await call(t.app, 'GET', `/api/uploads/getSingle/${id}`, { token: officer });
    expect(single.status).toBe(200);
    expect(single.body.filename).toBe('notice.pdf');

    const list = await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { uploadTypeId: '1' } });
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('%PDF');

    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/download/${id}?officerId=302`, headers: { authorization: `Bearer ${officer}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="notice.pdf"; filename*=UTF-8''notice.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts Word documents (DOC and DOCX) judged by their bytes, with the stored content type', async () => {
    const doc = await sendUpload(t.app, admin, 'POST', uploadRecord({ uploadType: { uploadTypeId: 2 } }), { filename: 'losap.DOC', data: sampleDoc() });
    expect(doc.status).toBe(201);
    expect(doc.body.contentType).toBe('application/msword');
    const docx = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename: 'memo.docx', data: sampleDocx() });
    expect(docx.status).toBe(201);
    expect(docx.body.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('takes jsonBodyData as a plain JSON field too', async () => {
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename: 'field.pdf', data: samplePdf() }, { asField: true });
    expect(res.status).toBe(201);
  });

  it('encodes any file name safely in Content-Disposition (RFC 6266/5987)', async () => {
    expect(contentDisposition('Ré "1"; x.pdf')).toBe(`attachment; filename="R_ _1__ x.pdf"; filename*=UTF-8''R%C3%A9%20%221%22%3B%20x.pdf`);
    const id = await addUpload(t.app, admin, {}, { filename: "Memo (O'Brien) ñ.pdf", data: samplePdf() });
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/download/${id}`, headers: { authorization: `Bearer ${officer}` } });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Memo (O'Brien) _.pdf"; filename*=UTF-8''Memo%20%28O%27Brien%29%20%C3%B1.pdf`);
  });
});

describe('upload file rules (spec §5 Upload: only pdf, doc and docx)', () => {
  it('keeps only the plain file name: no folders, no control characters, at most 255 characters', () => {
    expect(cleanFilename('C:\\Users\\me\\notice.pdf')).toBe('notice.pdf');
    expect(cleanFilename('../../etc/notice.pdf')).toBe('notice.pdf');
    expect(cleanFilename('bad\u0000name\r\n.pdf')).toBe('badname.pdf');
    const long = cleanFilename(`${'a'.repeat(300)}.docx`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it.each([
    ['a PNG named notice.pdf', 'notice.pdf', samplePng()],
    ['an executable named form.docx', 'form.docx', sampleExe()],
    ['an executable named form.doc', 'form.doc', sampleExe()],
    ['a ZIP without word/document.xml named form.docx', 'form.docx', zipOf({ 'hello.txt': 'hi' })],
    ['a PDF named notice.txt', 'notice.txt', samplePdf()],
    ['a PDF named notice.docx', 'notice.docx', samplePdf()],
    ['a DOCX named notice.pdf', 'notice.pdf', sampleDocx()],
    ['an empty notice.pdf', 'notice.pdf', Buffer.alloc(0)],
    ['a PDF without a name', '', samplePdf()],
    ['a broken ZIP named form.docx', 'form.docx', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)])],
  ])('refuses %s', async (_label, filename, data) => {
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord(), { filename, data, contentType: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ONLY_PDF_OR_WORD);
  });

  it('refuses an insert without a file', async () => {
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File is required');
  });
});

describe('upload field messages (spec §5 Upload)', () => {
  it.each([
    [{ uploadType: undefined }, 'Must select file type', 'uploadType.uploadTypeId'],
    [{ uploadType: null }, 'Must select file type', 'uploadType.uploadTypeId'],
    [{ uploadType: { uploadTypeId: 0 } }, 'Must select file type', 'uploadType.uploadTypeId'],
    [{ uploadType: { uploadTypeId: 99 } }, 'Must select file type', 'uploadType.uploadTypeId'],
    [{ dateEntered: undefined }, 'Date is required', 'dateEntered'],
    [{ dateEntered: '' }, 'Date is required', 'dateEntered'],
    [{ dateEntered: '2026-11-01' }, 'Invalid date - use MM/DD/YYYY', 'dateEntered'],
    [{ description: undefined }, 'Description is required', 'description'],
    [{ description: '   ' }, 'Description is required', 'description'],
    [{ description: 'Café notice' }, 'Description has non-ASCII characters. Please remove!', 'description'],
    [{ description: 'x'.repeat(536) }, 'Must be 535 characters or fewer', 'description'],
    [{ color: 'red' }, 'Unknown field: color', undefined],
  ])('%o -> %s', async (over, message, field) => {
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord(over), { filename: 'notice.pdf', data: samplePdf() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    if (field) expect(res.body.field).toBe(field);
  });

  it('accepts a description of exactly 535 ASCII characters, line breaks kept', async () => {
    const description = `a\n${'x'.repeat(533)}`;
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord({ description }), { filename: 'n.pdf', data: samplePdf() });
    expect(res.status).toBe(201);
    expect(res.body.description).toBe(description);
  });

  it('refuses a body that is not multipart (415), a missing or broken jsonBodyData, and unknown parts (400)', async () => {
    const json = await call(t.app, 'POST', '/api/uploads/insert', { token: admin, body: uploadRecord() });
    expect(json.status).toBe(415);
    const noJson = multipart([{ name: 'file', filename: 'n.pdf', data: samplePdf() }]);
    const r1 = await call(t.app, 'POST', '/api/uploads/insert', { token: admin, body: noJson.payload, headers: noJson.headers });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe('The jsonBodyData part must hold the upload as JSON.');
    const broken = await sendUpload(t.app, admin, 'POST', '{not json', { filename: 'n.pdf', data: samplePdf() });
    expect(broken.status).toBe(400);
    const extra = multipart([{ name: 'jsonBodyData', data: JSON.stringify(uploadRecord()) }, { name: 'other', data: 'x' }]);
    const r2 = await call(t.app, 'POST', '/api/uploads/insert', { token: admin, body: extra.payload, headers: extra.headers });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toBe('Unknown part: other');
  });
});

describe('upload changes and removal (level 9+)', () => {
  it('keeps the stored file when the update leaves it out, and replaces it when one is sent', async () => {
    const id = await addUpload(t.app, admin, { description: 'Original' });
    const kept = await sendUpload(t.app, admin, 'PUT', { ...uploadRecord({ description: 'Renamed' }), uploadId: id, filename: 'ignored.pdf', signoffTimestamp: null });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ uploadId: id, description: 'Renamed', filename: 'notice.pdf', contentType: 'application/pdf' });
    const replaced = await sendUpload(t.app, admin, 'PUT', { ...uploadRecord(), uploadId: id }, { filename: 'new.docx', data: sampleDocx() });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ filename: 'new.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/download/${id}`, headers: { authorization: `Bearer ${officer}` } });
    expect(res.rawPayload.equals(sampleDocx())).toBe(true);
  });

  it('answers 404 for an unknown upload and 400 without an uploadId', async () => {
    const missing = await sendUpload(t.app, admin, 'PUT', { ...uploadRecord(), uploadId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Upload not found.');
    expect((await sendUpload(t.app, admin, 'PUT', uploadRecord())).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/uploads/getSingle/999999', { token: officer })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/uploads/download/999999', { token: officer })).status).toBe(404);
  });

  it('removes uploads with the spec body (dummy entry first)', async () => {
    const id = await addUpload(t.app, admin);
    const del = await call(t.app, 'DELETE', '/api/uploads/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', `/api/uploads/getSingle/${id}`, { token: admin })).status).toBe(404);
    const none = await call(t.app, 'DELETE', '/api/uploads/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }] });
    expect(none.status).toBe(400);
  });
});

describe('upload permissions (spec §6)', () => {
  it('lets levels 1 and 5 read and download but not add, change or remove (403)', async () => {
    const id = await addUpload(t.app, admin);
    for (const token of [officer, supervisor]) {
      expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token })).status).toBe(200);
      expect((await call(t.app, 'GET', `/api/uploads/download/${id}`, { token })).status).toBe(200);
      const add = await sendUpload(t.app, token, 'POST', uploadRecord(), { filename: 'n.pdf', data: samplePdf() });
      expect(add.status).toBe(403);
      expect(add.body.message).toBe('Unauthorized!');
      expect((await sendUpload(t.app, token, 'PUT', { ...uploadRecord(), uploadId: id })).status).toBe(403);
      expect((await call(t.app, 'DELETE', '/api/uploads/delete', { token, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] })).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/uploads/downloadReport', { token, query: { uploadId: String(id) } })).status).toBe(403);
    }
  });

  it('refuses level 3 everything about uploads, and a caller without a session (401)', async () => {
    const id = await addUpload(t.app, admin);
    for (const url of ['/api/uploads/getMultiple', `/api/uploads/getSingle/${id}`, `/api/uploads/download/${id}`]) {
      expect((await call(t.app, 'GET', url, { token: restricted })).status).toBe(403);
      expect((await call(t.app, 'GET', url)).status).toBe(401);
    }
    expect((await sendUpload(t.app, '', 'POST', uploadRecord(), { filename: 'n.pdf', data: samplePdf() })).status).toBe(401);
  });

  it("shows another officer's sign-offs only at level 9+", async () => {
    expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { officerId: '303' } })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { officerId: '302' } })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token: admin, query: { officerId: '302' } })).status).toBe(200);
  });
});

describe('upload lists (spec §2 Uploads: date entered range and upload type)', () => {
  it('filters by date entered (inclusive) and type, newest first, paged with X-Total-Count', async () => {
    const a = await addUpload(t.app, admin, { uploadType: { uploadTypeId: 2 }, dateEntered: '10/01/2026', description: 'LOSAP Oct' });
    const b = await addUpload(t.app, admin, { uploadType: { uploadTypeId: 2 }, dateEntered: '10/15/2026', description: 'LOSAP mid Oct' });
    const c = await addUpload(t.app, admin, { uploadType: { uploadTypeId: 2 }, dateEntered: '10/31/2026', description: 'LOSAP end Oct' });
    const res = await call(t.app, 'GET', '/api/uploads/getMultiple', {
      token: officer,
      query: { uploadTypeId: '2', dateEntered1: '10/01/2026', dateEntered2: '10/31/2026' },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { uploadId: number }) => r.uploadId)).toEqual([c, b, a]);
    const page = await call(t.app, 'GET', '/api/uploads/getMultiple', {
      token: officer,
      query: { uploadTypeId: '2', dateEntered1: '10/01/2026', dateEntered2: '10/31/2026', _sort: 'description', _order: 'ASC', _start: '0', _end: '2' },
    });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((r: { description: string }) => r.description)).toEqual(['LOSAP end Oct', 'LOSAP mid Oct']);
  });

  it("sorts by react-admin's default field 'id' (the upload id) and refuses unknown sort fields", async () => {
    const res = await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { _sort: 'id', _order: 'ASC', _start: '0', _end: '5' } });
    expect(res.status).toBe(200);
    const ids = res.body.map((r: { uploadId: number }) => r.uploadId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { _sort: 'file' } })).status).toBe(400);
  });

  it('refuses a bad date, a reversed range and a page over 200 rows', async () => {
    expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { dateEntered1: '13/45/2026' } })).body.message).toBe('Invalid date - use MM/DD/YYYY');
    expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { dateEntered1: '11/02/2026', dateEntered2: '11/01/2026' } })).body.message).toBe('Since date must be <= until date!');
    expect((await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { _start: '0', _end: '201' } })).status).toBe(400);
  });
});

describe('Forms page documents (spec §2 Forms page): upload types 3-7, files or links', () => {
  it('stores each Forms group as its own upload type and lists several groups at once', async () => {
    const groups = [
      [3, 'Departmental Forms'],
      [4, 'Team Forms'],
      [5, 'Reference Documents'],
      [6, 'Field Training Forms'],
      [7, 'Holiday Deployment Forms'],
    ] as const;
    for (const [uploadTypeId, name] of groups) {
      const res = await sendUpload(t.app, admin, 'POST', uploadRecord({ uploadType: { uploadTypeId }, description: `${name} sample` }), { filename: 'form.pdf', data: samplePdf() });
      expect(res.status).toBe(201);
      expect(res.body.uploadType).toEqual({ uploadTypeId, uploadTypeDescription: name });
    }
    const list = await call(t.app, 'GET', '/api/uploads/getMultiple', { token: officer, query: { uploadTypeId: '3,4,5,6,7', _sort: 'uploadTypeId', _order: 'ASC' } });
    expect(list.body.map((r: { uploadType: { uploadTypeId: number } }) => r.uploadType.uploadTypeId)).toEqual([3, 4, 5, 6, 7]);
  });

  it('keeps a reference link as a plain URL (no file); 159s and LOSAP notices need a file', async () => {
    const link = await sendUpload(t.app, admin, 'POST', uploadRecord({ uploadType: { uploadTypeId: 5 }, description: 'Penal Law', linkUrl: 'https://www.example.org/penal-law' }));
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ linkUrl: 'https://www.example.org/penal-law', filename: null, contentType: null, fileSize: null });
    const dl = await call(t.app, 'GET', `/api/uploads/download/${link.body.uploadId}`, { token: officer });
    expect(dl.status).toBe(404);
    expect(dl.body.message).toBe('This document is a link and has no file to download.');
    const keep = await sendUpload(t.app, admin, 'PUT', { ...link.body, description: 'Penal Law (NY)' });
    expect(keep.status).toBe(200);
    expect(keep.body.linkUrl).toBe('https://www.example.org/penal-law');
    const toFile = await sendUpload(t.app, admin, 'PUT', { ...link.body, linkUrl: null }, { filename: 'penal.pdf', data: samplePdf() });
    expect(toFile.status).toBe(200);
    expect(toFile.body).toMatchObject({ linkUrl: null, filename: 'penal.pdf' });

    const on159 = await sendUpload(t.app, admin, 'POST', uploadRecord({ linkUrl: 'https://www.example.org/x' }));
    expect(on159.body.message).toBe('Only documents of the Forms page can be links.');
    const bad = await sendUpload(t.app, admin, 'POST', uploadRecord({ uploadType: { uploadTypeId: 5 }, linkUrl: 'javascript:alert(1)' }));
    expect(bad.body.message).toBe('Link must be a web address starting with http:// or https://');
    const both = await sendUpload(t.app, admin, 'POST', uploadRecord({ uploadType: { uploadTypeId: 5 }, linkUrl: 'https://www.example.org/x' }), { filename: 'n.pdf', data: samplePdf() });
    expect(both.body.message).toBe('Send either a file or a link, not both.');
  });
});

describe('OpenAPI', () => {
  it('documents every uploads route with its summary and error answers', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body;
    for (const [path, method] of [
      ['/api/uploads/getMultiple', 'get'],
      ['/api/uploads/getSingle/{id}', 'get'],
      ['/api/uploads/insert', 'post'],
      ['/api/uploads/update', 'put'],
      ['/api/uploads/delete', 'delete'],
      ['/api/uploads/download/{id}', 'get'],
      ['/api/uploads/markCheckedAsRead', 'put'],
      ['/api/uploads/downloadReport', 'get'],
      ['/api/countUnread159s/{officerId}', 'get'],
    ]) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.summary).toBeTruthy();
      expect(op.responses['403']).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/uploads/insert'].post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(doc.paths['/api/uploads/insert'].post.responses['413']).toBeDefined();
  });
});
