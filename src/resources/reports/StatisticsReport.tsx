import { Alert } from '@mui/material';
import { FunctionField, ListContextProvider, ResourceContextProvider, TextField, useDataProvider, useList } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { ListPage } from '../../common/ListPage';
import { ResponsiveList } from '../../common/ResponsiveList';
import { LabeledValues } from '../../common/LabeledValues';
import { SummaryCard } from '../../common/SummaryCard';
import { CardTitle } from '../../common/CardTitle';
import { RequirePermission } from '../../common/NotPermitted';
import { useLookup } from '../../common/lookups';
import { COUNT_FIELDS } from '../../domain/tickets';
import { rc } from '../../domain/messages';
import type { StatisticsRow } from '../../domain/schemas/statistics';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { STATISTICS_KEYS } from './StatisticsSearch';
import { hours2, reportQueryValues } from './reportQuery';
import { StatisticsChartLazy } from './StatisticsChartLazy';

const f = rc.statistics.fields;
const counts = rc.tickets.fields;
type Row = StatisticsRow & { id: number };
const HOURS = ['allHours', 'detailHours'] as const;

/**
 * /Reports/StatisticsReport?assignedPct&sinceDate&untilDate (spec §2 Statistics, §3 Statistics
 * row), level 5+: one row per precinct worked at by the detachment's officers, hours to 2
 * decimals, details worked and the eight activity counts, sortable; a totals card under it; cards
 * on a phone. Export (CSV / Excel of the same search and sort, GET /statistics/export) and Print.
 * A refused search shows the server's message.
 */
export function StatisticsReport() {
  return (
    <RequirePermission action="report:statistics">
      <StatisticsReportPage />
    </RequirePermission>
  );
}

function StatisticsReportPage() {
  const { search } = useLocation();
  const query = reportQueryValues(search, STATISTICS_KEYS);
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const precincts = useLookup('precincts');
  const { data, error, isPending } = useQuery({
    queryKey: ['rollcall-statistics', query],
    queryFn: () => dataProvider.api<StatisticsRow[]>('GET', '/statistics/getStatistics', { query }),
    retry: false,
  });
  const rows: Row[] = (data ?? []).map((r) => ({ ...r, id: r.precinctId }));
  const list = useList<Row>({ resource: 'statistics', data: rows, isPending, sort: { field: 'precinctId', order: 'ASC' }, perPage: 1000 });
  const sum = (key: keyof StatisticsRow) => rows.reduce((t, r) => t + (Number(r[key]) || 0), 0);
  const detachment = precincts.find((p) => p.id === Number(query.assignedPct))?.name ?? query.assignedPct;
  const figures = (r: Pick<StatisticsRow, (typeof HOURS)[number] | 'detailsWorked' | (typeof COUNT_FIELDS)[number]>) =>
    [...HOURS.map((k) => [f[k], hours2(r[k])] as [string, string]), [f.detailsWorked, String(r.detailsWorked)] as [string, string], ...COUNT_FIELDS.map((k) => [counts[k], String(r[k])] as [string, string])];
  const totals = Object.fromEntries([...HOURS, 'detailsWorked', ...COUNT_FIELDS].map((k) => [k, sum(k as keyof StatisticsRow)])) as Parameters<typeof figures>[0];
  return (
    <ResourceContextProvider value="statistics">
      <ListContextProvider value={list}>
        <ListPage
          title={rc.statistics.titles.report}
          exportTo={{ path: '/statistics/export', query }}
          criteria={[
            [f.assignedPct, detachment],
            [f.sinceDate, query.sinceDate],
            [f.untilDate, query.untilDate],
          ]}
          notice={error ? <Alert severity="error">{error.message}</Alert> : undefined}
          totals={rows.length > 0 && <SummaryCard title={f.totals} items={figures(totals)} />}
          pagination={false}
        >
          <StatisticsChartLazy rows={data} />
          <ResponsiveList<Row>
            label={rc.statistics.titles.report}
            cardsBelow="md"
            sortFields={[
              { field: 'precinctId', label: f.precinctId },
              { field: 'pctName', label: f.pctName },
              { field: 'allHours', label: f.allHours },
              { field: 'detailHours', label: f.detailHours },
              { field: 'detailsWorked', label: f.detailsWorked },
            ]}
            card={(r) => (
              <>
                <CardTitle>
                  {r.precinctId} {r.pctName}
                </CardTitle>
                <LabeledValues dense items={figures(r)} />
              </>
            )}
          >
            <TextField label={f.precinctId} source="precinctId" />
            <TextField label={f.pctName} source="pctName" />
            {HOURS.map((k) => (
              <FunctionField<Row> key={k} label={f[k]} sortBy={k} textAlign="right" render={(r) => hours2(r[k])} />
            ))}
            <TextField label={f.detailsWorked} source="detailsWorked" textAlign="right" />
            {COUNT_FIELDS.map((k) => (
              <TextField key={k} label={counts[k]} source={k} textAlign="right" />
            ))}
          </ResponsiveList>
        </ListPage>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
