import { useTheme } from '@mui/material';
import { BarChart, ChartFigure } from '../../common/charts';
import { formatCount } from '../../common/numberFormat';
import { format, rc } from '../../domain/messages';
import type { ReportOfficerRow } from '../../domain/schemas/uploads';

const m = rc.charts.compliance;
const ROW_PX = 30;
const FRAME_PX = 64;
const AXIS_NAME_CHARS = 14;

/** One bar: a label and how many of its officers have read the notice and have not. */
export interface ComplianceBar {
  label: string;
  read: number;
  unread: number;
}

/**
 * The bars of a notice's report rows: the notice as a whole first, then each precinct (in the
 * order the precincts first appear in the rows; officers without one last). An officer has read it
 * when his row carries a sign-off time.
 */
export function complianceBars(rows: readonly ReportOfficerRow[], notice: string): ComplianceBar[] {
  const bar = (label: string): ComplianceBar => ({ label, read: 0, unread: 0 });
  const all = bar(notice);
  const byPrecinct = new Map<string, ComplianceBar>();
  for (const r of rows) {
    const name = r.precinct ? r.precinct.description : m.noPrecinct;
    let p = byPrecinct.get(name);
    if (!p) byPrecinct.set(name, (p = bar(name)));
    const key = r.signoffTimestamp ? 'read' : 'unread';
    all[key]++;
    p[key]++;
  }
  const none = byPrecinct.get(m.noPrecinct);
  byPrecinct.delete(m.noPrecinct);
  return [all, ...byPrecinct.values(), ...(none ? [none] : [])];
}

/** The text alternative: the notice's read and unread officers, then each precinct's. */
export function complianceSummary(bars: readonly ComplianceBar[]): string {
  const [all, ...precincts] = bars;
  const n = (b: ComplianceBar) => ({ read: formatCount(b.read), unread: formatCount(b.unread) });
  return [format(m.summary, { notice: all.label, ...n(all) }), ...precincts.map((b) => format(m.byPrecinct, { precinct: b.label, ...n(b) }))].join(' ');
}

const axisName = (name: string) => (name.length > AXIS_NAME_CHARS ? `${name.slice(0, AXIS_NAME_CHARS - 1)}…` : name);

/**
 * The 159 compliance report of one notice (/DownloadReport?uploadId, spec §2) as a chart: one
 * horizontal bar for the notice, read (the theme's success colour) and unread (error colour)
 * stacked, then one such bar per precinct. `rows` are the report's rows the page has;
 * `notice` the notice's description (the first bar's name); `total`, the report's officer count
 * (X-Total-Count), when the rows are one page of more: the caption then says how many it counts.
 * As wide as the page. Load it through ComplianceChartLazy.
 */
export function ComplianceChart({ rows, notice, total }: { rows: readonly ReportOfficerRow[]; notice: string; total?: number }) {
  const theme = useTheme();
  if (!rows.length) return null;
  const bars = complianceBars(rows, notice);
  const height = FRAME_PX + ROW_PX * bars.length;
  const count = (v: number | null) => formatCount(v ?? 0);
  const caption = total && total > rows.length ? format(m.captionPage, { shown: formatCount(rows.length), total: formatCount(total) }) : m.caption;
  return (
    <ChartFigure caption={caption} summary={complianceSummary(bars)}>
      <BarChart
        height={height}
        layout="horizontal"
        dataset={bars.map((b) => ({ ...b }))}
        yAxis={[{ scaleType: 'band', dataKey: 'label', width: 110, valueFormatter: (v: string, c) => (c.location === 'tick' ? axisName(v) : v) }]}
        xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => formatCount(v) }]}
        series={[
          { dataKey: 'read', label: m.read, stack: 'officers', color: theme.palette.success.main, valueFormatter: count },
          { dataKey: 'unread', label: m.unread, stack: 'officers', color: theme.palette.error.main, valueFormatter: count },
        ]}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      />
    </ChartFigure>
  );
}
