import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { Layout } from 'react-admin';
import { RollCallAppBar } from './RollCallAppBar';
import { AppMenu } from './AppMenu';
import { ErrorPage } from './ErrorPage';
import { IdleLogout } from './IdleLogout';
import { RequireUser } from './RequireUser';
import { ScrollToTop } from './ScrollToTop';
import { PASSWORD_CHANGE_PATH } from '../providers/authProvider';
import { getSessionUser, hasFullSession } from '../providers/session';

/**
 * Nothing inside may widen the page (issue 7: no sideways scroll at 375 px): react-admin's root
 * is `min-width: fit-content` and its content column a flex item, so a wide table would stretch
 * both; with `minWidth: 0` a wide child scrolls inside its own box instead.
 */
const layoutSx = {
  minWidth: 0,
  '& .RaLayout-content': { minWidth: 0, px: { xs: 1, sm: 2 } },
} as const;

/**
 * Layout of every guarded page: header, menu (drawer on phones), the inactivity logout and
 * scroll-to-top. Nothing of it shows unless somebody is signed in (RequireUser).
 *
 * /PasswordChange is the one unguarded page mounted here (spec §2): a full session gets it inside
 * the layout like any page (issue 7, defect 7); without one (nobody signed in, first sign-in,
 * temporary password, incomplete profile) it shows bare and frames itself (AuthShell).
 */
export function RollCallLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  if (matchPath(PASSWORD_CHANGE_PATH, pathname) && !hasFullSession(getSessionUser())) return <>{children}</>;
  return (
    <RequireUser>
      <ScrollToTop />
      <IdleLogout />
      <Layout appBar={RollCallAppBar} appBarAlwaysOn menu={AppMenu} error={ErrorPage} sx={layoutSx}>
        {children}
      </Layout>
    </RequireUser>
  );
}
