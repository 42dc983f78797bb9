import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { queryClient } from './providers/queryClient';
import { dataProvider } from './providers/dataProvider';
import { dropEarlyAnswers, getToken } from './providers/http';
import { startSessionCheck } from './providers/authProvider';
import { startConfigLoad } from './providers/appConfig';
import { actorOf, getSessionUser, hasFullSession } from './providers/session';
import { can } from './domain/access';
import { signedInModule } from './custom/signedInModule';
import { ticketPagesModule } from './resources/tickets/pagesModule';
import { prefetchTicketList } from './resources/tickets/listPrefetch';
import { isNewsLandingPath, prefetchLatestNews } from './resources/news/latestNews';
import { OPEN_PATH } from './earlyLanding';
import { prefetchDeskGrid } from './common/deskGridModule';

const PAGE = /\/TimeTicket(Browse|LandingPage)\b/;

/**
 * Starts, before React renders anything, what a signed-in officer's page will need,
 * rather than after the whole script ran and each lazy chunk arrived in turn:
 * - on /TimeTicketBrowse, the list's own request and its totals (src/resources/tickets/listPrefetch.ts);
 * - the signed-in layout's chunk (whose download index.html's early hint may have started:
 *   src/earlyLanding.ts), and the time ticket list's chunk on a time ticket list address, with
 *   the desk table's on a screen wider than a phone's (a phone shows cards: src/common/ResponsiveList.tsx);
 * - the session check the signed-in layout waits for, right behind the list's own request;
 * - on a landing page, the latest unread news item (src/resources/news/latestNews.ts), so its card
 *   paints with the page rather than after it.
 * Every answer goes into the app's one query client. Nothing for a visitor without a full session
 * (the sign-in page asks nothing).
 */
function prefetchLanding(): void {
  const { pathname, search } = window.location;
  const user = getSessionUser();
  if (!getToken() || !hasFullSession(user) || OPEN_PATH.test(pathname)) return;
  // in a task of its own: inserting the chunks' modulepreload links is tens of milliseconds of a
  // phone's CPU, which need not lengthen the first download's long task
  setTimeout(() => {
    // with it, the officer's lists kept on the device start coming back (src/offline/persistedCache.ts)
    void signedInModule()
      .then((m) => user && m.startOfflineCache(user.officerId))
      .catch(() => {});
    if (PAGE.test(pathname)) {
      void ticketPagesModule().catch(() => {});
      prefetchDeskGrid();
    }
  }, 0);
  if (pathname.endsWith('/TimeTicketBrowse') && can(actorOf(user), 'ticket:read')) prefetchTicketList(queryClient, dataProvider, search, user?.officerId);
  startSessionCheck();
  if (isNewsLandingPath(pathname) && can(actorOf(user), 'news:read')) prefetchLatestNews(queryClient, dataProvider, user?.officerId);
}

prefetchLanding();
// the organisation's config: its answer then arrives while the page's code still loads
startConfigLoad();
// the early script's answers went to the requests above; no later request takes one
dropEarlyAnswers();

// the first render in a transition: React renders it in slices that yield to the browser every
// few milliseconds instead of one task of hundreds of milliseconds on a phone
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
