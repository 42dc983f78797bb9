import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../server/auth/tokens';

/**
 * Session tokens (each token's signature is checked once): a token accepted before
 * is still refused past its own expiry, and never accepted under another secret.
 */
describe('verifyToken', () => {
  const secret = new TextEncoder().encode('s'.repeat(48));
  const now = new Date('2026-11-25T12:00:00Z');
  const expiresAt = new Date('2026-11-25T13:00:00Z');

  it('accepts a token again and again until its expiry, then refuses it', async () => {
    const token = await signToken(secret, { sessionId: 'abc', officerId: 7 }, now, expiresAt);
    expect(await verifyToken(secret, token, now)).toEqual({ sessionId: 'abc', officerId: 7 });
    expect(await verifyToken(secret, token, new Date('2026-11-25T12:59:58Z'))).toEqual({ sessionId: 'abc', officerId: 7 });
    expect(await verifyToken(secret, token, new Date('2026-11-25T13:00:01Z'))).toBeNull();
  });

  it('refuses a token it accepted under another secret', async () => {
    const token = await signToken(secret, { sessionId: 'def', officerId: 8 }, now, expiresAt);
    expect(await verifyToken(secret, token, now)).not.toBeNull();
    expect(await verifyToken(new TextEncoder().encode('t'.repeat(48)), token, now)).toBeNull();
  });
});
