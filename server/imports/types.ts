/**
 * The parts of an import that each kind fills in (server/imports/officers.ts, locations.ts, and
 * next events and tickets): a kind checks a batch of rows and says, for each, what it comes to and
 * how to write it; run.ts reads the file, batches, writes, audits and reports.
 */
import type { Db } from '../db/client';
import type { AuditEvent, AuditRequest, Tx } from '../audit';
import type { Actor } from '../../src/domain/access';
import type { ImportField } from '../../src/domain/imports';
import type { LookupMatchers } from './lookups';
import type { SourceRow } from './read';

/** What an import runs with: the database, the organisation's settings, and who imports. */
export interface ImportContext {
  db: Db;
  superUserId: number;
  /** ORG_TIMEZONE: "today" for separation dates. */
  tz: string;
  now: () => Date;
  /** The level-10 officer importing. */
  actor: Actor;
  /** The audit entries' request (id and actor): the HTTP request, or the command's own. */
  request: AuditRequest;
}

/** One problem of a row: the field it concerns (none for the row as a whole) and the message, in the spec's wording. */
export interface RowIssue {
  field?: string;
  message: string;
}

/** What a row of the file comes to. `key` names the record as a user reads it (officer 'A0007'; location 'Name (precinct id)'). */
export type RowOutcome =
  | { status: 'refused'; issues: RowIssue[] }
  | { status: 'unchanged'; key: string }
  | {
      status: 'new' | 'changed';
      key: string;
      /** The fields the row changes (a new record: none listed). */
      fields: string[];
      /** Writes the record inside the batch's transaction (a savepoint of it) and returns its audit entry (or entries: an event and its roster's sign-ups). A 4xx HttpError refuses the row. */
      write(tx: Tx): Promise<AuditEvent | AuditEvent[]>;
    };

/** What a kind is given about the file: the mapped fields and the row's cells as field values (text, trimmed, formula guard dropped). */
export interface RunnerEnv {
  ctx: ImportContext;
  lookups: LookupMatchers;
  /** The kind's fields that have a column. */
  mapped: ReadonlySet<string>;
  /** The row's mapped cells by field key. */
  cells(row: SourceRow): Record<string, string>;
  /** Counts a lookup value that matched nothing (listed in the report for the user to fix or map). */
  noteUnknown(field: ImportField, value: string): void;
  /** The file's name as the user gave it (audit details). */
  fileName: string;
}

export interface KindRunner {
  /**
   * Checks one batch of rows in file order, reading what it needs of the database in a few
   * statements for the whole batch; never writes. Remembers the keys it has seen, so a record
   * named twice in the file is refused the second time (as the database would refuse it).
   */
  checkBatch(rows: SourceRow[]): Promise<RowOutcome[]>;
  /**
   * Optional: writes a batch's new and changed records (in file order) in a few multi-row
   * statements inside the batch's transaction, instead of one `write` each, and returns their
   * audit entries in the same order, one per record. Throws a 4xx HttpError when the database
   * refuses any of them: run.ts then rolls the batch back and writes it again record by record
   * (each `write` in a savepoint), so the refusal costs its row only.
   */
  writeMany?(tx: Tx, outcomes: WritableOutcome[]): Promise<AuditEvent[]>;
}

/** An outcome that writes: a new or a changed record. */
export type WritableOutcome = Extract<RowOutcome, { status: 'new' | 'changed' }>;

export type KindRunnerFactory = (env: RunnerEnv) => Promise<KindRunner>;

export type { Db, Tx };

/** The issues without repeats (the same message for the same field once). */
export function dedupe(issues: RowIssue[]): RowIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.field ?? ''}\u0000${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
