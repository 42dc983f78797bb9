import { and, asc, desc, eq, gte, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import type { AuditLogQuery, AuditLogRow } from '../../../src/domain/schemas/auditLog';

/**
 * A database transaction, as the callback of `db.transaction(async (tx) => ...)` receives it. A
 * repository function given one as its `db` runs inside it (a transaction it opens itself becomes
 * a savepoint of the caller's), so a write and its audit entry (server/audit.ts) commit together.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One entry to append. `changes` must already be redacted (server/audit.ts does it). */
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
  /** How many identical refusals the entry stands for (server/deniedRequests.ts); 1 unless given. */
  repeatCount?: number;
}

/**
 * Appends entries to the audit log in ONE INSERT (the table refuses anything but INSERT). The
 * entries travel as one JSON parameter read by jsonb_to_record, so the statement has one parameter
 * and the same text for one entry or a hundred (no statement of hundreds of parameters to parse), and
 * each entry's actor name ('Last, First') and login are read from the officer table inside the
 * INSERT itself: an officer id can be given again after a removal, so the entry keeps who acted as
 * they were when it was written, at no extra round trip (null for no actor or an unknown id).
 * Nothing for an empty list. A change's entries go through server/audit.ts `audit`, inside the
 * change's transaction; `db` is the pool only for refusals, which change nothing.
 */
export async function insertAudit(db: Db, entries: AuditInsert | AuditInsert[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  const records = list.map((e) => ({
    at: e.at.toISOString(),
    actor_id: e.actorId,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId ?? null,
    outcome: e.outcome,
    changes: e.changes ?? null,
    details: e.details ?? null,
    request_id: e.requestId ?? null,
    repeat_count: e.repeatCount ?? 1,
  }));
  const a = s.auditLog;
  const o = s.officer;
  // the target columns by their database names (actorId is stored as officer_id)
  await db.execute(sql`
    insert into ${a} (at, officer_id, actor_name, actor_login, action, entity, entity_id, outcome, changes, details, request_id, repeat_count)
    select e.at, e.actor_id, ${o.lastName} || ', ' || ${o.firstName}, ${o.login}, e.action, e.entity, e.entity_id, e.outcome, e.changes, e.details,
      e.request_id, e.repeat_count
    from jsonb_array_elements(${JSON.stringify(records)}::jsonb) with ordinality as x(entry, n)
    cross join jsonb_to_record(x.entry) as e(at timestamptz, actor_id int, action text, entity text, entity_id text, outcome text,
      changes jsonb, details text, request_id text, repeat_count int)
    left join ${o} on ${o.officerId} = e.actor_id
    order by x.n`);
}

/** `until` given as a day (YYYY-MM-DD) includes that whole UTC day. */
function untilInstant(until: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(until) ? new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000).toISOString() : until;
}

/**
 * Audit log rows matching the filters, newest first by default, paged in SQL, with the actor's
 * name ('Last, First') and login as they were when the entry was written (never today's holder
 * of the officer id), how many refusals the entry stands for, and the total for X-Total-Count;
 * one statement.
 */
export async function listAudit(
  db: Db,
  q: AuditLogQuery,
  page: { offset: number; limit: number; throughId?: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const a = s.auditLog;
  const where: SQL[] = [];
  if (q.actorId !== undefined) where.push(eq(a.actorId, q.actorId));
  if (q.action) where.push(eq(a.action, q.action));
  if (q.entity) where.push(eq(a.entity, q.entity));
  if (q.entityId) where.push(eq(a.entityId, q.entityId));
  if (q.outcome) where.push(eq(a.outcome, q.outcome));
  if (q.since) where.push(gte(a.at, new Date(q.since)));
  if (q.until) where.push(lt(a.at, new Date(untilInstant(q.until))));
  if (page.throughId !== undefined) where.push(lte(a.auditLogId, page.throughId));
  const sorts: Record<NonNullable<AuditLogQuery['_sort']>, SQLWrapper> = { at: a.at, actorId: a.actorId, action: a.action, entity: a.entity, outcome: a.outcome };
  const dir = (q._order ?? (q._sort && q._sort !== 'at' ? 'ASC' : 'DESC')) === 'ASC' ? asc : desc;
  const rows = await db
    .select({
      id: a.auditLogId,
      at: a.at,
      actorId: a.actorId,
      actorName: a.actorName,
      actorLogin: a.actorLogin,
      action: a.action,
      entity: a.entity,
      entityId: a.entityId,
      outcome: a.outcome,
      changes: a.changes,
      details: a.details,
      requestId: a.requestId,
      repeatCount: a.repeatCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(a)
    .where(where.length ? and(...where) : undefined)
    .orderBy(dir(sorts[q._sort ?? 'at']), dir(a.auditLogId))
    .offset(page.offset)
    .limit(page.limit);
  return {
    rows: rows.map(({ total: _total, at, changes, ...r }) => ({ ...r, at: new Date(at).toISOString(), changes: (changes as AuditLogRow['changes']) ?? null })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The id of the newest audit entry (0 when there is none): an export pages through the entries up
 * to it, so entries written while it streams (its own among them) shift no page.
 */
export async function lastAuditId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${s.auditLog.auditLogId}), 0)`.mapWith(Number) }).from(s.auditLog);
  return row?.id ?? 0;
}
