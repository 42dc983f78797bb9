import { useEffect } from 'react';
import { Box } from '@mui/material';
import { lazyChart } from '../../common/lazyChart';
import { useNearViewport } from '../../common/useNearViewport';
import { moduleLoader } from '../../common/moduleLoader';
import { useActor } from '../../common/useActor';
import type { ListQuery } from './ticketListQuery';
import { hoursByMonthYear, useHoursByMonth } from './useHoursByMonth';

/** The chart's module: its own chunk with @mui/x-charts, never part of the list's first download. */
const chart = moduleLoader(() => import('./HoursByMonthChart'));
/** Its place while it downloads: HOURS_CHART_HEIGHT and the caption's line (px). */
const PLACE = 260;
const Chart = lazyChart(chart, (module) => module.HoursByMonthChart, PLACE);

/**
 * The officer's hours by month of this year (HoursByMonthChart) under his own year-to-date time
 * ticket list, the list `query` shows (nothing for any other list: hoursByMonthYear). Mount it
 * with the list's rows (after the list and its totals have arrived): it holds its place empty
 * until the page has painted and that place comes near the screen (useNearViewport), then asks
 * for the months and the chart's code together. A phone's first screen of a long list thus
 * costs nothing for it.
 */
export function HoursByMonthChartLazy({ query }: { query: ListQuery }) {
  const { actor, today } = useActor();
  const [place, near] = useNearViewport();
  const year = hoursByMonthYear(query, actor, today);
  const wanted = near && year !== null;
  const { months } = useHoursByMonth(actor?.officerId ?? 0, year ?? 0, wanted);
  // the code downloads while the months are asked for (a failure shows when the chart renders)
  useEffect(() => {
    if (wanted) chart().catch(() => undefined);
  }, [wanted]);
  if (year === null) return null;
  if (!near || !months) return <Box ref={place} aria-hidden sx={{ height: PLACE, my: 1 }} />;
  return <Chart months={months} year={year} />;
}
