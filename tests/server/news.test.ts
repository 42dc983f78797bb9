import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let auditor: string;
let officer: string;
let supervisor: string;
let restricted: string;

const item = (over: Record<string, unknown> = {}) => ({
  dateEntered: '11/20/2026',
  shortDesc: 'Holiday deployment',
  newsText: 'Sign up for the holiday deployment.\nReport to the 3rd Precinct at 0800.',
  ...over,
});
const add = async (over: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: item(over) });
  if (res.status !== 201) throw new Error(`news insert failed: ${res.status} ${res.text}`);
  return res.body.newsId as number;
};

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z') });
  await createOfficer(t.app, { officerId: 601, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 602, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 603, accessTypeId: 5 });
  await createOfficer(t.app, { officerId: 604, accessTypeId: 3 });
  await createOfficer(t.app, { officerId: 605, accessTypeId: 10 });
  admin = await tokenFor(t.app, 601);
  officer = await tokenFor(t.app, 602);
  supervisor = await tokenFor(t.app, 603);
  restricted = await tokenFor(t.app, 604);
  auditor = await tokenFor(t.app, 605);
});
afterAll(() => t.close());

describe('news (spec §2 News, §3, §7)', () => {
  it('adds, reads and changes a news item at level 9, keeping line breaks', async () => {
    const created = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: item() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      dateEntered: '11/20/2026',
      shortDesc: 'Holiday deployment',
      newsText: 'Sign up for the holiday deployment.\nReport to the 3rd Precinct at 0800.',
      enteredBy: 601,
      updatedTimestamp: '2026-11-23T15:00:00.000Z',
    });
    const id = created.body.newsId;
    const single = await call(t.app, 'GET', `/api/news/getSingle/${id}`, { token: officer });
    expect(single.status).toBe(200);
    expect(single.body.newsText).toContain('\n');
    const updated = await call(t.app, 'PUT', '/api/news/update', { token: auditor, body: { ...single.body, shortDesc: 'Holiday deployment (updated)' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ newsId: id, shortDesc: 'Holiday deployment (updated)', enteredBy: 605 });
    expect((await call(t.app, 'GET', '/api/news/getSingle/999999', { token: officer })).status).toBe(404);
    expect((await call(t.app, 'PUT', '/api/news/update', { token: admin, body: { ...item(), newsId: 999999 } })).status).toBe(404);
    expect((await call(t.app, 'PUT', '/api/news/update', { token: admin, body: item() })).status).toBe(400);
  });

  it('lists newest first (date entered, then id), paged with X-Total-Count', async () => {
    const older = await add({ dateEntered: '01/05/2026', shortDesc: 'Older' });
    const newest = await add({ dateEntered: '12/01/2026', shortDesc: 'Newest' });
    const sameDayLater = await add({ dateEntered: '12/01/2026', shortDesc: 'Newest, added later' });
    const list = await call(t.app, 'GET', '/api/news/getMultiple', { token: officer });
    expect(list.status).toBe(200);
    const ids = list.body.map((n: { newsId: number }) => n.newsId);
    expect(ids.slice(0, 2)).toEqual([sameDayLater, newest]);
    expect(ids[ids.length - 1]).toBe(older);
    expect(list.headers['x-total-count']).toBe(String(ids.length));
    const page = await call(t.app, 'GET', '/api/news/getMultiple', { token: officer, query: { _start: '1', _end: '2' } });
    expect(page.body.map((n: { newsId: number }) => n.newsId)).toEqual([newest]);
    expect(page.headers['x-total-count']).toBe(String(ids.length));
  });
});

describe('news messages (spec §5 News)', () => {
  it.each([
    [{ dateEntered: undefined }, 'Date is required', 'dateEntered'],
    [{ dateEntered: ' ' }, 'Date is required', 'dateEntered'],
    [{ dateEntered: '2026-11-20' }, 'Invalid date - use MM/DD/YYYY', 'dateEntered'],
    [{ shortDesc: undefined }, 'Title is required', 'shortDesc'],
    [{ shortDesc: '  ' }, 'Title is required', 'shortDesc'],
    [{ newsText: undefined }, 'News text is required', 'newsText'],
    [{ newsText: '' }, 'News text is required', 'newsText'],
    [{ newsText: 'Señor Café' }, 'News Content has non-ASCII characters. Please remove!', 'newsText'],
    [{ newsText: 'x'.repeat(2001) }, 'Must be 2000 characters or fewer', 'newsText'],
    [{ shortDesc: 'x'.repeat(201) }, 'Must be 200 characters or fewer', 'shortDesc'],
    [{ picture: 'x' }, 'Unknown field: picture', undefined],
  ])('%o -> %s', async (over, message, field) => {
    const res = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: item(over) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    if (field) expect(res.body.field).toBe(field);
  });

  it('accepts a text of exactly 2000 ASCII characters', async () => {
    const res = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: item({ newsText: 'y'.repeat(2000) }) });
    expect(res.status).toBe(201);
  });
});

describe('news removal (spec §6: id 1 or less cannot be removed)', () => {
  it('removes with the spec body (dummy first) but never item 1, which the list marks hasChildren Y', async () => {
    const list = await call(t.app, 'GET', '/api/news/getMultiple', { token: admin, query: { _sort: 'newsId', _order: 'ASC', _start: '0', _end: '1' } });
    expect(list.body[0]).toMatchObject({ newsId: 1, hasChildren: 'Y' });
    const other = await add({ shortDesc: 'Temporary' });
    expect((await call(t.app, 'GET', `/api/news/getSingle/${other}`, { token: admin })).body.hasChildren).toBe('N');
    const refused = await call(t.app, 'DELETE', '/api/news/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: other, deleteStatus: 'Y' }, { id: 1, deleteStatus: 'Y' }] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This news item cannot be removed.');
    expect((await call(t.app, 'GET', `/api/news/getSingle/${other}`, { token: admin })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/news/getSingle/1', { token: admin })).status).toBe(200);
    const removed = await call(t.app, 'DELETE', '/api/news/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: other, deleteStatus: 'Y' }] });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', `/api/news/getSingle/${other}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/news/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }] })).status).toBe(400);
  });
});

describe('news permissions (README: read by every level but 3, written at level 9+)', () => {
  it('lets levels 1 and 5 read but not write; level 3 neither; no session 401', async () => {
    const id = await add();
    for (const token of [officer, supervisor]) {
      expect((await call(t.app, 'GET', '/api/news/getMultiple', { token })).status).toBe(200);
      expect((await call(t.app, 'GET', `/api/news/getSingle/${id}`, { token })).status).toBe(200);
      const ins = await call(t.app, 'POST', '/api/news/insert', { token, body: item() });
      expect(ins.status).toBe(403);
      expect(ins.body.message).toBe('Unauthorized!');
      expect((await call(t.app, 'PUT', '/api/news/update', { token, body: { ...item(), newsId: id } })).status).toBe(403);
      expect((await call(t.app, 'DELETE', '/api/news/delete', { token, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/news/getMultiple', { token: restricted })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/news/getSingle/${id}`, { token: restricted })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/news/getMultiple')).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every news route with its summary and error answers', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body;
    for (const [path, method] of [
      ['/api/news/getMultiple', 'get'],
      ['/api/news/getSingle/{id}', 'get'],
      ['/api/news/insert', 'post'],
      ['/api/news/update', 'put'],
      ['/api/news/delete', 'delete'],
    ]) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual(['news']);
      expect(op.summary).toBeTruthy();
      expect(op.responses['403']).toBeDefined();
    }
  });
});
