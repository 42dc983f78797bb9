import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, or, lt, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Tx } from '../audit';
import * as s from '../db/schema';
import { normaliseCode, RECOVERY_CODE_COUNT, TOTP, TOTP_SECRET_BYTES } from '../../src/domain/secondFactor';

/**
 * The key that encrypts TOTP secrets (32 bytes): TOTP_KEY (64 hex digits or base64), else a
 * random key made once in DATA_DIR/totp-key (mode 600). Decision 029.
 */
export function loadTotpKey(config: Config): Buffer {
  const text = config.TOTP_KEY ?? readOrMakeKeyFile(path.join(config.DATA_DIR, 'totp-key'));
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

function readOrMakeKeyFile(file: string): string {
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/** Encrypts a TOTP secret (base32 text) with AES-256-GCM: 'v1.iv.tag.ciphertext' (base64url parts). */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The secret encryptSecret sealed; throws when the key is not the one it was sealed with. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** One recovery code as shown: 'xxxxx-xxxxx' from 50 random bits (RECOVERY_CODE_PATTERN). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b & 31]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What is stored of a recovery code: its SHA-256 (hex). The codes are random, so no salt is needed. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

/**
 * Replaces all of an officer's recovery codes with RECOVERY_CODE_COUNT new ones, in the caller's
 * transaction. Output: the codes as shown (only their hashes are kept).
 */
export async function issueRecoveryCodes(tx: Tx, officerId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(s.recoveryCode).where(eq(s.recoveryCode.officerId, officerId));
  await tx.insert(s.recoveryCode).values(codes.map((code) => ({ officerId, codeHash: recoveryCodeHash(code), createdAt: now })));
  return codes;
}

/** Uses up one recovery code of an officer; false when it is not his, or was used already. */
export async function spendRecoveryCode(tx: Tx | Db, officerId: number, code: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(s.recoveryCode)
    .set({ usedAt: now })
    .where(and(eq(s.recoveryCode.officerId, officerId), eq(s.recoveryCode.codeHash, recoveryCodeHash(code)), isNull(s.recoveryCode.usedAt)))
    .returning({ id: s.recoveryCode.id });
  return used.length === 1;
}

/** How many unused recovery codes an officer has. */
export async function recoveryCodesLeft(db: Tx | Db, officerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.recoveryCode)
    .where(and(eq(s.recoveryCode.officerId, officerId), isNull(s.recoveryCode.usedAt)));
  return row?.n ?? 0;
}

/**
 * Locks an officer's row for the rest of the transaction, so the checks of his passkeys that
 * follow (how many he has, whether this one is his last factor) hold until it commits: two
 * racing registrations cannot both pass MAX_PASSKEYS, two racing removals cannot both leave him
 * without his last factor. False when the officer does not exist.
 */
export async function lockOfficer(tx: Tx, officerId: number): Promise<boolean> {
  const rows = await tx.select({ id: s.officer.officerId }).from(s.officer).where(eq(s.officer.officerId, officerId)).for('update');
  return rows.length === 1;
}

/** Deletes all of an officer's recovery codes (his last factor went: they would stand in for nothing). */
export async function dropRecoveryCodes(tx: Tx, officerId: number): Promise<void> {
  await tx.delete(s.recoveryCode).where(eq(s.recoveryCode.officerId, officerId));
}

