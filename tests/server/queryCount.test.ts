import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';
import { SCALE, auditorToken, callCounted, seedScaleWorld } from './scale.fixtures';

/**
 * a list or report costs a fixed number of SQL statements whatever its page size, so an
 * N+1 query cannot creep back. Counted through Drizzle's logger (server/db/queryCount.ts), after
 * the session check (one read of the data versions; the session row itself is kept while they
 * stand).
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-12-31T17:00:00Z') });
  await seedScaleWorld(t.app);
  token = await auditorToken(t.app);
  // the first check after the sign-in (a write) reads the session; the counts below start after it
  await callCounted(t.app, 'GET', '/api/session', { token });
}, 120_000);
afterAll(() => t.close());

/**
 * The statements of a GET after its session check and version reads, checking it answered 200
 * with `rows` rows when given and read the versions `versionReads` times (by default: once on
 * PostgreSQL, never on the embedded database, which keeps them in memory until a write).
 */
async function statements(url: string, rows?: number, versionReads = t.kind === 'postgres' ? 1 : 0) {
  const res = await callCounted(t.app, 'GET', url, { token });
  expect(res.status, res.text).toBe(200);
  if (rows !== undefined) expect(res.body.length).toBe(rows);
  expect(res.sessionChecks, `${url} ${JSON.stringify(res.queries)}`).toBe(0);
  expect(res.versionChecks, url).toBe(versionReads);
  return res.queries.length;
}

const year = 'sinceDate=01/01/2017&untilDate=12/31/2026';

describe('statements per request', () => {
  it('answers the session check with one statement on PostgreSQL, from memory on the embedded database until a write', async () => {
    expect(await statements('/api/session')).toBe(0);
    if (t.kind === 'postgres') return;
    // any write (here a sign-in) makes the next check read its session again, once
    await auditorToken(t.app);
    const res = await callCounted(t.app, 'GET', '/api/session', { token });
    expect(res.status).toBe(200);
    expect(res.sessionChecks).toBe(1);
    expect(await statements('/api/session')).toBe(0);
  });

  it('lists tickets with one statement, for a page of 5 or of 200', async () => {
    expect(await statements(`/api/timeTickets/getMultiple?${year}&_start=0&_end=5`, 5)).toBe(1);
    expect(await statements(`/api/timeTickets/getMultiple?${year}&_start=0&_end=200`, 200)).toBe(1);
    // one officer's list: his list version (read once on the embedded database, then kept), then
    // the list; asked again, no list statement (the answer comes from memory, server/answers)
    const oneOfficer = `/api/timeTickets/getMultiple?officerId=${SCALE.FIRST_OFFICER + 1}&${year}&_start=0&_end=100`;
    const pg = t.kind === 'postgres';
    expect(await statements(oneOfficer, undefined, pg ? 2 : 1)).toBe(1);
    expect(await statements(oneOfficer, undefined, pg ? 2 : 0)).toBe(0);
  });

  it('answers the summary by officer and the footer totals with one statement each', async () => {
    expect(await statements(`/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_start=0&_end=10`, 10)).toBe(1);
    expect(await statements(`/api/timeTickets/getMultiple?${year}&summarizeFlag=Y&_start=0&_end=200`, 200)).toBe(1);
    expect(await statements(`/api/timeTickets/getTotals?${year}`)).toBe(1);
  });

  it('answers statistics, events and sign-ups with one statement each', async () => {
    expect(await statements(`/api/statistics/getStatistics?assignedPct=3&${year}`)).toBe(1);
    expect(await statements('/api/events/getMultiple?sinceStartDate=01/01/2026&untilStartDate=12/31/2026')).toBe(1);
    expect(await statements(`/api/signup/getMultiple?officerId=${SCALE.FIRST_OFFICER + 7}`)).toBe(1);
  });

  it('lists uploads with one statement and answers a compliance report with its check and one statement', async () => {
    expect(await statements('/api/uploads/getMultiple?uploadTypeId=1&_start=0&_end=50', 50)).toBe(1);
    expect(await statements('/api/uploads/downloadReport?uploadId=10&_start=0&_end=100', 100)).toBe(2);
    expect(await statements(`/api/uploads/downloadReport?officerId=${SCALE.FIRST_OFFICER + 2}&_start=0&_end=50`, 50)).toBe(2);
  });
});
