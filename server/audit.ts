import type { FastifyRequest } from 'fastify';
import type { Db } from './db/client';
import { insertAudit, type AuditInsert, type Tx } from './db/repositories/auditLog';

export type { Tx };

/**
 * Fields never written to the audit log: passwords and their hashes, tokens, and the
 * drivers licence number (soundex). A change to one is recorded as '[redacted]' before and after,
 * so the log says that it changed, never what it was or became.
 */
const SECRET = /password|passwordhash|token|jwt|secret|soundex|licen[cs]e/i;
export const REDACTED = '[redacted]';

type Flat = Record<string, unknown>;

/** A record as dotted field paths ({precinct: {precinctId: 1}} -> {'precinct.precinctId': 1}); arrays stay values. */
function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * The fields that differ between two versions of a record, as {field: {before, after}}; a
 * created record (before null) lists its filled fields, a removed one (after null) all of its
 * fields. Secrets are redacted. Null when nothing differs.
 */
export function changedFields(before: unknown, after: unknown): Record<string, { before: unknown; after: unknown }> | null {
  const b = before ? flatten(before) : {};
  const a = after ? flatten(after) : {};
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const was = b[key] ?? null;
    const now = a[key] ?? null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (!before && (now === null || now === '')) continue;
    out[key] = SECRET.test(key) ? { before: before ? REDACTED : null, after: after ? REDACTED : null } : { before: was, after: now };
  }
  return Object.keys(out).length ? out : null;
}

export interface AuditEvent {
  action: string;
  entity: string;
  entityId?: string | number | null;
  outcome?: AuditInsert['outcome'];
  /** The record before and after the change (either may be null); only the changed fields are kept. */
  before?: unknown;
  after?: unknown;
  details?: string | null;
  /** Defaults to the request's signed-in officer. */
  actorId?: number | null;
}

/**
 * What an entry needs of the request that makes the change: its id, its signed-in officer and its
 * server (whose ctx.now() is the app's clock). A FastifyRequest is one; the import command
 * (scripts/import.ts) names its run and its officer with one of its own.
 */
export type AuditRequest = Pick<FastifyRequest, 'id'> & { actor?: { officerId: number } | null; server: unknown };

/**
 * The entry `event` makes for `request`: the app's clock (UTC), the actor (the signed-in officer
 * unless given), action, target, outcome, the changed fields (redacted) and the request id.
 */
export function auditEntry(request: AuditRequest, event: AuditEvent): AuditInsert {
  return {
    at: (request.server as { ctx?: { now(): Date } }).ctx?.now() ?? new Date(),
    actorId: event.actorId !== undefined ? event.actorId : (request.actor?.officerId ?? null),
    action: event.action,
    entity: event.entity,
    entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    outcome: event.outcome ?? 'success',
    changes: event.before !== undefined || event.after !== undefined ? changedFields(event.before ?? null, event.after ?? null) : null,
    details: event.details ?? null,
    requestId: request.id,
  };
}

/**
 * THE way a change is audited: appends the entry (auditEntry) of each event for `request` inside
 * the transaction `tx` that makes the change, so the change and its entries commit together or
 * not at all (a crash in between leaves neither; a failed entry fails the write, whose transaction
 * then rolls back and the request answers the error). It takes a transaction, never the pool, so
 * a post-commit entry does not type-check. The actor is named as he is at this moment ('Last,
 * First' and login, read inside the same INSERT), so the entry keeps who acted even after the
 * officer id is given to someone else. An array of events writes one entry each, in one INSERT.
 * Throws what the INSERT throws.
 */
export async function audit(tx: Tx, request: AuditRequest, event: AuditEvent | AuditEvent[]): Promise<void> {
  const events = Array.isArray(event) ? event : [event];
  await insertAudit(tx, events.map((e) => auditEntry(request, e)));
}

/** An entry for a refusal: a failed sign-in, a refused password change; no record changes with it. */
export type RefusalEvent = AuditEvent & { outcome: 'failure' | 'denied' };

/**
 * Appends the entry of a refusal (outcome 'failure' or 'denied') that comes with no record change
 * to pair it with, so it has no transaction to join; anything that changes a record is audited
 * with `audit` inside its transaction instead. Never throws: the request's answer is the refusal
 * whatever happens to the log, so a failure to write is logged and the answer stands.
 */
export async function auditRefusal(db: Db, request: FastifyRequest, event: RefusalEvent): Promise<void> {
  try {
    await insertAudit(db, auditEntry(request, event));
  } catch (err) {
    request.log.error({ err, action: event.action, entity: event.entity }, 'audit log write failed');
  }
}
