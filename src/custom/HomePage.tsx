import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDataProvider, useLogout } from 'react-admin';
import { Box, CircularProgress, Typography } from '@mui/material';
import { format, rc } from '../domain/messages';
import { todayIn } from '../domain/dates';
import { ACCESS } from '../domain/constants';
import { useAppConfig } from '../providers/appConfig';
import { getSessionUser } from '../providers/session';
import type { RollCallDataProvider } from '../providers/dataProvider';
import type { LogoutParams } from '../providers/authProvider';
import { homeTarget } from './homeTarget';

/** 'Welcome back {rank description} {last name}!' without doubled spaces when there is no rank. */
export function welcomeText(rank: string | null | undefined, lastName: string): string {
  return format(rc.auth.welcome, { rank: rank ?? '', lastName }).replace(/\s+/g, ' ').replace(' !', '!');
}

/**
 * / (spec §2 home redirect): greets the user and sends them on: no user -> /Login; incomplete
 * profile -> the incomplete-profile alert on /Login with the session cleared; level 3 -> details
 * events; unread 159s (GET /api/countUnread159s/{officerId}, a failure counts as 0) -> 159 board;
 * otherwise the year-to-date time tickets. Every redirect replaces history.
 */
export function HomePage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const config = useAppConfig();
  const user = getSessionUser();

  useEffect(() => {
    if (!user) {
      navigate('/Login', { replace: true });
      return;
    }
    if (!user.profileComplete) {
      const params: LogoutParams = { reason: rc.errors.incompleteProfile };
      logout(params);
      return;
    }
    if (!config.loaded) return;
    let live = true;
    const today = todayIn(config.orgTimezone);
    const lookup =
      user.accessType.accessTypeId === ACCESS.RESTRICTED
        ? Promise.resolve(0)
        : dataProvider
            .api<string | number>('GET', `/countUnread159s/${user.officerId}`)
            .then((count) => Number(count) || 0)
            .catch(() => 0);
    lookup.then((count) => {
      if (live) navigate(homeTarget(user, count, today), { replace: true });
    });
    return () => {
      live = false;
    };
    // run once per user and once the config is known
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.officerId, config.loaded]);

  if (!user) return null;
  return (
    <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {welcomeText(user.rank?.description, user.lastName)}
      </Typography>
      <CircularProgress size={24} aria-label={rc.app.loading} />
    </Box>
  );
}
