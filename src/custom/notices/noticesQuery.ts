import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { NoticeList } from '../../domain/schemas/mySettings';

/** The react-query key of GET /api/notices: the bell and its list share one answer. */
export const NOTICES_KEY = ['rollcall-notices'] as const;

/** An answer younger than this is not asked again. */
export const NOTICES_STALE_MS = 60_000;

/**
 * GET /api/notices (his newest notices, newest first, and the unread count): when the tab regains
 * focus and, through NoticesBell, when he opens another page, at most once a minute. Not on a
 * timer: every request counts as activity for the server's idle limit, which a timer would keep
 * from ever running out. A failure leaves the bell at its last count and is not retried at once:
 * a reminder's notice is no reason to disturb the page.
 */
export function useNotices(enabled = true) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => dataProvider.api<NoticeList>('GET', '/notices'),
    enabled,
    staleTime: NOTICES_STALE_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
