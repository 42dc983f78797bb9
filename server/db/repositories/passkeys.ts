import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Tx } from '../../audit';
import * as s from '../schema';
import { fromInstant } from '../../../src/domain/dates';
import { mustUseSecondFactor, WEBAUTHN_CHALLENGE_MINUTES, type SecondFactorStage } from '../../../src/domain/secondFactor';
import type { PasskeyInfo, TwoFactorStatus } from '../../../src/domain/schemas/secondFactor';
import { recoveryCodesLeft } from '../../auth/secondFactor';
import type { NewCredential, StoredCredential } from '../../auth/passkeys';

export type ChallengePurpose = 'registration' | 'authentication';

/**
 * Stores a WebAuthn challenge for WEBAUTHN_CHALLENGE_MINUTES from `now` and answers the id the
 * browser hands back with its answer (128 random bits, base64url). `officerId`: the signed-in
 * officer of a registration; null for a sign-in. Challenges expired by `now` are cleared first,
 * so the table holds at most a few minutes' worth.
 */
export async function saveChallenge(db: Db, purpose: ChallengePurpose, challenge: string, officerId: number | null, now: Date): Promise<string> {
  const challengeId = randomBytes(16).toString('base64url');
  await db.delete(s.webauthnChallenge).where(lte(s.webauthnChallenge.expiresAt, now));
  await db.insert(s.webauthnChallenge).values({
    challengeId,
    challenge,
    purpose,
    officerId,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_MINUTES * 60_000),
  });
  return challengeId;
}

/**
 * Uses up a stored challenge: deletes it (DELETE … RETURNING, so of two racing answers only one
 * gets it) and answers its challenge text when it was of this purpose, this officer (registration;
 * null for a sign-in) and not expired at `now`; otherwise null. A challenge is gone once taken,
 * whether its answer then checks out or not.
 */
