import type { AppConfig } from '../../src/providers/appConfig';
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
    secondFactor: null,
    ...overrides,
  };
}

/** The organisation config of the tests (GET /api/config is not asked). */
export const testConfig: AppConfig = {
  orgName: 'Nassau County Auxiliary Police',
  orgTimezone: 'America/New_York',
  superUserId: 1,
  today: '03/15/2026',
  loaded: true,
};

/**
 * Signs `user` in (token and user in sessionStorage) without going through /Login. Import it from
 * here rather than renderApp in component tests: renderApp loads the whole app with every page.
 */
export function signIn(user: SessionUser, token = 'tok'): void {
  sessionStorage.setItem('jwt', token);
  sessionStorage.setItem('user', JSON.stringify(user));
}
