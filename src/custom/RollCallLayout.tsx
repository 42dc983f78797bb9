import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { RollCallAppBar } from './RollCallAppBar';
import { AppMenu } from './AppMenu';
import { ErrorPage } from './ErrorPage';
import { IdleLogout } from './IdleLogout';
import { RequireUser } from './RequireUser';
import { ScrollToTop } from './ScrollToTop';

/**
 * Layout of every guarded page: header, menu (drawer on phones), the inactivity logout and
 * scroll-to-top. Nothing of it shows unless somebody is signed in (RequireUser).
 */
export function RollCallLayout({ children }: { children?: ReactNode }) {
  return (
    <RequireUser>
      <ScrollToTop />
      <IdleLogout />
      <Layout appBar={RollCallAppBar} appBarAlwaysOn menu={AppMenu} error={ErrorPage} sx={{ '& .RaLayout-content': { px: { xs: 1, sm: 2 } } }}>
        {children}
      </Layout>
    </RequireUser>
  );
}
