import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, serial, check, index, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { officer } from './officers';
import { event } from './events';
import { precinct, eventType } from './lookups';

/**
 * A private calendar feed URL (src/domain/reminders.ts FEED_SCOPES). Only the SHA-256 hash of the
 * token is kept, so the URL is shown once, when it is made; revoking deletes the row (the URL then
 * answers 404). One feed per officer and scope: making a new one replaces the old. 'details' is
 * the supervisors' feed of all details in a filter (precinct and/or event type, null = all).
 */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    id: serial().primaryKey(),
    officerId: integer().notNull().references(() => officer.officerId, { onDelete: 'cascade' }),
    scope: text().notNull(),
    precinctId: integer().references(() => precinct.precinctId, { onDelete: 'set null' }),
    eventTypeId: integer().references(() => eventType.eventTypeId, { onDelete: 'set null' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastFetchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('calendar_feed_scope', sql`${t.scope} in ('signups', 'details')`),
    uniqueIndex('calendar_feed_token_idx').on(t.tokenHash),
    uniqueIndex('calendar_feed_officer_scope_idx').on(t.officerId, t.scope),
  ],
);

/**
 * An officer's removal from a roster, kept so his feed can carry the event as CANCELLED for 30
 * days (calendar apps then drop it). Written by a trigger on event_signup deletes and cleared when
 * he signs up again, so no code path can forget it; goes with the event when it is deleted.
 */
export const rosterRemoval = pgTable(
  'roster_removal',
  {
    eventId: integer().notNull().references(() => event.eventId, { onDelete: 'cascade' }),
    officerId: integer().notNull().references(() => officer.officerId, { onDelete: 'cascade' }),
    removedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.officerId] }), index('roster_removal_officer_idx').on(t.officerId, t.removedAt)],
);

/** A reminder kind an officer turned off on My Settings (no row: on, the default). */
export const reminderOptOut = pgTable(
  'reminder_opt_out',
  {
    officerId: integer().notNull().references(() => officer.officerId, { onDelete: 'cascade' }),
    kind: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.officerId, t.kind] })],
);

/**
 * One scheduled run of one reminder kind, claimed by its key (kind and time slot, e.g.
 * 'missingHours:2026-12') with INSERT ... ON CONFLICT DO NOTHING before it runs, so with any
 * number of app processes each slot runs once. `finished_at` stays null while it runs.
 */
export const reminderRun = pgTable('reminder_run', {
  key: text().primaryKey(),
  claimedBy: text().notNull(),
  claimedAt: timestamp({ withTimezone: true }).notNull(),
  finishedAt: timestamp({ withTimezone: true }),
  messages: integer().notNull().default(0),
});

/**
 * One reminder to one officer: the in-app notice behind the bell and, when he has an address, the
 * e-mail. `key` (e.g. 'eventTomorrow:812:45') is unique, so a reminder is written once however
 * many processes find it due. mail_status: 'none' (no address: notice only), 'pending' (to send at
 * next_attempt_at), 'sent', or 'failed' (gave up after the last retry).
 */
export const reminderMessage = pgTable(
  'reminder_message',
  {
    id: serial().primaryKey(),
    key: text().notNull(),
    kind: text().notNull(),
    officerId: integer().notNull().references(() => officer.officerId, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    html: text().notNull(),
    /** The in-app path the notice opens, e.g. '/EventSignupBrowse?eventId=812' (the event's roster). */
    link: text().notNull(),
    emailTo: text(),
    mailStatus: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('reminder_message_mail_status', sql`${t.mailStatus} in ('none', 'pending', 'sent', 'failed')`),
    uniqueIndex('reminder_message_key_idx').on(t.key),
    index('reminder_message_officer_idx').on(t.officerId, t.createdAt),
    index('reminder_message_pending_idx').on(t.nextAttemptAt).where(sql`${t.mailStatus} = 'pending'`),
  ],
);
