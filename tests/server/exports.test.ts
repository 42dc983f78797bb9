import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { startTestApp, call, type TestApp } from './helpers';
import { OFF, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

const NOW = '2026-03-20T16:00:00Z';
const NOT_YOURS = "You are not authorized to access another officer's tickets!";
const HYPERLINK = '=HYPERLINK("http://x","y")';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
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
  await seedTicketWorld(t.app);
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
});
