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

/** Verifies a token at the given instant; null for anything tampered, expired or malformed. */
export async function verifyToken(secret: Uint8Array, token: string, now: Date): Promise<{ sessionId: string; officerId: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: 'roll-call', currentDate: now });
    const officerId = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(officerId)) return null;
    return { sessionId: payload.sid, officerId };
  } catch {
    return null;
  }
}
