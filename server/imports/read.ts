/**
 * Reading an import file, streamed: a CSV (any common delimiter; UTF-8 with or without BOM, or
 * Windows-1252) through papaparse, or the first worksheet of an XLSX through ExcelJS' streaming
 * WorkbookReader. The file is never held whole in memory: rows come one at a time, as the
 * consumer asks for them (backpressure all the way to the disk).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { dayjs } from '../../src/domain/dates';
import { format, rc } from '../../src/domain/messages';
import { badRequest } from '../errors';

/** One data row of the file: its row number in the file (the header row is 1 in a CSV; the worksheet's row number in an XLSX) and its cells as text. */
export interface SourceRow {
  line: number;
  values: string[];
}

export type ImportFileFormat = 'csv' | 'xlsx';

export interface SourceTable {
  format: ImportFileFormat;
  /** CSV only: the encoding read ('utf-8' or 'windows-1252') and the delimiter found. */
  encoding?: string;
  delimiter?: string;
  /** The header row's cells as text. */
  headers: string[];
  /** The data rows after the header, each with as many values as there are headers; blank rows are skipped. Iterate once. */
  rows: AsyncIterable<SourceRow>;
  /** Stops reading (the rows need not be read to the end). */
  close(): void;
  /** Bytes of the file read so far (progress: of its size on disk). */
  bytesRead(): number;
}

/** Bytes looked at to decide a CSV's encoding and delimiter. */
const SAMPLE_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'];
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The file's format: XLSX by its name (.xlsx) or its bytes (a ZIP); CSV by its name (.csv, .txt,
 * .tsv) or, without a telling name, when it is not a ZIP. An old binary .xls, or a ZIP named .csv,
 * is refused (400 'Only CSV or XLSX files can be imported.').
 */
export function fileFormat(originalName: string, head: Buffer): ImportFileFormat {
  const ext = path.extname(originalName).toLowerCase();
  const zip = head.subarray(0, 4).equals(ZIP_MAGIC);
  if (ext === '.xlsx') return 'xlsx';
  if (['.csv', '.txt', '.tsv'].includes(ext)) {
    if (zip) throw badRequest(rc.imports.errors.fileType);
    return 'csv';
  }
  if (ext === '.xls' || ext === '.xlsm' || ext === '.ods') throw badRequest(rc.imports.errors.fileType);
  return zip ? 'xlsx' : 'csv';
}

/**
 * The encoding of a CSV from its first bytes: UTF-8 when they start with its BOM or are valid
 * UTF-8, else Windows-1252 (what Excel for Windows writes as "CSV"). `whole`: the sample is the
 * whole file; otherwise a character cut at the end of the sample does not count against UTF-8.
 */
export function csvEncoding(sample: Buffer, whole = true): 'utf-8' | 'windows-1252' {
  if (sample.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !whole });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** papaparse's guess among , ; TAB | over the sample's first rows; ',' when it cannot tell (one column). */
function csvDelimiter(sampleText: string): string {
  const guess = Papa.parse<string[]>(sampleText, { preview: 20, delimitersToGuess: DELIMITERS, skipEmptyLines: true });
  return DELIMITERS.includes(guess.meta.delimiter) ? guess.meta.delimiter : ',';
}

const isBlank = (values: string[]) => values.every((v) => v.trim() === '');

/** `values` cut or padded with '' to `n` cells. */
function fit(values: string[], n: number): string[] {
  if (values.length === n) return values;
  return values.length > n ? values.slice(0, n) : [...values, ...Array<string>(n - values.length).fill('')];
}

