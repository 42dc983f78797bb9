import type { QueryClient } from '@tanstack/react-query';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { officerChoicesQuery } from '../../common/lookups';
import { AUDITORS_QUERY, listFilter, listSort, needsAuditorContacts, parseListQuery, totalsQueryKey, type ListQuery } from './ticketListQuery';
import type { TicketRecord } from './ticketRecord';

/** What TicketList's ListBase asks useGetList for: the first page of DEFAULT_PAGE_SIZE rows, the list's sort and filter, no meta. */
export interface TicketListParams {
  pagination: { page: number; perPage: number };
  sort: { field: string; order: 'ASC' | 'DESC' };
  filter: Record<string, string | number>;
  meta?: undefined;
}

/** The parameters of the list of `q` as TicketList shows it (its first page). */
export function ticketListParams(q: ListQuery): TicketListParams {
  return { pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE }, sort: listSort(q.summarizeFlag === 'Y'), filter: listFilter(q), meta: undefined };
}

/**
 * react-admin's query-client key of the time ticket list for `params`: ra-core's useGetList keys
 * its query [resource, 'getList', { pagination, sort, filter, meta }] and exports no helper that
 * builds it, so this is the one place that copies it; TicketList's tests check that the list
 * react-admin asks for lands under this very key.
 */
export function ticketListQueryKey({ pagination, sort, filter, meta }: TicketListParams): readonly unknown[] {
  return ['timeTickets', 'getList', { pagination, sort, filter, meta }];
}

let prefetchedList = false;

/**
 * Asks, before the list's code has arrived (src/main.tsx on /TimeTicketBrowse), the time ticket
 * list of the location search `search` (e.g. '?officerId=7') and its totals, through react-admin's
 * query client with the keys ListBase (useGetList) and useTicketTotals use, so the page finds them
 * answered or on their way and asks nothing twice; then the auditor contacts when the list holds
 * a flagged ticket of `officerId`'s own (useAuditorContacts' key). Failures are left for the page.
 */
export function prefetchTicketList(queryClient: QueryClient, dataProvider: RollCallDataProvider, search: string, officerId: number | undefined): void {
  const q = parseListQuery(search);
  const params = ticketListParams(q);
  const listKey = ticketListQueryKey(params);
  void queryClient
    .prefetchQuery({
      queryKey: listKey,
      // the answer as useGetList keeps it
      queryFn: () => dataProvider.getList('timeTickets', params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    })
    .then(() => {
      // a flagged ticket of his own shows the auditor contacts: asked now, the list renders once
      // with them instead of again when they arrive (a long task on a phone)
      const rows = queryClient.getQueryData<{ data: TicketRecord[] }>(listKey)?.data ?? [];
      if (needsAuditorContacts(q, rows, officerId)) void queryClient.prefetchQuery(officerChoicesQuery(dataProvider, AUDITORS_QUERY));
    });
  void queryClient.prefetchQuery({
    queryKey: totalsQueryKey(params.filter),
    queryFn: () => dataProvider.api('GET', '/timeTickets/getTotals', { query: params.filter }),
  });
  prefetchedList = true;
}

/**
 * True once, for the first time ticket list shown after prefetchTicketList started its request:
 * that list takes the prefetched answer as fresh instead of asking again on mount.
 */
export function takePrefetchedList(): boolean {
  const taken = prefetchedList;
  prefetchedList = false;
  return taken;
}
