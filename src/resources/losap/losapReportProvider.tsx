import { useContext, useMemo, type ReactNode } from 'react';
import { DataProviderContext, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { apiFetch, type QueryValue } from '../../providers/http';
import type { LosapReportRow } from '../../domain/schemas/losap';

/** The list name of the LOSAP Progress report inside react-admin (its rows keyed by officer id). */
export const LOSAP_REPORT = 'losapProgress';

/**
 * One page of GET /api/losap/progressReport as react-admin's getList answers it: filters (year,
 * precinctId, rankId), sort and page sent to the server, which sorts, pages and counts (X-Total-Count).
 */
async function reportPage(params: GetListParams): Promise<{ data: LosapReportRow[]; total: number }> {
  const query: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(params.filter ?? {})) if (v !== '' && v !== null && v !== undefined) query[k] = v as QueryValue;
  if (params.sort?.field) {
    query._sort = params.sort.field;
    query._order = params.sort.order === 'DESC' ? 'DESC' : 'ASC';
  }
  if (params.pagination) {
    query._start = (params.pagination.page - 1) * params.pagination.perPage;
    query._end = params.pagination.page * params.pagination.perPage;
  }
  const { json, headers } = await apiFetch<LosapReportRow[]>('GET', '/losap/progressReport', { query });
  const rows = Array.isArray(json) ? json : [];
  return { data: rows, total: Number(headers.get('X-Total-Count') ?? rows.length) };
}

/**
 * The app's dataProvider with getList of LOSAP_REPORT answered by GET /api/losap/progressReport
 * (the shared dataProvider knows each list by its /{resource}/getMultiple path; this report has
 * another). Everything else goes to the app's provider unchanged; react-query still caches it.
 */
export function LosapReportProvider({ children }: { children: ReactNode }) {
  const base = useContext(DataProviderContext);
  const provider = useMemo<DataProvider>(
    () =>
      ({
        ...base,
        getList: <R extends RaRecord>(resource: string, params: GetListParams) =>
          resource === LOSAP_REPORT ? (reportPage(params) as unknown as Promise<{ data: R[]; total: number }>) : base!.getList<R>(resource, params),
      }) as DataProvider,
    [base],
  );
  return <DataProviderContext.Provider value={provider}>{children}</DataProviderContext.Provider>;
}
