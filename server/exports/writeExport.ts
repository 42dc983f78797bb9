/**
 * The one writer of every export (CSV and XLSX), streamed to the reply: the rows come page by
 * page from the database and each page is written into the stream as it arrives, so an export of
 * 100,000 tickets never holds more than one page of rows. Every text cell goes through spreadsheetCell
 * (no cell can start a formula). A route runs all of its list's checks and the count first, so
 * every refusal is answered as the list answers it, before any byte of the file.
 */
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { spreadsheetCell } from '../../src/domain/spreadsheetCell';
import { toIsoDate } from '../../src/domain/dates';
import type { Column, ExportFormat } from './columns';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Rows one database read holds: `fallback` (250 unless said), or EXPORT_PAGE_ROWS (for tests).
 *
 * 250 rows because of the garbage collector: a page that is still alive after two young-generation
 * collections is copied into old space and stays there, garbage, until a full collection, which
 * V8 puts off until old space has grown by a few hundred MB. Writing one ticket as CSV leaves
 * about 24 kB of short-lived garbage (17 kB of it csv-stringify's, several hundred bytes a cell),
 * and a young collection comes every 16 MB: 250 rows (about 6 MB) are written and gone before
 * the second, 2,000 rows (48 MB) never were (one year's CSV export grew RSS by +114 to +231 MiB).
 */
export function exportPageRows(fallback = 250): number {
  const n = Number(process.env.EXPORT_PAGE_ROWS);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Rows of an OFFSET read (pagedReader): every read re-reads the rows before it, so these stay
 * large; the lists read so are a few thousand rows, not a year of tickets.
 */
const OFFSET_PAGE_ROWS = 2000;

/** Rows turned into CSV text in one piece: a slice's garbage dies young (see exportPageRows). */
const CSV_SLICE_ROWS = 250;

/** Rows of the first read at most: about 150 KB of CSV, enough for gzip to send its first block. */
const FIRST_PAGE_ROWS = 1000;

/**
 * One page of rows from `offset` (at most `limit`), each row handed to `each` as it is read and
 * only what `each` returns kept (the row's cells): no row object has to outlive its own row.
 * Fewer than `limit` rows (rows gone since the total was counted) do not end the export; its
 * announced total does.
 */
export type PageReader<R> = <T>(offset: number, limit: number, each: (row: R) => T) => Promise<T[]>;

export interface ExportSpec<R> {
  format: ExportFormat;
  /** File name without extension, e.g. 'time-tickets-2026-01-01-to-2026-11-26'. */
  name: string;
  /** Worksheet name (XLSX). */
  sheet: string;
  columns: Column<R>[];
  /** Rows the export will hold (X-Total-Count), counted before the first byte. */
  total: number;
  /** Reads the rows page by page, in the list's order. */
  read: PageReader<R>;
  /** Rows per read; exportPageRows() by default. */
  pageRows?: number;
}

/** A reader over rows already read (the reports, which are one statement of at most a few thousand rows). */
export function rowsReader<R>(rows: readonly R[]): PageReader<R> {
  return async (offset, limit, each) => rows.slice(offset, offset + limit).map(each);
}

/**
 * A paged list whose every page carries its total (listOfficers, listAudit): reads the first page
 * now (the count for X-Total-Count, and any refusal of the read, before the first byte) and
 * returns a reader that hands that page out first and reads the rest with OFFSET pages.
 */
export async function pagedReader<R>(
  read: (offset: number, limit: number) => Promise<{ rows: R[]; total: number }>,
  pageRows: number = exportPageRows(OFFSET_PAGE_ROWS),
): Promise<{ total: number; read: PageReader<R>; pageRows: number }> {
  const first = await read(0, pageRows);
  return {
    total: first.total,
    pageRows,
    read: async (offset, limit, each) => (offset === 0 ? first.rows : (await read(offset, limit)).rows).map(each),
  };
}

/** `<base>-<since>-to-<until>` in ISO dates when the list has a date range, else `<base>-<today>` (dates MM/DD/YYYY in). */
export function exportName(base: string, today: string, since?: string | null, until?: string | null): string {
  if (since) return `${base}-${toIsoDate(since)}-to-${toIsoDate(until || today)}`;
  return `${base}-${toIsoDate(today)}`;
}

const DEFAULT_WIDTH: Record<Column<unknown>['kind'], number> = { text: 24, integer: 10, hours: 10, date: 12, time: 8 };
const NUM_FMT: Partial<Record<Column<unknown>['kind'], string>> = { hours: '0.00', date: 'mm/dd/yyyy' };

/** A number cell's value, or null for an empty or unreadable value. */
function numberOf(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A cell as CSV text or number: hours with 2 decimals, dates and times as shown, text quoted against formulas. */
function csvCell<R>(c: Column<R>, row: R): string | number {
  const v = c.value(row);
  switch (c.kind) {
    case 'integer':
      return numberOf(v) ?? '';
    case 'hours': {
      const n = numberOf(v);
      return n === null ? '' : n.toFixed(2);
    }
    default:
      return spreadsheetCell(v === null || v === undefined ? '' : String(v));
  }
}

/** The calendar day MM/DD/YYYY as the UTC midnight Date that ExcelJS writes as exactly that day's serial. */
function excelDay(v: string): Date | string {
  const iso = toIsoDate(v);
  const [y, m, d] = iso.split('-').map(Number);
  return Number.isFinite(y) && Number.isFinite(m) && Number.isFinite(d) ? new Date(Date.UTC(y, m - 1, d)) : String(spreadsheetCell(v));
}

/** A cell as an XLSX value: numbers as numbers, dates as dates, text quoted against formulas. */
function xlsxCell<R>(c: Column<R>, row: R): string | number | Date | null {
  const v = c.value(row);
  switch (c.kind) {
    case 'integer':
    case 'hours':
      return numberOf(v);
    case 'date':
      return v ? excelDay(String(v)) : null;
    default: {
      const text = spreadsheetCell(v === null || v === undefined ? '' : String(v));
      return text === '' ? null : String(text);
    }
  }
}

/**
 * Sends the export as a 200 stream with Content-Type, Content-Disposition (attachment,
 * `<name>.<csv|xlsx>`) and X-Total-Count, then writes it page by page: CSV (UTF-8 with BOM,
 * header row) through csv-stringify, XLSX through ExcelJS' streaming WorkbookWriter (bold,
 * frozen header row; typed cells). Waits for the client to take each page (backpressure) and
 * stops reading the database when the client goes away. A failure after the first byte can only
 * cut the download short (logged), never answer with another status.
 */
export function sendExport<R>(request: FastifyRequest, reply: FastifyReply, spec: ExportSpec<R>): FastifyReply {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  reply.header('Content-Type', CONTENT_TYPES[spec.format]);
  reply.header('Content-Disposition', `attachment; filename="${spec.name}.${spec.format}"`);
  reply.header('X-Total-Count', String(spec.total));
  reply.header('Cache-Control', 'no-store');
  const gone = new AbortController();
  const stop = () => gone.abort();
  reply.raw.once('close', stop);
  out.once('close', stop);
  const pump = spec.format === 'csv' ? writeCsv(out, spec, gone.signal) : writeXlsx(out, spec, gone.signal);
  pump.catch((err: unknown) => {
    if (!gone.signal.aborted) request.log.error({ err }, 'export failed after its first byte');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(out);
}

/** Waits until `stream` drains, or the client is gone (then false). */
async function drained(stream: NodeJS.EventEmitter, signal: AbortSignal): Promise<boolean> {
  try {
    await once(stream, 'drain', { signal });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the pages in order and writes each into `out` the moment it arrives (`write`, synchronous:
 * the page's rows become bytes in `out` and are dropped, whatever the client is doing); stops when
 * the total announced (X-Total-Count) has been read or the client is gone. The next page is asked for as soon as this one is
 * written, and the client is waited for (backpressure) while it is read, so the database's work
 * and the client's reading overlap; what waits for the client is bytes, at most two pages of them
 * beyond `out`'s high-water mark, never rows.
 *
 * Rows that waited for the client were what made an export grow the server's memory: waiting,
 * they lived through young-generation collections and V8 moved them (and, by allocation-site
 * pretenuring, every later ticket object) into old space, where they stayed as garbage until a
 * full collection (see exportPageRows).
 */
async function eachPage<R, T>(
  spec: ExportSpec<R>,
  out: PassThrough,
  signal: AbortSignal,
  cells: (row: R) => T,
  write: (records: T[]) => void,
): Promise<boolean> {
  const size = spec.pageRows ?? exportPageRows();
  // a short first page, so the first bytes (and, through gzip, a first full block) leave soon
  let limit = Math.min(size, FIRST_PAGE_ROWS);
  const readAndWrite = (offset: number, limit: number) => {
    const page = spec.read(offset, limit, cells).then((records) => {
      if (!signal.aborted) write(records);
      return records.length;
    });
    // a read left behind when the client goes away must not become an unhandled rejection
    page.catch(() => {});
    return page;
  };
  let next = readAndWrite(0, limit);
  for (let offset = 0; ; ) {
    const count = await next;
    if (signal.aborted) return false;
    // A reader may hand out more than asked (pagedReader's first page, read at full size before
    // the first byte): the next page starts after what came. It may also hand out fewer: a page of
    // ticket ids one of which was deleted since the ids were read. So the export ends at the total
    // it announced, not at the first short page, and never reads a position twice.
    offset += Math.max(count, limit);
    if (offset >= spec.total) return true;
    limit = size;
    next = readAndWrite(offset, limit);
    if (out.writableNeedDrain && !(await drained(out, signal))) return false;
  }
}

/**
 * CSV: each page becomes text with csv-stringify's sync writer, one slice of CSV_SLICE_ROWS rows
 * at a time, so the per-cell garbage of a slice dies young (see exportPageRows).
 */
async function writeCsv<R>(out: PassThrough, spec: ExportSpec<R>, signal: AbortSignal) {
  const columns = spec.columns.map((c) => c.header);
  let first = true;
  const cells = (row: R) => spec.columns.map((c) => csvCell(c, row));
  const complete = await eachPage(spec, out, signal, cells, (records) => {
    for (let at = 0; at < records.length || first; at += CSV_SLICE_ROWS) {
      // the BOM and the header row once, at the top (also of an export without rows)
      out.write(stringify(records.slice(at, at + CSV_SLICE_ROWS), { bom: first, header: first, columns }));
      first = false;
    }
  });
  if (complete) out.end();
  else out.destroy();
}

async function writeXlsx<R>(out: PassThrough, spec: ExportSpec<R>, signal: AbortSignal) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ width: c.width ?? Math.max(DEFAULT_WIDTH[c.kind], c.header.length + 2) }));
  const header = sheet.addRow(spec.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  // One style object per column, shared by all its cells: ExcelJS remembers the id of a style
  // object it has seen, where a style of its own per cell is written out and looked up again for
  // every cell (about 2 s of CPU in 100,000 rows).
  const styles: Array<Partial<ExcelJS.Style>> = spec.columns.map((c) => (NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {}));
  // the zip writes into `out` as it compresses; eachPage waits for the client to take it
  const cells = (row: R) => spec.columns.map((c) => xlsxCell(c, row));
  const complete = await eachPage(spec, out, signal, cells, (records) => {
    for (const record of records) {
      const line = sheet.addRow(record);
      for (let i = 0; i < styles.length; i++) line.getCell(i + 1).style = styles[i];
      line.commit();
    }
  });
  if (!complete) return;
  sheet.commit();
  await book.commit();
}
