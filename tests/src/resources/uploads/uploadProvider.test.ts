import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { startMswServer } from '../../msw';
import { sessionUser, signIn } from '../../fixtures';
import { dataProvider } from '../../../../src/providers/dataProvider';
import { filenameFromDisposition } from '../../../../src/providers/http';

const server = startMswServer();

/** What the server received of a multipart upload: its jsonBodyData (parsed) and its file part. */
async function readMultipart(request: Request) {
  const form = await request.formData();
  // undici's File (msw parses the body in Node), not jsdom's: not an instance of the test's Blob
  const file = form.get('file') as File | string | null;
  return {
    json: JSON.parse(String(form.get('jsonBodyData'))) as Record<string, unknown>,
    file: file && typeof file === 'object' ? { name: file.name, text: await file.text() } : null,
    contentType: request.headers.get('Content-Type') ?? '',
    authorization: request.headers.get('Authorization'),
  };
}

describe('uploads through the dataProvider (spec §7: multipart insert and update, download)', () => {
  it('inserts an upload as a jsonBodyData part and a file part, reporting progress', async () => {
    signIn(sessionUser({ officerId: 9 }), 'tok-9');
    let seen: Awaited<ReturnType<typeof readMultipart>> | undefined;
    server.use(
      http.post('*/api/uploads/insert', async ({ request }) => {
        seen = await readMultipart(request);
        return HttpResponse.json({ uploadId: 12, filename: 'notice.pdf' }, { status: 201 });
      }),
    );
    // jsdom's XMLHttpRequest hands msw the form without the file's bytes, so the parts are read as they are added
    const append = vi.spyOn(FormData.prototype, 'append');
    const progress: number[] = [];
    const file = new File(['%PDF-1.4 test'], 'notice.pdf', { type: 'application/pdf' });
    const data = { uploadType: { uploadTypeId: 1 }, dateEntered: '03/15/2026', description: 'Notice', linkUrl: null, file };
    const { data: saved } = await dataProvider.create('uploads', { data, meta: { onProgress: (p: number) => progress.push(p) } });
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.authorization).toBe('Bearer tok-9');
    expect(seen?.json).toEqual({ uploadType: { uploadTypeId: 1 }, dateEntered: '03/15/2026', description: 'Notice', linkUrl: null });
    expect(seen?.file).not.toBeNull();
    expect(append.mock.calls.map((c) => c[0])).toEqual(['jsonBodyData', 'file']);
    expect(append.mock.calls[1].slice(1)).toEqual([file, 'notice.pdf']);
    append.mockRestore();
    expect(progress[0]).toBe(0);
    expect(saved).toMatchObject({ id: 12, uploadId: 12 });
    expect(saved).not.toHaveProperty('file');
  });

  it('updates without a file part when no file was chosen (the stored file is kept), with the upload id', async () => {
    signIn(sessionUser({ officerId: 9 }));
    let seen: Awaited<ReturnType<typeof readMultipart>> | undefined;
    server.use(
      http.put('*/api/uploads/update', async ({ request }) => {
        seen = await readMultipart(request);
        return HttpResponse.json({ uploadId: 5 });
      }),
    );
    await dataProvider.update('uploads', { id: 5, data: { uploadType: { uploadTypeId: 2 }, dateEntered: '03/15/2026', description: 'LOSAP', linkUrl: null }, previousData: { id: 5 } });
    expect(seen?.file).toBeNull();
    expect(seen?.json).toMatchObject({ uploadId: 5, description: 'LOSAP' });
  });

  it("a refused upload fails with the server's message", async () => {
    signIn(sessionUser({ officerId: 9 }));
    server.use(
      http.post('*/api/uploads/insert', () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'Only PDF or Word Docs permitted!' }, { status: 400 }),
      ),
    );
    const file = new File(['\x89PNG'], 'notice.pdf');
    await expect(dataProvider.create('uploads', { data: { description: 'x', file } })).rejects.toMatchObject({ message: 'Only PDF or Word Docs permitted!', status: 400 });
  });

  it('downloads the bytes with the name from Content-Disposition, asking as the signed-in officer', async () => {
    signIn(sessionUser({ officerId: 7 }), 'tok-7');
    let query = '';
    let authorization: string | null = null;
    server.use(
      http.get('*/api/uploads/download/3', ({ request }) => {
        query = new URL(request.url).search;
        authorization = request.headers.get('Authorization');
        return new HttpResponse('%PDF-1.4', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf` },
        });
      }),
    );
    const { blob, filename } = await dataProvider.download(3, 7, 'fallback.pdf');
    expect(query).toBe('?officerId=7');
    expect(authorization).toBe('Bearer tok-7');
    expect(filename).toBe('Résumé.pdf');
    expect(await blob.text()).toBe('%PDF-1.4');
  });

  it("a failed download says 'Error downloading file, error code = {status}' (spec §8)", async () => {
    signIn(sessionUser());
    server.use(http.get('*/api/uploads/download/4', () => HttpResponse.json({ message: 'Upload not found.' }, { status: 404 })));
    await expect(dataProvider.download(4, 7, 'x.pdf')).rejects.toMatchObject({ message: 'Error downloading file, error code = 404', status: 404 });
  });

  it('reads the file name of a Content-Disposition header (RFC 6266)', () => {
    expect(filenameFromDisposition('attachment; filename="notice.pdf"')).toBe('notice.pdf');
    expect(filenameFromDisposition('attachment; filename=plain.doc')).toBe('plain.doc');
    expect(filenameFromDisposition(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%20b.pdf`)).toBe('a b.pdf');
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('reads the compliance report from GET /uploads/downloadReport, keyed by officer or by 159, with the server paging', async () => {
    signIn(sessionUser({ officerId: 9 }));
    const seen: string[] = [];
    server.use(
      http.get('*/api/uploads/downloadReport', ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen.push(q.toString());
        const rows = q.get('uploadId')
          ? [{ officerId: 101, lastName: 'Ortiz', firstName: 'Olivia', precinct: null, signoffTimestamp: null, status: 'UNREAD' }]
          : [{ uploadId: 3, dateEntered: '03/01/2026', description: 'Notice', signoffTimestamp: null, status: 'UNREAD' }];
        return HttpResponse.json(rows, { headers: { 'X-Total-Count': '41' } });
      }),
    );
    const page = { page: 2, perPage: 25 };
    const byUpload = await dataProvider.getList('downloadReport', { filter: { uploadId: 3 }, pagination: page, sort: { field: 'lastName', order: 'ASC' } });
    const byOfficer = await dataProvider.getList('downloadReport', { filter: { officerId: 101 }, pagination: page, sort: { field: 'dateEntered', order: 'DESC' } });
    expect(seen).toEqual(['uploadId=3&_sort=lastName&_order=ASC&_start=25&_end=50', 'officerId=101&_sort=dateEntered&_order=DESC&_start=25&_end=50']);
    expect(byUpload).toMatchObject({ total: 41, data: [{ id: 101 }] });
    expect(byOfficer).toMatchObject({ total: 41, data: [{ id: 3 }] });
  });
});
