import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { TicketTotals } from '../../domain/schemas/tickets';
import { totalsQueryKey } from './ticketListQuery';

/**
 * The totals of the tickets matching the list filter (GET /timeTickets/getTotals: unflagged sums,
 * ticket and flagged counts; spec §2 footer, §4), through react-admin's query client keyed by the
 * filter. `reload()` refetches them after a flag change; a removal refreshes them with the list.
 * A failed load logs its message and leaves `totals` undefined; `settled` is true once they are
 * known or have failed. `staleTime` (ms) lets a prefetched answer count as fresh (listPrefetch.ts).
 */
export function useTicketTotals(
  filter: Record<string, string | number>,
  staleTime = 0,
): { totals: TicketTotals | undefined; settled: boolean; reload: () => void } {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: totalsQueryKey(filter),
    queryFn: async () => {
      try {
        return await dataProvider.api<TicketTotals>('GET', '/timeTickets/getTotals', { query: filter });
      } catch (e) {
        console.error(e instanceof Error ? e.message : e);
        throw e;
      }
    },
    retry: false,
    staleTime,
  });
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: totalsQueryKey({}).slice(0, 1) }), [queryClient]);
  return { totals: data, settled: !isPending, reload };
}
