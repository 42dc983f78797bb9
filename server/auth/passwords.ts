import { scrypt, randomBytes, timingSafeEqual, randomInt } from 'node:crypto';
import { typedPasswordForms } from '../../src/domain/password';

/** scrypt cost parameters: N = 2^17, r = 8, p = 1, 16-byte salt, 32-byte key. */
const N = 2 ** 17;
const R = 8;
const P = 1;

/** The cost every hash the app makes uses (`hashPassword`'s default). */
export const PASSWORD_COST = { N, r: R, p: P } as const;
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Hashes a password: 'scrypt$N$r$p$salt(base64)$key(base64)'. Never log the input. The app always
 * uses PASSWORD_COST; a check reads the cost from the stored hash, so the API tests give the
 * officers they make a cheap hash (each full-cost check is about 0.4 s of a core) and still sign
 * them in through the real check.
 */
export async function hashPassword(password: string, cost: { N: number; r: number; p: number } = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost.N, cost.r, cost.p);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * True when a typed password matches a hash made by hashPassword, as typed or by its first 12
 * characters (typedPasswordForms: the Change Password screen keeps only those); false for any
 * malformed hash. A password over 12 characters costs a second scrypt when the first fails.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64');
  for (const typed of typedPasswordForms(password)) {
    const actual = await derive(typed, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) return true;
  }
  return false;
}

/**
 * A hash no password matches, for an account that has no password yet (an imported officer): in
 * hashPassword's form with a random salt and a random key that no scrypt derivation gives (odds
 * 2^-256), so signing in to it is refused after a full-cost check, as slowly as with a real
 * account. Made without running scrypt, so an import of thousands of officers costs nothing here.
 * The officer gets a password later (a set-password link, or a temporary one by Reset password).
 */
export function unusablePasswordHash(): string {
  return `scrypt$${N}$${R}$${P}$${randomBytes(16).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;
}

/** Burns the same time as a real check, so unknown logins answer as slowly as known ones. */
export async function verifyDummy(password: string): Promise<void> {
  await derive(password, Buffer.alloc(16), N, R, P);
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const ALNUM = `${LETTERS}23456789`;

/** A random password that satisfies spec §5's rule: 12 alphanumerics starting with a letter. */
export function generatePassword(): string {
  let out = LETTERS[randomInt(LETTERS.length)];
  while (out.length < 12) out += ALNUM[randomInt(ALNUM.length)];
  if (!/\d/.test(out)) out = out.slice(0, 11) + String(randomInt(2, 10));
  return out;
}