/** How many second factors an officer has: a confirmed authenticator app counts one, each passkey one. */
export async function factorCount(db: Tx | Db, officerId: number): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(select count(*)::int from ${s.officerTotp} where ${s.officerTotp.officerId} = ${officerId} and ${isNotNull(s.officerTotp.confirmedAt)})
        + (select count(*)::int from ${s.passkey} where ${s.passkey.officerId} = ${officerId})`,
    })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/**
 * After a factor was added (a TOTP set-up confirmed, or a passkey registered), in the same
 * transaction: ends the current session's 'enrol' stage, moves his other 'enrol' sessions to
 * 'required', and issues the first recovery codes when
 * he has none unused. Output: those codes (shown once), or undefined when he keeps his old ones.
 */
export async function completeFactorEnrolment(tx: Tx, officerId: number, sessionId: string | undefined, now: Date): Promise<string[] | undefined> {
  // One enrolment at a time per officer, so two at once cannot each issue a set of codes.
  await lockOfficer(tx, officerId);
  if (sessionId) {
    await tx
      .update(s.session)
      .set({ secondFactor: null })
      .where(and(eq(s.session.sessionId, sessionId), eq(s.session.secondFactor, 'enrol')));
  }
  // His other half-signed-in sessions were opened with the password alone: now that he has a
  // factor they must give it, not enrol one of their own (a leaked password's session would).
  await tx
    .update(s.session)
    .set({ secondFactor: 'required' })
    .where(and(eq(s.session.officerId, officerId), eq(s.session.secondFactor, 'enrol')));
  if ((await recoveryCodesLeft(tx, officerId)) > 0) return undefined;
  return issueRecoveryCodes(tx, officerId, now);
}

/** Ends a session's 'required' stage once the second factor was given (same transaction as its audit entry). */
export async function completeVerification(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(s.session)
    .set({ secondFactor: null })
    .where(and(eq(s.session.sessionId, sessionId), eq(s.session.secondFactor, 'required')));
}

/** A TOTP generator of a secret (base32) with the parameters authenticator apps expect (TOTP). */
function totpOf(secret: string, labels: { issuer?: string; label?: string } = {}): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    ...labels,
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
  });
}

/** A new random TOTP secret of TOTP_SECRET_BYTES bytes, as base32 text (what the officer may type into his app). */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The otpauth:// URI of a secret that authenticator apps read from a QR code: issuer (the organisation) and label (his login). */
export function totpUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, { issuer, label }).toString();
}

/** The TOTP code of a secret at `at` (tests and tools; the server only checks codes). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/**
 * The 30-second step whose code `code` is for `secret`, looking ±TOTP.window steps around `now`
 * (the app's clock); null when the code is none of them.
 */
export function totpCodeStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: TOTP.window });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The stored secret opened with the key, or null when this key did not seal it (TOTP_KEY changed). */
function openSecret(key: Buffer, sealed: string): string | null {
  try {
    return decryptSecret(key, sealed);
  } catch {
    return null;
  }
}

/** His authenticator row: when it was confirmed (null while its set-up waits for a code); undefined when he has none. */
export async function totpState(db: Tx | Db, officerId: number): Promise<{ confirmedAt: Date | null } | undefined> {
  const [row] = await db.select({ confirmedAt: s.officerTotp.confirmedAt }).from(s.officerTotp).where(eq(s.officerTotp.officerId, officerId));
  return row;
}

/**
 * Starts (or restarts) an authenticator set-up: a new random secret, stored sealed with `key` and
 * unconfirmed, replacing any set-up still waiting. Output: the secret (base32), or null when his
 * authenticator is already confirmed (nothing is changed then).
 */
export async function startTotpSetup(tx: Tx, key: Buffer, officerId: number, now: Date): Promise<string | null> {
  const secret = newTotpSecret();
  const fresh = { secretEnc: encryptSecret(key, secret), createdAt: now, confirmedAt: null, lastStep: null };
  const rows = await tx
    .insert(s.officerTotp)
    .values({ officerId, ...fresh })
    .onConflictDoUpdate({ target: s.officerTotp.officerId, set: fresh, setWhere: isNull(s.officerTotp.confirmedAt) })
    .returning({ officerId: s.officerTotp.officerId });
  return rows.length ? secret : null;
}

/**
 * Confirms a waiting authenticator set-up with a code of its secret (±1 step of `now`): sets
 * confirmed_at and last_step (so the same code cannot sign in afterwards). Output: 'confirmed',
 * 'noSetup' (no set-up waits: none started, or already confirmed) or 'invalid' (wrong code).
 */
export async function confirmTotp(tx: Tx, key: Buffer, officerId: number, code: string, now: Date): Promise<'confirmed' | 'noSetup' | 'invalid'> {
  const [row] = await tx
    .select({ secretEnc: s.officerTotp.secretEnc })
    .from(s.officerTotp)
    .where(and(eq(s.officerTotp.officerId, officerId), isNull(s.officerTotp.confirmedAt)));
  if (!row) return 'noSetup';
  const secret = openSecret(key, row.secretEnc);
  const step = secret ? totpCodeStep(secret, normaliseCode(code).value, now) : null;
  if (step === null) return 'invalid';
  const done = await tx
    .update(s.officerTotp)
    .set({ confirmedAt: now, lastStep: step })
    .where(and(eq(s.officerTotp.officerId, officerId), isNull(s.officerTotp.confirmedAt)))
    .returning({ officerId: s.officerTotp.officerId });
  return done.length ? 'confirmed' : 'noSetup';
}

/**
 * Accepts a code of his confirmed authenticator once: it must be valid at `now` (±1 step) and of
 * a step newer than the last one accepted; the step is recorded in the same UPDATE, so two
 * requests with one code cannot both pass. False for a wrong, old or replayed code, or when he
 * has no confirmed authenticator (or its secret was sealed with another key).
 */
export async function acceptTotpCode(db: Tx | Db, key: Buffer, officerId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ secretEnc: s.officerTotp.secretEnc })
    .from(s.officerTotp)
    .where(and(eq(s.officerTotp.officerId, officerId), isNotNull(s.officerTotp.confirmedAt)));
  const secret = row ? openSecret(key, row.secretEnc) : null;
  const step = secret ? totpCodeStep(secret, code, now) : null;
  if (step === null) return false;
  const t = s.officerTotp;
  const accepted = await db
    .update(t)
    .set({ lastStep: step })
    .where(and(eq(t.officerId, officerId), isNotNull(t.confirmedAt), or(isNull(t.lastStep), lt(t.lastStep, step))))
    .returning({ officerId: t.officerId });
  return accepted.length === 1;
}

/**
 * Checks a typed second-factor code of an officer (normaliseCode: six digits are a TOTP code,
 * anything else a recovery code) and uses it up: a TOTP step is recorded, a recovery code marked
 * used. Output: the kind that was accepted, or null when the code is wrong, old or used.
 */
export async function useSecondFactorCode(tx: Tx, key: Buffer, officerId: number, code: string, now: Date): Promise<'totp' | 'recovery' | null> {
  const typed = normaliseCode(code);
  if (typed.kind === 'totp') return (await acceptTotpCode(tx, key, officerId, typed.value, now)) ? 'totp' : null;
  return (await spendRecoveryCode(tx, officerId, typed.value, now)) ? 'recovery' : null;
}

/**
 * Removes every second factor of an officer (authenticator, recovery codes, passkeys), in the
 * caller's transaction. Output: how many rows of each went.
 */
export async function removeAllFactors(tx: Tx, officerId: number): Promise<{ totp: number; recoveryCodes: number; passkeys: number }> {
  const totp = await tx.delete(s.officerTotp).where(eq(s.officerTotp.officerId, officerId)).returning({ id: s.officerTotp.officerId });
  const codes = await tx.delete(s.recoveryCode).where(eq(s.recoveryCode.officerId, officerId)).returning({ id: s.recoveryCode.id });
  const keys = await tx.delete(s.passkey).where(eq(s.passkey.officerId, officerId)).returning({ id: s.passkey.credentialId });
  return { totp: totp.length, recoveryCodes: codes.length, passkeys: keys.length };
}
