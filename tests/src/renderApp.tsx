import { render } from '@testing-library/react';
import { App } from '../../src/App';
import type { AppConfig } from '../../src/providers/appConfig';
import type { SessionUser } from '../../src/providers/session';

export const testConfig: AppConfig = {
  orgName: 'Nassau County Auxiliary Police',
  orgTimezone: 'America/New_York',
  superUserId: 1,
  today: '03/15/2026',
  loaded: true,
};

/** Signs `user` in (token and user in sessionStorage) without going through /Login. */
export function signIn(user: SessionUser, token = 'tok'): void {
  sessionStorage.setItem('jwt', token);
  sessionStorage.setItem('user', JSON.stringify(user));
}

/** Renders the whole app at /secure{path} with the real providers (msw answers /api). */
export function renderApp(path: string) {
  window.history.replaceState({}, '', `/secure${path}`);
  return render(<App config={testConfig} />);
}

/** The current in-app path and query (without /secure). */
export function currentPath(): string {
  return `${window.location.pathname.replace(/^\/secure/, '')}${decodeURIComponent(window.location.search)}`;
}
