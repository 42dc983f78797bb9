import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useLogoutIfAccessDenied, useNotify, useRefresh } from 'react-admin';
import { rc } from '../domain/messages';
import { useActor } from '../common/useActor';
import type { RollCallDataProvider } from '../providers/dataProvider';
import { pageSettled } from './pageSettled';
import { prefetchTicketForm } from './prefetchTicketForm';
import { sendOutbox, sendRequests } from './sendOutbox';
import { useOutbox } from './useOutbox';
import { useSendTicket } from './useSendTicket';

/** While entries wait and the page is visible, another try this often (ms): a connection that answers nothing raises no 'online' event. */
export const RETRY_MS = 60_000;

/**
 * Sends the signed-in officer's outbox (src/offline/sendOutbox.ts) when the signed-in layout
 * mounts (the app opened signed in, or just signed in), when the browser comes back online, when
 * the page becomes visible again, when a page asks (requestOutboxSend, e.g. after an entry was
 * edited), and every RETRY_MS while entries wait. Tickets accepted: the toast
 * '{n} ticket(s) saved offline was/were sent' and react-admin's refresh (his list, totals, LOSAP
 * card). A 401: the session is over: logged out like any 401, the entries kept for his next
 * sign-in. Also asks the new-ticket form's lookups and events after sign-in and when the
 * connection returns (prefetchTicketForm), so the form works offline. Renders nothing.
 */
export function OutboxSender() {
  const { actor, today } = useActor();
  const officerId = actor?.officerId;
  const send = useSendTicket();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const entries = useOutbox(officerId);
  const waiting = !!entries?.some((e) => e.status !== 'refused');

  const run = useCallback(() => {
    if (!officerId) return;
    sendOutbox(officerId, send)
      .then((result) => {
        if (result.sent > 0) {
          notify('rc.offline.outbox.sent', { type: 'success', messageArgs: { smart_count: result.sent } });
          refresh();
        }
        if (result.stopped === 'unauthorized') void logoutIfAccessDenied(new HttpError(rc.errors.notAuthenticated, 401));
      })
      .catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
  }, [officerId, send, notify, refresh, logoutIfAccessDenied]);

  // the latest run for the listeners, which are set up once per officer
  const latest = useRef(run);
  latest.current = run;

  useEffect(() => {
    if (!officerId) return;
    const go = () => latest.current();
    const onVisible = () => {
      if (document.visibilityState === 'visible') go();
    };
    go();
    window.addEventListener('online', go);
    document.addEventListener('visibilitychange', onVisible);
    sendRequests.addEventListener('send', go);
    return () => {
      window.removeEventListener('online', go);
      document.removeEventListener('visibilitychange', onVisible);
      sendRequests.removeEventListener('send', go);
    };
  }, [officerId]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') latest.current();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<RollCallDataProvider>();
  useEffect(() => {
    if (!actor) return;
    let live = true;
    const prefetch = () => void prefetchTicketForm(queryClient, dataProvider, actor, today, () => live);
    // after the landing page's own data and paint, in the same quiet moment as the service
    // worker's registration: on a slow line its requests would share it with the officer's list
    void pageSettled().then(() => {
      if (live) prefetch();
    });
    window.addEventListener('online', prefetch);
    return () => {
      live = false;
      window.removeEventListener('online', prefetch);
    };
  }, [actor, today, queryClient, dataProvider]);

  return null;
}
