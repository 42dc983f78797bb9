import type { QueryClient } from '@tanstack/react-query';
import { EVENT_TYPE_IDS } from '../domain/constants';
import { can, type Actor } from '../domain/access';
import { lookupQuery } from '../common/lookups';
import type { RollCallDataProvider } from '../providers/dataProvider';
import { ticketEventsQuery } from '../resources/tickets/ticketEventsQuery';
import { ticketFormPagesModule } from '../resources/tickets/pagesModule';
import { outboxEntriesModule } from '../resources/tickets/outboxEntriesModule';
import { nextTask } from '../common/nextTask';

/**
 * Asks, once the page has settled after sign-in (and again when the connection returns),
 * everything the new-ticket form of `actor` needs, into the app's query client under the keys the
 * form uses, so the cache the PWA persists holds it and the form works without signal: the form
 * pages' code and the list of tickets waiting on the device (where no service worker keeps them),
 * the assignment types and precincts and, for each assignment type with events (1, 4, 9, 11), the
 * events he signed up for in the edit window as of `today` (MM/DD/YYYY); his own name comes from
 * the session. Answers already in the cache and fresh are not asked again. Failures are left for
 * the form, which meets them as it always has. Nothing for a user who may not log tickets. Each
 * request is sent in a task of its own (nextTask): the officer may be tapping the list meanwhile.
 * `wanted` is asked before each one: false (the signed-in layout is gone, he logged out) sends no
 * more. Resolves once all are sent.
 */
export async function prefetchTicketForm(
  queryClient: QueryClient,
  dataProvider: RollCallDataProvider,
  actor: Actor,
  today: string,
  wanted: () => boolean = () => true,
): Promise<void> {
  if (!can(actor, 'ticket:write', { officerId: actor.officerId })) return;
  // the service worker's precache holds the form's code (vite.config.ts OFFLINE_ROOTS), fetched on
  // its own thread; only a browser without one needs it loaded into the page now
  if (!('serviceWorker' in navigator)) {
    void ticketFormPagesModule().catch(() => {});
    void outboxEntriesModule().catch(() => {});
  }
  void queryClient.prefetchQuery(lookupQuery(dataProvider, 'assignmentTypes'));
  await nextTask();
  if (!wanted()) return;
  void queryClient.prefetchQuery(lookupQuery(dataProvider, 'precincts'));
  for (const assignmentTypeId of EVENT_TYPE_IDS) {
    await nextTask();
    if (!wanted()) return;
    const query = ticketEventsQuery(dataProvider, { officerId: actor.officerId, assignmentTypeId, hoursWorkedId: 0, accessLevel: actor.accessLevel, today });
    // a minute's freshness: the form opened right after does not ask again
    void queryClient.prefetchQuery({ ...query, staleTime: 60_000 });
  }
}
