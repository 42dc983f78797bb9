import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Session tokens: HS256 JWTs that carry only the session id (`sid`) and the officer id (`sub`).
 * The session row decides validity (idle and absolute limits, revocation); the token's own
 * expiry is the absolute limit. Any other algorithm, including `none`, is refused.
 */
export async function signToken(secret: Uint8Array, claims: { sessionId: string; officerId: number }, now: Date, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.officerId))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setIssuer('roll-call')
    .sign(secret);
}

/** The HMAC key object of each secret, made once (importing the raw secret on every request costs more than the check itself). */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret)));
  return key;
}

export interface TokenClaims {
  sessionId: string;
  officerId: number;
}

/**
 * Tokens whose signature was checked, with their claims and expiry (ms), so a session's many
 * requests check its signature once (the HMAC was a tenth of a list request's CPU).
 * Keyed by the whole token text, so only that exact text is ever taken from here; the expiry is
 * still checked on every request, and the session row (revocation, idle and absolute limits) is
 * read on every request as before. Bounded: emptied when full.
 */
const verified = new Map<string, { secret: Uint8Array; claims: TokenClaims; expiresAtMs: number }>();
const MAX_VERIFIED = 10_000;

/**
 * Verifies a token at the given instant; null for anything tampered, expired or malformed.
 * Output: the session id and officer id it carries.
 */
export async function verifyToken(secret: Uint8Array, token: string, now: Date): Promise<TokenClaims | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (now.getTime() < known.expiresAtMs) return known.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: 'roll-call', currentDate: now });
    const officerId = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(officerId) || typeof payload.exp !== 'number') return null;
    const claims = { sessionId: payload.sid, officerId };
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { secret, claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
