import { AppBar, IconButton, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { TitlePortal, useSidebarState } from 'react-admin';
import { BrandTitle } from './BrandTitle';
import { HeaderUser } from './HeaderUser';
import { NoticesBell } from './NoticesBell';
import { FirstPageProgress } from './FirstPageProgress';
import { rc } from '../domain/messages';

/** The header's height: 56 px on phones, 48 px (a dense toolbar) from 600 px up. */
export const APP_BAR_HEIGHT = { xs: 56, sm: 48 } as const;

const toolbarSx = { minHeight: APP_BAR_HEIGHT, gap: 1, pl: 1, pr: { xs: 1, sm: 2 } } as const;
const titleSx = { display: { xs: 'none', md: 'block' }, flex: 1, minWidth: 0, mx: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * Header of signed-in pages (spec §1): the menu toggle (hamburger, 'Open menu' / 'Close menu'),
 * logo and organisation's name (its abbreviation on a phone, BrandTitle), the page's title on
 * wide screens (react-admin's <Title> portals into it), the notices bell (NoticesBell), the
 * signed-in officer, My Settings and Logout, and
 * along its bottom the progress of the first page after sign-in (FirstPageProgress). Fixed
 * at the top; MUI parts only (react-admin's AppBar also brought its locale, theme and
 * user menus, hide-on-scroll and tooltips, which Roll Call never shows, into every page's first
 * render on a phone).
 */
export function RollCallAppBar() {
  const [open, setOpen] = useSidebarState();
  const label = open ? rc.menu.closeMenu : rc.menu.openMenu;
  return (
    <AppBar position="fixed" color="secondary" elevation={1}>
      <Toolbar disableGutters sx={toolbarSx}>
        <IconButton color="inherit" aria-label={label} title={label} onClick={() => setOpen(!open)}>
          {open ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <BrandTitle abbreviateOnPhone />
        <TitlePortal variant="subtitle1" sx={titleSx} />
        <HeaderUser leading={<NoticesBell />} />
      </Toolbar>
      <FirstPageProgress />
    </AppBar>
  );
}
