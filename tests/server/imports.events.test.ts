import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { csvOf, importCall, runImportJob, xlsxOf } from './imports.fixtures';
import * as s from '../../server/db/schema';
import { insertLocation } from '../../server/db/repositories/locations';
import { toInstant } from '../../src/domain/dates';
import { runImport } from '../../server/imports/run';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const NOW = '2026-03-20T16:00:00Z';
let t: TestApp;
let admin: string;

const HEADERS = ['Event Name', 'Event Type', 'Location', 'PCT', 'Start Date', 'Start Time', 'End Date', 'End Time', 'Max Officers', 'Incentive Hours', 'Description', 'Roster Officers'];
const parade = {
  'Event Name': 'Memorial Day Parade', 'Event Type': 'Details', Location: 'Eisenhower Park', PCT: '1st Precinct', 'Start Date': '05/25/2026', 'Start Time': '08:00',
  'End Date': '05/25/2026', 'End Time': '14:00', 'Max Officers': '4', 'Incentive Hours': '2', Description: 'Parade route posts', 'Roster Officers': 'A0101, A0102',
};
/** Last autumn's class, already held: history whose roster holds the importing officer too. */
const pastClass = {
  ...parade, 'Event Name': 'CPR Refresher', 'Event Type': 'Training', Location: 'Town Hall', PCT: '3', 'Start Date': '10/04/2025', 'Start Time': '18:00',
  'End Date': '', 'End Time': '21:30', 'Max Officers': '20', 'Incentive Hours': '', Description: 'Annual CPR class', 'Roster Officers': '103;A0010 a0104',
};
const csv = (rows: Array<Record<string, string>>, delimiter = ',', name = 'events.csv') => ({ name, bytes: Buffer.from(csvOf(HEADERS, rows, delimiter)) });

const count = async (table: typeof s.event | typeof s.eventSignup) => Number((await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n);
const auditCount = async (entity: string) =>
  Number((await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.auditLog).where(eq(s.auditLog.entity, entity)))[0].n);
const eventNamed = async (name: string) => {
  const [e] = await t.app.ctx.db.select().from(s.event).where(eq(s.event.eventName, name));
  return e;
};
const rosterOf = async (eventId: number) => {
  const res = await call(t.app, 'GET', `/api/signup/getMultiple?eventId=${eventId}`, { token: admin });
  return res.body.map((r: { officer: { officerId: number } }) => r.officer.officerId).sort((a: number, b: number) => a - b);
};
const issuesOf = (body: { refused: Array<{ line: number; issues: Array<{ message: string }> }> }) => body.refused.map((r) => [r.line, r.issues.map((i) => i.message)]);

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await createOfficer(t.app, { officerId: 10, accessTypeId: 10, login: 'rosteradmin', lastName: 'Admin' });
  for (const id of [101, 102, 103, 104, 105, 106]) await createOfficer(t.app, { officerId: id, accessTypeId: 1 });
  admin = await tokenFor(t.app, 10);
  const place = { address: '1 Main St', city: 'Hempstead', state: { stateId: 33 }, zip: '11550' };
  await insertLocation(t.app.ctx.db, { ...place, name: 'Eisenhower Park', precinct: { precinctId: 1 } }, 10, new Date(NOW));
  await insertLocation(t.app.ctx.db, { ...place, name: 'Town Hall', precinct: { precinctId: 3 } }, 10, new Date(NOW));
});
afterAll(() => t.close());

