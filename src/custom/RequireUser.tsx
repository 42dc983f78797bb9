import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCheckAuth } from 'react-admin';
import { PageLoading } from '../common/PageLoading';
import { getSessionUser, needsPasswordChange, pendingSecondFactor } from '../providers/session';
import { LOGIN_PATH, PASSWORD_CHANGE_PATH, TWO_FACTOR_PATH } from '../providers/authProvider';

/**
 * Guard of every page but /Login, /PasswordChange, /PasswordReset and /ConfirmEmail (spec §2): no signed-in user
 * goes to / replacing history (and / goes on to /Login); a session still waiting for its second
 * factor goes to /TwoFactor (unchecked: it may reach nothing else); a session that may only change
 * its password goes to /PasswordChange. The session is checked with the server (GET /api/session)
 * once before the first guarded page shows (a 'Loading…' spinner meanwhile); menu clicks check it
 * again.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const location = useLocation();
  const checkAuth = useCheckAuth();
  const hasUser = getSessionUser() !== null;
  const stagePending = pendingSecondFactor(getSessionUser()) !== null;
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (!hasUser || stagePending) return;
    let live = true;
    checkAuth({}, true, LOGIN_PATH)
      .then(() => {
        // the layout and the page render in a transition: React renders them in slices, so a
        // phone's main thread is never blocked for the whole first render
        if (live) startTransition(() => setChecked(true));
      })
      .catch(() => {
        // checkAuth logged the user out and went to /Login
      });
    return () => {
      live = false;
    };
    // once per mount of the signed-in layout
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const user = getSessionUser();
  if (!user) return <Navigate to={location.pathname === '/' ? LOGIN_PATH : '/'} replace />;
  if (pendingSecondFactor(user)) return <Navigate to={TWO_FACTOR_PATH} replace />;
  if (needsPasswordChange(user)) return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  // the spinner at once (react-admin's Loading shows nothing for its first second: a blank page
  // right after Sign in)
  if (!checked) return <PageLoading fullScreen />;
  return <>{children}</>;
}
