import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, serial, bigint, check, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { officer } from './officers';

/**
 * An officer's TOTP authenticator (decision 029). The secret is stored encrypted (AES-256-GCM
 * with TOTP_KEY), never in plain text or logs. A row with confirmed_at null is a set-up waiting
 * for its first code; only a confirmed row is a factor. last_step is the newest 30-second step
 * whose code was accepted: a code of that step or an older one is refused (no replay).
 */
export const officerTotp = pgTable('officer_totp', {
  officerId: integer()
    .primaryKey()
    .references(() => officer.officerId, { onDelete: 'cascade' }),
  secretEnc: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastStep: bigint({ mode: 'number' }),
});

/** Single-use recovery codes: only their hashes are kept; used_at is set when one is used. */
export const recoveryCode = pgTable(
  'recovery_code',
  {
    id: serial().primaryKey(),
    officerId: integer()
      .notNull()
      .references(() => officer.officerId, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_code_officer_hash_idx').on(t.officerId, t.codeHash)],
);

/**
 * A passkey (WebAuthn credential). credential_id and public_key are base64url text; counter is
 * the authenticator's signature counter (0 for authenticators that keep none).
 */
export const passkey = pgTable(
  'passkey',
  {
    credentialId: text().primaryKey(),
    officerId: integer()
      .notNull()
      .references(() => officer.officerId, { onDelete: 'cascade' }),
    name: text().notNull(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('passkey_officer_idx').on(t.officerId),
    check('passkey_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * A WebAuthn challenge handed to the browser, used once: deleted when its answer is checked.
 * 'registration' challenges belong to the signed-in officer; 'authentication' ones (the
 * passwordless sign-in) to nobody yet.
 */
export const webauthnChallenge = pgTable(
  'webauthn_challenge',
  {
    challengeId: text().primaryKey(),
    challenge: text().notNull(),
    purpose: text().notNull(),
    officerId: integer().references(() => officer.officerId, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('webauthn_challenge_purpose', sql`${t.purpose} in ('registration', 'authentication')`),
    check('webauthn_challenge_owner', sql`${t.purpose} = 'authentication' or ${t.officerId} is not null`),
    index('webauthn_challenge_expires_idx').on(t.expiresAt),
  ],
);
