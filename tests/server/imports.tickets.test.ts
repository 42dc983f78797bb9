import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { startTestApp, createOfficer, tokenFor, type TestApp } from './helpers';
import { csvOf, importCall, runImportJob, xlsxOf } from './imports.fixtures';
import { addLocation } from './events.fixtures';
import * as s from '../../server/db/schema';
import { dayjs } from '../../src/domain/dates';

const NOW = '2026-03-20T16:00:00Z';
let t: TestApp;
let admin: string;

/** The ticket import's columns as the template names them, plus a column no field takes (the officer's name, with an accent). */
const HEADERS = [
  'Officer ID', 'Officer Name', 'Assignment Type', 'Precinct Worked at', '10-41 Date', '10-41 Time', '10-42 Date', '10-42 Time', 'Travel', 'Event',
  'Event Start', 'Description', 'Parking Citations', 'Firs', 'Warnings', 'Arrests', 'Arrest Assists', 'Reports', 'Pedestrian Educations', 'Business Checks',
];

/** A patrol ticket of the officer on `date` (MM/DD/YYYY) from `from` to `to`; `over` replaces cells by header. */
function ticketRow(officerId: number, date: string, from = '18:00', to = '22:00', over: Record<string, string> = {}): Record<string, string> {
  return {
    'Officer ID': `A${String(officerId).padStart(4, '0')}`,
    'Officer Name': 'Nuñez, José',
    'Assignment Type': 'Patrol',
    'Precinct Worked at': '3rd Precinct',
    '10-41 Date': date,
    '10-41 Time': from,
    '10-42 Date': date,
    '10-42 Time': to,
    Travel: '0',
    Description: 'Patrol sector B',
    'Parking Citations': '1',
    Firs: '0',
    Warnings: '2',
    Arrests: '0',
    'Arrest Assists': '0',
    Reports: '0',
    'Pedestrian Educations': '0',
    'Business Checks': '3',
    ...over,
  };
}

const csvFile = (text: string, name = 'tickets.csv') => ({ name, bytes: Buffer.from(text, 'utf8') });
const ticketsOf = (officerId: number) => t.app.ctx.db.select().from(s.hoursWorked).where(eq(s.hoursWorked.officerId, officerId)).orderBy(asc(s.hoursWorked.startAt));
const auditCount = async () => Number((await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.auditLog))[0].n);
const refusedOf = (body: { refused: Array<{ line: number; issues: unknown }> }) => body.refused.map((r) => [r.line, r.issues]);

/** Ten years of weekly tours of officers 20 and 21 (one every 7 days from 03/06/2016), in date order as an export lists them. */
function tenYears(): Array<Record<string, string>> {
  const rows: Array<Record<string, string>> = [];
  for (let d = dayjs('2016-03-06'); d.isBefore('2026-03-10'); d = d.add(7, 'day')) {
    const date = d.format('MM/DD/YYYY');
    rows.push(ticketRow(20, date), ticketRow(21, date, '08:00', '12:15', { 'Assignment Type': 'Emergency Deployment', Warnings: String(d.month()) }));
  }
  return rows;
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW), env: { AUTH_RATE_LIMIT: '1000' } });
  await createOfficer(t.app, { officerId: 10, accessTypeId: 10, login: 'importer', lastName: 'Importer' });
  await createOfficer(t.app, { officerId: 20, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 21, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 30, accessTypeId: 1, separationDate: '2019-12-31' });
  admin = await tokenFor(t.app, 10);
});
afterAll(() => t.close());

