import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from './helpers';
import { SCALE, auditorToken, callCounted, seedScaleWorld } from './scale.fixtures';
import { listTickets } from '../../server/db/repositories/ticketReads';
import { ticketSchema } from '../../src/domain/schemas/tickets';

/**
 * GET /timeTickets/getMultiple writes its rows with a JSON writer compiled from the
 * response schema (server/compiledJson.ts) from rows read raw from the driver. The text must be
 * exactly what the zod serializer writes for the same rows (zod parse + JSON.stringify): same
 * keys in the same order, same numbers, dates, times and escapes. Checked on the scale world plus a tour across the fall-back change, an officer with
 * no rank and a separation date, an event with 2.25 incentive hours and a description with
 * quotes, a backslash and control characters.
 */
let t: TestApp;
let token: string;
const TZ = 'America/New_York';
const ODD = SCALE.FIRST_OFFICER + 1;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-12-31T17:00:00Z') });
  await seedScaleWorld(t.app);
  const db = t.app.ctx.db;
  await db.execute(sql`update officer set rank_id = null, separation_date = '2027-03-01', mobile = null where officer_id = ${ODD}`);
  await db.execute(sql`update event set incentive_hours = 2.25 where event_id in (select event_id from hours_worked where officer_id = ${ODD} and event_id is not null)`);
  await db.execute(sql`
    insert into hours_worked (officer_id, assignment_type_id, precinct_id, start_at, end_at, hours_worked, travel_hours, description, locked)
    values (${ODD}, 2, 3, '2026-11-01T04:00:00Z', '2026-11-01T09:00:00Z', 5, 1, ${'He said "stop"\n\tthen \\ left\u0001'}, true)`);
  token = await auditorToken(t.app);
}, 120_000);
afterAll(() => t.close());

/** The text the zod serializer writes for the mapped rows of the same page. */
async function mapped(url: string) {
  const q = new URL(url, 'http://x').searchParams;
  const num = (k: string) => (q.get(k) ? Number(q.get(k)) : undefined);
  const page = { sort: (q.get('_sort') ?? undefined) as never, order: (q.get('_order') ?? undefined) as never, offset: num('_start') ?? 0, limit: (num('_end') ?? 200) - (num('_start') ?? 0) };
  const { rows } = await listTickets(t.app.ctx.db, { officerId: num('officerId'), sinceDate: q.get('sinceDate') ?? undefined, untilDate: q.get('untilDate') ?? undefined }, page, TZ);
  return JSON.stringify(z.array(ticketSchema).parse(rows));
}

describe('the ticket list JSON written by the compiled writer', () => {
  it.each([
    `/api/timeTickets/getMultiple?officerId=${ODD}&sinceDate=01/01/2017&untilDate=12/31/2026&_start=0&_end=200`,
    '/api/timeTickets/getMultiple?sinceDate=01/01/2026&untilDate=12/31/2026&_sort=totalHours&_order=DESC&_start=0&_end=200',
    '/api/timeTickets/getMultiple?sinceDate=01/01/2017&untilDate=12/31/2026&_sort=officerId&_order=ASC&_start=100&_end=300',
  ])('equals the serialized mapped rows: %s', async (url) => {
    const res = await callCounted(t.app, 'GET', url, { token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.text).toBe(await mapped(url));
  });

  it('shows the fall-back tour with its wall clock, real length and escapes', async () => {
    const res = await callCounted(t.app, 'GET', `/api/timeTickets/getMultiple?officerId=${ODD}&sinceDate=11/01/2026&untilDate=11/01/2026`, { token });
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      startDate: '11/01/2026', startTime: '00:00', startDay: 'Sun', endDate: '11/01/2026', endTime: '04:00', endDay: 'Sun',
      hoursWorked: 5, travelHours: 1, totalHours: 6, description: 'He said "stop"\n\tthen \\ left\u0001', locked: true,
      officer: { officerId: ODD, rank: null, mobile: null, separationDate: '03/01/2027' },
    });
  });

  it('gives the same summary by officer whichever plan sums it (officer first when sorted by officer, grouped otherwise)', async () => {
    const pages = async (sort: string) => {
      const rows: Array<{ officer: { officerId: number } }> = [];
      const totals: string[] = [];
      for (const start of [0, 200]) {
        const res = await callCounted(t.app, 'GET', `/api/timeTickets/getMultiple?sinceDate=01/01/2025&untilDate=12/31/2026&summarizeFlag=Y&_sort=${sort}&_start=${start}&_end=${start + 200}`, { token });
        expect(res.status).toBe(200);
        expect(res.text).toBe(JSON.stringify(z.array(ticketSchema).parse(res.body)));
        rows.push(...res.body);
        totals.push(String(res.headers['x-total-count']));
      }
      return { rows: rows.sort((a, b) => a.officer.officerId - b.officer.officerId), totals };
    };
    const byOfficer = await pages('officerId&_order=ASC');
    const byHours = await pages('totalHours&_order=DESC');
    expect(byOfficer.rows.length).toBeGreaterThan(200);
    expect(byOfficer.totals).toEqual([String(byOfficer.rows.length), String(byOfficer.rows.length)]);
    expect(byHours.totals).toEqual(byOfficer.totals);
    expect(byOfficer.rows).toEqual(byHours.rows);
  });
});
