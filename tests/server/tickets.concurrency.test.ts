import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, type TestApp } from './helpers';
import { OFF, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

const NOW = '2026-03-20T16:00:00Z';

/** Twenty simultaneous inserts of one tour for one officer: exactly one lands, the rest get 409. */
async function raceTwenty(t: TestApp) {
  await seedTicketWorld(t.app);
  const token = await tok(t.app, OFF.owner);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call(t.app, 'POST', '/api/timeTickets/insert', {
        token,
        body: ticketBody(OFF.owner, { startTime: i % 2 ? '08:00' : '09:00', endTime: '12:00', description: `Try ${i}` }),
      }),
    ),
  );
  const statuses = results.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  // whichever try landed, every refusal names it after the spec's message
  const landed = results.find((r) => r.status === 201)!.body;
  const named = `You already have existing tickets within this time frame! It overlaps your ticket of 03/18/2026 ${landed.startTime} to 12:00 (Patrol).`;
  for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(named);
  const list = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token });
  expect(list.body).toHaveLength(1);
}

describe('twenty concurrent inserts of the same tour (default database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ now: new Date(NOW) });
  });
  afterAll(() => t.close());
  it('leave one ticket', () => raceTwenty(t));
});

describe.runIf(!!process.env.DATABASE_URL)('twenty concurrent inserts of the same tour (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ usePostgres: true, now: new Date(NOW) });
  });
  afterAll(() => t?.close());
  it('leave one ticket', () => raceTwenty(t));
});
