import { useEffect } from 'react';
import { lazyChart, useAfterFirstPaint } from '../../common/lazyChart';
import { moduleLoader } from '../../common/moduleLoader';
import { useActor } from '../../common/useActor';
import type { ListQuery } from './ticketListQuery';
import { hoursByMonthYear, useHoursByMonth } from './useHoursByMonth';

/** The chart's module: its own chunk with @mui/x-charts, never part of the list's first download. */
const chart = moduleLoader(() => import('./HoursByMonthChart'));
/** Its place while it downloads: HOURS_CHART_HEIGHT and the caption's line (px). */
const Chart = lazyChart(chart, (module) => module.HoursByMonthChart, 260);

/**
 * The officer's hours by month of this year (HoursByMonthChart) under his own year-to-date time
 * ticket list, the list `query` shows (nothing for any other list: hoursByMonthYear). Mount it
 * with the list's rows (after the list and its totals have arrived): it waits for the page to
 * paint and the browser to be idle, then asks for the months and the chart's code together.
 */
export function HoursByMonthChartLazy({ query }: { query: ListQuery }) {
  const { actor, today } = useActor();
  const painted = useAfterFirstPaint();
  const year = hoursByMonthYear(query, actor, today);
  const wanted = painted && year !== null;
  const { months } = useHoursByMonth(actor?.officerId ?? 0, year ?? 0, wanted);
  // the code downloads while the months are asked for (a failure shows when the chart renders)
  useEffect(() => {
    if (wanted) chart().catch(() => undefined);
  }, [wanted]);
  if (year === null || !painted || !months) return null;
  return <Chart months={months} year={year} />;
}
