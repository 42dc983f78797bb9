import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { vi } from 'vitest';
import type { UploadJson } from '../../../../src/domain/schemas/uploads';
import type { SessionUser } from '../../../../src/providers/session';
import { sessionUser } from '../../fixtures';
import { describeRequest, type SeenRequest } from '../../msw';

export const officer = sessionUser({ officerId: 7 });
export const admin = sessionUser({ officerId: 9, lastName: 'Abrams', accessType: { accessTypeId: 9, description: 'Administrator' } });
export const superUser = sessionUser({ officerId: 1, lastName: 'Administrator', accessType: { accessTypeId: 10, description: 'Auditor' } });
export const restricted = sessionUser({ officerId: 3, accessType: { accessTypeId: 3, description: 'Restricted' } });

/** An upload as the API answers it: by default an unread 159 with a PDF. */
export function upload(o: Partial<UploadJson> = {}): UploadJson {
  return {
    uploadId: 3,
    uploadType: { uploadTypeId: 1, uploadTypeDescription: '159 Board' },
    dateEntered: '03/10/2026',
    description: '159-07: Summer uniform',
    filename: 'summer-uniform.pdf',
    contentType: 'application/pdf',
    fileSize: 2048,
    linkUrl: null,
    enteredBy: 9,
    hasChildren: 'N',
    signoffTimestamp: null,
    updatedTimestamp: '2026-03-10T12:00:00.000Z',
    downloadSignoffs: 0,
    ...o,
  };
}

/** The session answer and the upload list (filtered by uploadTypeId like the server); returns the list requests seen. */
export function uploadHandlers(server: SetupServer, user: SessionUser, rows: UploadJson[], oldUnread = 0) {
  const lists: SeenRequest[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/countUnread159s/:id', () => HttpResponse.text(String(oldUnread))),
    http.get('*/api/uploads/getMultiple', async ({ request }) => {
      const seen = await describeRequest(request);
      lists.push(seen);
      const types = seen.query.uploadTypeId?.split(',').map(Number);
      const shown = types ? rows.filter((r) => types.includes(r.uploadType.uploadTypeId)) : rows;
      return HttpResponse.json(shown, { headers: { 'X-Total-Count': String(shown.length) } });
    }),
    http.get('*/api/uploads/getSingle/:id', ({ params }) => {
      const found = rows.find((r) => r.uploadId === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Upload not found.' }, { status: 404 });
    }),
  );
  return lists;
}

/**
 * Catches what the page hands the browser to save (jsdom cannot save files): the object URL's
 * Blob and the download name of the clicked anchor. Call restore() at the end of the test.
 */
export function catchSavedFiles() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  const urls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) ?? new Blob() });
  });
  return {
    saved,
    restore() {
      URL.createObjectURL = urls.create;
      URL.revokeObjectURL = urls.revoke;
      click.mockRestore();
    },
  };
}
