import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { startTestApp, call, type TestApp } from './helpers';
import { OFF, addEvent, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

const NOW = '2026-03-20T16:00:00Z';
const NOT_YOURS = "You are not authorized to access another officer's tickets!";
const HYPERLINK = '=HYPERLINK("http://x","y")';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let eventId: number;
const pageRowsBefore = process.env.EXPORT_PAGE_ROWS;

async function insert(officerId: number, o: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/timeTickets/insert', { token: await tok(t.app, OFF.admin), body: ticketBody(officerId, o) });
  expect(res.status).toBe(201);
  return res.body.hoursWorkedId as number;
}

/** GET an export as raw bytes. */
async function download(url: string, token: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => JSON.parse(res.body) };
}

const BOM = '\uFEFF';
function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  expect(text.startsWith(BOM)).toBe(true);
  return parse(text.slice(1)) as string[][];
}

async function sheetOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0];
}

beforeAll(async () => {
  // three rows a database read, so a list of seven tickets takes three reads
  process.env.EXPORT_PAGE_ROWS = '3';
  t = await startTestApp({ now: new Date(NOW) });
  const { locationId } = await seedTicketWorld(t.app);
  eventId = await addEvent(t.app, locationId, { eventTypeId: 4, startAt: '2026-03-05T14:00:00Z', endAt: '2026-03-05T17:00:00Z', signups: [OFF.owner, OFF.other] });
  await insert(OFF.owner, { description: HYPERLINK, arrests: 2, reports: 1 });
  for (let day = 10; day <= 15; day++) {
    const d = `03/${day}/2026`;
    await insert(day % 2 ? OFF.owner : OFF.other, { startDate: d, endDate: d, startTime: '09:00', endTime: '11:30', travelHours: 1, firs: day - 9 });
  }
});
afterAll(async () => {
  if (pageRowsBefore === undefined) delete process.env.EXPORT_PAGE_ROWS;
  else process.env.EXPORT_PAGE_ROWS = pageRowsBefore;
  await t.close();
});

