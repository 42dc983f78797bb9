import { useState } from 'react';
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AdminContext, CoreAdminUI, CustomRoutes, Notification, Resource } from 'react-admin';
import { CssBaseline } from '@mui/material';
import { dataProvider as defaultDataProvider, type RollCallDataProvider } from './providers/dataProvider';
import { authProvider as defaultAuthProvider } from './providers/authProvider';
import { i18nProvider } from './providers/i18nProvider';
import { rollCallStore } from './providers/store';
import { AppConfigProvider, useAppConfig, type AppConfig } from './providers/appConfig';
import { LoginPage } from './custom/LoginPage';
import { PasswordResetPage } from './custom/PasswordResetPage';
import { PasswordChangePage } from './custom/PasswordChangePage';
import { ErrorPage, type ErrorPageProps } from './custom/ErrorPage';
import { NotFound } from './custom/NotFound';
import { RouterErrorPage } from './custom/RouterErrorPage';
import { theme } from './custom/theme';
import { eventRoutes } from './resources/events';
import { locationRoutes } from './resources/locations';
import { ticketRoutes } from './resources/tickets';
import { uploadRoutes } from './resources/uploads';
import { newsRoutes } from './resources/news';
import { auditLogRoutes } from './resources/auditLog';
import { losapRoutes } from './resources/losap';
import { formsRoutes } from './resources/forms';
import { officerRoutes } from './resources/officers';
import { reportRoutes } from './resources/reports';
import { auditQueueRoutes } from './resources/auditQueue';
import { profileRoutes } from './resources/profile';
import { importRoutes } from './resources/imports';
import { calendarRoutes } from './resources/calendar';
import { lazyPage } from './common/lazyPage';
import { moduleLoader } from './common/moduleLoader';
import { signedInModule } from './custom/signedInModule';
import { queryClient as appQueryClient } from './providers/queryClient';
import { rc } from './domain/messages';
import { PageLoading } from './common/PageLoading';
import type { AuthProvider } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in layout and the home redirect are fetched when they show, like every area's pages
 * (/Login loads only itself and react-admin's core). /PasswordReset and
 * /PasswordChange, plain forms like /Login, come with the first download.
 */
const RollCallLayout = lazyPage(signedInModule, (m) => m.RollCallLayout, { fullScreen: true });
const HomePage = lazyPage(signedInModule, (m) => m.HomePage);
/**
 * /ConfirmEmail, opened from the link mailed to a new e-mail address: rarely seen, so fetched only
 * when it shows rather than growing the sign-in page's first download.
 */
const ConfirmEmailPage = lazyPage(
  moduleLoader(() => import('./custom/ConfirmEmailPage')),
  (m) => m.ConfirmEmailPage,
  { fullScreen: true },
);
/** /SetPassword, opened from the link mailed to an imported officer: rarely seen, fetched like /ConfirmEmail. */
const SetPasswordPage = lazyPage(
  moduleLoader(() => import('./custom/SetPasswordPage')),
  (m) => m.SetPasswordPage,
  { fullScreen: true },
);

/**
 * /TwoFactor, the second step of sign-in: fetched when it shows (its passkey library later still,
 * on a click), so the sign-in page's first download does not carry it.
 */
const TwoFactorPage = lazyPage(
  moduleLoader(() => import('./custom/twoFactor/TwoFactorPage')),
  (m) => m.TwoFactorPage,
  { fullScreen: true },
);

/** Shown while the dashboard waits for the user's permissions (react-admin's `loading`). */
const AdminLoading = () => <PageLoading />;

const store = rollCallStore();

/** react-admin's last-resort error boundary sits outside the layout: the error page padded. */
const AdminErrorPage = (props: ErrorPageProps) => <ErrorPage {...props} padded />;

/** The API resources of spec §7 (no list pages: every area mounts its own routes). */
/**
 * The resources of the dataProvider and the names react-admin gives them. A label of our own
 * spares ra-core pluralising each resource's name through inflection's rules on every render of
 * a list (several milliseconds of a phone's longest task).
 */
const RESOURCES = {
  timeTickets: rc.menu.timeTickets,
  events: rc.menu.events,
  signup: rc.signups.titles.roster,
  locations: rc.menu.locations,
  officer: rc.menu.roster,
  news: rc.menu.newsfeed,
  uploads: rc.menu.forms,
  auditLog: rc.menu.auditLog,
  ticketQueue: rc.review.title,
} as const;

export interface AppProps {
  dataProvider?: RollCallDataProvider;
  authProvider?: AuthProvider;
  /** Skips GET /api/config (tests). */
  config?: AppConfig;
  /** react-admin's query client: the app's one (src/providers/queryClient.ts), which main.tsx has started filling, unless a test gives its own. */
  queryClient?: QueryClient;
}

/**
 * react-admin's <Admin> taken apart: its context (providers, store, theme) and its
 * core UI with Roll Call's pages only. <Admin>'s AdminUI would also bring react-admin's default
 * layout, login form, loading, access-denied and authentication-error pages into the first
 * download, though Roll Call shows none of them; CssBaseline and the toasts are as <Admin> has them.
 * react-admin's own /authentication-error and /access-denied addresses (only used with
 * authProvider.canAccess, which Roll Call has not) show Not Found.
 */
function RollCallAdmin({ dataProvider, authProvider, queryClient }: Required<Omit<AppProps, 'config'>>) {
  const { orgName } = useAppConfig();
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={store} theme={theme} queryClient={queryClient}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          disableTelemetry
          title={orgName}
          layout={RollCallLayout}
          dashboard={HomePage}
          loginPage={false}
          loading={AdminLoading}
          error={AdminErrorPage}
          catchAll={NotFound}
          authenticationError={NotFound}
          accessDenied={NotFound}
        >
          {Object.entries(RESOURCES).map(([name, label]) => (
            <Resource key={name} name={name} options={{ label }} />
          ))}
          <CustomRoutes noLayout>
            <Route path="/Login" element={<LoginPage />} />
            <Route path="/PasswordReset" element={<PasswordResetPage />} />
            <Route path="/TwoFactor" element={<TwoFactorPage />} />
            <Route path="/ConfirmEmail" element={<ConfirmEmailPage />} />
            <Route path="/SetPassword" element={<SetPasswordPage />} />
          </CustomRoutes>
          <CustomRoutes>
            {/* unguarded too: RollCallLayout shows it bare without a full session */}
            <Route path="/PasswordChange" element={<PasswordChangePage />} />
            {ticketRoutes}
            {eventRoutes}
            {locationRoutes}
            {uploadRoutes}
            {newsRoutes}
            {formsRoutes}
            {officerRoutes}
            {reportRoutes}
            {auditLogRoutes}
            {losapRoutes}
            {auditQueueRoutes}
            {profileRoutes}
            {importRoutes}
            {calendarRoutes}
          </CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}

/** The app's base path (spec §2); vite.config.ts builds for the same base. */
export const BASENAME = '/secure';

/**
 * Roll Call's browser app: react-admin under /secure with the spec §7 providers,
 * the signed-in layout (header, menu, inactivity logout) around every guarded page, and
 * /Login, /PasswordChange, /PasswordReset, /ConfirmEmail and /SetPassword open without a session (spec §2),
 * /TwoFactor to a session whose second factor is pending; /PasswordChange
 * shows inside the layout for a full session (RollCallLayout). Unknown paths get NotFound.
 *
 * The router is a browser data router whose basename is /secure, so every page can navigate
 * with plain paths ('/TimeTicketBrowse?…'); react-admin sits inside it (its own basename stays
 * empty, or links would get /secure twice) and the router's error page is RouterErrorPage.
 */
export function App({ dataProvider = defaultDataProvider, authProvider = defaultAuthProvider, config, queryClient = appQueryClient }: AppProps) {
  const [router] = useState(() =>
    createBrowserRouter(
      [{ path: '*', element: <RollCallAdmin dataProvider={dataProvider} authProvider={authProvider} queryClient={queryClient} />, errorElement: <RouterErrorPage /> }],
      { basename: BASENAME },
    ),
  );
  return (
    <AppConfigProvider initial={config}>
      <RouterProvider router={router} />
    </AppConfigProvider>
  );
}

export default App;
