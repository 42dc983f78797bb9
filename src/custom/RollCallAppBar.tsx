import { AppBar, TitlePortal, type AppBarProps } from 'react-admin';
import { BrandTitle } from './BrandTitle';
import { HeaderUser } from './HeaderUser';

/**
 * Header of signed-in pages: menu toggle (hamburger), logo, title, identity and Logout (spec §1).
 * A page's react-admin <Title> shows beside the organisation's name on wide screens.
 */
export function RollCallAppBar(props: AppBarProps) {
  return (
    <AppBar {...props} userMenu={false} toolbar={<HeaderUser />}>
      <BrandTitle />
      <TitlePortal
        variant="subtitle1"
        sx={{ display: { xs: 'none', md: 'block' }, flex: 1, minWidth: 0, mx: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      />
    </AppBar>
  );
}
