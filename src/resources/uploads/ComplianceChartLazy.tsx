import { useContext } from 'react';
import { ListContext } from 'react-admin';
import { lazyChart } from '../../common/lazyChart';
import { moduleLoader } from '../../common/moduleLoader';
import type { ReportOfficerRow } from '../../domain/schemas/uploads';

/** The chart's module: its own chunk with @mui/x-charts, fetched the first time a report shows. */
const chart = moduleLoader(() => import('./ComplianceChart'));
const Chart = lazyChart(chart, (module) => module.ComplianceChart, 160);

export interface ComplianceChartLazyProps {
  /** The notice's description: the first bar's name. */
  notice: string | undefined;
  /** The report's rows; by default those of the list it is placed in (the page the table shows). */
  rows?: readonly ReportOfficerRow[];
  /** How many officers the whole report has; by default the list's total (X-Total-Count). */
  total?: number;
}

/**
 * A notice's 159 compliance report as read/unread bars (ComplianceChart): place it above the
 * report's table, inside the report's list (ReportByUpload), with the notice's description; it
 * takes the rows and total from the list unless given. Nothing (and no download) until there are rows.
 */
export function ComplianceChartLazy({ notice, rows, total }: ComplianceChartLazyProps) {
  const list = useContext(ListContext);
  const shown = (rows ?? list?.data) as readonly ReportOfficerRow[] | undefined;
  return shown?.length ? <Chart rows={shown} notice={notice ?? ''} total={total ?? list?.total} /> : null;
}
