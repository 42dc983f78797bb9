import type { QueryClient } from '@tanstack/react-query';
import type { NewsJson } from '../../domain/schemas/news';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { AUDIT_QUEUE_PATH } from '../../custom/homeTarget';

/**
 * The pages officers land on after signing in (spec §2 home redirect, homeTarget): the time
 * ticket list, the 159 board (and LOSAP notices: the same page), the event list and the auditors'
 * queue. Lower case, as the router matches addresses without regard to case.
 */
const LANDING_PATHS = new Set(['/timeticketbrowse', '/uploadbrowse', '/eventbrowse', AUDIT_QUEUE_PATH.toLowerCase()]);

/** True when `pathname` (inside the app, or the whole address's path) ends in a landing page. */
export function isNewsLandingPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/$/, '');
  return [...LANDING_PATHS].some((landing) => path === landing || path.endsWith(landing));
}

/** The query key of the latest unread item; marking it read asks again. */
export const LATEST_NEWS_KEY = 'rollcall-latest-unread-news';

/**
 * The query of the newest news item `officerId` has not marked read (GET
 * /api/news/getLatestUnread): the item, or null while he has read them all or when the call fails
 * (the news card is a courtesy; the page works without it). Kept a minute.
 */
export function latestNewsQuery(dataProvider: RollCallDataProvider, officerId: number | undefined) {
  return {
    queryKey: [LATEST_NEWS_KEY, officerId] as const,
    queryFn: () =>
      dataProvider.api<NewsJson | null>('GET', '/news/getLatestUnread').catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        return null;
      }),
    staleTime: 60_000,
    retry: false,
  };
}

/**
 * Asks for the latest unread news item before the page's code has arrived (src/main.tsx, on a
 * landing page, for an officer who reads news), so the news card paints with the page instead of
 * a moment after it: arriving late, its text became the phone's largest paint (LCP) on its own.
 */
export function prefetchLatestNews(queryClient: QueryClient, dataProvider: RollCallDataProvider, officerId: number | undefined): void {
  void queryClient.prefetchQuery(latestNewsQuery(dataProvider, officerId));
}
