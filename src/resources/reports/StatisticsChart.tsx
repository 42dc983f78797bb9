import { useTheme } from '@mui/material';
import { BarChart, ChartFigure, axisHours } from '../../common/charts';
import { formatHours } from '../../common/numberFormat';
import { format, rc } from '../../domain/messages';
import type { StatisticsRow } from '../../domain/schemas/statistics';

const m = rc.charts.statistics;
/** Height of one precinct's bar row and of the axis and margins around them (px). */
const ROW_PX = 28;
const FRAME_PX = 56;
/** Longest precinct name on the axis (the tooltip and the text alternative show it whole). */
const AXIS_NAME_CHARS = 14;

/** The chart's height for `count` precincts: one row each, so a long list stays legible on a phone. */
export const statisticsChartHeight = (count: number) => FRAME_PX + ROW_PX * Math.max(count, 1);

/** '3 Precinct Three' as the axis shows it: cut to AXIS_NAME_CHARS with '…'. */
const axisName = (name: string) => (name.length > AXIS_NAME_CHARS ? `${name.slice(0, AXIS_NAME_CHARS - 1)}…` : name);

/** The text alternative: every precinct's hours and the total, in words. */
export function statisticsSummary(rows: readonly StatisticsRow[]): string {
  const list = rows.map((r) => format(m.item, { precinct: `${r.precinctId} ${r.pctName}`, hours: formatHours(r.allHours) })).join('; ');
  return format(m.summary, { list, total: formatHours(rows.reduce((t, r) => t + r.allHours, 0)) });
}

/**
 * Statistics by precinct as a chart (spec §2 Statistics): one horizontal bar per precinct worked
 * at, its All Hours (decimal hours), in the table's order; names on the axis, hours along it.
 * As wide as the page; one row of bar per precinct. The rows are the report's (StatisticsRow[],
 * without the totals row); nothing shows for none. Load it through StatisticsChartLazy.
 */
export function StatisticsChart({ rows }: { rows: readonly StatisticsRow[] }) {
  const theme = useTheme();
  if (!rows.length) return null;
  const height = statisticsChartHeight(rows.length);
  const dataset = rows.map((r) => ({ name: `${r.precinctId} ${r.pctName}`, hours: r.allHours }));
  return (
    <ChartFigure caption={m.caption} summary={statisticsSummary(rows)}>
      <BarChart
        height={height}
        layout="horizontal"
        dataset={dataset}
        yAxis={[{ scaleType: 'band', dataKey: 'name', width: 110, valueFormatter: (v: string, c) => (c.location === 'tick' ? axisName(v) : v) }]}
        xAxis={[{ valueFormatter: axisHours }]}
        series={[{ dataKey: 'hours', label: m.hours, color: theme.palette.primary.main, valueFormatter: (v) => formatHours(v ?? 0) }]}
        hideLegend
        margin={{ top: 8, right: 24, bottom: 8, left: 8 }}
      />
    </ChartFigure>
  );
}
