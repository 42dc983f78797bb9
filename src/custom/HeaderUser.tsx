import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, CircularProgress, IconButton, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useLoading, useRefresh } from 'react-admin';
import { getSessionUser } from '../providers/session';
import { officerIdentity } from '../domain/officerLabel';
import { rc } from '../domain/messages';
import { useLogoutQuestion } from '../offline/LogoutQuestion';

/**
 * The signed-in officer '(A0001) Last, First Middle' and the Logout action (spec §1 header).
 * On a phone the identity wraps in small type and Logout is an icon button with the same label.
 * Between them, My Settings (his calendar feed and reminders, every level): an icon button named
 * so, or on a phone, where there is no room for it, the identity itself as the link.
 * `leading` goes before the identity (the notices bell). With unsent tickets saved offline,
 * Logout first asks whether to keep them (useLogoutQuestion). The icon buttons name themselves in
 * the browser's own tooltip (`title`), as the notices bell does, not MUI's Tooltip: that one sets
 * its state while React commits the header, which draws the header again at once and runs the
 * whole first screen's effects in the same long task.
 */
export function HeaderUser({ leading }: { leading?: ReactNode }) {
  const user = getSessionUser();
  // with tickets of his still on this device, Logout first asks whether to keep them
  const { logout, dialog } = useLogoutQuestion(user?.officerId);
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (!user) return null;
  const identity = (
    <Typography
      component="span"
      data-testid="header-identity"
      sx={{ fontSize: isSmall ? '0.7rem' : '0.875rem', lineHeight: 1.2, maxWidth: isSmall ? 120 : 'none', textAlign: 'right' }}
    >
      {officerIdentity(user)}
    </Typography>
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: isSmall ? 0.5 : 1, minWidth: 0, flexShrink: 1, ml: 'auto' }}>
      {!isSmall && <RefreshIndicator />}
      {leading}
      {isSmall ? (
        // no room for one more button on a phone: the identity itself opens My Settings
        <Link component={RouterLink} to="/MySettings" color="inherit" underline="none" aria-label={`${rc.settings.open}: ${officerIdentity(user)}`} sx={{ display: 'flex', alignItems: 'center', minHeight: 40, minWidth: 0, '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 } }}>
          {identity}
        </Link>
      ) : (
        <>
          {identity}
          <IconButton color="inherit" aria-label={rc.settings.open} title={rc.settings.open} component={RouterLink} to="/MySettings">
            <SettingsIcon />
          </IconButton>
        </>
      )}
      {isSmall ? (
        <IconButton color="inherit" aria-label={rc.auth.logout} title={rc.auth.logout} onClick={() => logout()}>
          <LogoutIcon />
        </IconButton>
      ) : (
        <Button color="inherit" onClick={() => logout()} startIcon={<LogoutIcon />} sx={{ whiteSpace: 'nowrap' }}>
          {rc.auth.logout}
        </Button>
      )}
      {dialog}
    </Box>
  );
}

/**
 * The desk header's Refresh button (react-admin's refresh: every answer on the page is asked for
 * again), with a spinner in its place while any request is under way. It names itself with the
 * browser's own tooltip, for the reason HeaderUser gives; react-admin's LoadingIndicator wraps it in
 * MUI's Tooltip, whose positioning code the signed-in layout's chunk then carried for every page.
 */
function RefreshIndicator() {
  const loading = useLoading();
  const refresh = useRefresh();
  return (
    <Box sx={{ position: 'relative', display: 'flex' }}>
      <IconButton color="inherit" aria-label={rc.app.refresh} title={rc.app.refresh} onClick={() => refresh()} sx={{ opacity: loading ? 0 : 1 }}>
        <RefreshIcon />
      </IconButton>
      {loading && <CircularProgress color="inherit" size={16} thickness={6} sx={{ position: 'absolute', top: '30%', left: '30%' }} />}
    </Box>
  );
}
