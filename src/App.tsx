import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, defaultTheme, type RaThemeOptions } from 'react-admin';
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
import { ErrorPage } from './custom/ErrorPage';
import { eventRoutes } from './resources/events';
import { locationRoutes } from './resources/locations';
import { ticketRoutes } from './resources/tickets';
import type { AuthProvider } from 'react-admin';

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#1a3a6b' }, secondary: { main: '#1a3a6b' } },
};

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
      basename="/secure"
      disableTelemetry
      title={orgName}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={RollCallLayout}
      dashboard={HomePage}
      loginPage={false}
      error={ErrorPage}
      theme={theme}
    >
      {RESOURCES.map((name) => (
        <Resource key={name} name={name} />
      ))}
      <CustomRoutes noLayout>
        <Route path="/Login" element={<LoginPage />} />
        <Route path="/PasswordChange" element={<PasswordChangePage />} />
        <Route path="/PasswordReset" element={<PasswordResetPage />} />
      </CustomRoutes>
      <CustomRoutes>
        {ticketRoutes}
        {eventRoutes}
        {locationRoutes}
      </CustomRoutes>
    </Admin>
  );
}

/**
 * Roll Call's browser app (issue 2): react-admin under /secure with the spec §7 providers,
 * the signed-in layout (header, menu, inactivity logout) around every guarded page, and
 * /Login, /PasswordChange, /PasswordReset open without a session (spec §2).
 */
export function App({ dataProvider = defaultDataProvider, authProvider = defaultAuthProvider, config }: AppProps) {
  return (
    <AppConfigProvider initial={config}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en">
        <RollCallAdmin dataProvider={dataProvider} authProvider={authProvider} />
      </LocalizationProvider>
    </AppConfigProvider>
  );
}

export default App;
