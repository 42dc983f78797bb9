import { describe, expect, it } from 'vitest';
import { actorOf, hasFullSession } from '../../../src/providers/session';
import { sessionUser } from '../fixtures';

describe('hasFullSession (spec §2 login flow, §6)', () => {
  it('is true for a signed-in user with a changed password and a complete profile', () => {
    expect(hasFullSession(sessionUser())).toBe(true);
  });

  it('is false for nobody, a first sign-in, a temporary password and an incomplete profile', () => {
    expect(hasFullSession(null)).toBe(false);
    expect(hasFullSession(sessionUser({ lastLoginDate: null }))).toBe(false);
    expect(hasFullSession(sessionUser({ mustChangePassword: true }))).toBe(false);
    expect(hasFullSession(sessionUser({ profileComplete: false }))).toBe(false);
  });

  it('actorOf tells can() about an incomplete profile', () => {
    expect(actorOf(sessionUser({ profileComplete: false }))).toMatchObject({ officerId: 7, accessLevel: 1, profileIncomplete: true });
  });
});
