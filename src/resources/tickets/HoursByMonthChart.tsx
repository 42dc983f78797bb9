import { useTheme } from '@mui/material';
import { BarChart, ChartFigure, axisHours } from '../../common/charts';
import { formatHours } from '../../common/numberFormat';
import { dayjs } from '../../domain/dates';
import { round2 } from '../../domain/tickets';
import { format, rc } from '../../domain/messages';
import type { HoursByMonthRow } from '../../domain/schemas/ticketMonths';

const m = rc.charts.hoursByMonth;
/** The chart's height (px): the same at every width, the bars narrowing with the page. */
export const HOURS_CHART_HEIGHT = 220;

/** 'Mar' (axis) or 'March' (tooltip, text alternative) of a 'YYYY-MM' month. */
const monthName = (month: string, long = false) => dayjs(month, 'YYYY-MM', true).format(long ? 'MMMM' : 'MMM');

/** The year's sums of the months: counted hours and hours at risk, 2 decimals. */
export function hoursByMonthTotals(months: readonly HoursByMonthRow[]): { counted: number; atRisk: number } {
  return {
    counted: round2(months.reduce((t, r) => t + r.hours, 0)),
    atRisk: round2(months.reduce((t, r) => t + r.flaggedHours, 0)),
  };
}

/** The text alternative: each month's counted hours and hours at risk, and the year's totals. */
export function hoursByMonthSummary(months: readonly HoursByMonthRow[], year: number): string {
  const list = months.map((r) => format(m.item, { month: monthName(r.month, true), counted: formatHours(r.hours), atRisk: formatHours(r.flaggedHours) })).join('; ');
  const totals = hoursByMonthTotals(months);
  return format(m.summary, { year, list, counted: formatHours(totals.counted), atRisk: formatHours(totals.atRisk) });
}

/**
 * The officer's hours by month of `year` (GET /timeTickets/getHoursByMonth), one bar a month:
 * the hours his list counts (unflagged tickets), with the hours of his flagged tickets stacked
 * on top in the theme's warning colour as hours at risk. As wide as the page (12 narrow bars on
 * a 375 px phone). Load it through HoursByMonthChartLazy.
 */
export function HoursByMonthChart({ months, year }: { months: readonly HoursByMonthRow[]; year: number }) {
  const theme = useTheme();
  if (!months.length) return null;
  const dataset = months.map((r) => ({ month: r.month, counted: r.hours, atRisk: r.flaggedHours }));
  const hours = (v: number | null) => formatHours(v ?? 0);
  return (
    <ChartFigure caption={format(m.caption, { year })} summary={hoursByMonthSummary(months, year)}>
      <BarChart
        height={HOURS_CHART_HEIGHT}
        dataset={dataset}
        xAxis={[{ scaleType: 'band', dataKey: 'month', valueFormatter: (v: string, c) => monthName(v, c.location !== 'tick') }]}
        yAxis={[{ width: 44, valueFormatter: axisHours }]}
        series={[
          { dataKey: 'counted', label: m.counted, stack: 'hours', color: theme.palette.primary.main, valueFormatter: hours },
          { dataKey: 'atRisk', label: m.atRisk, stack: 'hours', color: theme.palette.warning.main, valueFormatter: hours },
        ]}
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      />
    </ChartFigure>
  );
}
