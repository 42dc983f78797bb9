import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Tx } from '../audit';
import * as s from '../db/schema';
import { RECOVERY_CODE_COUNT } from '../../src/domain/secondFactor';

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
export async function useRecoveryCode(tx: Tx | Db, officerId: number, code: string, now: Date): Promise<boolean> {
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
 * transaction: ends the current session's 'enrol' stage, and issues the first recovery codes when
 * he has none unused. Output: those codes (shown once), or undefined when he keeps his old ones.
 */
export async function completeFactorEnrolment(tx: Tx, officerId: number, sessionId: string | undefined, now: Date): Promise<string[] | undefined> {
  if (sessionId) {
    await tx
      .update(s.session)
      .set({ secondFactor: null })
      .where(and(eq(s.session.sessionId, sessionId), eq(s.session.secondFactor, 'enrol')));
  }
  if ((await recoveryCodesLeft(tx, officerId)) > 0) return undefined;
  return issueRecoveryCodes(tx, officerId, now);
}

/** Ends a session's 'verify' stage once the second factor was given (same transaction as its audit entry). */
export async function completeVerification(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(s.session)
    .set({ secondFactor: null })
    .where(and(eq(s.session.sessionId, sessionId), eq(s.session.secondFactor, 'verify')));
}
