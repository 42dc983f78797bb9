import { sql } from 'drizzle-orm';
import { pgTable, bigint, integer, text, timestamp, numeric, serial, check, index, uniqueIndex, boolean, foreignKey } from 'drizzle-orm/pg-core';
import { precinct, assignmentType } from './lookups';
import { officer } from './officers';
import { event, eventSignup } from './events';

/**
 * Time ticket (HoursWorked, spec §3). start_at/end_at are the 10-41 and 10-42 instants;
 * hours_worked is their real length in hours (server-computed). Total hours are
 * hours_worked + travel_hours + the event's incentive hours, computed when read.
 * flagged_by null means not flagged (the API shows officerId 0).
 * Overlapping tickets of one officer are refused by the exclusion constraint
 * hours_worked_no_overlap (see migration 0001_ticket_overlap.sql).
 * Indexes (proven by tests/server/explain.test.ts): hw_officer_start_idx (one officer's
 * tickets by 10-41), hw_start_cover_idx (every officer's tickets in a date range, index-only),
 * hw_event_idx (tickets of an event).
 * A ticket logged with an Idempotency-Key (offline entry, src/domain/offline.ts) keeps the key
 * and the SHA-256 of the body it was made from; hw_idempotency_key_idx makes a key unique per
 * requesting officer (entered_by, the session's officer), so a retry finds the ticket it made.
 */
export const hoursWorked = pgTable(
  'hours_worked',
  {
    hoursWorkedId: serial().primaryKey(),
    officerId: integer().notNull().references(() => officer.officerId),
    assignmentTypeId: integer().notNull().references(() => assignmentType.assignmentTypeId),
    precinctId: integer().notNull().references(() => precinct.precinctId),
    eventId: integer().references(() => event.eventId),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    hoursWorked: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull(),
    travelHours: integer().notNull().default(0),
    description: text().notNull().default(''),
    parkingCitations: integer().notNull().default(0),
    firs: integer().notNull().default(0),
    warnings: integer().notNull().default(0),
    arrests: integer().notNull().default(0),
    arrestAssists: integer().notNull().default(0),
    reports: integer().notNull().default(0),
    pedestrianEdu: integer().notNull().default(0),
    businessChecks: integer().notNull().default(0),
    flaggedBy: integer().references(() => officer.officerId),
    auditComments: text().notNull().default(''),
    locked: boolean().notNull().default(false),
    enteredBy: integer().references(() => officer.officerId),
    /**
     * Where the ticket stands in the auditors' queue (TICKET_REVIEW in src/domain/ticketReview.ts):
     * unreviewed (new or changed since review), accepted (reviewed and fine), flagged (the spec's
     * flag), corrected (flagged, then changed by its owner: back in the queue, still flagged).
     * Flagged and corrected exactly when flagged_by is set (hw_review_matches_flag).
     */
    reviewState: text().notNull().default('unreviewed'),
    reviewedBy: integer().references(() => officer.officerId),
    reviewedAt: timestamp({ withTimezone: true }),
    /** Why the ticket needs an auditor's attention, worked out when it is saved (attentionReasons in src/domain/ticketReview.ts). */
    attention: text().array().notNull().default(sql`'{}'::text[]`),
    updatedBy: integer().references(() => officer.officerId),
    /** The Idempotency-Key the ticket was logged with (idempotencyKeySchema), null without one. */
    idempotencyKey: text(),
    /** With idempotencyKey: SHA-256 (64 lowercase hex digits) of the canonical insert body (ticketBodyHash in server/routes/tickets.ts). */
    idempotencyBodyHash: text(),
    createdTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('hw_end_after_start', sql`${t.endAt} > ${t.startAt}`),
    check('hw_travel_0_1', sql`${t.travelHours} in (0, 1)`),
    check(
      'hw_counts_nonnegative',
      sql`least(${t.parkingCitations}, ${t.firs}, ${t.warnings}, ${t.arrests}, ${t.arrestAssists}, ${t.reports}, ${t.pedestrianEdu}, ${t.businessChecks}) >= 0`,
    ),
    check('hw_description_length', sql`char_length(${t.description}) <= 5000`),
    check('hw_review_state', sql`${t.reviewState} in ('unreviewed', 'accepted', 'flagged', 'corrected')`),
    check('hw_review_matches_flag', sql`(${t.reviewState} in ('flagged', 'corrected')) = (${t.flaggedBy} is not null)`),
    check('hw_audit_comments_length', sql`char_length(${t.auditComments}) <= 5000`),
    // A key comes with its body's hash and the officer who sent it (the key is his), in the form
    // idempotencyKeySchema accepts; the hash is a SHA-256 in hex.
    check(
      'hw_idempotency_complete',
      sql`(${t.idempotencyKey} is null) = (${t.idempotencyBodyHash} is null) and (${t.idempotencyKey} is null or ${t.enteredBy} is not null)`,
    ),
    check('hw_idempotency_key_format', sql`${t.idempotencyKey} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check('hw_idempotency_body_hash_format', sql`${t.idempotencyBodyHash} ~ '^[0-9a-f]{64}$'`),
    // A ticket for an event belongs to the officer's sign-up: no ticket without it, and the sign-up
    // cannot leave the roster while the ticket exists (checked in one statement, so no race).
    foreignKey({ name: 'hw_event_signup_fk', columns: [t.eventId, t.officerId], foreignColumns: [eventSignup.eventId, eventSignup.officerId] }),
    uniqueIndex('hw_one_ticket_per_event').on(t.officerId, t.eventId).where(sql`${t.eventId} is not null`),
    index('hw_officer_start_idx').on(t.officerId, t.startAt),
    // One ticket per key and requesting officer: a retried or concurrent insert with the key
    // cannot make a second ticket, and one officer's key says nothing about another's.
    uniqueIndex('hw_idempotency_key_idx').on(t.enteredBy, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    // The auditors' queue: tickets waiting for review, oldest first; a small part of the table.
    index('hw_review_queue_idx').on(t.startAt, t.hoursWorkedId).where(sql`${t.reviewState} in ('unreviewed', 'corrected')`),
    // Tickets of an event (roster removal, an event's hasTickets, training compliance). The
    // 10-41 range scans of the summary, footer totals and statistics use hw_start_cover_idx
    // (start_at INCLUDE the summed columns, index-only), created in migration 0007 because
    // drizzle-kit cannot write INCLUDE.
    index('hw_event_idx').on(t.eventId).where(sql`${t.eventId} is not null`),
  ],
);

/**
 * Versions of what a ticket list shows (server/answers). One row per officer
 * whose tickets changed, `version` the id (xid8) of the last transaction that inserted, changed,
 * removed or flagged one of them; the row of officer_id 0 is the last transaction that changed
 * a name a ticket row shows (officer, rank, assignment type, precinct, event). Written only by
 * the triggers of migration 0011, in the writing transaction; no foreign key (0 is no officer).
 * Transaction ids only grow, so a version never comes back with other data.
 */
export const ticketListVersion = pgTable('ticket_list_version', {
  officerId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});
