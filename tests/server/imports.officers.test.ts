import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { OFFICER_HEADERS, csvOf, importCall, officerRow, runImportJob, xlsxOf } from './imports.fixtures';
import * as s from '../../server/db/schema';

const NOW = '2026-03-20T16:00:00Z';
let t: TestApp;
let admin: string;
let level9: string;

const csvFile = (text: string, name = 'roster.csv') => ({ name, bytes: Buffer.from(text, 'utf8') });
const importedCount = async () => {
  const [{ n }] = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.officer).where(gte(s.officer.officerId, 1000));
  return Number(n);
};

/** 50 officers, of which three are bad: line 12 without a last name, line 25 with line 24's login, line 40 in an unknown precinct. */
function fiftyWithThreeBad() {
  const rows = Array.from({ length: 50 }, (_, i) => officerRow(i));
  rows[10] = officerRow(10, { 'Last Name': '' });
  rows[23] = officerRow(23, { Login: rows[22].Login.toUpperCase() });
  rows[38] = officerRow(38, { Precinct: '42nd Precinct' });
  return rows;
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW), env: { AUTH_RATE_LIMIT: '1000' } });
  await createOfficer(t.app, { officerId: 10, accessTypeId: 10, login: 'rosteradmin', lastName: 'Admin' });
  await createOfficer(t.app, { officerId: 9, accessTypeId: 9, login: 'chief', lastName: 'Chief' });
  admin = await tokenFor(t.app, 10);
  level9 = await tokenFor(t.app, 9);
});
afterAll(() => t.close());

describe('who may import', () => {
  it('refuses level 9 every import call with 403', async () => {
    const file = csvFile(csvOf(OFFICER_HEADERS, [officerRow(0)]));
    for (const action of ['inspect', 'dryRun', 'run', 'errors']) {
      const res = await importCall(t.app, level9, 'officers', action, file);
      expect(res.status, action).toBe(403);
      expect(res.body.message).toBe('Unauthorized!');
    }
    const template = await call(t.app, 'GET', '/api/import/officers/template', { token: level9 });
    expect(template.status).toBe(403);
    expect(await importedCount()).toBe(0);
  });
});

describe('inspecting a file', () => {
  it('answers its headers, the automatic mapping and the first 5 rows', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => officerRow(i));
    const res = await importCall(t.app, admin, 'officers', 'inspect', csvFile(csvOf([...OFFICER_HEADERS, 'Notes'], rows)));
    expect(res.status).toBe(200);
    expect(res.body.headers).toEqual([...OFFICER_HEADERS, 'Notes']);
    expect(res.body.mapping).toMatchObject({
      officerId: 'officerId', login: 'Login', lastName: 'Last Name', homeStreetAddr1: 'Address', homeZip: 'Postal Code', homePhone: 'Phone',
      accessType: 'Access Level', badgeNumber: 'badgeNumber', soundex: 'Drivers License #', middle: null, separationDate: null,
    });
    expect(res.body.missing).toEqual([]);
    expect(res.body.rows).toHaveLength(5);
    expect(res.body.rows[0]).toEqual({ line: 2, values: [...OFFICER_HEADERS.map((h) => rows[0][h]), ''] });
  });
});

