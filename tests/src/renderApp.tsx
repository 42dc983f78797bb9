import { render } from '@testing-library/react';
import { App } from '../../src/App';
import { testConfig } from './fixtures';

// Kept here too for the tests that import them from renderApp.
export { signIn, testConfig } from './fixtures';

/** Renders the whole app at /secure{path} with the real providers (msw answers /api). */
export function renderApp(path: string) {
  window.history.replaceState({}, '', `/secure${path}`);
  return render(<App config={testConfig} />);
}

/** The current in-app path and query (without /secure). */
export function currentPath(): string {
  return `${window.location.pathname.replace(/^\/secure/, '')}${decodeURIComponent(window.location.search)}`;
}
