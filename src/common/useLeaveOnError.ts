import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';

/**
 * What a page does when its list fails to load (docs/decisions.md,
 * 'Failed loads and saves'): shows the server's message (or the spec §8 wording) and
 * goes to /. Pass it as a react-admin query's onError.
 */
export function useLeaveOnError(): (error: Error) => void {
  const navigate = useNavigate();
  const notify = useNotify();
  return useCallback(
    (error: Error) => {
      notify(error.message, { type: 'error' });
      navigate('/');
    },
    [navigate, notify],
  );
}
