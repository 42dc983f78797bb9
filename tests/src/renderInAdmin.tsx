import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { dataProvider } from '../../src/providers/dataProvider';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { AppConfigProvider } from '../../src/providers/appConfig';
import { theme } from '../../src/custom/theme';
import { testConfig } from './fixtures';

let lastPath = '';

/** Records the in-app path and query of the memory router for inAdminPath(). */
function PathProbe() {
  const location = useLocation();
  lastPath = `${location.pathname}${decodeURIComponent(location.search)}`;
  return null;
}

export interface InAdminOptions {
  /** The route pattern the component is mounted at (for useParams), e.g. '/EventEdit/:id'. Default: any path. */
  route?: string;
  /** Other pages the component may navigate to, by pattern: they render a marker 'Page {pattern}'. */
  others?: string[];
  /** Real pages the component may navigate to, by pattern (e.g. { '/Login': <LoginPage /> } after a logout). */
  pages?: Record<string, ReactElement>;
}

/**
 * Renders one page or component inside a small test admin: react-admin's context with the real
 * dataProvider, authProvider and i18n (msw answers /api), the app's theme, the organisation config
 * of the tests, toasts, and a memory router at `path` (no /secure). The date and time inputs bring
 * their own localization (src/common/DateTimeInputs), as in the app. Much lighter than renderApp (no layout, menu, idle logout or home redirect, and
 * it does not load the other pages). Sign the user in first (signIn from fixtures).
 */
export function renderInAdmin(ui: ReactElement, path = '/', { route = '*', others = [], pages = {} }: InAdminOptions = {}) {
  lastPath = path;
  return render(
    <AppConfigProvider initial={testConfig}>
      <MemoryRouter initialEntries={[path]}>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()} theme={theme}>
          <PathProbe />
          <Routes>
            <Route path={route} element={ui} />
            {others.map((pattern) => (
              <Route key={pattern} path={pattern} element={<p>{`Page ${pattern}`}</p>} />
            ))}
            {Object.entries(pages).map(([pattern, page]) => (
              <Route key={pattern} path={pattern} element={page} />
            ))}
          </Routes>
          <Notification />
        </AdminContext>
      </MemoryRouter>
    </AppConfigProvider>,
  );
}

/** The memory router's current path and query (as currentPath() gives for renderApp). */
export function inAdminPath(): string {
  return lastPath;
}

/**
 * Makes the screen `width` px wide for MUI's media queries (jsdom has no layout; without this
 * every list renders as a desk table). Call before rendering; undone after the test by setup.ts.
 */
export function setScreenWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const px = (name: string) => Number(new RegExp(`${name}:\\s*([\\d.]+)px`).exec(query)?.[1] ?? NaN);
    const max = px('max-width');
    const min = px('min-width');
    const matches = (Number.isNaN(max) || width <= max) && (Number.isNaN(min) || width >= min);
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  }) as typeof window.matchMedia;
}
