import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { App } from '../../server/app';
import { call } from './helpers';
import { multipart, type Part } from './uploads.fixtures';
import { OFFICER_HEADERS, officerImportRow } from '../importRows';

export { OFFICER_HEADERS };

const letters = (n: number) => String.fromCharCode(65 + (n % 26)) + String.fromCharCode(97 + (Math.floor(n / 26) % 26));

/** One officer row (id 1000 + i) with a complete profile; `over` replaces cells by header. */
export function officerRow(i: number, over: Record<string, string> = {}): Record<string, string> {
  const id = 1000 + i;
  return officerImportRow(i, { id, login: `imported${id}`, lastName: `Müller${letters(i)}`, badge: 4000 + i, handcuff: 5000 + i }, over);
}

/** The rows as CSV text with `delimiter` (quoted where needed, CRLF lines as Excel writes them). */
export function csvOf(headers: string[], rows: Array<Record<string, string>>, delimiter = ','): string {
  return stringify([headers, ...rows.map((r) => headers.map((h) => r[h] ?? ''))], { delimiter, record_delimiter: 'windows' });
}

/**
 * The rows as an XLSX workbook: dates as real date cells, whole numbers as number cells (as a
 * spreadsheet holds them), the rest as text.
 */
export async function xlsxOf(headers: string[], rows: Array<Record<string, string>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Roster');
  sheet.addRow(headers);
  for (const r of rows) {
    const line = sheet.addRow(
      headers.map((h) => {
        const v = r[h] ?? '';
        const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
        if (date) return new Date(Date.UTC(Number(date[3]), Number(date[1]) - 1, Number(date[2])));
        if (/^[1-9]\d{0,8}$/.test(v)) return Number(v);
        return v === '' ? null : v;
      }),
    );
    line.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'mm/dd/yyyy';
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends an import call with the file (and the mapping as jsonBodyData when given). */
export function importCall(app: App, token: string, kind: string, action: string, file: { name: string; bytes: Buffer }, mapping?: Record<string, string | null>) {
  const parts: Part[] = [{ name: 'file', filename: file.name, data: file.bytes }];
  if (mapping) parts.push({ name: 'jsonBodyData', data: JSON.stringify({ mapping }) });
  const body = multipart(parts);
  return call(app, 'POST', `/api/import/${kind}/${action}`, { token, body: body.payload, headers: body.headers });
}

/**
 * Runs an import as the page does: POST /run answers 202 with the job, which goes on in the
 * background; GET /api/import/jobs/{id} is read until it is no longer running. Returns the finished
 * job and its report (`body`, as the old synchronous answer was).
 */
export async function runImportJob(app: App, token: string, kind: string, file: { name: string; bytes: Buffer }, mapping?: Record<string, string | null>) {
  const started = await importCall(app, token, kind, 'run', file, mapping);
  if (started.status !== 202) throw new Error(`run answered ${started.status}: ${JSON.stringify(started.body)}`);
  const job = await waitForJob(app, token, started.body.id);
  return { job, body: job.report };
}

/** Reads GET /api/import/jobs/{id} until the job is done or failed (at most 60 s). */
export async function waitForJob(app: App, token: string, id: number) {
  for (let i = 0; i < 1200; i++) {
    const res = await call(app, 'GET', `/api/import/jobs/${id}`, { token });
    if (res.status !== 200) throw new Error(`GET job answered ${res.status}`);
    if (res.body.status !== 'running') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import job did not finish');
}
