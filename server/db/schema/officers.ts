import { sql } from 'drizzle-orm';
import {
  pgTable, integer, text, date, timestamp, boolean, uniqueIndex, check, index, jsonb, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { precinct, rank, state, accessType } from './lookups';

/**
 * Officer (spec §3). officer_id is assigned by the roster administrator, not generated.
 * password_hash holds scrypt output (see server/auth/passwords.ts), never the password.
 */
export const officer = pgTable(
  'officer',
  {
    officerId: integer().primaryKey(),
    badgeNumber: integer(),
    handcuffNumber: integer(),
    login: text().notNull(),
    passwordHash: text().notNull(),
    precinctId: integer().references(() => precinct.precinctId),
    appointmentDate: date({ mode: 'string' }),
    separationDate: date({ mode: 'string' }),
    firstName: text().notNull().default(''),
    middle: text(),
    lastName: text().notNull().default(''),
    rankId: integer().references(() => rank.rankId),
    homeStreetAddr1: text(),
    homeCity: text(),
    homeStateId: integer().references(() => state.stateId),
    homeZip: text(),
    homePhone: text(),
    mobile: text(),
    homeEmail: text(),
    deptEmail: text(),
    /**
     * Whether each e-mail address is confirmed: a password reset goes only to a confirmed
     * address. Addresses on record before confirmation existed, and addresses the roster
     * administrator enters, count as confirmed; an address an officer gives for himself counts
     * once he follows the link mailed to it (email_confirmation).
     */
    homeEmailConfirmed: boolean().notNull().default(true),
    deptEmailConfirmed: boolean().notNull().default(true),
    accessTypeId: integer().notNull().references(() => accessType.accessTypeId),
    lastLoginDate: timestamp({ withTimezone: true }),
    passwordExpireInterval: integer().notNull().default(0),
    passwordChangedDate: timestamp({ withTimezone: true }),
    /** Holds the drivers licence number (spec §3 calls the field soundex). */
    soundex: text(),
    /** Temporary password from /password/reset: single use, expires (spec §4 Password reset). */
    tempPasswordHash: text(),
    tempPasswordExpires: timestamp({ withTimezone: true }),
    updatedBy: integer().references((): AnyPgColumn => officer.officerId),
    updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('officer_login_lower_uq').on(sql`lower(${t.login})`),
    check('officer_id_positive', sql`${t.officerId} > 0`),
    check('officer_badge_positive', sql`${t.badgeNumber} is null or ${t.badgeNumber} > 0`),
    check('officer_handcuff_positive', sql`${t.handcuffNumber} is null or ${t.handcuffNumber} > 0`),
    check('officer_login_not_blank', sql`char_length(btrim(${t.login})) > 0`),
    check('officer_password_expire_nonnegative', sql`${t.passwordExpireInterval} >= 0`),
  ],
);

/**
 * A link mailed to an address an officer gave for himself: following it (within its time)
 * confirms that address for that field, if the field still holds it. The token is stored only
 * as its SHA-256 hash; a link works once.
 */
export const emailConfirmation = pgTable(
  'email_confirmation',
  {
    tokenHash: text().primaryKey(),
    officerId: integer().notNull().references(() => officer.officerId, { onDelete: 'cascade' }),
    /** 'homeEmail' or 'deptEmail'. */
    field: text().notNull(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('email_confirmation_field', sql`${t.field} in ('homeEmail', 'deptEmail')`),
    index('email_confirmation_officer_idx').on(t.officerId),
  ],
);

/** Failed sign-ins per login (known or not, so both answer alike): 5 in a row lock for 10 minutes. */
export const loginAttempt = pgTable('login_attempt', {
  login: text().primaryKey(),
  failedCount: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
});

/**
 * Server-side session behind each JWT (the token carries only the session id).
 * Idle timeout 15 minutes from last_seen_at, absolute limit at expires_at, revoked on logout.
 */
export const session = pgTable('session', {
  sessionId: text().primaryKey(),
  officerId: integer().notNull().references(() => officer.officerId, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  revokedAt: timestamp({ withTimezone: true }),
  /** Set when signed in with a temporary password or never signed in: only a password change is allowed. */
  passwordChangeOnly: boolean().notNull().default(false),
  /**
   * The two-step sign-in step the session still waits for ('required' or 'enrol'; decision 029),
   * null when fully signed in. While set, only the routes that finish that step answer.
   */
  secondFactor: text(),
}, (t) => [check('session_second_factor', sql`${t.secondFactor} is null or ${t.secondFactor} in ('required', 'enrol')`)]);

/**
 * The audit log: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, migration
 * 0009). One row per sign-in, lockout, password change or reset, refused request, and create,
 * update, delete or flag of officers, time tickets, events, sign-ups, uploads and news.
 * `at` is UTC; the actor is a plain officer id (no foreign key: removing an officer must neither
 * rewrite nor be blocked by his history); `changes` holds {field: {before, after}} of the changed
 * fields, with passwords, tokens and the drivers licence (soundex) never stored, only marked.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    auditLogId: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who did it (the signed-in officer), or null when nobody was signed in. Column officer_id. */
    actorId: integer('officer_id'),
    /**
     * The actor's name ('Last, First') and login as they were when the entry was written:
     * officer ids can be given again after a removal, and an entry must keep naming who acted.
     */
    actorName: text(),
    actorLogin: text(),
    /** What: 'login', 'login-failed', 'lockout', 'password-change', 'password-reset', 'denied', 'create', 'update', 'delete', 'flag', 'unflag', … */
    action: text().notNull(),
    /** Kind of record acted on: 'session', 'officer', 'ticket', 'event', 'signup', 'upload', 'news', or the route of a refused request. */
    entity: text().notNull(),
    entityId: text(),
    /** 'success', 'failure' or 'denied'. */
    outcome: text().notNull().default('success'),
    changes: jsonb(),
    details: text(),
    /** The request's id (X-Request-Id), to match log lines. */
    requestId: text(),
    /**
     * How many identical refusals this entry stands for: repeated refusals of one session on one
     * route within a minute are written once, with their count (never updated afterwards).
     */
    repeatCount: integer().notNull().default(1),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
    check('audit_log_repeat_count_positive', sql`${t.repeatCount} >= 1`),
  ],
);
