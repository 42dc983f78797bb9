import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { writeGeneration } from '../../server/db/writeGeneration';
import { call, createOfficer, startTestApp, tokenFor, type TestApp } from './helpers';
import { callCounted } from './scale.fixtures';

/**
 * Issue 10: on the embedded database, which only this process writes (the DATA_DIR lock), the
 * session check keeps each session's row while no write has finished since (writeGeneration) and
 * the organisation's day has not turned. Whatever ends a session still ends it at the next
 * request. On PostgreSQL every check reads the database (other processes write too).
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

describe('the session check from memory (embedded database)', () => {
  it('counts writes, and only writes, on the embedded database', async () => {
    const before = writeGeneration(t.app.ctx.db);
    if (t.kind === 'postgres') return expect(before).toBeUndefined();
    await t.app.ctx.db.select().from(s.officer);
    await t.app.ctx.db.execute(sql`with o as (select officer_id from officer) select count(*) from o`);
    expect(writeGeneration(t.app.ctx.db)).toBe(before);
    await t.app.ctx.db.update(s.officer).set({ middle: 'Q' }).where(eq(s.officer.officerId, 301));
    expect(writeGeneration(t.app.ctx.db)).toBe(before! + 1);
    await t.app.ctx.db.execute(sql`with gone as (delete from news where false returning 1) select count(*) from gone`);
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.update(s.officer).set({ middle: null }).where(eq(s.officer.officerId, 301));
    });
    expect(writeGeneration(t.app.ctx.db)).toBe(before! + 3);
  });

  it('reads a session once, then not again until something is written', async () => {
    const token = await tokenFor(t.app, 301);
    expect(await check(token)).toEqual({ status: 200, reads: 1 });
    expect(await check(token)).toEqual({ status: 200, reads: t.kind === 'postgres' ? 1 : 0 });
    await t.app.ctx.db.update(s.rank).set({ description: 'Officer (renamed)' }).where(eq(s.rank.rankId, 1));
    const renamed = await call(t.app, 'GET', '/api/session', { token });
    expect(renamed.body.user.rank.description).toBe('Officer (renamed)');
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
    expect(await check(token)).toEqual({ status: 200, reads: t.kind === 'postgres' ? 1 : 0 });
    // 00:00:05 on 12/21, the separation date: the day turned, the row is read again
    t.clock.set('2026-12-21T05:00:05Z');
    expect(await check(token)).toEqual({ status: 401, reads: 1 });
    t.clock.current = saved;
  });
});
