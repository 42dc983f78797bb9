import { Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorFallback } from 'react-admin';
import { Box, GlobalStyles } from '@mui/material';
import { APP_BAR_HEIGHT, RollCallAppBar } from './RollCallAppBar';
import { SideMenu } from './SideMenu';
import { SkipToContent } from './SkipToContent';
import { layoutClasses } from './layoutClasses';
import { ErrorPage } from './ErrorPage';
import { IdleLogout } from './IdleLogout';
import { OutboxSender } from '../offline/OutboxSender';
import { RequireUser } from './RequireUser';
import { ScrollToTop } from './ScrollToTop';
import { PageLoading } from '../common/PageLoading';
import { printClasses } from '../common/printClasses';
import { NewsBanner } from '../resources/news/NewsBanner';
import { OfflineShell } from '../offline/OfflineShell';
import { PASSWORD_CHANGE_PATH } from '../providers/authProvider';
import { getSessionUser, hasFullSession } from '../providers/session';

const frameSx = { display: 'flex', minHeight: '100vh', pt: { xs: `${APP_BAR_HEIGHT.xs}px`, sm: `${APP_BAR_HEIGHT.sm}px` }, bgcolor: 'background.default' } as const;

/**
 * The page column. Nothing inside may widen the page (no sideways scroll at 375 px): as
 * a flex item with `minWidth: 0` a wide child scrolls inside its own box instead of stretching it.
 */
const contentSx = { display: 'flex', flexDirection: 'column', flex: '1 1 0', minWidth: 0, px: { xs: 1, sm: 2 }, outline: 'none' } as const;

/**
 * The print stylesheet of every signed-in page (lists and reports print from the browser's
 * dialog or their Print button): on paper the app bar, the menu, every button (not a link styled
 * as one, such as a 159's file name), the actions and filters (printClasses.noPrint), the paging,
 * tooltips, open menus and the toasts are left out, the page takes the whole width, links print as plain text, and the
 * print-only heading shows. Tables stay tables: the
 * header row keeps display table-header-group so Chromium repeats it on every sheet, the
 * Datagrid's sticky header and scrolling wrapper are undone, and a row is not split across sheets.
 */
const printStyles = {
  '@media print': {
    [`header, nav, button:not(.MuiLink-root), .${layoutClasses.sideMenu}, .MuiDrawer-root, .MuiTablePagination-root, .MuiSnackbar-root, .MuiTooltip-popper, .MuiPopover-root, .${printClasses.noPrint}`]: {
      display: 'none !important',
    },
    [`.${printClasses.printOnly}`]: { display: 'block !important' },
    [`.${layoutClasses.frame}`]: { paddingTop: '0 !important', minHeight: 'auto !important', display: 'block !important' },
    [`.${layoutClasses.content}`]: { padding: '0 !important', width: '100% !important', maxWidth: 'none !important' },
    'main a': { color: 'inherit !important', textDecoration: 'none !important' },
    body: { background: '#fff' },
    'main table': { width: '100% !important' },
    'main thead': { display: 'table-header-group !important' },
    'main thead th': { position: 'static !important' },
    'main tr': { breakInside: 'avoid' },
    '.RaDatagrid-tableWrapper, .RaDatagrid-root': { overflow: 'visible !important' },
  },
} as const;

/**
 * The frame of every signed-in page: 'Skip to content', the fixed header, the menu (SideMenu)
 * and the page (on the landing pages with the latest unread news item over its bottom: NewsBanner),
 * inside an error boundary (the application's error page, reset when the user goes elsewhere)
 * and a Suspense showing the page's loading state.
 *
 * Plain MUI parts instead of react-admin's <Layout>: its sidebar measured the window's
 * scroll position on every first render (a forced layout: about 170 ms of a 4×-slowed phone on
 * the list page) and its preferences inspector, theme and locale menus came with every page
 * though Roll Call shows none of them.
 */
function SignedInFrame({ children }: { children: ReactNode }) {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>();
  return (
    <Box className={layoutClasses.frame} sx={frameSx}>
      <GlobalStyles styles={printStyles} />
      <SkipToContent />
      <RollCallAppBar />
      <SideMenu />
      <Box component="main" id="main-content" tabIndex={-1} className={layoutClasses.content} sx={contentSx}>
        <ErrorBoundary
          onError={(_error, info) => setErrorInfo(info)}
          fallbackRender={({ error, resetErrorBoundary }) => (
            <ErrorFallback error={error as Error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} errorComponent={ErrorPage} />
          )}
        >
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
          <NewsBanner />
        </ErrorBoundary>
      </Box>
    </Box>
  );
}

/**
 * Layout of every guarded page: header, menu (drawer on phones), the inactivity logout, the
 * sender of tickets saved offline (OutboxSender) and scroll-to-top. Nothing of it shows unless somebody is signed in (RequireUser).
 *
 * /PasswordChange is the one unguarded page mounted here (spec §2): a full session gets it inside
 * the layout like any page; without one (nobody signed in, first sign-in,
 * temporary password, incomplete profile) it shows bare and frames itself (AuthShell).
 */
export function RollCallLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  if (matchPath(PASSWORD_CHANGE_PATH, pathname) && !hasFullSession(getSessionUser())) return <>{children}</>;
  return (
    <RequireUser>
      <ScrollToTop />
      <IdleLogout />
      <OutboxSender />
      <SignedInFrame>
        <OfflineShell>{children}</OfflineShell>
      </SignedInFrame>
    </RequireUser>
  );
}