async function readSample(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SAMPLE_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Opens an import file (`file` on disk; `originalName` as the user named it, for its extension)
 * and reads its header row: the first row that is not blank. 400 for a file type that is not CSV
 * or XLSX, a file that cannot be read as its type, or one without a header row.
 */
export async function openTable(file: string, originalName: string): Promise<SourceTable> {
  const sample = await readSample(file);
  const kind = fileFormat(originalName, sample);
  const table = kind === 'csv' ? openCsv(file, sample) : openXlsx(file);
  const it = table.records[Symbol.asyncIterator]();
  let header: SourceRow | undefined;
  try {
    for (let next = await it.next(); !next.done; next = await it.next()) {
      if (!isBlank(next.value.values)) {
        header = next.value;
        break;
      }
    }
  } catch (err) {
    table.close();
    throw unreadable(kind, err);
  }
  if (!header) {
    table.close();
    throw badRequest(rc.imports.errors.noHeader);
  }
  // trailing blank header cells name no column
  let width = header.values.length;
  while (width > 0 && header.values[width - 1].trim() === '') width--;
  const headers = header.values.slice(0, width).map((h) => h.trim());
  async function* rows(): AsyncGenerator<SourceRow> {
    try {
      for (let next = await it.next(); !next.done; next = await it.next()) {
        if (!isBlank(next.value.values)) yield { line: next.value.line, values: fit(next.value.values, headers.length) };
      }
    } catch (err) {
      throw unreadable(kind, err);
    } finally {
      table.close();
    }
  }
  return { format: kind, encoding: table.encoding, delimiter: table.delimiter, headers, rows: rows(), close: table.close, bytesRead: table.bytesRead };
}

/** A failure of the parser as the 400 the user sees; our own refusals pass as they are. */
function unreadable(kind: ImportFileFormat, err: unknown): unknown {
  if ((err as { statusCode?: number }).statusCode) return err;
  const reason = err instanceof Error ? err.message : String(err);
  return badRequest(format(rc.imports.errors.unreadable, { format: kind.toUpperCase(), reason: reason.slice(0, 200) }));
}

interface RawTable {
  encoding?: string;
  delimiter?: string;
  records: AsyncIterable<SourceRow>;
  close(): void;
  bytesRead(): number;
}

/**
 * The file as a stream that counts the bytes passing through it (a counting step after the file,
 * so backpressure stays and nothing flows before a consumer is attached). `destroy` stops both.
 */
function countedStream(file: string, highWaterMark?: number) {
  const source = createReadStream(file, { highWaterMark });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  source.once('error', (err) => counter.destroy(err));
  source.pipe(counter);
  const destroy = () => {
    source.destroy();
    counter.destroy();
  };
  return { stream: counter, bytesRead: () => bytes, destroy };
}

/**
 * A CSV's records: the bytes decoded by TextDecoder as they stream (a character split between two
 * chunks is joined), handed to papaparse's Node duplex, which parses as the rows are taken.
 * Quoted fields may hold delimiters and line breaks; `line` counts records (the header is 1).
 */
function openCsv(file: string, sample: Buffer): RawTable {
  const encoding = csvEncoding(sample, sample.length < SAMPLE_BYTES);
  const sampleText = new TextDecoder(encoding).decode(sample, { stream: true });
  const delimiter = csvDelimiter(sampleText);
  const { stream: source, bytesRead, destroy } = countedStream(file, SAMPLE_BYTES);
  const decoder = new TextDecoder(encoding);
  const decode = new Transform({
    // strings pass as they are (object mode): re-encoding them would split characters again
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done) {
      const text = decoder.decode(chunk, { stream: true });
      done(null, text || undefined);
    },
    flush(done) {
      const rest = decoder.decode();
      done(null, rest || undefined);
    },
  });
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: false }) as NodeJS.ReadWriteStream & {
    destroy(err?: Error): void;
    [Symbol.asyncIterator](): AsyncIterator<string[]>;
  };
  const fail = (err: Error) => parser.destroy(err);
  source.once('error', fail);
  decode.once('error', fail);
  source.pipe(decode).pipe(parser);
  async function* records(): AsyncGenerator<SourceRow> {
    let line = 0;
    for await (const values of parser as AsyncIterable<string[]>) {
      line++;
      yield { line, values };
    }
  }
  return {
    encoding,
    delimiter,
    records: records(),
    close: () => {
      destroy();
      decode.destroy();
      parser.destroy();
    },
    bytesRead,
  };
}

/**
 * How often the first worksheet is looked for again when ExcelJS' streaming reader loses the
 * workbook part. Its single pass over the ZIP sometimes ends before the last part (where Excel's
 * and ExcelJS' own writers put xl/workbook.xml) is delivered, and then fails on the first worksheet
 * with "Cannot read properties of undefined (reading 'sheets')": a race in the reader, seen under
 * load, that the same file passes on another read. Nothing has been read from the file by then.
 */
const XLSX_READ_ATTEMPTS = 3;
const lostWorkbookPart = (err: unknown) => err instanceof TypeError && err.message.includes("reading 'sheets'");

/** The first worksheet's rows, each cell as cellText. */
function openXlsx(file: string): RawTable {
  let opened = countedStream(file);
  let stopped = false;
  const readerOf = () =>
    new ExcelJS.stream.xlsx.WorkbookReader(opened.stream, {
      worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore',
    });
  async function* records(): AsyncGenerator<SourceRow> {
    for (let attempt = 1; ; attempt++) {
      let yielded = false;
      try {
        for await (const sheet of readerOf()) {
          for await (const row of sheet) {
            if (stopped) return;
            const values = (row.values as ExcelJS.CellValue[]).slice(1);
            yielded = true;
            yield { line: row.number, values: Array.from(values, (v) => cellText(v)) };
          }
          // the first worksheet only
          return;
        }
        return;
      } catch (err) {
        if (yielded || attempt >= XLSX_READ_ATTEMPTS || !lostWorkbookPart(err)) throw err;
        opened.destroy();
        opened = countedStream(file);
      }
    }
  }
  return {
    records: records(),
    close: () => {
      stopped = true;
      opened.destroy();
    },
    bytesRead: () => opened.bytesRead(),
  };
}

/** ExcelJS' date of serial 1 (serial 0 is 12/30/1899): a value before it is a time of day alone (a serial below 1). */
const FIRST_DAY = Date.UTC(1899, 11, 31);

/**
 * An XLSX cell value as the text a user sees in it:
 * - dates MM/DD/YYYY, with ' HH:mm' when they carry a time, a time alone HH:mm (Excel stores
 *   wall-clock times, which ExcelJS hands out as UTC);
 * - numbers as their plain figures (12, 7.5);
 * - formulas as their cached result (never the formula; none is evaluated), '' without one;
 * - rich text and hyperlinks as their text; TRUE/FALSE; errors as their code (#N/A);
 * - text as it is: a cell typed '=1+1' is the text '=1+1'.
 */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const d = dayjs.utc(value);
    if (Number.isNaN(value.getTime())) return '';
    const time = d.format('HH:mm');
    if (value.getTime() < FIRST_DAY) return time;
    return d.hour() || d.minute() || d.second() ? `${d.format('MM/DD/YYYY')} ${time}` : d.format('MM/DD/YYYY');
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const v = value as unknown as Record<string, unknown>;
    if ('formula' in v || 'sharedFormula' in v) return 'result' in v ? cellText(v.result as ExcelJS.CellValue) : '';
    if (Array.isArray(v.richText)) return (v.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join('');
    if ('hyperlink' in v) return cellText(v.text as ExcelJS.CellValue);
    if ('error' in v) return String(v.error);
    if ('text' in v) return cellText(v.text as ExcelJS.CellValue);
  }
  return String(value);
}