describe('time ticket export', () => {
  it('writes the whole list as CSV with BOM, header, the list order and no row twice', async () => {
    const token = await tok(t.app, OFF.supervisor);
    const res = await download('/api/timeTickets/export', token, { sinceDate: '03/01/2026', untilDate: '03/20/2026' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="time-tickets-2026-03-01-to-2026-03-20.csv"');
    expect(res.headers['x-total-count']).toBe('7');
    const [header, ...rows] = csvRows(res.bytes);
    expect(header.slice(0, 4)).toEqual(['Officer Id', 'Officer Name', '10-41 Date', '10-41 Time']);
    expect(header).toContain('Description');
    expect(header).toContain('Flag Reason');
    expect(rows).toHaveLength(7);
    // newest 10-41 first, as the list
    expect(rows.map((r) => r[2])).toEqual(['03/18/2026', '03/15/2026', '03/14/2026', '03/13/2026', '03/12/2026', '03/11/2026', '03/10/2026']);
    const list = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { sinceDate: '03/01/2026', untilDate: '03/20/2026' } });
    expect(rows.map((r) => r[0])).toEqual(list.body.map((r: { officer: { officerId: number } }) => `A${String(r.officer.officerId).padStart(4, '0')}`));
    const worked = header.indexOf('Worked');
    expect(rows[1][worked]).toBe('2.50');
  });

  it('keeps the filter and sort of the list', async () => {
    const token = await tok(t.app, OFF.supervisor);
    const res = await download('/api/timeTickets/export', token, { officerId: String(OFF.other), _sort: 'firs', _order: 'ASC' });
    const [header, ...rows] = csvRows(res.bytes);
    const firs = header.indexOf('Firs');
    expect(rows.map((r) => r[firs])).toEqual(['1', '3', '5']);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['A0012']));
  });

  it('writes a formula-looking description as text in CSV', async () => {
    const res = await download('/api/timeTickets/export', await tok(t.app, OFF.owner), { sinceDate: '03/18/2026' });
    const [header, row] = csvRows(res.bytes);
    expect(row[header.indexOf('Description')]).toBe(`'${HYPERLINK}`);
  });

  it('writes XLSX with a bold frozen header and typed cells', async () => {
    const token = await tok(t.app, OFF.supervisor);
    const res = await download('/api/timeTickets/export', token, { sinceDate: '03/01/2026', untilDate: '03/20/2026', format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="time-tickets-2026-03-01-to-2026-03-20.xlsx"');
    const sheet = await sheetOf(res.bytes);
    expect(sheet.rowCount).toBe(8);
    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe('Officer Id');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const names = (header.values as unknown[]).slice(1) as string[];
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(names.indexOf(name) + 1);
    // the HYPERLINK ticket is the newest (03/18): a string, not a formula
    expect(cell(2, 'Description').value).toBe(`'${HYPERLINK}`);
    expect(cell(2, 'Description').type).toBe(ExcelJS.ValueType.String);
    expect(cell(2, 'Arrests').value).toBe(2);
    expect(cell(3, 'Worked').value).toBe(2.5);
    expect(cell(3, 'Worked').numFmt).toBe('0.00');
    const start = cell(3, '10-41 Date');
    expect(start.value).toBeInstanceOf(Date);
    expect((start.value as Date).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(start.numFmt).toBe('mm/dd/yyyy');
    expect(cell(3, '10-41 Time').value).toBe('09:00');
  });

  it('sums the summary by officer as the list does', async () => {
    const token = await tok(t.app, OFF.supervisor);
    const query = { sinceDate: '03/01/2026', untilDate: '03/20/2026', summarizeFlag: 'Y' };
    const list = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query });
    const res = await download('/api/timeTickets/export', token, query);
    expect(res.headers['content-disposition']).toBe('attachment; filename="time-summary-by-officer-2026-03-01-to-2026-03-20.csv"');
    const [header, ...rows] = csvRows(res.bytes);
    expect(rows).toHaveLength(list.body.length);
    const total = header.indexOf('Total');
    const firs = header.indexOf('Firs');
    for (const [i, r] of list.body.entries()) {
      expect(rows[i][total]).toBe(r.totalHours.toFixed(2));
      expect(Number(rows[i][firs])).toBe(r.firs);
    }
  });

  it('refuses as the list does, before any byte', async () => {
    const owner = await tok(t.app, OFF.owner);
    const q = { officerId: String(OFF.other) };
    const list = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: owner, query: q });
    const res = await download('/api/timeTickets/export', owner, q);
    expect({ status: res.status, message: res.json().message }).toEqual({ status: 403, message: NOT_YOURS });
    expect(res.json().message).toBe(list.body.message);
    const restricted = await download('/api/timeTickets/export', await tok(t.app, OFF.restricted));
    expect({ status: restricted.status, message: restricted.json().message }).toEqual({ status: 403, message: 'Unauthorized!' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/timeTickets/export' });
    expect(anonymous.statusCode).toBe(401);
    const badFilter = await download('/api/timeTickets/export', owner, { untilDate: '03/01/2026' });
    const badList = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: owner, query: { untilDate: '03/01/2026' } });
    expect({ status: badFilter.status, message: badFilter.json().message }).toEqual({ status: 400, message: badList.body.message });
  });

  it('refuses another format with 400', async () => {
    const res = await download('/api/timeTickets/export', await tok(t.app, OFF.owner), { format: 'pdf' });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'The export format must be csv or xlsx.' });
  });

  it('answers a refused user as the list does, whatever format he asks for', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auditLog/export', query: { format: 'pdf' } });
    expect(anonymous.statusCode).toBe(401);
    const owner = await tok(t.app, OFF.owner);
    const pairs = [['/api/auditLog/export', '/api/auditLog/getMultiple'], ['/api/statistics/export', '/api/statistics/getStatistics'], ['/api/uploads/exportReport', '/api/uploads/downloadReport']];
    for (const [exportUrl, listUrl] of pairs) {
      const res = await download(exportUrl, owner, { format: 'pdf' });
      const list = await call(t.app, 'GET', listUrl, { token: owner });
      expect(list.status).toBeGreaterThanOrEqual(400);
      expect({ exportUrl, status: res.status, message: res.json().message }).toEqual({ exportUrl, status: list.status, message: list.body.message });
    }
  });
});

