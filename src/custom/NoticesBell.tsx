import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Box, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { lazyPart } from '../common/lazyPart';
import { moduleLoader } from '../common/moduleLoader';
import { getSessionUser, hasFullSession } from '../providers/session';
import { NOTICES_KEY, useNotices } from './notices/noticesQuery';
import { format, rc } from '../domain/messages';

/** The list under the bell: its code (MUI's menu and popover) comes the first time it opens. */
const NoticesMenu = lazyPart(
  moduleLoader(() => import('./notices/NoticesMenu')),
  (m) => m.NoticesMenu,
  null,
);

/**
 * The header's bell: the count of unread notices on it, and an accessible name saying so
 * ('Notices, 2 unread'); pressing it opens the list of notices (NoticesMenu). Asks again when he
 * opens another page (if its answer is over a minute old) and when the tab regains focus. Only
 * with a full session (not while a new password is due).
 */
export function NoticesBell() {
  const signedIn = hasFullSession(getSessionUser());
  const { data } = useNotices(signedIn);
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // the first page's ask is the query's own; later pages ask again when the answer is stale
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (signedIn && pathname !== firstPath.current) {
      firstPath.current = '';
      void queryClient.refetchQueries({ queryKey: NOTICES_KEY, stale: true }, { cancelRefetch: false });
    }
  }, [pathname, signedIn, queryClient]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!signedIn) return null;
  const unread = data?.unread ?? 0;
  const label = format(rc.notices.bell, { n: unread });
  return (
    <Box sx={{ flexShrink: 0 }}>
      <IconButton
        color="inherit"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'notices-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          {unread ? <NotificationsIcon /> : <NotificationsNoneIcon />}
        </Badge>
      </IconButton>
      {anchor && <NoticesMenu anchorEl={anchor} onClose={() => setAnchor(null)} />}
    </Box>
  );
}
