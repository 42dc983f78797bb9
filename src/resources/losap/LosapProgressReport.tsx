import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FunctionField, ListBase, NumberField, TextField } from 'react-admin';
import { Stack, Typography } from '@mui/material';
import { CardTitle } from '../../common/CardTitle';
import { ListPage } from '../../common/ListPage';
import { RequirePermission } from '../../common/NotPermitted';
import { ResponsiveList } from '../../common/ResponsiveList';
import { useLookup } from '../../common/lookups';
import { useActor } from '../../common/useActor';
import { useLeaveOnError } from '../../common/useLeaveOnError';
import { formatHours } from '../../common/numberFormat';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { yearOf } from '../../domain/losap';
import { format, rc } from '../../domain/messages';
import type { LosapReportRow } from '../../domain/schemas/losap';
import { can } from '../../domain/access';
import { StatementButton } from './StatementDownload';
import { FilterSelect, officerName as name, yearChoices, yesNo } from './losapListParts';

const l = rc.losap;
const f = l.fields;
/** The report's list name in react-admin: the dataProvider reads it from GET /api/losap/progressReport. */
const LOSAP_REPORT = 'losapProgress';

/**
 * /Reports/LosapProgress?year&precinctId&rankId (Reports > LOSAP Progress, level 5+): every
 * active officer with his LOSAP total, the threshold, the pace and whether he is at risk of not
 * qualifying (below pace), from GET /api/losap/progressReport; filters by year, precinct and rank
 * (kept in the address), sortable and paged; a table at a desk, cards on a phone. Level 9+ also
 * gets 'Statements (ZIP)' (every active officer's year-end statement, of the chosen precinct) and
 * each row's statement PDF.
 */
export function LosapProgressReport() {
  return (
    <RequirePermission action="losap:report">
      <ReportPage />
    </RequirePermission>
  );
}

function ReportPage() {
  const leave = useLeaveOnError();
  const { today, actor } = useActor();
  const statements = can(actor, 'losap:statements-all');
  const rowStatement = (r: LosapReportRow) => (
    <StatementButton
      variant="text"
      file={{ path: '/losap/statement', query: { officerId: r.officerId, year } }}
      label={l.statement.pdf}
      ariaLabel={format(l.statement.downloadOne, { name: name(r) })}
    />
  );
  const [params, setParams] = useSearchParams();
  const current = yearOf(today);
  const year = params.get('year') || String(current);
  const precinctId = params.get('precinctId') ?? '';
  const rankId = params.get('rankId') ?? '';
  const precincts = useLookup('precincts');
  const ranks = useLookup('ranks');
  const filter = useMemo(() => ({ year, precinctId, rankId }), [year, precinctId, rankId]);
  const set = (key: string) => (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const years = yearChoices(current).map((y) => ({ id: y, name: String(y) }));
  return (
    <ListBase resource={LOSAP_REPORT} filter={filter} sort={{ field: 'name', order: 'ASC' }} perPage={DEFAULT_PAGE_SIZE} disableSyncWithLocation storeKey={false} queryOptions={{ onError: leave }}>
      <ListPage
        title={l.titles.progress}
        exportTo={{ path: '/losap/exportProgressReport' }}
        actions={statements ? <StatementButton file={{ path: '/losap/statements', query: { year, precinctId: precinctId || undefined } }} label={l.statement.downloadAll} /> : undefined}
        notice={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }} role="search" aria-label={l.titles.progress}>
            <FilterSelect id="losap-year" label={f.year} value={year} choices={years} onChange={set('year')} any={false} />
            <FilterSelect id="losap-precinct" label={f.precinct} value={precinctId} choices={precincts} onChange={set('precinctId')} />
            <FilterSelect id="losap-rank" label={f.rank} value={rankId} choices={ranks} onChange={set('rankId')} />
          </Stack>
        }
      >
        <ResponsiveList<LosapReportRow>
          label={l.titles.progress}
          empty={
            <Typography variant="body2" sx={{ my: 2 }}>
              {l.report.empty}
            </Typography>
          }
          sortFields={[
            { field: 'name', label: f.officer },
            { field: 'officerId', label: f.officerId },
            { field: 'precinct', label: f.precinct },
            { field: 'rank', label: f.rank },
            { field: 'total', label: f.total },
            { field: 'atRisk', label: f.atRisk },
            { field: 'atRiskHours', label: f.hoursAtRisk },
          ]}
          card={(r) => (
            <>
              <CardTitle>{`${name(r)} (${r.officerId})`}</CardTitle>
              <Typography variant="body2">
                {f.total}: {formatHours(r.total)} / {formatHours(r.threshold)} · {f.pace}: {formatHours(r.pace)}
              </Typography>
              <Typography variant="body2" color={r.atRisk ? 'warning.dark' : 'text.secondary'}>
                {f.atRisk}: {yesNo(r.atRisk)} · {f.qualifies}: {yesNo(r.qualifies)}
                {r.atRiskHours > 0 ? ` · ${f.hoursAtRisk}: ${formatHours(r.atRiskHours)}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[r.precinct, r.rank].filter(Boolean).join(' · ')}
              </Typography>
              {statements && rowStatement(r)}
            </>
          )}
        >
          <TextField label={f.officerId} source="officerId" />
          <FunctionField<LosapReportRow> label={f.officer} sortBy="name" render={name} />
          <TextField label={f.precinct} source="precinct" sortBy="precinct" emptyText="" />
          <TextField label={f.rank} source="rank" sortBy="rank" emptyText="" />
          <NumberField label={f.total} source="total" options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
          <NumberField label={f.threshold} source="threshold" sortable={false} options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
          <NumberField label={f.pace} source="pace" sortable={false} options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
          <FunctionField<LosapReportRow> label={f.atRisk} sortBy="atRisk" render={(r) => yesNo(r.atRisk)} />
          <FunctionField<LosapReportRow> label={f.qualifies} sortable={false} render={(r) => yesNo(r.qualifies)} />
          <NumberField label={f.hoursAtRisk} source="atRiskHours" options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
          {statements && <FunctionField<LosapReportRow> label={l.statement.column} sortable={false} render={rowStatement} />}
        </ResponsiveList>
      </ListPage>
    </ListBase>
  );
}
