import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createOfficer, startTestApp, tokenFor, type TestApp } from './helpers';
import { readConfig } from '../../server/config';

/**
 * A read replica for reports (DATABASE_REPLICA_URL): the reports across many officers
 * read from the replica, everything else from the primary. Shown with a "replica" that is a
 * separate database which never receives the primary's writes: a ticket saved on the primary is
 * in its officer's list and totals (primary) and not in the summary by officer or the totals of
 * all officers (replica). PostgreSQL only: PGlite has no replica.
 */
const baseUrl = process.env.DATABASE_URL;

describe.runIf(!!baseUrl)('reports on a read replica', () => {
  let replica: TestApp;
  let primary: TestApp;
  let token: string;
  const OFFICER = 301;
  const year = 'sinceDate=01/01/2026&untilDate=12/31/2026';

  beforeAll(async () => {
    replica = await startTestApp({ usePostgres: true, now: new Date('2026-06-15T16:00:00Z') });
    primary = await startTestApp({ usePostgres: true, now: new Date('2026-06-15T16:00:00Z'), env: { DATABASE_REPLICA_URL: replica.config.DATABASE_URL! } });
    await createOfficer(primary.app, { officerId: OFFICER, accessTypeId: 1 });
    await createOfficer(primary.app, { officerId: 302, accessTypeId: 10 });
    await primary.app.ctx.db.execute(sql`
      insert into hours_worked (officer_id, assignment_type_id, precinct_id, start_at, end_at, hours_worked, travel_hours, description)
      values (${OFFICER}, 2, 3, '2026-06-01T22:00:00Z', '2026-06-02T02:00:00Z', 4, 0, 'Patrol')`);
    token = await tokenFor(primary.app, 302);
  }, 60_000);
  afterAll(async () => {
    await primary?.close();
    await replica?.close();
  });

  it("reads the officer's list and his totals from the primary", async () => {
    const list = await call(primary.app, 'GET', `/api/timeTickets/getMultiple?officerId=${OFFICER}&${year}`, { token });
    expect(list.status).toBe(200);
    expect(list.body.map((t: { description: string }) => t.description)).toEqual(['Patrol']);
    const totals = await call(primary.app, 'GET', `/api/timeTickets/getTotals?officerId=${OFFICER}&${year}`, { token });
    expect(totals.body).toMatchObject({ ticketCount: 1, hoursWorked: 4 });
  });

  it('reads the summary by officer and the totals of all officers from the replica', async () => {
    const summary = await call(primary.app, 'GET', `/api/timeTickets/getMultiple?${year}&summarizeFlag=Y`, { token });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual([]);
    expect(summary.headers['x-total-count']).toBe('0');
    const totals = await call(primary.app, 'GET', `/api/timeTickets/getTotals?${year}`, { token });
    expect(totals.body).toMatchObject({ ticketCount: 0 });
  });
});

describe('DATABASE_REPLICA_URL', () => {
  it('is refused without DATABASE_URL', () => {
    expect(() => readConfig({ DATABASE_REPLICA_URL: 'postgres://127.0.0.1/x' })).toThrow(/DATABASE_REPLICA_URL needs DATABASE_URL/);
  });
});
