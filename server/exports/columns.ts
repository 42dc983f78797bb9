/**
 * The columns of an export: what a sheet shows of one row, typed so that CSV and XLSX write the
 * same values (server/exports/writeExport.ts). Headers come from the catalog (src/domain/messages).
 */
import { z } from 'zod';
import { rc } from '../../src/domain/messages';
import { badRequest } from '../errors';

/**
 * How a column's cells are written:
 * - text: a string, always through spreadsheetCell (no formula can start a cell);
 * - integer: a whole number (a number cell in XLSX);
 * - hours: decimal hours, 2 decimals (CSV '7.50'; XLSX a number with numFmt '0.00');
 * - date: the value is MM/DD/YYYY (a calendar day in ORG_TIMEZONE); CSV shows it so, XLSX writes
 *   a real date (numFmt 'mm/dd/yyyy') of that calendar day, whatever the server's time zone;
 * - time: HH:mm wall clock in ORG_TIMEZONE, written as text in both formats.
 */
export type ColumnKind = 'text' | 'integer' | 'hours' | 'date' | 'time';

/** One column: its header (catalog text), kind, value getter and XLSX width (characters). */
export interface Column<R> {
  header: string;
  kind: ColumnKind;
  value: (row: R) => string | number | null | undefined;
  /** Column width in characters in XLSX; defaults by kind. */
  width?: number;
}

/** Shorthands for building column lists. */
export const col = {
  text: <R>(header: string, value: Column<R>['value'], width?: number): Column<R> => ({ header, kind: 'text', value, width }),
  integer: <R>(header: string, value: Column<R>['value'], width?: number): Column<R> => ({ header, kind: 'integer', value, width }),
  hours: <R>(header: string, value: Column<R>['value'], width?: number): Column<R> => ({ header, kind: 'hours', value, width }),
  date: <R>(header: string, value: Column<R>['value'], width?: number): Column<R> => ({ header, kind: 'date', value, width }),
  time: <R>(header: string, value: Column<R>['value'], width?: number): Column<R> => ({ header, kind: 'time', value, width }),
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `format` query parameter every export route adds to its list's query (default csv). */
export const formatQuery = z.object({
  format: z.string().optional().meta({ description: 'csv (default) or xlsx; anything else -> 400' }),
});

/** csv when absent or empty; 400 'The export format must be csv or xlsx.' for anything else. */
export function exportFormat(value: string | undefined): ExportFormat {
  if (value === undefined || value === '') return 'csv';
  if ((EXPORT_FORMATS as readonly string[]).includes(value)) return value as ExportFormat;
  throw badRequest(rc.exports.badFormat);
}

/** "Last, First" as the screens show an officer. */
export const officerName = (o: { lastName?: string | null; firstName?: string | null }) => [o.lastName, o.firstName].filter(Boolean).join(', ');

/**
 * The route options of an export: its tags and summary in the OpenAPI document, the list's query
 * plus `format`, and a 200 of text/csv or XLSX (a binary string); CSV compressed with gzip only
 * when the request allows it (XLSX is a zip already). `contract` tunes the declared error
 * statuses as on the list's route.
 */
export function exportRoute<S extends z.ZodRawShape>(
  tags: string[],
  summary: string,
  querystring: z.ZodObject<S>,
  contract: { add?: number[]; remove?: number[] } = {},
) {
  return {
    // gzip, never brotli: brotli holds back its first bytes for seconds on a large stream (first
    // byte of one year's CSV 3.9 s with brotli), gzip sends them as soon as a block is full
    compress: { encodings: ['gzip' as const] },
    config: { contract: { ...contract, media: { 200: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } } },
    schema: {
      tags,
      summary,
      querystring: querystring.extend(formatQuery.shape),
      response: { 200: z.string().meta({ format: 'binary', description: 'The CSV (UTF-8 with BOM) or XLSX file; X-Total-Count: its rows' }) },
    },
  };
}

/** The details of an export's audit entry: 'csv, 1005 rows, {"excludeSeparated":"Y"}' (the query without paging). */
export function exportDetails(format: ExportFormat, rows: number, query: Record<string, unknown>): string {
  const asked = Object.fromEntries(Object.entries(query).filter(([k, v]) => v !== undefined && v !== '' && !['_start', '_end', 'format'].includes(k)));
  return `${format}, ${rows} rows, ${JSON.stringify(asked)}`;
}