describe('a 10-year ticket history with one overlapping pair', () => {
  const history = tenYears();
  // line 2 + 400: officer 20's tour of that day, entered again an hour later (the second of the pair)
  const first = history[400];
  const second = ticketRow(20, first['10-41 Date'], '19:00', '21:00', { Description: 'Entered twice' });
  const rows = [...history.slice(0, 401), second, ...history.slice(401)];
  const file = () => csvFile(csvOf(HEADERS, rows));
  const secondLine = 2 + 401;

  it('the dry run refuses exactly the second of the pair, naming the first, and writes nothing', async () => {
    const res = await importCall(t.app, admin, 'tickets', 'dryRun', file());
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ new: history.length, unchanged: 0, changed: 0, refused: 1 });
    expect(refusedOf(res.body)).toEqual([
      [secondLine, [{ message: `You already have existing tickets within this time frame! It overlaps line ${secondLine - 1} of this file.` }]],
    ]);
    expect(await ticketsOf(20)).toHaveLength(0);
  });

  it('the import writes every other ticket, the first of the pair included, each with its audit entry', async () => {
    const before = await auditCount();
    const res = await runImportJob(t.app, admin, 'tickets', file());
    expect(res.body.counts).toEqual({ new: history.length, unchanged: 0, changed: 0, refused: 1 });
    expect(refusedOf(res.body).map(([line]) => line)).toEqual([secondLine]);
    const stored = [...(await ticketsOf(20)), ...(await ticketsOf(21))];
    expect(stored).toHaveLength(history.length);
    const day = stored.filter((x) => x.officerId === 20 && dayjs(x.startAt).tz('America/New_York').format('MM/DD/YYYY') === first['10-41 Date']);
    expect(day.map((x) => [x.description, x.hoursWorked])).toEqual([['Patrol sector B', 4]]);
    // the 12:15 tours of type 3 (Emergency Deployment) are within the 15-hour limit of a level-10 importer
    expect(stored.find((x) => x.officerId === 21)).toMatchObject({ assignmentTypeId: 3, precinctId: 3, hoursWorked: 4.25, reviewState: 'accepted', reviewedBy: 10 });
    const entries = await t.app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'ticket'), eq(s.auditLog.action, 'create')));
    expect(entries).toHaveLength(history.length);
    expect(await auditCount()).toBe(before + history.length);
    expect(entries[0]).toMatchObject({ actorId: 10, details: 'import tickets.csv, line 2' });
    expect(entries[0].changes).toMatchObject({ startDate: { before: null, after: '03/06/2016' }, startTime: { before: null, after: '18:00' }, 'officer.officerId': { before: null, after: 20 } });
  });

  it('the same file again reports every ticket unchanged and writes nothing', async () => {
    const before = await auditCount();
    const res = await runImportJob(t.app, admin, 'tickets', file());
    expect(res.body.counts).toEqual({ new: 0, unchanged: history.length, changed: 0, refused: 1 });
    expect(await auditCount()).toBe(before);
  });

  it('a changed row is reported with its fields and updates that ticket', async () => {
    const changed = rows.map((r, i) => (i === 10 ? { ...r, '10-42 Time': '23:00', Warnings: '7' } : r));
    const dry = await importCall(t.app, admin, 'tickets', 'dryRun', csvFile(csvOf(HEADERS, changed)));
    expect(dry.body.counts).toEqual({ new: 0, unchanged: history.length - 1, changed: 1, refused: 1 });
    expect(dry.body.changed).toEqual([{ line: 12, key: `A0020 ${rows[10]['10-41 Date']} 18:00`, fields: ['endTime', 'warnings'] }]);
    const res = await runImportJob(t.app, admin, 'tickets', csvFile(csvOf(HEADERS, changed)));
    expect(res.body.counts.changed).toBe(1);
    const [x] = (await ticketsOf(20)).filter((r) => dayjs(r.startAt).tz('America/New_York').format('MM/DD/YYYY') === rows[10]['10-41 Date']);
    expect(x).toMatchObject({ hoursWorked: 5, warnings: 7, updatedBy: 10, reviewState: 'accepted' });
    const [entry] = await t.app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'ticket'), eq(s.auditLog.action, 'update')));
    expect(entry.changes).toEqual({ endTime: { before: '22:00', after: '23:00' }, hoursWorked: { before: 4, after: 5 }, warnings: { before: 2, after: 7 } });
  });
});

describe('a tour overlapping a stored ticket', () => {
  it('is refused, naming the stored ticket in the way', async () => {
    const date = tenYears()[400]['10-41 Date'];
    const res = await importCall(t.app, admin, 'tickets', 'dryRun', csvFile(csvOf(HEADERS, [ticketRow(20, date, '21:00', '23:00')])));
    expect(refusedOf(res.body)).toEqual([
      [2, [{ message: `You already have existing tickets within this time frame! It overlaps the officer's ticket of ${date} 18:00 to 22:00 (Patrol).` }]],
    ]);
  });
});