export async function takeChallenge(db: Db, challengeId: string, purpose: ChallengePurpose, officerId: number | null, now: Date): Promise<string | null> {
  const c = s.webauthnChallenge;
  const [row] = await db
    .delete(c)
    .where(and(eq(c.challengeId, challengeId), eq(c.purpose, purpose), officerId === null ? isNull(c.officerId) : eq(c.officerId, officerId)))
    .returning({ challenge: c.challenge, expiresAt: c.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row.challenge;
}

const credentialColumns = {
  credentialId: s.passkey.credentialId,
  publicKey: s.passkey.publicKey,
  counter: s.passkey.counter,
  transports: s.passkey.transports,
};

/** An officer's passkeys as the checks need them (oldest first). */
export async function credentialsOf(db: Db | Tx, officerId: number): Promise<StoredCredential[]> {
  return db.select(credentialColumns).from(s.passkey).where(eq(s.passkey.officerId, officerId)).orderBy(asc(s.passkey.createdAt), asc(s.passkey.credentialId));
}

/** A stored passkey by credential id with its officer's sign-in fields, or undefined. */
export async function findPasskey(db: Db, credentialId: string) {
  const [row] = await db
    .select({
      ...credentialColumns,
      officerId: s.officer.officerId,
      login: s.officer.login,
      separationDate: s.officer.separationDate,
      lastLoginDate: s.officer.lastLoginDate,
    })
    .from(s.passkey)
    .innerJoin(s.officer, eq(s.officer.officerId, s.passkey.officerId))
    .where(eq(s.passkey.credentialId, credentialId));
  return row;
}

/** A passkey on the wire: dates 'MM/DD/YYYY HH:mm' in the organisation's time zone `tz`. */
function passkeyInfoOf(row: { credentialId: string; name: string; createdAt: Date; lastUsedAt: Date | null }, tz: string): PasskeyInfo {
  const at = (d: Date) => {
    const f = fromInstant(d, tz);
    return `${f.date} ${f.time}`;
  };
  return { id: row.credentialId, name: row.name, createdAt: at(row.createdAt), lastUsedAt: row.lastUsedAt ? at(row.lastUsedAt) : null };
}

/** An officer's passkeys for GET /api/passkeys (oldest first). */
export async function listPasskeys(db: Db | Tx, officerId: number, tz: string): Promise<PasskeyInfo[]> {
  const rows = await db
    .select({ credentialId: s.passkey.credentialId, name: s.passkey.name, createdAt: s.passkey.createdAt, lastUsedAt: s.passkey.lastUsedAt })
    .from(s.passkey)
    .where(eq(s.passkey.officerId, officerId))
    .orderBy(asc(s.passkey.createdAt), asc(s.passkey.credentialId));
  return rows.map((r) => passkeyInfoOf(r, tz));
}

/** How many passkeys an officer has (call lockOfficer first when the answer must hold). */
export async function passkeyCount(tx: Tx | Db, officerId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(s.passkey).where(eq(s.passkey.officerId, officerId));
  return row?.n ?? 0;
}

/**
 * Stores a new passkey of an officer. Output: it as on the wire, or null when its credential id is
 * stored already (any officer's: a credential belongs to one account).
 */
export async function insertPasskey(tx: Tx, officerId: number, name: string, credential: NewCredential, now: Date, tz: string): Promise<PasskeyInfo | null> {
  const [row] = await tx
    .insert(s.passkey)
    .values({ ...credential, officerId, name, createdAt: now })
    .onConflictDoNothing({ target: s.passkey.credentialId })
    .returning({ credentialId: s.passkey.credentialId, name: s.passkey.name, createdAt: s.passkey.createdAt, lastUsedAt: s.passkey.lastUsedAt });
  return row ? passkeyInfoOf(row, tz) : null;
}

/** One passkey of this officer (name and id), or undefined when there is none by that id that is his. */
export async function ownPasskey(tx: Tx | Db, officerId: number, credentialId: string) {
  const [row] = await tx
    .select({ credentialId: s.passkey.credentialId, name: s.passkey.name })
    .from(s.passkey)
    .where(and(eq(s.passkey.officerId, officerId), eq(s.passkey.credentialId, credentialId)));
  return row;
}

/** Removes one passkey of this officer; false when it was not there (removed meanwhile). */
export async function deletePasskey(tx: Tx, officerId: number, credentialId: string): Promise<boolean> {
  const rows = await tx
    .delete(s.passkey)
    .where(and(eq(s.passkey.officerId, officerId), eq(s.passkey.credentialId, credentialId)))
    .returning({ id: s.passkey.credentialId });
  return rows.length === 1;
}

/**
 * Records a passkey's use at `now`: its new signature counter (never lowered, should two sign-ins
 * race) and last_used_at.
 */
export async function recordPasskeyUse(tx: Tx, credentialId: string, counter: number, now: Date): Promise<void> {
  await tx
    .update(s.passkey)
    .set({ counter: sql`greatest(${s.passkey.counter}, ${counter})`, lastUsedAt: now })
    .where(eq(s.passkey.credentialId, credentialId));
}

/**
 * The twoFactorStatus answer (GET /api/twoFactor's shape) of an officer at `accessLevel` whose
 * session is at `stage`: `requiredFrom` is config.SECOND_FACTOR_LEVEL, `tz` the organisation's
 * time zone (totpSince 'MM/DD/YYYY', passkey dates 'MM/DD/YYYY HH:mm'). The one builder of that
 * answer, for the two-step routes and the passkey removal alike.
 */
export async function twoFactorStatusOf(
  db: Db | Tx,
  officer: { officerId: number; accessLevel: number },
  stage: SecondFactorStage | null,
  requiredFrom: number | null,
  tz: string,
): Promise<TwoFactorStatus> {
  const [totp] = await db
    .select({ confirmedAt: s.officerTotp.confirmedAt })
    .from(s.officerTotp)
    .where(and(eq(s.officerTotp.officerId, officer.officerId), isNotNull(s.officerTotp.confirmedAt)));
  return {
    required: mustUseSecondFactor(officer.accessLevel, requiredFrom),
    totp: !!totp,
    totpSince: totp?.confirmedAt ? fromInstant(totp.confirmedAt, tz).date : null,
    recoveryCodesLeft: await recoveryCodesLeft(db, officer.officerId),
    passkeys: await listPasskeys(db, officer.officerId, tz),
    stage,
  };
}
