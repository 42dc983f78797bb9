import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router-dom';

/**
 * For pages that only send the user on (the home redirect, the ticket and event landing pages,
 * the forced 159 redirect): returns `forward(to)`, which replaces the current history entry with
 * `to` (an in-app path and query) unless the user has already gone elsewhere since this page
 * rendered. A menu link clicked while the page's code or data was on its way starts a navigation
 * that the router holds but React has not shown yet (navigations render in a transition); a
 * redirect that ran then would replace the user's own choice. Outside a data router (component
 * tests) it always forwards. Answers whether it did.
 */
export function useForward(): (to: string) => boolean {
  const navigate = useNavigate();
  const { key } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(
    (to: string) => {
      if (router && router.state.location.key !== key) return false;
      void navigate(to, { replace: true });
      return true;
    },
    [navigate, key, router],
  );
}
