import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import * as s from '../../server/db/schema';
import { NOTICE_LIST_LIMIT } from '../../src/domain/reminders';

/**
 * My Settings (reminder choices, feeds) and the notices bell: each officer sees and changes his
 * own rows only; choices left out keep their value; changes are audited; bad input is 400.
 */
let t: TestApp;
let mine: string;
let other: string;

/** Writes a notice as the scheduler would. */
async function notice(officerId: number, key: string, minutesAgo = 0): Promise<number> {
  const [row] = await t.app.ctx.db
    .insert(s.reminderMessage)
    .values({
      key,
      kind: 'eventTomorrow',
      officerId,
      title: `Tomorrow: ${key}`,
      body: 'You are on the roster.',
      html: '<p>You are on the roster.</p>',
      link: '/EventSignupBrowse?eventId=1',
      mailStatus: 'none',
      createdAt: new Date(t.clock.current.getTime() - minutesAgo * 60_000),
    })
    .returning({ id: s.reminderMessage.id });
  return row.id;
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-02T15:00:00Z') });
  await createOfficer(t.app, { officerId: 101, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 102, accessTypeId: 1, homeEmailConfirmed: false, deptEmailConfirmed: false });
  mine = await tokenFor(t.app, 101);
  other = await tokenFor(t.app, 102);
});
afterAll(async () => {
  await t?.close();
});

describe('reminder choices', () => {
  it('starts with every reminder on and says whether mail reaches him', async () => {
    const res = await call(t.app, 'GET', '/api/mySettings', { token: mine });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      feeds: [],
      reminders: { eventTomorrow: true, unread159s: true, missingHours: true, understaffed: true, losapPace: true },
      hasEmail: true,
    });
    expect((await call(t.app, 'GET', '/api/mySettings', { token: other })).body.hasEmail).toBe(false);
  });

  it('turns kinds off and on, leaving the others as they were, and audits the change', async () => {
    const off = await call(t.app, 'PUT', '/api/mySettings/reminders', { token: mine, body: { unread159s: false } });
    expect(off.status).toBe(200);
    expect(off.body.reminders).toMatchObject({ unread159s: false, eventTomorrow: true });
    const more = await call(t.app, 'PUT', '/api/mySettings/reminders', { token: mine, body: { eventTomorrow: false, losapPace: true } });
    expect(more.body.reminders).toEqual({ eventTomorrow: false, unread159s: false, missingHours: true, understaffed: true, losapPace: true });
    // his choices are his: the other officer's stay on
    expect((await call(t.app, 'GET', '/api/mySettings', { token: other })).body.reminders.unread159s).toBe(true);
    const back = await call(t.app, 'PUT', '/api/mySettings/reminders', { token: mine, body: { unread159s: true } });
    expect(back.body.reminders).toMatchObject({ unread159s: true, eventTomorrow: false });
    const entries = await t.app.ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'reminderChoices'), eq(s.auditLog.entityId, '101')));
    expect(entries).toHaveLength(3);
    expect(entries[0].changes).toEqual({ unread159s: { before: true, after: false } });
  });

  it('refuses unknown kinds and values that are not true or false with 400', async () => {
    for (const body of [{ weekly: true }, { unread159s: 'no' }, { unread159s: null }, [true]]) {
      const res = await call(t.app, 'PUT', '/api/mySettings/reminders', { token: mine, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('audits feed creation and revocation, never the token', async () => {
    const made = await call(t.app, 'POST', '/api/mySettings/feeds', { token: mine, body: { scope: 'signups' } });
    expect(made.status).toBe(201);
    const listed = await call(t.app, 'GET', '/api/mySettings', { token: mine });
    expect(listed.body.feeds).toEqual([{ scope: 'signups', precinctId: null, eventTypeId: null, createdAt: '11/02/2026 10:00', lastFetchedAt: null }]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.url.split('/').pop());
    expect((await call(t.app, 'DELETE', '/api/mySettings/feeds/signups', { token: mine })).status).toBe(204);
    expect((await call(t.app, 'DELETE', '/api/mySettings/feeds/weekly', { token: mine })).status).toBe(400);
    const entries = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.entity, 'calendarFeed'));
    expect(entries.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(JSON.stringify(entries)).not.toContain(made.body.url.split('/').pop());
  });
});

describe('notices', () => {
  let his: number[];
  let theirs: number;

  beforeAll(async () => {
    his = [];
    for (let i = 0; i < NOTICE_LIST_LIMIT + 2; i++) his.push(await notice(101, `mine-${i}`, NOTICE_LIST_LIMIT + 2 - i));
    theirs = await notice(102, 'theirs');
  });

  it('lists only his newest notices, newest first, with his unread count', async () => {
    const res = await call(t.app, 'GET', '/api/notices', { token: mine });
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(NOTICE_LIST_LIMIT + 2);
    expect(res.body.notices).toHaveLength(NOTICE_LIST_LIMIT);
    expect(res.body.notices[0]).toMatchObject({ id: his[his.length - 1], kind: 'eventTomorrow', read: false, link: '/EventSignupBrowse?eventId=1' });
    expect(res.body.notices.map((n: { id: number }) => n.id)).not.toContain(theirs);
    const theirList = await call(t.app, 'GET', '/api/notices', { token: other });
    expect(theirList.body).toMatchObject({ unread: 1, notices: [{ id: theirs }] });
  });

  it("marks the named notices read, never another officer's", async () => {
    const res = await call(t.app, 'PUT', '/api/notices/read', { token: mine, body: { ids: [his[his.length - 1], theirs] } });
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(NOTICE_LIST_LIMIT + 1);
    expect(res.body.notices[0].read).toBe(true);
    expect((await call(t.app, 'GET', '/api/notices', { token: other })).body.unread).toBe(1);
  });

  it('marks all of his read when no ids are given', async () => {
    const res = await call(t.app, 'PUT', '/api/notices/read', { token: mine, body: {} });
    expect(res.body.unread).toBe(0);
    expect((await call(t.app, 'GET', '/api/notices', { token: other })).body.unread).toBe(1);
  });

  it('refuses bad bodies with 400, and everything without a session with 401', async () => {
    for (const body of [{ ids: ['x'] }, { ids: [0] }, { ids: 5 }, { all: true }]) {
      expect((await call(t.app, 'PUT', '/api/notices/read', { token: other, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'GET', '/api/notices', { token: other })).body.unread).toBe(1);
    expect((await call(t.app, 'GET', '/api/notices')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/mySettings')).status).toBe(401);
  });
});
