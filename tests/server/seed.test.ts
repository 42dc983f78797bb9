import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, call, tokenFor, type TestApp } from './helpers';
import { hashPassword } from '../../server/auth/passwords';
import { DEMO_OFFICERS } from '../../server/db/demo';
import { seedOrganisation, type SeedStats } from '../../server/db/scaleSeed';
import type { App } from '../../server/app';
import { ticketRulesSchema } from '../../src/domain/schemas/tickets';
import { ticketHours } from '../../src/domain/tickets';

// Six months either side of a fall-back and a spring-forward night in America/New_York.
const NOW = new Date('2026-03-20T16:00:00Z');
const PASSWORD = 'Seed2026';

async function rows<T>(app: App, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await app.ctx.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

async function seed(t: TestApp, seedValue: number, officers = 30): Promise<SeedStats> {
  return seedOrganisation(t.app.ctx.db, {
    officers, years: 1, seed: seedValue, passwordHash: await hashPassword(PASSWORD), tz: t.app.ctx.config.ORG_TIMEZONE, now: NOW,
  });
}

/** Officers (id, names, login) and a fingerprint of every ticket. */
async function snapshot(app: App) {
  const officers = await rows<{ id: number; name: string }>(app, sql`select officer_id as id, first_name || ' ' || last_name || ' ' || login as name from officer order by 1`);
  const [tickets] = await rows<{ n: number; starts: string; hours: string }>(
    app, sql`select count(*)::int as n, sum(extract(epoch from start_at))::text as starts, sum(hours_worked)::text as hours from hours_worked`,
  );
  return { officers, tickets };
}

let a: TestApp;
let b: TestApp;
let stats: SeedStats;
beforeAll(async () => {
  a = await startTestApp({ now: NOW });
  b = await startTestApp({ now: NOW });
  stats = await seed(a, 7);
  await seed(b, 7);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('scale seed', () => {
  it('makes the same organisation from the same seed', async () => {
    const first = await snapshot(a.app);
    expect(first.officers.length).toBe(1 + DEMO_OFFICERS.length + 30);
    expect(first.tickets.n).toBe(stats.tickets);
    expect(stats.tickets).toBeGreaterThan(30 * 50);
    expect(await snapshot(b.app)).toEqual(first);
  });

  it('lets the five demo logins and a generated officer sign in with the seed password', async () => {
    const [generated] = await rows<{ login: string }>(a.app, sql`select login from officer where officer_id > 1000 and access_type_id = 1 and separation_date is null order by officer_id limit 1`);
    for (const login of [...DEMO_OFFICERS.map((o) => o.login), generated.login]) {
      const res = await call(a.app, 'POST', '/api/authenticate', { body: { username: login, password: PASSWORD } });
      expect(res.status, login).toBe(200);
      expect(res.body.user.mustChangePassword, login).toBe(false);
    }
  });

  it('has realistic proportions: mostly level 1, some separated, a few flagged tickets and arrests', async () => {
    const [o] = await rows<{ n: number; level1: number; separated: number; auditors: number }>(a.app, sql`
      select count(*)::int as n, count(*) filter (where access_type_id = 1)::int as level1,
        count(*) filter (where separation_date is not null)::int as separated, count(*) filter (where access_type_id = 10)::int as auditors
      from officer where officer_id > 1000`);
    expect(o.level1 / o.n).toBeGreaterThan(0.6);
    expect(o.separated).toBeGreaterThan(0);
    expect(o.auditors).toBeGreaterThan(0);
    expect(stats.flaggedTickets / stats.tickets).toBeGreaterThan(0.01);
    expect(stats.flaggedTickets / stats.tickets).toBeLessThan(0.06);
    expect(stats.ticketsWithArrests).toBeGreaterThan(0);
    expect(stats.events).toBeGreaterThan(40);
    expect(stats.signups).toBeGreaterThan(stats.events);
    expect(stats.signoffs).toBeGreaterThan(0);
    // the demo logins get no generated tickets, and the restricted level none at all
    const [none] = await rows<{ n: number }>(a.app, sql`select count(*)::int as n from hours_worked h join officer o using (officer_id) where o.officer_id < 1000 or o.access_type_id = 3`);
    expect(none.n).toBe(0);
  });

  it('never gives an officer overlapping tickets', async () => {
    const [overlaps] = await rows<{ n: number }>(a.app, sql`
      select count(*)::int as n from hours_worked x join hours_worked y
        on x.officer_id = y.officer_id and x.hours_worked_id < y.hours_worked_id and x.start_at < y.end_at and y.start_at < x.end_at`);
    expect(overlaps.n).toBe(0);
  });

  it("passes the app's own ticket rules, read back through the API (hours as ticketHours counts them in ORG_TIMEZONE)", async () => {
    const tz = a.app.ctx.config.ORG_TIMEZONE;
    const token = await tokenFor(a.app, 110);
    const sample = await rows<{ id: number; n: number }>(a.app, sql`
      select officer_id as id, count(*)::int as n from hours_worked group by 1 order by count(*) desc, 1 limit 3`);
    const events = new Map((await rows<{ id: number; s: string; e: string }>(a.app, sql`select event_id as id, start_at::text as s, end_at::text as e from event`))
      .map((e) => [e.id, { startAt: new Date(e.s), endAt: new Date(e.e) }]));
    for (const officer of sample) {
      const res = await call(a.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { officerId: String(officer.id), sinceDate: '01/01/2020', _start: '0', _end: '200' } });
      expect(res.status).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBe(officer.n);
      for (const t of res.body) {
        const hours = ticketHours(t.startDate, t.startTime, t.endDate, t.endTime, tz).hours;
        expect(t.hoursWorked, `ticket ${t.hoursWorkedId}`).toBe(hours);
        const body = {
          officer: { officerId: t.officer.officerId }, assignmentType: t.assignmentType, precinct: { precinctId: t.precinct.precinctId }, event: { eventId: t.event.eventId },
          startDate: t.startDate, startTime: t.startTime, endDate: t.endDate, endTime: t.endTime, travelHours: t.travelHours, description: t.description,
          auditComments: t.auditComments, parkingCitations: t.parkingCitations, firs: t.firs, warnings: t.warnings, arrests: t.arrests,
          arrestAssists: t.arrestAssists, reports: t.reports, pedestrianEdu: t.pedestrianEdu, businessChecks: t.businessChecks,
        };
        // as the officer (level 1) would have logged it on the day of his 10-42
        const rules = ticketRulesSchema({ accessLevel: 1, today: t.endDate, tz, now: NOW, event: t.event.eventId ? events.get(t.event.eventId) : null });
        const checked = rules.safeParse({ ...body, assignmentType: { assignmentTypeId: t.assignmentType.assignmentTypeId } });
        expect(checked.success ? '' : checked.error.issues[0].message, `ticket ${t.hoursWorkedId}`).toBe('');
      }
    }
  });

  it('adds a second generated organisation beside the first without collisions', async () => {
    const before = await rows<{ max: number }>(a.app, sql`select max(officer_id)::int as max from officer`);
    const more = await seed(a, 8, 5);
    expect(more.officers).toBe(5);
    const [after] = await rows<{ min: number; logins: number; n: number }>(a.app, sql`
      select min(officer_id)::int as min, count(distinct lower(login))::int as logins, (select count(*)::int from officer) as n from officer where officer_id > ${before[0].max}`);
    expect(after.min).toBe(before[0].max + 1);
    const [{ n, logins }] = await rows<{ n: number; logins: number }>(a.app, sql`select count(*)::int as n, count(distinct lower(login))::int as logins from officer`);
    expect(logins).toBe(n);
  });
});
