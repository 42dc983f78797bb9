import type { QueryClient } from '@tanstack/react-query';
import type { RollCallDataProvider } from './providers/dataProvider';
import { getToken } from './providers/http';
import { startSessionCheck } from './providers/authProvider';
import { actorOf, getSessionUser, hasFullSession } from './providers/session';
import { can } from './domain/access';
import { DEFAULT_PAGE_SIZE } from './domain/constants';
import { AUDITORS_QUERY, listFilter, listSort, needsAuditorContacts, parseListQuery, totalsQueryKey } from './resources/tickets/ticketListQuery';
import { officerChoicesQuery } from './common/lookups';
import type { TicketRecord } from './resources/tickets/ticketRecord';
import { moduleLoader } from './common/moduleLoader';

/** The signed-in layout and the home redirect (src/App.tsx mounts them through lazyPage). */
export const signedInModule = moduleLoader(() => import('./custom/signedIn'));
/** The time ticket list pages (src/resources/tickets/index.tsx mounts them through lazyPage). */
export const ticketPagesModule = moduleLoader(() => import('./resources/tickets/pages'));

const PAGE = /\/TimeTicket(Browse|LandingPage)\b/;
const OPEN = /\/(Login|PasswordReset|PasswordChange|ConfirmEmail)\/?$/;

let prefetchedList = false;

/**
 * Starts, before React renders anything (issue 13), what a signed-in officer's page will need,
 * rather than after the whole script ran and each lazy chunk arrived in turn:
 * - the session check the signed-in layout waits for (its answer is read by the layout's check);
 * - the signed-in layout's chunk, and the time ticket list's chunk on a time ticket list address;
 * - on /TimeTicketBrowse, the list's own request and its totals, through react-admin's query
 *   client with the very keys ListBase (useGetList) and useTicketTotals use, so the page finds
 *   them answered or on their way and asks nothing twice; then the auditor contacts when the
 *   list holds a flagged ticket of the officer's own (useAuditorContacts' key).
 * Nothing for a visitor without a full session (the sign-in page asks nothing).
 */
export function prefetchLanding(queryClient: QueryClient, dataProvider: RollCallDataProvider): void {
  const { pathname, search } = window.location;
  const user = getSessionUser();
  if (!getToken() || !hasFullSession(user) || OPEN.test(pathname)) return;
  // in a task of its own: inserting the chunks' modulepreload links is tens of milliseconds of a
  // phone's CPU, which need not lengthen the first download's long task
  setTimeout(() => {
    void signedInModule().catch(() => {});
    if (PAGE.test(pathname)) void ticketPagesModule().catch(() => {});
  }, 0);
  if (pathname.endsWith('/TimeTicketBrowse') && can(actorOf(user), 'ticket:read')) prefetchTicketList(queryClient, dataProvider, search, user?.officerId);
  // the layout checks the session before it shows anything: its request goes out now, right
  // behind the list's own
  startSessionCheck();
}

/** The time ticket list's request and its totals for `search`, then the auditor contacts when it shows a flagged ticket of his own. */
function prefetchTicketList(queryClient: QueryClient, dataProvider: RollCallDataProvider, search: string, officerId: number | undefined): void {
  const q = parseListQuery(search);
  const filter = listFilter(q);
  const params = { pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE }, sort: listSort(q.summarizeFlag === 'Y'), filter, meta: undefined };
  const listKey = ['timeTickets', 'getList', params];
  void queryClient
    .prefetchQuery({
      queryKey: listKey,
      queryFn: () => dataProvider.getList('timeTickets', params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    })
    .then(() => {
      // a flagged ticket of his own shows the auditor contacts: asked now, the list renders once
      // with them instead of again when they arrive (a long task on a phone)
      const rows = queryClient.getQueryData<{ data: TicketRecord[] }>(listKey)?.data ?? [];
      if (needsAuditorContacts(q, rows, officerId)) void queryClient.prefetchQuery(officerChoicesQuery(dataProvider, AUDITORS_QUERY));
    });
  void queryClient.prefetchQuery({
    queryKey: totalsQueryKey(filter),
    queryFn: () => dataProvider.api('GET', '/timeTickets/getTotals', { query: filter }),
  });
  prefetchedList = true;
}

/**
 * True once, for the first time ticket list shown after prefetchLanding started its request: that
 * list takes the prefetched answer as fresh instead of asking again on mount.
 */
export function takePrefetchedList(): boolean {
  const taken = prefetchedList;
  prefetchedList = false;
  return taken;
}

let warmed = false;

/**
 * While somebody types on the sign-in page (issue 13): download the code the pages after
 * sign-in need (the signed-in layout, the time ticket pages), so pressing Sign in does not wait
 * for it. Once per page load; a failure is left for lazyPage to meet and report.
 */
export function prefetchSignedInCode(): void {
  if (warmed) return;
  warmed = true;
  void signedInModule().catch(() => {});
  void ticketPagesModule().catch(() => {});
}
