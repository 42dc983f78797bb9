import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import { Alert } from '@mui/material';
import { rc } from '../domain/messages';
import { can, type Action, type Target } from '../domain/access';
import { NoticePage } from './NoticePage';
import { useActor } from './useActor';

/**
 * The page a signed-in user sees when his access level does not include the page he opened (a
 * typed or bookmarked address): 'Unauthorized!', why, and the way home; no call to the server.
 */
export function NotPermitted() {
  return (
    <NoticePage title={rc.errors.unauthorized} role="alert">
      <Alert severity="error" sx={{ my: 1 }}>
        {rc.app.notPermitted}
      </Alert>
    </NoticePage>
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
