import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { can, type Actor } from '../../domain/access';
import type { HoursByMonthRow } from '../../domain/schemas/ticketMonths';
import { quickRange } from '../../domain/dates';
import { totalsQueryKey, type ListQuery } from './ticketListQuery';

/**
 * The year whose hours by month go with the list of `query`, or null: only the officer's own
 * year-to-date list (where the landing page takes him: his id or, below level 5, no officer;
 * 01/01 to today; no other criterion), since only there do the months add up to what the list
 * and its footer show.
 */
export function hoursByMonthYear(query: ListQuery, actor: Actor | null, today: string): number | null {
  if (!actor) return null;
  const own = query.officerId ? Number(query.officerId) === actor.officerId : !can(actor, 'ticket:search-any');
  const ytd = quickRange('ytd', today);
  const { officerId: _officer, sinceDate, untilDate, ...others } = query;
  const yearToDate = sinceDate === ytd.sinceDate && (untilDate ?? ytd.untilDate) === ytd.untilDate;
  return own && yearToDate && !Object.values(others).some(Boolean) ? Number(today.slice(6)) : null;
}

/**
 * The signed-in officer's hours by month of `year` (GET /timeTickets/getHoursByMonth), through the
 * app's one query client. Keyed under the footer totals' key, so whatever refreshes the totals (a
 * flag, a removal: useTicketTotals' reload) refreshes the months too. `enabled` false asks nothing.
 * A failed load logs its message and leaves `months` undefined.
 */
export function useHoursByMonth(officerId: number, year: number, enabled: boolean): { months: HoursByMonthRow[] | undefined; failed: boolean } {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { data, isError } = useQuery({
    queryKey: [...totalsQueryKey({}).slice(0, 1), { chart: 'hoursByMonth', officerId, year }],
    queryFn: async () => {
      try {
        return await dataProvider.api<HoursByMonthRow[]>('GET', '/timeTickets/getHoursByMonth', { query: { officerId, year } });
      } catch (e) {
        console.error(e instanceof Error ? e.message : e);
        throw e;
      }
    },
    enabled,
    retry: false,
  });
  return { months: data, failed: isError };
}