describe('the other lists and reports', () => {
  it('exports events and a roster as their lists show them', async () => {
    const token = await tok(t.app, OFF.supervisor);
    const events = await download('/api/events/export', token, { sinceStartDate: '03/01/2026', untilStartDate: '03/31/2026', format: 'xlsx' });
    expect(events.status).toBe(200);
    expect(events.headers['content-disposition']).toBe('attachment; filename="events-2026-03-01-to-2026-03-31.xlsx"');
    const sheet = await sheetOf(events.bytes);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(eventId);
    const roster = await download('/api/signup/export', token, { eventId: String(eventId) });
    expect(roster.headers['content-disposition']).toBe('attachment; filename="roster-2026-03-20.csv"');
    const [header, ...rows] = csvRows(roster.bytes);
    expect(header.slice(0, 3)).toEqual(['Officer ID', 'Last Name', 'First Name']);
    expect(rows.map((r) => r[0]).sort()).toEqual(['A0011', 'A0012']);
  });

  it('refuses statistics below level 5 and officers at level 3 as the lists do', async () => {
    const query = { assignedPct: '1', sinceDate: '03/01/2026', untilDate: '03/31/2026' };
    const owner = await tok(t.app, OFF.owner);
    const list = await call(t.app, 'GET', '/api/statistics/getStatistics', { token: owner, query });
    const res = await download('/api/statistics/export', owner, query);
    expect({ status: res.status, message: res.json().message }).toEqual({ status: list.status, message: list.body.message });
    expect(res.status).toBe(403);
    const restricted = await tok(t.app, OFF.restricted);
    const officers = await call(t.app, 'GET', '/api/officer/getMultiple', { token: restricted });
    const officersExport = await download('/api/officer/export', restricted);
    expect({ status: officersExport.status, message: officersExport.json().message }).toEqual({ status: 403, message: officers.body.message });
    const stats = await download('/api/statistics/export', await tok(t.app, OFF.supervisor), { ...query, format: 'xlsx' });
    expect(stats.status).toBe(200);
    const sheet = await sheetOf(stats.bytes);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('0.00');
  });

  it('writes training compliance from the same body as the report', async () => {
    const token = await tok(t.app, OFF.admin);
    const body = [{ eventId }];
    const list = await call(t.app, 'POST', '/api/events/getNonCompliantOfficers', { token, body, query: { precinctId: '0' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/events/exportNonCompliantOfficers', query: { precinctId: '0' }, payload: body, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const [, ...rows] = csvRows(res.rawPayload);
    expect(rows.map((r) => r[0])).toEqual(list.body.map((o: { officerId: number }) => `A${String(o.officerId).padStart(4, '0')}`));
    const refused = await t.app.inject({ method: 'POST', url: '/api/events/exportNonCompliantOfficers', payload: body, headers: { authorization: `Bearer ${await tok(t.app, OFF.supervisor)}` } });
    expect(refused.statusCode).toBe(403);
  });

  it('records an export of officers and of the audit log in the audit log', async () => {
    const token = await tok(t.app, OFF.auditor);
    const officers = await download('/api/officer/export', token, { format: 'xlsx' });
    expect(officers.status).toBe(200);
    const roster = await sheetOf(officers.bytes);
    expect(Number(officers.headers['x-total-count'])).toBe(roster.rowCount - 1);
    const log = await download('/api/auditLog/export', token, { action: 'export' });
    expect(log.status).toBe(200);
    const [header, ...rows] = csvRows(log.bytes);
    const entity = header.indexOf('Record');
    // the officer export's entry is in the file; the audit log export's own entry follows its count, so the next export shows it
    expect(rows.map((r) => r[entity])).toEqual(['officer']);
    const again = csvRows((await download('/api/auditLog/export', token, { action: 'export' })).bytes);
    expect(again.slice(1).map((r) => r[entity]).sort()).toEqual(['auditLog', 'officer']);
    const refused = await download('/api/auditLog/export', await tok(t.app, OFF.admin));
    expect(refused.status).toBe(403);
  });

  it('writes each audit entry once, though entries are written while it pages (its own among them)', async () => {
    const token = await tok(t.app, OFF.auditor);
    const list = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token, query: { _start: '0', _end: '200' } });
    const log = await download('/api/auditLog/export', token);
    expect(log.status).toBe(200);
    const [header, ...rows] = csvRows(log.bytes);
    expect(rows.length).toBeGreaterThan(6);
    expect(header.length).toBeGreaterThan(1);
    const keys = rows.map((r) => r.join('|'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.length).toBe(Number(log.headers['x-total-count']));
    expect(rows.length).toBeGreaterThanOrEqual(list.body.length);
  });

  it('exports the 159 board and refuses the compliance report below level 9', async () => {
    const owner = await tok(t.app, OFF.owner);
    const board = await download('/api/uploads/export', owner, { uploadTypeId: '1' });
    expect(board.status).toBe(200);
    expect(csvRows(board.bytes)[0][0]).toBe('Upload Id');
    const report = await download('/api/uploads/exportReport', owner, { officerId: String(OFF.owner) });
    expect(report.status).toBe(403);
    const mine = await download('/api/uploads/exportReport', await tok(t.app, OFF.admin), { officerId: String(OFF.owner) });
    expect(mine.status).toBe(200);
    const none = await download('/api/uploads/exportReport', await tok(t.app, OFF.admin));
    expect(none.status).toBe(400);
  });
});
