import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { readScopeVersions } from '../../server/db/dataVersion';
import { buildApp } from '../../server/app';
import { call, createOfficer, startTestApp, tokenFor, type TestApp } from './helpers';
import { callCounted } from './scale.fixtures';

/**
 * Refused requests (403) are audited, but a flood of identical refusals must not flood the
 * append-only log, nor, on the embedded database, throw away every kept report, list and
 * session answer with a write per refusal: the first refusal of a session on a route is written
 * at once, the identical ones of the next minute are counted and written as one entry with their
 * count when the minute ends.
 */
let t: TestApp;
const ROUTE = 'GET /api/auditLog/getMultiple';

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-05-04T14:00:00Z') });
  await createOfficer(t.app, { officerId: 401, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 402, accessTypeId: 1 });
});
afterAll(() => t.close());

/** The refusal entries of one route and officer, oldest first. */
const refusals = (officerId: number, route = ROUTE) =>
  t.app.ctx.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.action, 'denied'), eq(s.auditLog.entityId, route), eq(s.auditLog.actorId, officerId)))
    .orderBy(asc(s.auditLog.auditLogId));

describe('repeated refusals are counted, not written one by one', () => {
  it('200 refusals in one minute: one entry at once, one with the count when the minute ends; no write in between', async () => {
    const token = await tokenFor(t.app, 401);
    const refuse = async () => expect((await call(t.app, 'GET', '/api/auditLog/getMultiple', { token })).status).toBe(403);

    await refuse();
    // a single refusal shows at once
    expect((await refusals(401)).map((r) => [r.repeatCount, r.details])).toEqual([[1, 'Unauthorized!']]);
    await callCounted(t.app, 'GET', '/api/session', { token });
    const versions = await readScopeVersions(t.app.ctx.db);

    // 200 in 20 s (the session's last-seen time, written every 30 s, stays as it is)
    for (let i = 1; i < 200; i++) {
      t.clock.current = new Date(t.clock.current.getTime() + 100);
      await refuse();
    }
    expect(await refusals(401)).toHaveLength(1);
    // nothing a version covers was written, so what the server keeps in memory still holds: the session row
    expect(await readScopeVersions(t.app.ctx.db)).toEqual(versions);
    expect((await callCounted(t.app, 'GET', '/api/session', { token })).sessionChecks).toBe(0);

    t.clock.advanceMinutes(1);
    await vi.waitFor(async () => expect(await refusals(401)).toHaveLength(2), { timeout: 10_000, interval: 100 });
    const rows = await refusals(401);
    expect(rows.map((r) => r.repeatCount)).toEqual([1, 199]);
    expect(rows.reduce((sum, r) => sum + r.repeatCount, 0)).toBe(200);
    expect(rows[1]).toMatchObject({ actorId: 401, actorName: 'Last401, First401', outcome: 'denied', entity: 'request', details: 'Unauthorized!' });

    // the Audit Log page shows the count
    const admin = await tokenFor(t.app, 1);
    const listed = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: admin, query: { actorId: '401', outcome: 'denied' } });
    expect(listed.body.map((r: { repeatCount: number }) => r.repeatCount)).toEqual([199, 1]);
  });

  it("another officer's refusals, or another route, are entries of their own", async () => {
    const first = await tokenFor(t.app, 401);
    const second = await tokenFor(t.app, 402);
    expect((await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: second })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/officer/getSingle/402', { token: first })).status).toBe(403);
    expect((await refusals(402)).map((r) => r.repeatCount)).toEqual([1]);
    expect((await refusals(401, 'GET /api/officer/getSingle/:id')).map((r) => r.repeatCount)).toEqual([1]);
  });
});

describe('at shutdown', () => {
  it('the refusals still counted when the app closes are written, none lost', async () => {
    const u = await startTestApp({ now: new Date('2026-05-04T15:00:00Z') });
    try {
      await createOfficer(u.app, { officerId: 403, accessTypeId: 1 });
      const token = await tokenFor(u.app, 403);
      for (let i = 0; i < 30; i++) expect((await call(u.app, 'GET', '/api/auditLog/getMultiple', { token })).status).toBe(403);
      await u.app.close();
      // the same database opened again, as after a restart
      const again = await buildApp(u.config, { now: u.clock.now, logger: false });
      try {
        const rows = await again.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.action, 'denied'), eq(s.auditLog.actorId, 403))).orderBy(asc(s.auditLog.auditLogId));
        expect(rows.map((r) => r.repeatCount)).toEqual([1, 29]);
      } finally {
        await again.close();
      }
    } finally {
      await u.close();
    }
  });
});
