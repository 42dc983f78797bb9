import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { readScopeVersions } from '../../server/db/dataVersion';
import { call, createOfficer, startTestApp, tokenFor, type TestApp } from './helpers';
import { callCounted } from './scale.fixtures';

/**
 * The session check keeps each session's row while the database's versions of the sessions,
 * officers and lookups scopes stand (migration 0015) and the organisation's day has not turned,
 * on both databases. Whatever ends a session still ends it at the next request, also when it is
 * written straight into the database (as another process or psql would).
 */
let t: TestApp;

beforeAll(async () => {
  // 23:59:40 in New York on 12/20
  t = await startTestApp({ now: new Date('2026-12-21T04:59:40Z') });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 302, accessTypeId: 1, separationDate: '2026-12-21' });
});
afterAll(() => t.close());

/** Status and session checks of GET /api/session with `token`. */
async function check(token: string) {
  const res = await callCounted(t.app, 'GET', '/api/session', { token });
  return { status: res.status, reads: res.sessionChecks };
}

describe('the session check from memory', () => {
  it('a session touch, a read or an audit entry changes no version; a sign-in and a change of an officer do', async () => {
    const before = await readScopeVersions(t.app.ctx.db);
    await t.app.ctx.db.update(s.session).set({ lastSeenAt: t.app.ctx.now() });
    await t.app.ctx.db.select().from(s.officer);
    await t.app.ctx.db.execute(sql`insert into audit_log (officer_id, action, entity, entity_id) values (301, 'test', 'officer', '301')`);
    expect(await readScopeVersions(t.app.ctx.db)).toEqual(before);
    await tokenFor(t.app, 301);
    const signedIn = await readScopeVersions(t.app.ctx.db);
    expect(Number(signedIn.get('sessions'))).toBe(Number(before.get('sessions')) + 1);
    expect(signedIn.get('officers')).toBe(before.get('officers'));
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.update(s.officer).set({ middle: 'Q' }).where(eq(s.officer.officerId, 301));
      await tx.update(s.officer).set({ middle: null }).where(eq(s.officer.officerId, 301));
    });
    expect(Number((await readScopeVersions(t.app.ctx.db)).get('officers'))).toBe(Number(before.get('officers')) + 2);
  });

  it('reads a session once, then not again until something is written', async () => {
    const token = await tokenFor(t.app, 301);
    expect(await check(token)).toEqual({ status: 200, reads: 1 });
    expect(await check(token)).toEqual({ status: 200, reads: 0 });
    await t.app.ctx.db.update(s.rank).set({ description: 'Officer (renamed)' }).where(eq(s.rank.rankId, 1));
    const renamed = await call(t.app, 'GET', '/api/session', { token });
    expect(renamed.body.user.rank.description).toBe('Officer (renamed)');
  });

  it("shows a sign-in just recorded: a first sign-in's user has a last sign-in once it is stored", async () => {
    const token = await tokenFor(t.app, 301);
    expect(await check(token)).toEqual({ status: 200, reads: 1 });
    const before = await readScopeVersions(t.app.ctx.db);
    expect((await call(t.app, 'PUT', '/api/updateLastLoginDate/301', { token })).status).toBe(200);
    const after = await readScopeVersions(t.app.ctx.db);
    // the session check's scope moves; the reports' officers scope stays
    expect(after.get('officers')).toBe(before.get('officers'));
    const res = await call(t.app, 'GET', '/api/session', { token });
    expect(res.body.user.lastLoginDate).toBe(t.app.ctx.now().toISOString());
  });

  it('ends a session at the next request after a logout, a revocation by hand or a change of access', async () => {
    const a = await tokenFor(t.app, 301);
    expect((await check(a)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/logout', { token: a })).status).toBeLessThan(300);
    expect((await check(a)).status).toBe(401);

    const b = await tokenFor(t.app, 301);
    expect((await check(b)).status).toBe(200);
    await t.app.ctx.db.update(s.session).set({ revokedAt: t.app.ctx.now() });
    expect((await check(b)).status).toBe(401);

    const c = await tokenFor(t.app, 301);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/301', { token: c })).status).toBe(200);
    await t.app.ctx.db.update(s.officer).set({ accessTypeId: 3 }).where(eq(s.officer.officerId, 301));
    expect((await call(t.app, 'GET', '/api/session', { token: c })).body.user.accessType.accessTypeId).toBe(3);
    await t.app.ctx.db.update(s.officer).set({ accessTypeId: 1 }).where(eq(s.officer.officerId, 301));
  });

  it('refuses an officer separated as of tomorrow once midnight passes, with nothing written in between', async () => {
    const saved = t.clock.current;
    const token = await tokenFor(t.app, 302);
    expect(await check(token)).toEqual({ status: 200, reads: 1 });
    // 15 s later, 23:59:55: no touch of last_seen_at yet (every 30 s), the row comes from memory
    t.clock.set('2026-12-21T04:59:55Z');
    expect(await check(token)).toEqual({ status: 200, reads: 0 });
    // 00:00:05 on 12/21, the separation date: the day turned, the row is read again
    t.clock.set('2026-12-21T05:00:05Z');
    expect(await check(token)).toEqual({ status: 401, reads: 1 });
    t.clock.current = saved;
  });
});
