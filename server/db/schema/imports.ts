import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, jsonb, serial, check, index, primaryKey, uniqueIndex, customType } from 'drizzle-orm/pg-core';
import { officer } from './officers';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A column and value mapping saved for next time, by name within its import kind: `mapping` is
 * field -> column header (or null), `values` lookup field -> {value in the file -> lookup id or
 * null} (src/domain/schemas/imports.ts importSavedMapping).
 */
export const importMapping = pgTable(
  'import_mapping',
  {
    kind: text().notNull(),
    name: text().notNull(),
    mapping: jsonb().$type<Record<string, string | null>>().notNull(),
    values: jsonb().$type<Record<string, Record<string, number | null>>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: integer().references(() => officer.officerId, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.name] })],
);

/**
 * An import run in the background by the server (POST /api/import/{kind}/run): its progress
 * (rows, counts, bytes of the file read), its report and refused rows' CSV once done, or why it
 * failed. One runs at a time: the partial unique index admits one 'running' row. `owner` names
 * the server process running it and `updated_at` is its heartbeat, so another process can tell a
 * job whose process is gone (decision 026).
 */
export const importJob = pgTable(
  'import_job',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    fileName: text().notNull(),
    status: text().notNull(),
    rows: integer().notNull().default(0),
    countNew: integer().notNull().default(0),
    countUnchanged: integer().notNull().default(0),
    countChanged: integer().notNull().default(0),
    countRefused: integer().notNull().default(0),
    bytesRead: integer().notNull().default(0),
    bytesTotal: integer().notNull().default(0),
    report: jsonb(),
    error: text(),
    /** The refused rows as the error file (CSV), null when none was refused. */
    errorFile: bytea(),
    /** The officer who started it; no foreign key, so an officer who ran an import can still be deleted (his name then reads empty). */
    startedBy: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    owner: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('import_job_status', sql`${t.status} in ('running', 'done', 'failed')`),
    uniqueIndex('import_job_one_running').on(t.status).where(sql`${t.status} = 'running'`),
    index('import_job_started_idx').on(t.startedAt),
  ],
);

/**
 * One-time link mailed to an officer the import added (he has no password): following it sets
 * his password and confirms the address it went to. Stored as its token's SHA-256 hash only.
 */
export const passwordSetup = pgTable(
  'password_setup',
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
  (t) => [check('password_setup_field', sql`${t.field} in ('homeEmail', 'deptEmail')`), index('password_setup_officer_idx').on(t.officerId)],
);
