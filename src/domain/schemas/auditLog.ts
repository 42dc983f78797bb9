/**
 * Audit log wire shapes: GET /api/auditLog/getMultiple, shared by the server (query
 * validation, OpenAPI) and the Audit Log page (Administrative Functions, level 10).
 */
import { z } from 'zod';
import { wholeNumberText } from './common';
import { format, rc } from '../messages';

const blank = (x: unknown) => (x === '' || x === null ? undefined : x);
const optionalText = z.preprocess(blank, z.string().trim().max(100, format(rc.validation.tooLong, { max: 100 })).optional());

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export const AUDIT_SORT_KEYS = ['at', 'actorId', 'action', 'entity', 'outcome'] as const;

/**
 * Filters of the audit log list: actorId (officer id), action, entity (kind of record), entityId,
 * outcome, since and until (instants, ISO 8601 or a YYYY-MM-DD day in UTC), with react-admin's
 * _sort/_order/_start/_end (at most 200 rows a page; newest first by default).
 */
export const auditLogQuery = z.object({
  actorId: z.preprocess(blank, wholeNumberText(0).optional()),
  action: optionalText,
  entity: optionalText,
  entityId: optionalText,
  outcome: z.preprocess(blank, z.enum(AUDIT_OUTCOMES).optional()),
  since: z.preprocess(blank, z.iso.date().or(z.iso.datetime({ offset: true })).optional()),
  until: z.preprocess(blank, z.iso.date().or(z.iso.datetime({ offset: true })).optional()),
  _sort: z.preprocess(blank, z.enum(AUDIT_SORT_KEYS).optional()),
  _order: z.preprocess(blank, z.enum(['ASC', 'DESC']).optional()),
  _start: z.preprocess(blank, z.coerce.number().int().min(0).max(1_000_000_000).optional()),
  _end: z.preprocess(blank, z.coerce.number().int().min(0).max(1_000_000_000).optional()),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** One changed field: its value before and after ('[redacted]' for secrets, null when absent). */
export const auditChange = z.object({ before: z.unknown(), after: z.unknown() });

/**
 * One audit log row: `at` is an ISO 8601 instant in UTC. actorName ('Last, First') and
 * actorLogin are the actor's as they were when the entry was written. repeatCount: how many
 * identical refusals of one session on one route within a minute the entry stands for (1 for
 * every other entry).
 */
export const auditLogRow = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  actorLogin: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  outcome: z.string(),
  changes: z.record(z.string(), auditChange).nullable(),
  details: z.string().nullable(),
  requestId: z.string().nullable(),
  repeatCount: z.number().int().min(1),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;
