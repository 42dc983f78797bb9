import { sql } from 'drizzle-orm';
import { pgTable, bigint, text, check } from 'drizzle-orm/pg-core';

/**
 * What a kept answer can depend on (server/answers): each scope names a group of tables whose
 * statements bump the scope's version, in the writing transaction (triggers of migration 0015).
 * 'sessions' (a sign-in, a revocation; never the touch of last_seen_at) is read only by the
 * session check; no report depends on it. Login attempts, e-mail confirmations, audit entries and
 * news are in no scope.
 */
export const DATA_SCOPES = ['events', 'lookups', 'officers', 'sessions', 'tickets', 'uploads'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/**
 * One row per scope: `version` counts the committed statements that changed the scope's tables
 * (a statement-level trigger adds one inside the writing transaction, so the new value is seen
 * exactly when the rows it describes are). Rows are created by the migration and never removed.
 */
export const dataVersion = pgTable(
  'data_version',
  {
    scope: text().primaryKey(),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('data_version_scope', sql`${t.scope} in ('events', 'lookups', 'officers', 'sessions', 'tickets', 'uploads')`)],
);
