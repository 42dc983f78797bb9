import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Loading } from 'react-admin';
import { Alert, Box, Button } from '@mui/material';
import { rc } from '../domain/messages';
import { can, type Action, type Target } from '../domain/access';
import { PageHeading } from './PageHeading';
import { useActor } from './useActor';

/**
 * The page a signed-in user sees when his access level does not include the page he opened (a
 * typed or bookmarked address): 'Unauthorized!' and a way home, and no call to the server.
 */
export function NotPermitted() {
  return (
    <Box component="section">
      <PageHeading>{rc.errors.unauthorized}</PageHeading>
      <Alert severity="error" sx={{ my: 1 }}>
        {rc.app.notPermitted}
      </Alert>
      <Button component={RouterLink} to="/" variant="contained" sx={{ minHeight: 40 }}>
        {rc.app.home}
      </Button>
    </Box>
  );
}

/**
 * Renders `children` only when can(actor, action, target) (spec §6); otherwise NotPermitted.
 * Pages wrap themselves in it so a user never sees a half-rendered page the server will refuse.
 */
export function RequirePermission({ action, target, children }: { action: Action; target?: Target; children: ReactNode }) {
  const { actor, isPending } = useActor();
  if (isPending) return <Loading />;
  if (!can(actor, action, target)) return <NotPermitted />;
  return <>{children}</>;
}
