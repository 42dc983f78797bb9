import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addUpload, sampleDocx, samplePdf, sendUpload, uploadRecord } from './uploads.fixtures';

let t: TestApp;
const tokens: Record<number, string> = {};
const tok = (id: number) => tokens[id];

const mark = (officerId: number, body: unknown, query: Record<string, string> = {}) =>
  call(t.app, 'PUT', '/api/uploads/markCheckedAsRead', { token: tok(officerId), body, query });
const tick = (officerId: number, id: number) => mark(officerId, [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }]);
const untick = (officerId: number, id: number) => mark(officerId, [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'N' }]);

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z') });
  await createOfficer(t.app, { officerId: 401, accessTypeId: 9, lastName: 'Adams' });
  await createOfficer(t.app, { officerId: 402, accessTypeId: 1, lastName: 'Baker' });
  await createOfficer(t.app, { officerId: 403, accessTypeId: 1, lastName: 'Clark' });
  await createOfficer(t.app, { officerId: 404, accessTypeId: 5, lastName: 'Davis' });
  await createOfficer(t.app, { officerId: 405, accessTypeId: 3, lastName: 'Evans' });
  await createOfficer(t.app, { officerId: 406, accessTypeId: 1, lastName: 'Foster', separationDate: '2026-06-30' });
  await createOfficer(t.app, { officerId: 407, accessTypeId: 1, lastName: 'Green', separationDate: '2026-12-31' });
  await createOfficer(t.app, { officerId: 2, accessTypeId: 1, lastName: 'Exempt' });
  for (const id of [1, 2, 401, 402, 403, 404, 405]) tokens[id] = await tokenFor(t.app, id);
});
afterAll(() => t.close());

