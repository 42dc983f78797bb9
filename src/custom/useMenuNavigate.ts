import { useCallback, type MouseEvent } from 'react';
import { useCheckAuth } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { isCurrentLink } from './menuEntries';
import { LOGIN_PATH } from '../providers/authProvider';

/**
 * Click handler for menu links (spec §2 navigation menu): a link to the current path and query
 * does nothing; otherwise the session is checked first with the server (authProvider.checkAuth,
 * `fresh`) and the user is logged out when it fails. Modified clicks (new tab, new window) are left to the browser.
 * `after` runs once the click is handled (e.g. closing the phone drawer).
 */
export function useMenuNavigate(after?: () => void) {
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (event: MouseEvent, to: string) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (isCurrentLink(to, location)) return;
      checkAuth({ fresh: true }, true, LOGIN_PATH)
        .then(() => {
          navigate(to);
          after?.();
        })
        .catch(() => {
          // checkAuth has already logged the user out
        });
    },
    [checkAuth, navigate, location, after],
  );
}