describe('50 officers with 3 bad rows', () => {
  const file = () => csvFile(csvOf(OFFICER_HEADERS, fiftyWithThreeBad()));

  it('the dry run refuses exactly those 3, with the spec messages, and writes nothing', async () => {
    const res = await importCall(t.app, admin, 'officers', 'dryRun', file());
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ new: 47, unchanged: 0, changed: 0, refused: 3 });
    expect(res.body.refused.map((r: { line: number; issues: unknown }) => [r.line, r.issues])).toEqual([
      [12, [{ field: 'lastName', message: 'Required' }]],
      [25, [{ field: 'login', message: 'Duplicate record - unique constraint violated!' }]],
      [40, [{ field: 'precinct', message: 'Unknown Precinct: "42nd Precinct"' }]],
    ]);
    expect(res.body.refused[0].values).toEqual(OFFICER_HEADERS.map((h) => fiftyWithThreeBad()[10][h]));
    expect(res.body.unknownValues).toEqual([{ field: 'precinct', value: '42nd Precinct', rows: 1 }]);
    expect(await importedCount()).toBe(0);
  });

  it('the error file holds the original columns plus Errors for those 3 rows', async () => {
    const res = await importCall(t.app, admin, 'officers', 'errors', file());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const table = parse(res.text, { bom: true }) as string[][];
    expect(table[0]).toEqual([...OFFICER_HEADERS, 'Errors']);
    expect(table.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['A1010', 'Last Name: Required'],
      ['A1023', 'Login: Duplicate record - unique constraint violated!'],
      ['A1038', 'Unknown Precinct: "42nd Precinct"'],
    ]);
  });

  it('the import writes the 47 with an audit entry each, without a usable password', async () => {
    const res = await runImportJob(t.app, admin, 'officers', file());
    expect(res.job.status).toBe('done');
    expect(res.body.counts).toEqual({ new: 47, unchanged: 0, changed: 0, refused: 3 });
    expect(await importedCount()).toBe(47);
    const entries = await t.app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'officer'), eq(s.auditLog.action, 'create')));
    expect(entries).toHaveLength(47);
    expect(entries.every((e) => e.actorId === 10 && e.details?.startsWith('import roster.csv, line '))).toBe(true);
    const [muller] = await t.app.ctx.db.select().from(s.officer).where(eq(s.officer.officerId, 1001));
    expect(muller).toMatchObject({ login: 'imported1001', firstName: 'José', lastName: 'MüllerBa', precinctId: 3, rankId: 1, accessTypeId: 1, appointmentDate: '2019-02-15', homeStateId: 33, badgeNumber: 4001, lastLoginDate: null });
    // no password opens the account: he waits for his set-password link
    const signIn = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'imported1001', password: 'Welcome123' } });
    expect(signIn.status).toBe(401);
  });

  it('the same file again reports the 47 unchanged and writes nothing', async () => {
    const before = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.auditLog);
    const res = await runImportJob(t.app, admin, 'officers', file());
    expect(res.body.counts).toEqual({ new: 0, unchanged: 47, changed: 0, refused: 3 });
    const after = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.auditLog);
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });

  it('a changed row is reported changed with its fields, and the import updates that officer', async () => {
    const rows = fiftyWithThreeBad();
    rows[5] = officerRow(5, { Mobile: '516-555-9999', Rank: 'Auxiliary Sergeant' });
    const changedFile = csvFile(csvOf(OFFICER_HEADERS, rows));
    const dry = await importCall(t.app, admin, 'officers', 'dryRun', changedFile);
    expect(dry.body.counts).toEqual({ new: 0, unchanged: 46, changed: 1, refused: 3 });
    expect(dry.body.changed).toEqual([{ line: 7, key: 'A1005', fields: ['rank', 'mobile'] }]);
    const res = await runImportJob(t.app, admin, 'officers', changedFile);
    expect(res.body.counts.changed).toBe(1);
    const [o] = await t.app.ctx.db.select().from(s.officer).where(eq(s.officer.officerId, 1005));
    expect(o).toMatchObject({ mobile: '516-555-9999', rankId: 2, updatedBy: 10 });
    const [entry] = await t.app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'officer'), eq(s.auditLog.action, 'update'), eq(s.auditLog.entityId, '1005')));
    expect(entry.changes).toEqual({ mobile: { before: '516-555-1005', after: '516-555-9999' }, 'rank.rankId': { before: 1, after: 2 } });
  });

  it('refuses a login another officer id holds with the spec 409 message', async () => {
    const res = await importCall(t.app, admin, 'officers', 'dryRun', csvFile(csvOf(OFFICER_HEADERS, [officerRow(60, { Login: 'ROSTERADMIN' })])));
    expect(res.body.refused[0].issues).toEqual([{ field: 'login', message: 'Duplicate record - unique constraint violated!' }]);
  });
});

