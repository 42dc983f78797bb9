import type { SessionUser } from '../../src/providers/session';

/** A signed-in officer as the server returns it; override what a test needs. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    officerId: 7,
    lastName: 'Doe',
    firstName: 'Jane',
    middle: 'Q',
    rank: { rankId: 2, description: 'Sergeant' },
    accessType: { accessTypeId: 1, description: 'Officer' },
    lastLoginDate: '01/02/2026',
    profileComplete: true,
    mustChangePassword: false,
    ...overrides,
  };
}
