import jsonExport from 'jsonexport/dist/index.js';
import type { AuditLogRow } from '../../domain/schemas/auditLog';
import { rc } from '../../domain/messages';

const f = rc.audit.fields;

/** The changed fields of an entry as one line: 'field: before -> after; …'. */
export function changesText(changes: AuditLogRow['changes']): string {
  if (!changes) return '';
  const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return Object.entries(changes)
    .map(([field, c]) => `${field}: ${show(c.before)} -> ${show(c.after)}`)
    .join('; ');
}

/** Audit log rows as CSV text (jsonexport: quoting, commas and line breaks handled), one column per field. */
export function auditCsv(rows: AuditLogRow[]): Promise<string> {
  const data = rows.map((r) => ({
    at: r.at,
    actorId: r.actorId ?? '',
    actor: r.actorName ?? '',
    action: r.action,
    entity: r.entity,
    entityId: r.entityId ?? '',
    outcome: r.outcome,
    changes: changesText(r.changes),
    details: r.details ?? '',
    requestId: r.requestId ?? '',
  }));
  const headers = ['at', 'actorId', 'actor', 'action', 'entity', 'entityId', 'outcome', 'changes', 'details', 'requestId'];
  return new Promise((resolve, reject) =>
    jsonExport(data, { headers, rename: headers.map((h) => f[h as keyof typeof f]) }, (err, csv) => (err ? reject(err) : resolve(csv))),
  );
}
