import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { TicketTotals } from '../../domain/schemas/tickets';

const KEY = 'rollcall-ticket-totals';

/**
 * The totals of the tickets matching the list filter (GET /timeTickets/getTotals: unflagged sums,
 * ticket and flagged counts; spec §2 footer, §4), through react-admin's query client keyed by the
 * filter. `reload()` refetches them after a flag change; a removal refreshes them with the list.
 * A failed load logs its message and leaves `totals` undefined.
 */
export function useTicketTotals(filter: Record<string, string | number>): { totals: TicketTotals | undefined; reload: () => void } {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: [KEY, filter],
    queryFn: async () => {
      try {
        return await dataProvider.api<TicketTotals>('GET', '/timeTickets/getTotals', { query: filter });
      } catch (e) {
        console.error(e instanceof Error ? e.message : e);
        throw e;
      }
    },
    retry: false,
  });
  return { totals: data, reload: () => void queryClient.invalidateQueries({ queryKey: [KEY] }) };
}
