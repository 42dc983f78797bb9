import jsonExport from 'jsonexport/dist/index.js';
import type { AuditLogRow } from '../../domain/schemas/auditLog';
import { rc } from '../../domain/messages';
import { spreadsheetCell } from '../../domain/spreadsheetCell';

const f = rc.audit.fields;

/** The changed fields of an entry as one line: 'field: before -> after; …'. */
export function changesText(changes: AuditLogRow['changes']): string {
  if (!changes) return '';
  const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return Object.entries(changes)
    .map(([field, c]) => `${field}: ${show(c.before)} -> ${show(c.after)}`)
    .join('; ');
}

/**
 * jsonexport's options. forceTextDelimiter quotes every cell: jsonexport quotes on its own only a
 * cell holding a comma, a quote or a line feed, and Excel ends a row at a bare carriage return, so
 * an unquoted 'x\r=1+1' would put '=1+1' at the start of a row of its own, past spreadsheetCell.
 */
type CsvOptions = Parameters<typeof jsonExport>[1];

/**
 * Audit log rows as CSV text (jsonexport: every cell quoted, commas, quotes and line breaks kept),
 * one column per field, the actor's login as it was and how many identical refusals an entry
 * stands for ('Times') included. Every cell goes through spreadsheetCell, so a name or detail such as
 * '=HYPERLINK(…)' is written as text, never as a formula. Rejects when jsonexport fails.
 */
export function auditCsv(rows: AuditLogRow[]): Promise<string> {
  const data = rows.map((r) => ({
    at: spreadsheetCell(r.at),
    actorId: spreadsheetCell(r.actorId),
    actor: spreadsheetCell(r.actorName),
    actorLogin: spreadsheetCell(r.actorLogin),
    action: spreadsheetCell(r.action),
    entity: spreadsheetCell(r.entity),
    entityId: spreadsheetCell(r.entityId),
    outcome: spreadsheetCell(r.outcome),
    repeatCount: spreadsheetCell(r.repeatCount),
    changes: spreadsheetCell(changesText(r.changes)),
    details: spreadsheetCell(r.details),
    requestId: spreadsheetCell(r.requestId),
  }));
  const headers = ['at', 'actorId', 'actor', 'actorLogin', 'action', 'entity', 'entityId', 'outcome', 'repeatCount', 'changes', 'details', 'requestId'];
  const options: CsvOptions = { headers, rename: headers.map((h) => f[h as keyof typeof f]), forceTextDelimiter: true };
  return new Promise((resolve, reject) => jsonExport(data, options, (err, csv) => (err ? reject(err) : resolve(csv))));
}
