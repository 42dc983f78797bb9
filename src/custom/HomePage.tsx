import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLogout } from 'react-admin';
import { Box, CircularProgress } from '@mui/material';
import { PageHeading } from '../common/PageHeading';
import { useActor } from '../common/useActor';
import { format, rc } from '../domain/messages';
import { ACCESS } from '../domain/constants';
import { useAppConfig } from '../providers/appConfig';
import { getSessionUser } from '../providers/session';
import type { RollCallDataProvider } from '../providers/dataProvider';
import type { LogoutParams } from '../providers/authProvider';
import { homeTarget } from './homeTarget';
import { useForward } from '../common/useForward';

/** 'Welcome back {rank description} {last name}!' without doubled spaces when there is no rank. */
export function welcomeText(rank: string | null | undefined, lastName: string): string {
  return format(rc.auth.welcome, { rank: rank ?? '', lastName }).replace(/\s+/g, ' ').replace(' !', '!');
}

/**
 * / (spec §2 home redirect): greets the user (the greeting names the page: app-bar title and h1)
 * and sends them on: no user -> /Login; incomplete profile -> the incomplete-profile alert on
 * /Login with the session cleared; level 3 -> details events; unread 159s
 * (GET /api/countUnread159s/{officerId}, a failure counts as 0) -> 159 board; an auditor (level
 * 10) -> the Audit Queue; otherwise the year-to-date time tickets (through the organisation's today
 * as the server gives it); homeTarget decides. Every redirect replaces history, and none overrides
 * a menu link clicked meanwhile (useForward). The count is asked afresh on each visit (not cached),
 * since reading a 159 changes it.
 */
export function HomePage() {
  const forward = useForward();
  const logout = useLogout();
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const config = useAppConfig();
  const { today } = useActor();
  const user = getSessionUser();
  const asksCount = !!user && user.profileComplete && user.accessType.accessTypeId !== ACCESS.RESTRICTED;
  const unread = useQuery({
    queryKey: ['rollcall-unread159s', user?.officerId],
    queryFn: () =>
      dataProvider
        .api<string | number>('GET', `/countUnread159s/${user?.officerId}`)
        .then((count) => Number(count) || 0)
        .catch(() => 0),
    enabled: asksCount,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // asked even offline, where it fails at once and counts as 0: the installed app opened without
    // signal goes on to his ticket list instead of waiting here for the network
    networkMode: 'always',
  });
  const count = asksCount ? unread.data : 0;

  useEffect(() => {
    if (!user) {
      forward('/Login');
    } else if (!user.profileComplete) {
      const params: LogoutParams = { reason: rc.errors.incompleteProfile };
      logout(params);
    } else if (config.loaded && count !== undefined) {
      forward(homeTarget(user, count, today));
    }
    // once per user, once the config and the count are known
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.officerId, config.loaded, count]);

  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <PageHeading>{welcomeText(user.rank?.description, user.lastName)}</PageHeading>
      {/* never squeezed by a greeting that wraps on a phone */}
      <CircularProgress size={24} aria-label={rc.app.loading} sx={{ mt: 1, flexShrink: 0 }} />
    </Box>
  );
}
