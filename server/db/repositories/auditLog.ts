import { and, asc, desc, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import type { AuditLogQuery, AuditLogRow } from '../../../src/domain/schemas/auditLog';

/** One entry to append (issue 11). `changes` must already be redacted (server/audit.ts does it). */
export interface AuditInsert {
  /** When it happened (the app's clock); stored as a UTC instant. */
  at: Date;
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | null;
  outcome: 'success' | 'failure' | 'denied';
  changes?: Record<string, { before: unknown; after: unknown }> | null;
  details?: string | null;
  requestId?: string | null;
}

/** Appends one row to the audit log (the table refuses anything but INSERT). */
export async function insertAudit(db: Db, entry: AuditInsert): Promise<void> {
  await db.insert(s.auditLog).values({
    at: entry.at,
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    outcome: entry.outcome,
    changes: entry.changes ?? null,
    details: entry.details ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** `until` given as a day (YYYY-MM-DD) includes that whole UTC day. */
function untilInstant(until: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(until) ? new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000).toISOString() : until;
}

/**
 * Audit log rows matching the filters, newest first by default, paged in SQL, with the actor's
 * name ('Last, First') and the total for X-Total-Count; one statement.
 */
export async function listAudit(db: Db, q: AuditLogQuery, page: { offset: number; limit: number }): Promise<{ rows: AuditLogRow[]; total: number }> {
  const a = s.auditLog;
  const where: SQL[] = [];
  if (q.actorId !== undefined) where.push(eq(a.actorId, q.actorId));
  if (q.action) where.push(eq(a.action, q.action));
  if (q.entity) where.push(eq(a.entity, q.entity));
  if (q.entityId) where.push(eq(a.entityId, q.entityId));
  if (q.outcome) where.push(eq(a.outcome, q.outcome));
  if (q.since) where.push(gte(a.at, new Date(q.since)));
  if (q.until) where.push(lt(a.at, new Date(untilInstant(q.until))));
  const sorts: Record<NonNullable<AuditLogQuery['_sort']>, SQLWrapper> = { at: a.at, actorId: a.actorId, action: a.action, entity: a.entity, outcome: a.outcome };
  const dir = (q._order ?? (q._sort && q._sort !== 'at' ? 'ASC' : 'DESC')) === 'ASC' ? asc : desc;
  const rows = await db
    .select({
      id: a.auditLogId,
      at: a.at,
      actorId: a.actorId,
      actorName: sql<string | null>`case when ${s.officer.officerId} is null then null else ${s.officer.lastName} || ', ' || ${s.officer.firstName} end`,
      action: a.action,
      entity: a.entity,
      entityId: a.entityId,
      outcome: a.outcome,
      changes: a.changes,
      details: a.details,
      requestId: a.requestId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(a)
    .leftJoin(s.officer, eq(s.officer.officerId, a.actorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(dir(sorts[q._sort ?? 'at']), dir(a.auditLogId))
    .offset(page.offset)
    .limit(page.limit);
  return {
    rows: rows.map(({ total: _total, at, changes, ...r }) => ({ ...r, at: new Date(at).toISOString(), changes: (changes as AuditLogRow['changes']) ?? null })),
    total: rows[0]?.total ?? 0,
  };
}
