import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import * as s from '../../server/db/schema';

/**
 * The latest unread news item on an officer's landing page: GET /api/news/getLatestUnread and
 * PUT /api/news/markRead/{id}, each officer's read state his own.
 */
let t: TestApp;
let admin: string;
let officer: string;
let colleague: string;
let restricted: string;

const add = async (dateEntered: string, shortDesc: string) => {
  const res = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: { dateEntered, shortDesc, newsText: `${shortDesc} text` } });
  if (res.status !== 201) throw new Error(`news insert failed: ${res.status} ${res.text}`);
  return res.body.newsId as number;
};
const latest = (token: string) => call(t.app, 'GET', '/api/news/getLatestUnread', { token });
const markRead = (token: string, id: number | string) => call(t.app, 'PUT', `/api/news/markRead/${id}`, { token });

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z') });
  await createOfficer(t.app, { officerId: 801, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 802, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 803, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 804, accessTypeId: 3 });
  admin = await tokenFor(t.app, 801);
  officer = await tokenFor(t.app, 802);
  colleague = await tokenFor(t.app, 803);
  restricted = await tokenFor(t.app, 804);
});
afterAll(() => t.close());

describe('the latest unread news item', () => {
  it('answers 204 while there is nothing unread', async () => {
    await t.app.ctx.db.delete(s.news);
    const res = await latest(officer);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('is the newest item until the officer marks it read, then the next one; another officer still sees his own', async () => {
    const older = await add('11/01/2026', 'Older notice');
    const newest = await add('11/20/2026', 'Holiday deployment');
    // entered later but dated earlier: the newsfeed's order decides, not the insert
    await add('10/15/2026', 'Back-dated notice');

    const first = await latest(officer);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ newsId: newest, shortDesc: 'Holiday deployment', dateEntered: '11/20/2026', newsText: 'Holiday deployment text' });

    const marked = await markRead(officer, newest);
    expect(marked.status).toBe(204);
    expect(marked.text).toBe('');
    expect((await latest(officer)).body).toMatchObject({ newsId: older });

    // the colleague has read nothing: his latest is still the newest, and his read state holds no row
    expect((await latest(colleague)).body).toMatchObject({ newsId: newest });
    const colleagueRows = await t.app.ctx.db.select().from(s.newsRead).where(eq(s.newsRead.officerId, 803));
    expect(colleagueRows).toEqual([]);
  });

  it('keeps the first time when an item is marked read twice', async () => {
    const id = await add('11/21/2026', 'Range day');
    expect((await markRead(officer, id)).status).toBe(204);
    const readAt = async () =>
      (await t.app.ctx.db.select().from(s.newsRead).where(and(eq(s.newsRead.officerId, 802), eq(s.newsRead.newsId, id))))[0]?.readAt.toISOString();
    const first = await readAt();
    expect(first).toBe('2026-11-23T15:00:00.000Z');
    t.clock.advanceMinutes(5);
    expect((await markRead(officer, id)).status).toBe(204);
    expect(await readAt()).toBe(first);
  });

  it('answers 204 once every item is read', async () => {
    await t.app.ctx.db.delete(s.news);
    const a = await add('11/02/2026', 'One');
    const b = await add('11/03/2026', 'Two');
    await markRead(officer, b);
    await markRead(officer, a);
    expect((await latest(officer)).status).toBe(204);
    expect((await latest(colleague)).body).toMatchObject({ newsId: b });
  });

  it('refuses an unknown item (404) and a bad id (400), writing nothing', async () => {
    const unknown = await markRead(officer, 999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, message: 'News item not found.' });
    expect((await markRead(officer, 'abc')).status).toBe(400);
    expect((await markRead(officer, 0)).status).toBe(400);
    expect(await t.app.ctx.db.select().from(s.newsRead).where(eq(s.newsRead.newsId, 999999))).toEqual([]);
  });

  it('refuses without a session (401) and at level 3 (403), like the newsfeed', async () => {
    const id = await add('11/22/2026', 'Level check');
    expect((await call(t.app, 'GET', '/api/news/getLatestUnread')).status).toBe(401);
    expect((await call(t.app, 'PUT', `/api/news/markRead/${id}`)).status).toBe(401);
    expect((await latest(restricted)).status).toBe(403);
    const refused = await markRead(restricted, id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'Unauthorized!' });
    expect(await t.app.ctx.db.select().from(s.newsRead).where(eq(s.newsRead.officerId, 804))).toEqual([]);
  });

  it('forgets the read marks of a removed item', async () => {
    const id = await add('11/23/2026', 'Soon removed');
    await markRead(officer, id);
    expect((await call(t.app, 'DELETE', '/api/news/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] })).status).toBe(200);
    expect(await t.app.ctx.db.select().from(s.newsRead).where(eq(s.newsRead.newsId, id))).toEqual([]);
  });
});