describe('159 sign-off (spec §4 159 upload, §7 markCheckedAsRead)', () => {
  it('signs a 159 off now for oneself; a second tick keeps the first time; the list shows only one’s own sign-off', async () => {
    const id = await addUpload(t.app, tok(401));
    const res = await tick(402, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id, signoffTimestamp: '2026-11-23T15:00:00.000Z' }]);
    t.clock.advanceMinutes(10); // within the 15-minute idle limit of the test sessions
    expect((await tick(402, id)).body).toEqual([{ id, signoffTimestamp: '2026-11-23T15:00:00.000Z' }]);
    t.clock.set('2026-11-23T15:00:00Z');

    const own = await call(t.app, 'GET', `/api/uploads/getSingle/${id}`, { token: tok(402) });
    expect(own.body).toMatchObject({ signoffTimestamp: '2026-11-23T15:00:00.000Z', downloadSignoffs: 1 });
    const other = await call(t.app, 'GET', '/api/uploads/getMultiple', { token: tok(403), query: { uploadTypeId: '1' } });
    expect(other.body.find((u: { uploadId: number }) => u.uploadId === id).signoffTimestamp).toBeNull();
    const asAdmin = await call(t.app, 'GET', '/api/uploads/getMultiple', { token: tok(401), query: { uploadTypeId: '1', officerId: '402' } });
    expect(asAdmin.body.find((u: { uploadId: number }) => u.uploadId === id).signoffTimestamp).toBe('2026-11-23T15:00:00.000Z');
  });

  it('refuses unticking a signed-off 159 to everyone but the super user', async () => {
    const id = await addUpload(t.app, tok(401));
    for (const officerId of [402, 404, 401]) {
      expect((await tick(officerId, id)).status).toBe(200);
      const res = await untick(officerId, id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the super user can untick a signed-off 159.');
      const still = await call(t.app, 'GET', `/api/uploads/getSingle/${id}`, { token: tok(officerId) });
      expect(still.body.signoffTimestamp).not.toBeNull();
    }
    expect((await tick(1, id)).status).toBe(200);
    const res = await untick(1, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id, signoffTimestamp: null }]);
    // unticking an unread 159 changes nothing, for anybody
    expect((await untick(403, id)).body).toEqual([{ id, signoffTimestamp: null }]);
  });

  it('lets nobody sign off for another officer, not even an administrator or the super user', async () => {
    const id = await addUpload(t.app, tok(401));
    for (const [who, whom] of [[402, 403], [401, 402], [1, 402]]) {
      const res = await mark(who, [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }], { officerId: String(whom) });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You can only sign off your own 159s.');
    }
    const report = await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401), query: { uploadId: String(id) } });
    expect(report.body.every((r: { status: string }) => r.status === 'UNREAD')).toBe(true);
  });

  it('is all or nothing; only 159s; level 3 cannot; a dummy-only body does nothing', async () => {
    const id = await addUpload(t.app, tok(401));
    const losap = await addUpload(t.app, tok(401), { uploadType: { uploadTypeId: 2 } });
    const unknown = await mark(402, [{ id, deleteStatus: 'Y' }, { id: 999999, deleteStatus: 'Y' }]);
    expect(unknown.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/uploads/getSingle/${id}`, { token: tok(402) })).body.signoffTimestamp).toBeNull();
    const notA159 = await tick(402, losap);
    expect(notA159.status).toBe(400);
    expect(notA159.body.message).toBe('Only 159s are signed off.');
    expect((await tick(405, id)).status).toBe(403);
    expect((await mark(402, [{ id: 0, deleteStatus: '' }])).body).toEqual([]);
  });

  it('clears the sign-offs when the file is replaced or the 159 becomes another type, keeps them for other changes', async () => {
    const id = await addUpload(t.app, tok(401));
    await tick(402, id);
    const count = async () => (await call(t.app, 'GET', `/api/uploads/getSingle/${id}`, { token: tok(401) })).body.downloadSignoffs;
    await sendUpload(t.app, tok(401), 'PUT', { ...uploadRecord({ description: 'Corrected title' }), uploadId: id });
    expect(await count()).toBe(1);
    await sendUpload(t.app, tok(401), 'PUT', { ...uploadRecord(), uploadId: id }, { filename: 'notice.pdf', data: samplePdf() });
    expect(await count()).toBe(1); // the same bytes again
    await sendUpload(t.app, tok(401), 'PUT', { ...uploadRecord(), uploadId: id }, { filename: 'notice.docx', data: sampleDocx() });
    expect(await count()).toBe(0);
    await tick(402, id);
    await sendUpload(t.app, tok(401), 'PUT', { ...uploadRecord({ uploadType: { uploadTypeId: 2 } }), uploadId: id });
    expect(await count()).toBe(0);
  });
});

describe('159 compliance report (spec §2 /DownloadReport, level 9+)', () => {
  let id: number;
  beforeAll(async () => {
    id = await addUpload(t.app, tok(401), { dateEntered: '11/20/2026', description: 'Report 159' });
    await tick(402, id);
  });

  it('per document: every active, non-exempt officer with his sign-off time or UNREAD', async () => {
    const res = await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401), query: { uploadId: String(id) } });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.body.map((r: { officerId: number; status: string }) => [r.officerId, r.status])).toEqual([
      [401, 'UNREAD'],
      [402, '11/23/2026 10:00'],
      [403, 'UNREAD'],
      [404, 'UNREAD'],
      [407, 'UNREAD'],
    ]);
    expect(res.body[1]).toEqual({
      officerId: 402,
      lastName: 'Baker',
      firstName: 'First402',
      precinct: { precinctId: 1, description: '1st Precinct' },
      signoffTimestamp: '2026-11-23T15:00:00.000Z',
      status: '11/23/2026 10:00',
    });
  });

  it('sorts and pages in SQL', async () => {
    const res = await call(t.app, 'GET', '/api/uploads/downloadReport', {
      token: tok(401),
      query: { uploadId: String(id), _sort: 'status', _order: 'DESC', _start: '0', _end: '2' },
    });
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.body.map((r: { officerId: number }) => r.officerId)).toEqual([402, 407]);
    const byId = await call(t.app, 'GET', '/api/uploads/downloadReport', {
      token: tok(401),
      query: { uploadId: String(id), _sort: 'officerId', _order: 'DESC', _start: '1', _end: '3' },
    });
    expect(byId.body.map((r: { officerId: number }) => r.officerId)).toEqual([404, 403]);
  });

  it('per officer: every 159 with its status, newest first', async () => {
    const res = await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401), query: { officerId: '402' } });
    expect(res.status).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBe(res.body.length);
    const row = res.body.find((r: { uploadId: number }) => r.uploadId === id);
    expect(row).toEqual({ uploadId: id, dateEntered: '11/20/2026', description: 'Report 159', signoffTimestamp: '2026-11-23T15:00:00.000Z', status: '11/23/2026 10:00' });
    expect(res.body.every((r: { status: string; signoffTimestamp: string | null }) => (r.signoffTimestamp === null) === (r.status === 'UNREAD'))).toBe(true);
    const unread = await call(t.app, 'GET', '/api/countUnread159s/402', { token: tok(402) });
    expect(Number(unread.text)).toBe(res.body.filter((r: { status: string }) => r.status === 'UNREAD').length);
  });

  it('refuses levels below 9, a query without exactly one of uploadId and officerId, other upload types and unknown ids', async () => {
    for (const officerId of [402, 404]) {
      expect((await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(officerId), query: { uploadId: String(id) } })).status).toBe(403);
    }
    const neither = await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401) });
    expect(neither.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401), query: { uploadId: String(id), officerId: '402' } })).status).toBe(400);
    const losap = await addUpload(t.app, tok(401), { uploadType: { uploadTypeId: 2 } });
    expect((await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401), query: { uploadId: String(losap) } })).body.message).toBe('The compliance report is for 159s only.');
    expect((await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401), query: { uploadId: '999999' } })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/uploads/downloadReport', { token: tok(401), query: { officerId: '999999' } })).status).toBe(404);
  });
});

describe('unread 159 counts (spec §2 home step 4, §4 forced redirect)', () => {
  it('counts unread 159s, and with olderThanDays only those entered more than that many days ago', async () => {
    const fresh = await call(t.app, 'GET', '/api/countUnread159s/403', { token: tok(403) });
    const before = Number(fresh.text);
    expect(before).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/countUnread159s/403', { token: tok(403), query: { olderThanDays: '30' } })).text).toBe('0');
    await addUpload(t.app, tok(401), { dateEntered: '10/24/2026', description: 'Exactly 30 days old' });
    expect((await call(t.app, 'GET', '/api/countUnread159s/403', { token: tok(403), query: { olderThanDays: '30' } })).text).toBe('0');
    const old = await addUpload(t.app, tok(401), { dateEntered: '10/23/2026', description: '31 days old' });
    expect((await call(t.app, 'GET', '/api/countUnread159s/403', { token: tok(403), query: { olderThanDays: '30' } })).text).toBe('1');
    await tick(403, old);
    expect((await call(t.app, 'GET', '/api/countUnread159s/403', { token: tok(403), query: { olderThanDays: '30' } })).text).toBe('0');
    expect((await call(t.app, 'GET', '/api/countUnread159s/403', { token: tok(403) })).text).toBe(String(before + 1));
    expect((await call(t.app, 'GET', '/api/countUnread159s/2', { token: tok(2) })).text).toBe('0');
  });
});