describe('history', () => {
  it('takes tickets older than the edit window from a separated officer, already accepted by the importer', async () => {
    const rows = [ticketRow(30, '05/04/2017'), ticketRow(30, '05/05/2017', '22:00', '02:00', { '10-42 Date': '' })];
    const res = await runImportJob(t.app, admin, 'tickets', csvFile(csvOf(HEADERS, rows)));
    expect(res.body.counts).toEqual({ new: 2, unchanged: 0, changed: 0, refused: 0 });
    const stored = await ticketsOf(30);
    expect(stored.map((x) => ({ hours: x.hoursWorked, state: x.reviewState, by: x.reviewedBy, at: x.reviewedAt?.toISOString(), entered: x.enteredBy, attention: x.attention }))).toEqual([
      { hours: 4, state: 'accepted', by: 10, at: NOW.replace('Z', '.000Z'), entered: 10, attention: [] },
      // no 10-42 date: the next day for a tour past midnight, as the form gives it
      { hours: 4, state: 'accepted', by: 10, at: NOW.replace('Z', '.000Z'), entered: 10, attention: [] },
    ]);
  });

  it('refuses what the form refuses: unknown officer, 15-minute steps, end before start, shift limit, negative counts', async () => {
    const rows = [
      ticketRow(99, '05/04/2017'),
      ticketRow(30, '05/06/2017', '18:10', '22:00'),
      ticketRow(30, '05/07/2017', '18:00', '17:00', { '10-42 Date': '05/07/2017' }),
      ticketRow(30, '05/08/2017', '06:00', '19:00'),
      ticketRow(30, '05/09/2017', '18:00', '22:00', { Warnings: '-1' }),
    ];
    const res = await importCall(t.app, admin, 'tickets', 'dryRun', csvFile(csvOf(HEADERS, rows)));
    expect(refusedOf(res.body)).toEqual([
      [2, [{ field: 'officerId', message: 'Unknown Officer ID: "A0099"' }]],
      [3, [{ field: 'startTime', message: 'Time must be in 15 minute increments!' }]],
      [4, [{ field: 'endTime', message: 'End time must be after start time!' }]],
      [5, [{ field: 'endTime', message: 'Shift cannot be in excess of 12 hours!' }]],
      [6, [{ field: 'warnings', message: 'Counts must be whole numbers of 0 or more.' }]],
    ]);
  });
});

describe('event tickets', () => {
  let eventId = 0;
  const row = () => ticketRow(21, '02/10/2026', '09:00', '13:00', { 'Assignment Type': 'Detail', 'Precinct Worked at': '', Event: 'Winter Parade', 'Event Start': '02/10/2026 08:00' });

  beforeAll(async () => {
    const locationId = await addLocation(t.app, admin);
    [{ eventId }] = await t.app.ctx.db
      .insert(s.event)
      .values({ eventName: 'Winter Parade', eventTypeId: 1, locationId, startAt: new Date('2026-02-10T13:00:00Z'), endAt: new Date('2026-02-10T21:00:00Z'), maxOfficers: 5, description: 'Parade' })
      .returning({ eventId: s.event.eventId });
  });

  it('refuses a ticket for an event whose roster lacks the officer, with a clear message', async () => {
    const res = await runImportJob(t.app, admin, 'tickets', csvFile(csvOf(HEADERS, [row()])));
    expect(res.job.status).toBe('done');
    expect(refusedOf(res.body)).toEqual([[2, [{ field: 'eventName', message: 'A0021 is not on the roster of "Winter Parade" (02/10/2026 08:00).' }]]]);
  });

  it('takes it once he is on the roster, in the event location’s precinct; a wrong Event Start names no event', async () => {
    await t.app.ctx.db.insert(s.eventSignup).values({ eventId, officerId: 21 });
    const wrong = { ...row(), '10-41 Date': '02/11/2026', '10-42 Date': '02/11/2026', 'Event Start': '02/11/2026 08:00' };
    const res = await runImportJob(t.app, admin, 'tickets', csvFile(csvOf(HEADERS, [row(), wrong])));
    expect(res.body.counts).toMatchObject({ new: 1, refused: 1 });
    expect(refusedOf(res.body)).toEqual([[3, [{ field: 'eventName', message: 'No event named "Winter Parade" starts at 02/11/2026 08:00.' }]]]);
    const [x] = await t.app.ctx.db.select().from(s.hoursWorked).where(eq(s.hoursWorked.eventId, eventId));
    expect(x).toMatchObject({ officerId: 21, assignmentTypeId: 1, precinctId: 5, hoursWorked: 4 });
  });

  it('without an Event Start finds the event of that name the tour overlaps whose roster holds him (as the ticket export lists it)', async () => {
    // a second 'Winter Parade' that day, at the same place, with nobody on its roster
    const [ev] = await t.app.ctx.db.select().from(s.event).where(eq(s.event.eventId, eventId));
    await t.app.ctx.db.insert(s.event).values({ ...ev, eventId: undefined, startAt: new Date('2026-02-10T15:00:00Z'), endAt: new Date('2026-02-10T23:00:00Z') });
    const res = await importCall(t.app, admin, 'tickets', 'dryRun', csvFile(csvOf(HEADERS, [{ ...row(), 'Event Start': '' }])));
    expect(res.body.counts).toEqual({ new: 0, unchanged: 1, changed: 0, refused: 0 });
  });
});

