import { AppBar, type AppBarProps } from 'react-admin';
import { BrandTitle } from './BrandTitle';
import { HeaderUser } from './HeaderUser';

/** Header of signed-in pages: menu toggle (hamburger), logo, title, identity and Logout (spec §1). */
export function RollCallAppBar(props: AppBarProps) {
  return (
    <AppBar {...props} userMenu={false} toolbar={<HeaderUser />}>
      <BrandTitle />
    </AppBar>
  );
}