describe('a Windows-1252 CSV with ; and an XLSX of the same officers', () => {
  const rows = Array.from({ length: 6 }, (_, i) =>
    officerRow(100 + i, {
      'Last Name': `Nuñez${String.fromCharCode(65 + i)}`,
      // formula-looking cells are text, stored as typed
      Address: ['=1+1 Elm St', '+1 Main St', '@Home Lane', '-5 Oak Ave', '=HYPERLINK("http://evil.example/","x")', '12 Elm St'][i],
      City: i === 2 ? '=cmd|\' /C calc\'!A0' : 'Hempstead',
    }),
  );

  it('import identically, formula-looking cells stored as text', async () => {
    const latin = Buffer.from(csvOf(OFFICER_HEADERS, rows, ';'), 'latin1');
    expect(latin.includes(Buffer.from('Nuñez', 'utf8'))).toBe(false);
    const csvRun = await runImportJob(t.app, admin, 'officers', { name: 'ROSTER.CSV', bytes: latin });
    expect(csvRun.body).toMatchObject({ encoding: 'windows-1252', delimiter: ';', counts: { new: 6, refused: 0 } });
    const stored = await t.app.ctx.db.select().from(s.officer).where(and(gte(s.officer.officerId, 1100), sql`${s.officer.officerId} < 1200`)).orderBy(s.officer.officerId);
    expect(stored.map((o) => [o.lastName, o.homeStreetAddr1, o.homeCity])).toEqual(rows.map((r) => [r['Last Name'], r.Address, r.City]));

    // the same officers from an XLSX (dates and numbers as typed cells) change nothing
    const xlsx = await xlsxOf(OFFICER_HEADERS, rows);
    const xlsxRun = await runImportJob(t.app, admin, 'officers', { name: 'roster.xlsx', bytes: xlsx });
    expect(xlsxRun.job.status).toBe('done');
    expect(xlsxRun.body).toMatchObject({ format: 'xlsx', counts: { new: 0, unchanged: 6, changed: 0, refused: 0 } });
  });
});

describe('mapping', () => {
  it('takes a mapping for headers it cannot match and refuses one missing a required field', async () => {
    const headers = OFFICER_HEADERS.map((h) => (h === 'Last Name' ? 'Apellido' : h));
    const rows = [officerRow(70)].map((r) => ({ ...r, Apellido: r['Last Name'] }));
    const file = csvFile(csvOf(headers, rows));
    const unmapped = await importCall(t.app, admin, 'officers', 'dryRun', file);
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.message).toBe('Choose the column of Last Name.');
    const mapped = await importCall(t.app, admin, 'officers', 'dryRun', file, { lastName: 'Apellido' });
    expect(mapped.status).toBe(200);
    expect(mapped.body.counts.new).toBe(1);
    const wrong = await importCall(t.app, admin, 'officers', 'dryRun', file, { lastName: 'Nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The file has no column named "Nope".');
  });

  it('refuses a file that is neither CSV nor XLSX, and an empty one', async () => {
    const xls = await importCall(t.app, admin, 'officers', 'dryRun', { name: 'roster.xls', bytes: Buffer.from('whatever') });
    expect(xls.status).toBe(400);
    expect(xls.body.message).toBe('Only CSV or XLSX files can be imported.');
    const empty = await importCall(t.app, admin, 'officers', 'dryRun', csvFile('\r\n\r\n'));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file has no header row.');
    const broken = await importCall(t.app, admin, 'officers', 'dryRun', { name: 'roster.xlsx', bytes: Buffer.from('PK\x03\x04 not really a zip') });
    expect(broken.status).toBe(400);
  });
});

describe('templates', () => {
  it('serves the officers template as CSV and XLSX with the columns and one example row', async () => {
    const csv = await call(t.app, 'GET', '/api/import/officers/template', { token: admin, query: { format: 'csv' } });
    expect(csv.status).toBe(200);
    const table = parse(csv.text, { bom: true }) as string[][];
    expect(table).toHaveLength(2);
    expect(table[0].slice(0, 5)).toEqual(['Officer ID', 'Login', 'First Name', 'Middle', 'Last Name']);
    // the template imports as it is
    const dry = await importCall(t.app, admin, 'officers', 'dryRun', csvFile(csv.text, 'officers-template.csv'));
    expect(dry.body.counts).toEqual({ new: 1, unchanged: 0, changed: 0, refused: 0 });
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/import/officers/template?format=xlsx', headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    const dryXlsx = await importCall(t.app, admin, 'officers', 'dryRun', { name: 'officers-template.xlsx', bytes: xlsx.rawPayload });
    expect(dryXlsx.body.counts).toEqual({ new: 1, unchanged: 0, changed: 0, refused: 0 });
  });
});
