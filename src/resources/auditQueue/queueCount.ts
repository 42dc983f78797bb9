import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';

/**
 * The react-query key of the count waiting in the auditors' queue. It sits under the queue's
 * resource name ('ticketQueue'), beside the queue's own lists, in react-admin's one query client:
 * the menu and the queue page read the same cached answer.
 */
export const QUEUE_COUNT_KEY = ['ticketQueue', 'getQueueCount'] as const;

/**
 * How many time tickets wait for review (GET /api/timeTickets/getQueueCount -> {waiting}), for the
 * menu's 'N waiting'; undefined while unknown, after a failure, or when `enabled` is false (only
 * auditors may ask: everybody else would get 403).
 */
export function useQueueCount(enabled: boolean): number | undefined {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { data } = useQuery({
    queryKey: QUEUE_COUNT_KEY,
    queryFn: async () => (await dataProvider.api<{ waiting: number }>('GET', '/timeTickets/getQueueCount')).waiting,
    enabled,
    retry: false,
  });
  return data;
}

/** Asks the count afresh after a decision (the menu shows the new figure). */
export function refreshQueueCount(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: QUEUE_COUNT_KEY, exact: true });
}
