/**
 * The import engine, one streaming pass over the file for the page (server/routes/imports.ts) and
 * the command (scripts/import.ts): rows are read, checked by their kind in batches, and, unless it
 * is a dry run, each batch is written in ONE transaction with an audit entry per record. A dry run
 * is the same pass without the writes, so both report the same outcomes.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import { HttpError, badRequest } from '../errors';
import { audit, type AuditEvent } from '../audit';
import { spreadsheetCell } from '../../src/domain/spreadsheetCell';
import { format, rc } from '../../src/domain/messages';
import type { ImportValueMapping } from '../../src/domain/schemas/imports';
import { IMPORT_FIELDS, autoMapping, importIssueText, importText, unmappedRequired, type ImportField, type ImportKind, type ImportMapping } from '../../src/domain/imports';
import { loadLookups, type LookupMatchers } from './lookups';
import { openTable, type ImportFileFormat, type SourceRow, type SourceTable } from './read';
import { officerRunner } from './officers';
import { locationRunner } from './locations';
import { eventRunner } from './events';
import { ticketRunner } from './tickets';
import type { ImportContext, KindRunner, KindRunnerFactory, RowIssue, RowOutcome, RunnerEnv, WritableOutcome } from './types';

/** The kinds whose rows can be checked and written. */
const RUNNERS: Record<ImportKind, KindRunnerFactory> = { officers: officerRunner, locations: locationRunner, events: eventRunner, tickets: ticketRunner };

/** Rows per batch: one read of the stored records and one transaction each. */
export const BATCH_ROWS = 500;
/**
 * Batches written at once, each in its own transaction on its own connection. A batch's INSERT
 * (its rows, their indexes and the exclusion constraint: the bulk of a ticket batch's time in
 * PostgreSQL) then runs while the batch before it writes its audit entries and commits, and the
 * round trips of one overlap the other's work (100,000 tickets into 840,429: 24-29 s instead of
 * 30-32; three at once were no faster). Two transactions in flight never refuse each other's rows:
 * the checks already refused a row that overlaps or repeats an earlier row of the file, so the
 * exclusion constraint and the unique indexes meet no uncommitted row of the other. They meet only
 * at the version rows their statement triggers bump (server/db/migrations/0011, 0015), taken in
 * one order by both, where one waits for the other's commit: no deadlock. The embedded database
 * runs one transaction at a time, so there the second simply waits. Each batch stays whole or not
 * written; when the import fails, a batch after the failed one may already be written (a second
 * run of the file reports it unchanged).
 */
export const WRITES_AT_ONCE = 2;
/** Refused and changed rows listed in a report (the counts cover all; the error file holds every refused row). */
export const REPORT_ROWS = 1000;

export interface RefusedRow {
  line: number;
  values: string[];
  issues: RowIssue[];
}

export interface ImportCounts {
  new: number;
  unchanged: number;
  changed: number;
  refused: number;
}

export interface ImportReport {
  kind: ImportKind;
  dryRun: boolean;
  format: ImportFileFormat;
  encoding?: string;
  delimiter?: string;
  headers: string[];
  mapping: ImportMapping;
  /** Data rows read (blank rows not counted). */
  rows: number;
  counts: ImportCounts;
  /** The first REPORT_ROWS refused rows. */
  refused: RefusedRow[];
  /** The first REPORT_ROWS changed rows: the record and the fields that change. */
  changed: Array<{ line: number; key: string; fields: string[] }>;
  /** Lookup values that matched nothing: the field, the value and the rows naming it. */
  unknownValues: Array<{ field: string; value: string; rows: number }>;
  /** True when `refused` or `changed` lists fewer rows than its count. */
  truncated: boolean;
  /** Seconds the pass took. */
  seconds: number;
}

export interface ImportProgress {
  rows: number;
  counts: ImportCounts;
  /** Bytes of the file read so far (of its size on disk). */
  bytesRead: number;
}

/** A row a written batch added, with its mapped cells by field key (what the officers' set-password links are mailed from). */
export interface AddedRow {
  line: number;
  key: string;
  cells: Record<string, string>;
}

