import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { startTestApp, call, type TestApp } from './helpers';
import { OFF, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';
import { IDEMPOTENCY_HEADER } from '../../src/domain/offline';
import { rc } from '../../src/domain/messages';

/**
 * Offline entry sends POST /api/timeTickets/insert with an Idempotency-Key and retries when an
 * answer is lost: a retry must never make a second ticket, and a key says nothing across officers.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (startTestApp picks it).
 */
const NOW = '2026-03-20T16:00:00Z';
const KEY = '3f2a9c1e-7b4d-4e8a-9c21-5d6f7a8b9c0d';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await seedTicketWorld(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(NOW);
  await t.app.ctx.db.execute(sql`delete from hours_worked`);
});

async function insert(as: number, body: Record<string, unknown>, key?: string) {
  return call(t.app, 'POST', '/api/timeTickets/insert', { token: await tok(t.app, as), body, headers: key ? { [IDEMPOTENCY_HEADER]: key } : {} });
}

async function ticketsOf(officerId: number) {
  return (await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: await tok(t.app, officerId), query: { officerId: String(officerId) } })).body;
}

async function createEntries(hoursWorkedId: number): Promise<number> {
  const a = s.auditLog;
  const [row] = await t.app.ctx.db
    .select({ n: count() })
    .from(a)
    .where(and(eq(a.entity, 'ticket'), eq(a.action, 'create'), eq(a.entityId, String(hoursWorkedId))));
  return row.n;
}

describe('POST /api/timeTickets/insert with an Idempotency-Key', () => {
  it('answers a retry with the ticket already made: same status and body, one ticket, one audit entry', async () => {
    const body = ticketBody(OFF.owner, { arrests: 1 });
    const first = await insert(OFF.owner, body, KEY);
    expect(first.status).toBe(201);
    const again = await insert(OFF.owner, body, KEY);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    // the same body with its fields in another order is the same body
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await insert(OFF.owner, reordered, KEY)).body).toEqual(first.body);
    expect(await ticketsOf(OFF.owner)).toHaveLength(1);
    expect(await createEntries(first.body.hoursWorkedId)).toBe(1);
  });

  it('answers a retry after the edit window closed with the ticket, not a refusal', async () => {
    const body = ticketBody(OFF.owner);
    const first = await insert(OFF.owner, body, KEY);
    t.clock.set('2026-05-20T16:00:00Z');
    const later = await insert(OFF.owner, body, KEY);
    expect(later.status).toBe(201);
    expect(later.body.hoursWorkedId).toBe(first.body.hoursWorkedId);
  });

  it('refuses the same key with another body with 409 and makes nothing', async () => {
    const first = await insert(OFF.owner, ticketBody(OFF.owner), KEY);
    const other = await insert(OFF.owner, ticketBody(OFF.owner, { startTime: '13:00', endTime: '15:00' }), KEY);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ statusCode: 409, error: 'Conflict', message: rc.offline.server.keyReused });
    expect((await ticketsOf(OFF.owner)).map((x: { hoursWorkedId: number }) => x.hoursWorkedId)).toEqual([first.body.hoursWorkedId]);
  });

  it('makes one ticket of concurrent requests with one key, and every one gets it', async () => {
    const body = ticketBody(OFF.owner);
    const token = await tok(t.app, OFF.owner);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(t.app, 'POST', '/api/timeTickets/insert', { token, body, headers: { [IDEMPOTENCY_HEADER]: KEY } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const ids = new Set(results.map((r) => r.body.hoursWorkedId));
    expect(ids.size).toBe(1);
    expect(await ticketsOf(OFF.owner)).toHaveLength(1);
    expect(await createEntries([...ids][0])).toBe(1);
  });

  it('makes one ticket of concurrent requests with one key and different tours; the others get 409', async () => {
    const token = await tok(t.app, OFF.owner);
    const tours = [['00:00', '02:00'], ['03:00', '05:00'], ['06:00', '08:00'], ['09:00', '11:00'], ['12:00', '14:00']];
    const results = await Promise.all(
      tours.map(([startTime, endTime]) =>
        call(t.app, 'POST', '/api/timeTickets/insert', { token, body: ticketBody(OFF.owner, { startTime, endTime }), headers: { [IDEMPOTENCY_HEADER]: KEY } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body).toMatchObject({ statusCode: 409, message: rc.offline.server.keyReused });
    expect(await ticketsOf(OFF.owner)).toHaveLength(1);
  });

  it('keeps no key when the insert is refused, so the corrected ticket goes through with it', async () => {
    await insert(OFF.owner, ticketBody(OFF.owner));
    const overlapping = await insert(OFF.owner, ticketBody(OFF.owner, { startTime: '10:00', endTime: '14:00' }), KEY);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toMatch(/^You already have existing tickets within this time frame!/);
    const corrected = await insert(OFF.owner, ticketBody(OFF.owner, { startTime: '13:00', endTime: '15:00' }), KEY);
    expect(corrected.status).toBe(201);
    expect(corrected.body).toMatchObject({ startTime: '13:00', endTime: '15:00' });
    expect(await ticketsOf(OFF.owner)).toHaveLength(2);
  });

  it("keeps each officer's keys his own: the same key value from someone else is his independent insert", async () => {
    const owners = await insert(OFF.owner, ticketBody(OFF.owner), KEY);
    const others = await insert(OFF.other, ticketBody(OFF.other), KEY);
    expect(others.status).toBe(201);
    expect(others.body.hoursWorkedId).not.toBe(owners.body.hoursWorkedId);
    expect(others.body.officer.officerId).toBe(OFF.other);
    // an administrator logging the owner's very tour with the owner's key is a new insert, refused
    // by the overlap: he never gets the owner's ticket through the key
    const admins = await insert(OFF.admin, ticketBody(OFF.owner), KEY);
    expect(admins.status).toBe(409);
    expect(admins.body.message).toMatch(/^You already have existing tickets within this time frame!/);
    // a key the administrator sent for the owner is the administrator's: a retry by him gets the ticket
    const forOwner = ticketBody(OFF.owner, { startTime: '13:00', endTime: '15:00' });
    const adminKey = 'admin-key-for-owner-0001';
    const made = await insert(OFF.admin, forOwner, adminKey);
    expect(made.status).toBe(201);
    expect(made.body.enteredBy).toBe(OFF.admin);
    expect((await insert(OFF.admin, forOwner, adminKey)).body).toEqual(made.body);
    expect(await ticketsOf(OFF.owner)).toHaveLength(2);
  });

  it('refuses a malformed key with 400 in the shared error shape, storing nothing', async () => {
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it, 1234567']) {
      const res = await insert(OFF.owner, ticketBody(OFF.owner), key);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: rc.offline.server.keyMalformed, field: 'idempotency-key' });
    }
    expect(await ticketsOf(OFF.owner)).toHaveLength(0);
  });

  it('without the header behaves as before: a second identical insert is refused as an overlap', async () => {
    const body = ticketBody(OFF.owner);
    expect((await insert(OFF.owner, body)).status).toBe(201);
    const second = await insert(OFF.owner, body);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^You already have existing tickets within this time frame!/);
  });

  it('declares the header in the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body;
    const params = doc.paths['/api/timeTickets/insert'].post.parameters as Array<{ in: string; name: string; required?: boolean }>;
    expect(params).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false })]));
  });
});