describe('importing events with their rosters', () => {
  it('imports its template (CSV and XLSX) as it is: one new event with its roster', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/import/events/template?format=${format}`, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(200);
      const dry = await importCall(t.app, admin, 'events', 'dryRun', { name: `events-template.${format}`, bytes: res.rawPayload });
      expect(dry.body.counts, format).toEqual({ new: 1, unchanged: 0, changed: 0, refused: 0 });
    }
  });

  it('a dry run reports what a run would do and writes nothing', async () => {
    const res = await importCall(t.app, admin, 'events', 'dryRun', csv([parade, pastClass]));
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ new: 2, unchanged: 0, changed: 0, refused: 0 });
    expect(await count(s.event)).toBe(0);
    expect(await count(s.eventSignup)).toBe(0);
    expect(await auditCount('event')).toBe(0);
  });

  it('adds the events and their rosters, a past one too, each with its audit entries', async () => {
    const res = await runImportJob(t.app, admin, 'events', csv([parade, pastClass]));
    expect(res.job.status).toBe('done');
    expect(res.body.counts).toEqual({ new: 2, unchanged: 0, changed: 0, refused: 0 });

    const p = await eventNamed('Memorial Day Parade');
    const single = await call(t.app, 'GET', `/api/events/getSingle/${p.eventId}`, { token: admin });
    expect(single.body).toMatchObject({
      startDate: '05/25/2026', startTime: '08:00', endDate: '05/25/2026', endTime: '14:00', eventType: { eventTypeId: 1 }, maxOfficers: 4, incentiveHours: 2,
      location: { name: 'Eisenhower Park' }, precinct: { precinctId: 1 }, signupCount: 2, status: 'Partially Staffed - 2 Slot(s) Available',
    });
    expect(await rosterOf(p.eventId)).toEqual([101, 102]);

    // an evening class with no end date ends the same day; blank incentive hours are the form's 0
    const c = await eventNamed('CPR Refresher');
    const klass = await call(t.app, 'GET', `/api/events/getSingle/${c.eventId}`, { token: admin });
    expect(klass.body).toMatchObject({ startDate: '10/04/2025', endDate: '10/04/2025', endTime: '21:30', incentiveHours: 0, precinct: { precinctId: 3 } });
    expect(await rosterOf(c.eventId)).toEqual([10, 103, 104]);

    expect(await auditCount('event')).toBe(2);
    const signups = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.entity, 'signup'));
    expect(signups).toHaveLength(5);
    expect(signups.find((e) => e.entityId === `${p.eventId}/101`)).toMatchObject({ action: 'create', actorId: 10, details: 'import events.csv, line 2' });
  });

  it('finds the same file unchanged the second time and writes nothing', async () => {
    const before = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.auditLog);
    const res = await runImportJob(t.app, admin, 'events', csv([parade, pastClass]));
    expect(res.body.counts).toEqual({ new: 0, unchanged: 2, changed: 0, refused: 0 });
    expect(await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.auditLog)).toEqual(before);
  });

  it('updates a changed time and adds a roster officer, never removing one, and reports both as changed', async () => {
    const rows = [
      // the name in other letter case and spacing is the same event
      { ...parade, 'Event Name': 'memorial  day parade', 'End Time': '15:00', 'Roster Officers': 'A0105' },
      { ...pastClass, 'Roster Officers': '103 104 105' },
    ];
    const res = await runImportJob(t.app, admin, 'events', csv(rows));
    expect(res.body.counts).toEqual({ new: 0, unchanged: 0, changed: 2, refused: 0 });
    expect(res.body.changed).toEqual([
      { line: 2, key: 'memorial  day parade (05/25/2026 08:00)', fields: ['eventName', 'endTime', 'roster'] },
      { line: 3, key: 'CPR Refresher (10/04/2025 18:00)', fields: ['roster'] },
    ]);
    const p = await eventNamed('memorial  day parade');
    expect(fromDb(p.endAt)).toBe(toInstant('05/25/2026', '15:00', t.config.ORG_TIMEZONE).toISOString());
    expect(await rosterOf(p.eventId)).toEqual([101, 102, 105]);
    expect(await rosterOf((await eventNamed('CPR Refresher')).eventId)).toEqual([10, 103, 104, 105]);
    const [update] = await t.app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'event'), eq(s.auditLog.action, 'update')));
    expect(update.changes).toMatchObject({ endTime: { before: '14:00', after: '15:00' } });
  });

  it('refuses unknown locations and officers, a roster over Max Officers and an event twice in the file, with their messages', async () => {
    // each its own fair (its own start), but for the last two: the same event, named alike
    const fair = (start: string, over: Record<string, string>) => ({ ...parade, 'Event Name': 'Street Fair', 'Start Date': '06/13/2026', 'End Date': '06/13/2026', 'Start Time': start, 'End Time': '23:00', ...over });
    const rows = [
      fair('09:00', { Location: 'Nowhere Park', 'Roster Officers': '' }),
      fair('10:00', { 'Roster Officers': 'A0101, A0999, Bob' }),
      fair('11:00', { 'Roster Officers': 'A0101 101' }),
      fair('12:00', { 'Max Officers': '2', 'Roster Officers': '101 102 103' }),
      // the park is in the 1st precinct, not the 3rd
      fair('13:00', { PCT: '3rd Precinct', 'Roster Officers': '' }),
      fair('15:00', { 'Roster Officers': '106' }),
      fair('15:00', { 'Event Name': 'STREET   fair', 'Roster Officers': '' }),
    ];
    const res = await runImportJob(t.app, admin, 'events', csv(rows));
    expect(res.body.counts).toEqual({ new: 1, unchanged: 0, changed: 0, refused: 6 });
    expect(issuesOf(res.body)).toEqual([
      [2, ['Unknown Location: "Nowhere Park"']],
      [3, ['Roster Officers: no officer has the id A0999, Bob.']],
      [4, ['Roster Officers: A0101 is listed more than once.']],
      [5, ['Roster Officers: 3 officers would be signed up, more than the 2 Max Officers of the event.']],
      [6, ['Unknown Location: "Eisenhower Park"']],
      [8, ['Duplicate record - unique constraint violated!']],
    ]);
    expect(res.body.unknownValues).toEqual(expect.arrayContaining([{ field: 'location', value: 'Nowhere Park', rows: 1 }]));
    expect(await rosterOf((await eventNamed('Street Fair')).eventId)).toEqual([106]);
  });

  it('refuses a roster officer already signed up for another event at that time', async () => {
    const rows = [{ ...parade, 'Event Name': 'Parade Overflow', 'Start Time': '12:00', 'End Time': '16:00', 'Roster Officers': '104 101' }];
    const res = await importCall(t.app, admin, 'events', 'dryRun', csv(rows));
    expect(issuesOf(res.body)).toEqual([[2, ['Roster Officers: A0101 is already signed up for another event within this time frame ("memorial  day parade").']]]);
  });

  it('refuses events and rosters of a certified LOSAP year, as the API does', async () => {
    const tz = t.config.ORG_TIMEZONE;
    await t.app.ctx.db.insert(s.losapYearState).values({
      year: 2025, state: 'certified', startsAt: toInstant('01/01/2025', '00:00', tz), endsAt: toInstant('01/01/2026', '00:00', tz),
      reviewOpenedAt: new Date(NOW), reviewOpenedBy: 10, certifiedAt: new Date(NOW), certifiedBy: 10,
    });
    const rows = [
      { ...pastClass, 'Event Name': 'Winter Patrol', 'Start Date': '12/20/2025', 'Roster Officers': '' },
      { ...pastClass, 'Roster Officers': '106' },
      { ...parade, 'Event Name': 'Spring Patrol', 'Start Date': '04/20/2026', 'End Date': '04/20/2026', 'Roster Officers': '' },
    ];
    const res = await runImportJob(t.app, admin, 'events', csv(rows));
    expect(res.body.counts).toEqual({ new: 1, unchanged: 0, changed: 0, refused: 2 });
    const frozen = 'This LOSAP year has been certified and can no longer be changed.';
    expect(issuesOf(res.body)).toEqual([[2, [frozen]], [3, [frozen]]]);
    expect(await eventNamed('Winter Patrol')).toBeUndefined();
    expect(await rosterOf((await eventNamed('CPR Refresher')).eventId)).toEqual([10, 103, 104, 105]);
    // what it already holds reads unchanged: nothing to write
    const again = await runImportJob(t.app, admin, 'events', csv([{ ...pastClass, 'Roster Officers': '103' }]));
    expect(again.body.counts).toEqual({ new: 0, unchanged: 1, changed: 0, refused: 0 });
  });

  it('remembers the events and sign-ups of earlier batches, in a dry run too', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-import-events-'));
    try {
      const file = path.join(dir, 'batches.csv');
      const night = { ...parade, 'Event Name': 'Night Watch', 'Start Date': '08/01/2026', 'End Date': '', 'Start Time': '22:00', 'End Time': '02:00', 'Roster Officers': 'A0103' };
      const early = { ...night, 'Event Name': 'Early Watch', 'Start Date': '08/02/2026', 'Start Time': '01:00', 'End Time': '03:00' };
      await fs.writeFile(file, csvOf(HEADERS, [night, { ...night, 'Event Name': 'NIGHT WATCH' }, early]));
      const actor = { officerId: 10, accessLevel: 10 };
      const report = await runImport(
        { db: t.app.ctx.db, superUserId: 1, tz: t.config.ORG_TIMEZONE, now: t.app.ctx.now, actor, request: { id: 'import-cli-events', actor, server: t.app } },
        { kind: 'events', file, originalName: 'batches.csv', dryRun: true, batchRows: 1 },
      );
      expect(report.counts).toEqual({ new: 1, unchanged: 0, changed: 0, refused: 2 });
      expect(issuesOf(report)).toEqual([
        [3, ['Duplicate record - unique constraint violated!']],
        [4, ['Roster Officers: A0103 is already signed up for another event within this time frame ("Night Watch").']],
      ]);
      expect(await eventNamed('Night Watch')).toBeUndefined();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('reads an XLSX and a semicolon CSV of the same rows alike', async () => {
    const rows = [
      { ...parade, 'Event Name': 'Harbor Festival', 'Start Date': '07/04/2026', 'End Date': '07/04/2026', 'Roster Officers': '103' },
      { ...pastClass, 'Event Name': 'First Aid Night', 'Start Date': '01/08/2026', 'Roster Officers': 'A0105; A0106' },
      { ...parade, 'Event Name': 'Harbor Festival', Location: 'Pier 9', 'Start Date': '07/05/2026', 'End Date': '07/05/2026' },
    ];
    const xlsx = { name: 'events.xlsx', bytes: await xlsxOf(HEADERS, rows) };
    const semi = csv(rows, ';', 'events-semicolon.csv');
    const fromXlsx = await importCall(t.app, admin, 'events', 'dryRun', xlsx);
    const fromCsv = await importCall(t.app, admin, 'events', 'dryRun', semi);
    expect(fromCsv.body.delimiter).toBe(';');
    const outcome = (b: { counts: unknown; refused: unknown; changed: unknown }) => ({ counts: b.counts, refused: b.refused, changed: b.changed });
    expect(outcome(fromXlsx.body)).toEqual(outcome(fromCsv.body));
    expect(fromXlsx.body.counts).toEqual({ new: 2, unchanged: 0, changed: 0, refused: 1 });

    expect((await runImportJob(t.app, admin, 'events', xlsx)).body.counts).toEqual({ new: 2, unchanged: 0, changed: 0, refused: 1 });
    expect((await runImportJob(t.app, admin, 'events', semi)).body.counts).toEqual({ new: 0, unchanged: 2, changed: 0, refused: 1 });
  });

  it('a file without Max Officers gives each new event room for its roster', async () => {
    const headers = HEADERS.filter((h) => h !== 'Max Officers');
    const rows = [
      { ...pastClass, 'Event Name': 'Legacy Drill', 'Start Date': '02/11/2026', 'Roster Officers': '101 102 103' },
      { ...pastClass, 'Event Name': 'Legacy Briefing', 'Start Date': '02/12/2026', 'Roster Officers': '' },
    ];
    const res = await runImportJob(t.app, admin, 'events', { name: 'legacy-events.csv', bytes: Buffer.from(csvOf(headers, rows)) });
    expect(res.body.refused).toEqual([]);
    expect(res.body.counts).toEqual({ new: 2, unchanged: 0, changed: 0, refused: 0 });
    expect((await eventNamed('Legacy Drill')).maxOfficers).toBe(3);
    expect((await eventNamed('Legacy Briefing')).maxOfficers).toBe(1);
  });
});

/** A timestamp column's value as an ISO instant (PGlite and PostgreSQL hand them back alike as Dates or text). */
const fromDb = (v: Date | string) => new Date(v).toISOString();
