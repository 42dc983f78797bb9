import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { NoticeList } from '../../domain/schemas/mySettings';

/** The react-query key of GET /api/notices: the bell and its list share one answer. */
export const NOTICES_KEY = ['rollcall-notices'] as const;

/** How often the bell asks again while the tab stays open (it also asks when the tab regains focus). */
const POLL_MS = 5 * 60_000;

/**
 * GET /api/notices (his newest notices, newest first, and the unread count), every five minutes
 * and when the tab regains focus. A failure leaves the bell at its last count and is not retried
 * at once: a reminder's notice is no reason to disturb the page.
 */
export function useNotices(enabled = true) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => dataProvider.api<NoticeList>('GET', '/notices'),
    enabled,
    staleTime: 60_000,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