describe('a Windows-1252 CSV with ; and an XLSX of the same tickets', () => {
  const descriptions = ['=1+1', '+15 minutes early', '@SUM(A1:A2)', '-5 degrees', '=HYPERLINK("http://evil.example/","x")', "'=2+2"];
  const rows = descriptions.map((d, i) => ticketRow(20, `01/${String(5 + i).padStart(2, '0')}/2026`, '10:00', '14:00', { Description: d, 'Business Checks': String(i) }));

  it('import identically, formula-looking descriptions stored as text', async () => {
    const latin = Buffer.from(csvOf(HEADERS, rows, ';'), 'latin1');
    expect(latin.includes(Buffer.from('Nuñez', 'utf8'))).toBe(false);
    const csvRun = await runImportJob(t.app, admin, 'tickets', { name: 'TICKETS.CSV', bytes: latin });
    expect(csvRun.body).toMatchObject({ encoding: 'windows-1252', delimiter: ';', counts: { new: 6, refused: 0 } });
    const stored = (await ticketsOf(20)).filter((x) => x.startAt >= new Date('2026-01-05T00:00:00Z') && x.startAt < new Date('2026-01-11T05:00:00Z'));
    // typed text, never evaluated; the guard quote Roll Call writes before a formula is dropped
    expect(stored.map((x) => [x.description, x.businessChecks])).toEqual(descriptions.map((d, i) => [d.replace(/^'/, ''), i]));

    const xlsx = await xlsxOf(HEADERS, rows);
    const xlsxRun = await runImportJob(t.app, admin, 'tickets', { name: 'tickets.xlsx', bytes: xlsx });
    expect(xlsxRun.job.status).toBe('done');
    expect(xlsxRun.body).toMatchObject({ format: 'xlsx', counts: { new: 0, unchanged: 6, changed: 0, refused: 0 } });
  });
});

describe('a certified LOSAP year', () => {
  it('refuses its tickets with the certified message and writes none', async () => {
    await t.app.ctx.db.insert(s.losapYearState).values({
      year: 2015, state: 'certified', startsAt: new Date('2015-01-01T05:00:00Z'), endsAt: new Date('2016-01-01T05:00:00Z'),
      reviewOpenedAt: new Date('2016-01-10T15:00:00Z'), certifiedAt: new Date('2016-02-01T15:00:00Z'), certifiedBy: 10,
    });
    const rows = [ticketRow(21, '06/02/2015'), ticketRow(21, '06/02/2014')];
    const res = await runImportJob(t.app, admin, 'tickets', csvFile(csvOf(HEADERS, rows)));
    expect(res.body.counts).toEqual({ new: 1, unchanged: 0, changed: 0, refused: 1 });
    expect(refusedOf(res.body)).toEqual([[2, [{ field: 'startDate', message: 'This LOSAP year has been certified and can no longer be changed.' }]]]);
    expect((await ticketsOf(21)).filter((x) => x.startAt.getUTCFullYear() === 2015)).toHaveLength(0);
  });
});
