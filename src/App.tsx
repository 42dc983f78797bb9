import { useState } from 'react';
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { dataProvider as defaultDataProvider, type RollCallDataProvider } from './providers/dataProvider';
import { authProvider as defaultAuthProvider } from './providers/authProvider';
import { i18nProvider } from './providers/i18nProvider';
import { AppConfigProvider, useAppConfig, type AppConfig } from './providers/appConfig';
import { RollCallLayout } from './custom/RollCallLayout';
import { HomePage } from './custom/HomePage';
import { LoginPage } from './custom/LoginPage';
import { PasswordChangePage } from './custom/PasswordChangePage';
import { PasswordResetPage } from './custom/PasswordResetPage';
import { ErrorPage, type ErrorPageProps } from './custom/ErrorPage';
import { NotFound } from './custom/NotFound';
import { RouterErrorPage } from './custom/RouterErrorPage';
import { theme } from './custom/theme';
import { eventRoutes } from './resources/events';
import { locationRoutes } from './resources/locations';
import { ticketRoutes } from './resources/tickets';
import { uploadRoutes } from './resources/uploads';
import { newsRoutes } from './resources/news';
import { formsRoutes } from './resources/forms';
import { officerRoutes } from './resources/officers';
import { reportRoutes } from './resources/reports';
import type { AuthProvider } from 'react-admin';

/** react-admin's last-resort error boundary sits outside the layout: the error page padded. */
const AdminErrorPage = (props: ErrorPageProps) => <ErrorPage {...props} padded />;

/** The API resources of spec §7 (no list pages: every area mounts its own routes). */
const RESOURCES = ['timeTickets', 'events', 'signup', 'locations', 'officer', 'news', 'uploads'] as const;

export interface AppProps {
  dataProvider?: RollCallDataProvider;
  authProvider?: AuthProvider;
  /** Skips GET /api/config (tests). */
  config?: AppConfig;
}

function RollCallAdmin({ dataProvider, authProvider }: Required<Omit<AppProps, 'config'>>) {
  const { orgName } = useAppConfig();
  return (
    <Admin
      disableTelemetry
      title={orgName}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={RollCallLayout}
      dashboard={HomePage}
      loginPage={false}
      error={AdminErrorPage}
      catchAll={NotFound}
      theme={theme}
    >
      {RESOURCES.map((name) => (
        <Resource key={name} name={name} />
      ))}
      <CustomRoutes noLayout>
        <Route path="/Login" element={<LoginPage />} />
        <Route path="/PasswordReset" element={<PasswordResetPage />} />
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
      </CustomRoutes>
    </Admin>
  );
}

/** The app's base path (spec §2); vite.config.ts builds for the same base. */
export const BASENAME = '/secure';

/**
 * Roll Call's browser app (issue 2): react-admin under /secure with the spec §7 providers,
 * the signed-in layout (header, menu, inactivity logout) around every guarded page, and
 * /Login, /PasswordChange, /PasswordReset open without a session (spec §2); /PasswordChange
 * shows inside the layout for a full session (RollCallLayout). Unknown paths get NotFound.
 *
 * The router is a browser data router whose basename is /secure, so every page can navigate
 * with plain paths ('/TimeTicketBrowse?…'); react-admin sits inside it (its own basename stays
 * empty, or links would get /secure twice) and the router's error page is RouterErrorPage.
 */
export function App({ dataProvider = defaultDataProvider, authProvider = defaultAuthProvider, config }: AppProps) {
  const [router] = useState(() =>
    createBrowserRouter(
      [{ path: '*', element: <RollCallAdmin dataProvider={dataProvider} authProvider={authProvider} />, errorElement: <RouterErrorPage /> }],
      { basename: BASENAME },
    ),
  );
  return (
    <AppConfigProvider initial={config}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en">
        <RouterProvider router={router} />
      </LocalizationProvider>
    </AppConfigProvider>
  );
}

export default App;