export interface ImportOptions {
  kind: ImportKind;
  /** The file on disk and its name as the user gave it (its extension tells CSV from XLSX). */
  file: string;
  originalName: string;
  /** Field -> column header; fields left out are matched automatically, null unmaps one. */
  mapping?: ImportMapping;
  /** The user's mapping of lookup values that match nothing (server/imports/lookups.ts). */
  values?: ImportValueMapping;
  dryRun: boolean;
  /** Writes every refused row here: the original columns plus an Errors column (CSV). */
  errorFile?: string;
  batchRows?: number;
  /** Called after each batch (awaited: a slow callback slows the import). */
  onProgress?: (p: ImportProgress) => unknown;
  /** Called after each written batch has committed, with the rows it added (never in a dry run). */
  onAdded?: (added: AddedRow[]) => Promise<void>;
  /** Batches written at once (WRITES_AT_ONCE unless given; 1 writes one batch after the other). */
  writesAtOnce?: number;
  /** Stops the import between two batches (each batch is whole or not written); the run then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The mapping of the file's headers to the kind's fields: the automatic one (autoMapping), with
 * `given` laid over it (a field -> a header of the file, or null for none). 400 for a field the kind
 * does not have or a header the file does not have; with `requireAll` (the default) also for a
 * required field left without a column ('Choose the column of Last Name.').
 */
export function resolveMapping(kind: ImportKind, headers: string[], given: ImportMapping = {}, requireAll = true): ImportMapping {
  const fields = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
  const mapping = autoMapping(kind, headers);
  for (const [key, header] of Object.entries(given)) {
    if (!fields.has(key)) throw badRequest(format(rc.imports.errors.unknownField, { field: key }));
    if (header !== null && header !== '' && !headers.includes(header)) throw badRequest(format(rc.imports.errors.unknownColumn, { column: header }));
    mapping[key] = header || null;
  }
  const missing = unmappedRequired(kind, mapping);
  if (requireAll && missing.length) throw badRequest(format(rc.imports.errors.unmapped, { field: missing[0].label }));
  return mapping;
}

/**
 * The error file, written as the refused rows come: CSV (UTF-8 with BOM, as the exports) of the
 * file's header row plus 'Errors', each refused row's original cells and its issues, every cell
 * through spreadsheetCell (no cell can start a formula). Waits for the disk (backpressure).
 */
export function errorFileWriter(file: string, kind: ImportKind, headers: string[]) {
  const csv = stringify({ bom: true });
  const out = createWriteStream(file, { mode: 0o600 });
  csv.pipe(out);
  const done = once(out, 'finish');
  // a disk failure is thrown by close(); until then it must not go unhandled
  done.catch(() => {});
  const cells = (values: string[]) => values.map((v) => spreadsheetCell(v));
  csv.write(cells([...headers, rc.imports.errorsColumn]));
  return {
    async add(row: RefusedRow) {
      const errors = row.issues.map((i) => importIssueText(kind, i)).join('; ');
      if (!csv.write(cells([...row.values, errors]))) await once(csv, 'drain');
    },
    async close() {
      csv.end();
      await done;
    },
  };
}

/** An import whose file is open, mapping resolved and lookups loaded: `run()` it once, or `close()` it. */
export interface PreparedImport {
  table: SourceTable;
  mapping: ImportMapping;
  run(): Promise<ImportReport>;
  close(): void;
}

/**
 * Opens the file of an import (400 when it is not a readable CSV or XLSX or has no header row),
 * resolves the mapping (400 as resolveMapping) and loads the lookups with the user's value
 * mapping (400 as loadLookups): every refusal that needs no row comes before anything is read or
 * written, so a background run can answer it to the request. The table is closed by `run()` or
 * `close()`.
 */
export async function prepareImport(ctx: ImportContext, opts: ImportOptions): Promise<PreparedImport> {
  const started = performance.now();
  const makeRunner = RUNNERS[opts.kind];
  const table = await openTable(opts.file, opts.originalName);
  try {
    const mapping = resolveMapping(opts.kind, table.headers, opts.mapping);
    const lookups = await loadLookups(ctx.db, opts.kind, opts.values);
    return {
      table,
      mapping,
      async run() {
        try {
          return await pass(ctx, opts, table, mapping, lookups, makeRunner, started);
        } finally {
          table.close();
        }
      },
      close: table.close,
    };
  } catch (err) {
    table.close();
    throw err;
  }
}

/**
 * Runs an import or its dry run over the file (ImportOptions): opens it (400 when it is not a
 * readable CSV or XLSX or has no header row), resolves the mapping (400 as resolveMapping) and
 * the value mapping (400 as loadLookups), then
 * reads, checks and (unless a dry run) writes it batch by batch: each batch in one transaction,
 * each record with its audit entry (all of a batch's entries in one INSERT); a record the
 * database refuses at that point (409, a race with another writer) refuses only its row (writeBatch).
 * Returns the report: counts, the refused rows with their issues, the changed rows with their
 * fields, the unknown lookup values. Running the same file twice reports every row unchanged the
 * second time.
 */
export async function runImport(ctx: ImportContext, opts: ImportOptions): Promise<ImportReport> {
  const prepared = await prepareImport(ctx, opts);
  return prepared.run();
}

async function pass(
  ctx: ImportContext,
  opts: ImportOptions,
  table: SourceTable,
  mapping: ImportMapping,
  lookups: LookupMatchers,
  makeRunner: KindRunnerFactory,
  started: number,
) {
  const fields = IMPORT_FIELDS[opts.kind];
  const columns = fields.flatMap((f) => (mapping[f.key] ? [{ key: f.key, index: table.headers.indexOf(mapping[f.key]!) }] : []));
  const unknown = new Map<string, { field: string; value: string; rows: number }>();
  const env: RunnerEnv = {
    ctx,
    lookups,
    mapped: new Set(columns.map((c) => c.key)),
    cells: (row) => Object.fromEntries(columns.map((c) => [c.key, importText(row.values[c.index] ?? '')])),
    noteUnknown: (f: ImportField, value: string) => {
      const k = `${f.key}\u0000${value}`;
      const seen = unknown.get(k) ?? { field: f.key, value, rows: 0 };
      seen.rows++;
      unknown.set(k, seen);
    },
    fileName: opts.originalName,
  };
  const runner = await makeRunner(env);
  const errors = opts.errorFile ? errorFileWriter(opts.errorFile, opts.kind, table.headers) : null;
  const report: ImportReport = {
    kind: opts.kind,
    dryRun: opts.dryRun,
    format: table.format,
    encoding: table.encoding,
    delimiter: table.delimiter,
    headers: table.headers,
    mapping,
    rows: 0,
    counts: { new: 0, unchanged: 0, changed: 0, refused: 0 },
    refused: [],
    changed: [],
    unknownValues: [],
    truncated: false,
    seconds: 0,
  };
  const refuse = async (row: SourceRow, issues: RowIssue[]) => {
    report.counts.refused++;
    const refused = { line: row.line, values: row.values, issues };
    if (report.refused.length < REPORT_ROWS) report.refused.push(refused);
    else report.truncated = true;
    await errors?.add(refused);
  };
  /** Counts what a batch's rows came to, once it is written (`written`: writeBatch's answer), in file order. */
  const settle = async (batch: SourceRow[], outcomes: RowOutcome[], written: Array<RowIssue[] | null>) => {
    const added: AddedRow[] = [];
    for (let i = 0; i < batch.length; i++) {
      const o = outcomes[i];
      const refusedBy = written[i];
      if (refusedBy) await refuse(batch[i], refusedBy);
      else if (o.status === 'new' || o.status === 'unchanged') {
        report.counts[o.status]++;
        if (o.status === 'new' && !opts.dryRun && opts.onAdded) added.push({ line: batch[i].line, key: o.key, cells: env.cells(batch[i]) });
      }
      else if (o.status === 'changed') {
        report.counts.changed++;
        if (report.changed.length < REPORT_ROWS) report.changed.push({ line: batch[i].line, key: o.key, fields: o.fields });
        else report.truncated = true;
      }
    }
    report.rows += batch.length;
    if (added.length) await opts.onAdded!(added);
    await opts.onProgress?.({ rows: report.rows, counts: { ...report.counts }, bytesRead: table.bytesRead() });
  };
  // Batches are read and checked while the ones before them are written: the checks already carry
  // what earlier rows of the file come to (a dry run writes nothing and must report the same), so
  // they need not wait for a commit, and the file, the rules and the database's writes each get a
  // core. Up to `writesAtOnce` batches are written at once, each in its own transaction on its own
  // connection, so the next batch's INSERT runs while the one before finishes its audit entries
  // and commits (see WRITES_AT_ONCE); what each batch came to is counted in file order.
  const writesAtOnce = Math.max(1, opts.writesAtOnce ?? WRITES_AT_ONCE);
  /** Each batch written or being written and counted, oldest first (at most writesAtOnce). */
  const queue: Array<Promise<void>> = [];
  /** The writes still running: none is left behind when the import ends or fails. */
  const running = new Set<Promise<unknown>>();
  let counted: Promise<void> = Promise.resolve();
  const next = async (batch: SourceRow[]) => {
    const outcomes = await runner.checkBatch(batch);
    // the oldest batch first: its failure (or an earlier one's) stops the import here
    while (queue.length >= writesAtOnce) await queue.shift();
    const written = opts.dryRun ? Promise.resolve(outcomes.map((o) => (o.status === 'refused' ? o.issues : null))) : writeBatch(ctx, outcomes, runner);
    running.add(written);
    void written.finally(() => running.delete(written)).catch(() => {});
    counted = Promise.all([written, counted]).then(([issues]) => settle(batch, outcomes, issues));
    // awaited by a later batch or at the end; until then its failure must not go unhandled
    counted.catch(() => {});
    queue.push(counted);
  };
  try {
    const size = opts.batchRows ?? BATCH_ROWS;
    let batch: SourceRow[] = [];
    for await (const row of table.rows) {
      batch.push(row);
      if (batch.length >= size) {
        opts.signal?.throwIfAborted();
        await next(batch);
        batch = [];
      }
    }
    opts.signal?.throwIfAborted();
    if (batch.length) await next(batch);
    await counted;
  } finally {
    // a failure while batches were still being written leaves no transaction behind
    await Promise.allSettled([...running, counted]);
    await errors?.close();
  }
  report.unknownValues = [...unknown.values()].sort((a, b) => b.rows - a.rows).slice(0, REPORT_ROWS);
  report.seconds = Math.round(performance.now() - started) / 1000;
  return report;
}

/** A write refused by the database's rules (a 4xx HttpError: 409 duplicate, 404 gone): it refuses its row, not the import. */
const refusesRow = (err: unknown): err is HttpError => err instanceof HttpError && err.statusCode < 500;

/**
 * Writes a batch's new and changed records in one transaction and their audit entries in one
 * INSERT at its end. Returns, per outcome, the issues that refuse its row (its check's, or the 4xx
 * the database gave its write), or null. The checks ran before, so a write is refused only when
 * another writer got in between: the batch is first written straight (the kind's multi-row
 * `writeMany` when it has one, else one statement per record), and only when a write is refused is
 * it rolled back and written again with each record in a savepoint, so that one refusal costs one
 * row, never the batch (savepoints cost about half as much again per record).
 */
export async function writeBatch(ctx: ImportContext, outcomes: RowOutcome[], runner?: Pick<KindRunner, 'writeMany'>): Promise<Array<RowIssue[] | null>> {
  if (!outcomes.some((o) => o.status === 'new' || o.status === 'changed')) return outcomes.map((o) => (o.status === 'refused' ? o.issues : null));
  try {
    return await writeAll(ctx, outcomes, false, runner);
  } catch (err) {
    if (!refusesRow(err)) throw err;
    return writeAll(ctx, outcomes, true);
  }
}

async function writeAll(ctx: ImportContext, outcomes: RowOutcome[], savepoints: boolean, runner?: Pick<KindRunner, 'writeMany'>): Promise<Array<RowIssue[] | null>> {
  const result: Array<RowIssue[] | null> = outcomes.map((o) => (o.status === 'refused' ? o.issues : null));
  await ctx.db.transaction(async (tx) => {
    const writable = outcomes.filter((o): o is WritableOutcome => o.status === 'new' || o.status === 'changed');
    if (!savepoints && runner?.writeMany) {
      await audit(tx, ctx.request, await runner.writeMany(tx, writable));
      return;
    }
    const events: AuditEvent[] = [];
    for (let i = 0; i < outcomes.length; i++) {
      const o = outcomes[i];
      if (o.status !== 'new' && o.status !== 'changed') continue;
      if (!savepoints) {
        events.push(...[await o.write(tx)].flat());
        continue;
      }
      try {
        events.push(...[await tx.transaction((savepoint) => o.write(savepoint))].flat());
      } catch (err) {
        if (!refusesRow(err)) throw err;
        result[i] = [{ message: err.message }];
      }
    }
    await audit(tx, ctx.request, events);
  });
  return result;
}
