import { lazyChart } from '../../common/lazyChart';
import { moduleLoader } from '../../common/moduleLoader';
import type { StatisticsRow } from '../../domain/schemas/statistics';

/** The chart's module: its own chunk with @mui/x-charts, fetched the first time a report shows. */
const chart = moduleLoader(() => import('./StatisticsChart'));
const Chart = lazyChart(chart, (module) => module.StatisticsChart, 200);

/**
 * Statistics by precinct as a bar chart (StatisticsChart), downloaded when the report has rows:
 * place it above the table with the report's rows. Nothing for no rows (and no download).
 */
export function StatisticsChartLazy({ rows }: { rows: readonly StatisticsRow[] | undefined }) {
  return rows?.length ? <Chart rows={rows} /> : null;
}
