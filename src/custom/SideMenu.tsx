import { Box, Drawer, useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { AppMenu } from './AppMenu';
import { APP_BAR_HEIGHT } from './RollCallAppBar';
import { layoutClasses } from './layoutClasses';

/** Below the fixed header, as tall as the rest of the window, scrolling on its own when longer. */
const dockedSx = {
  flexShrink: 0,
  position: 'sticky',
  alignSelf: 'flex-start',
  top: APP_BAR_HEIGHT.sm,
  maxHeight: `calc(100vh - ${APP_BAR_HEIGHT.sm}px)`,
  overflowX: 'hidden',
  overflowY: 'auto',
  scrollbarWidth: 'none',
} as const;

/**
 * Where the menu (AppMenu) sits: on a phone a drawer over the page behind the hamburger, closed
 * by default, rendering nothing while closed; from 600 px up a panel beside the page, open by
 * default and folded to its icons by the hamburger (react-admin's sidebar state, kept in its store).
 */
export function SideMenu() {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  if (isPhone) {
    return (
      <Drawer variant="temporary" open={open} onClose={() => setOpen(false)}>
        <AppMenu />
      </Drawer>
    );
  }
  return (
    <Box component="aside" className={layoutClasses.sideMenu} sx={dockedSx}>
      <AppMenu />
    </Box>
  );
}
