import { useNavigate } from 'react-router-dom';
import { Form, SelectInput } from 'react-admin';
import SearchIcon from '@mui/icons-material/Search';
import { rc } from '../../domain/messages';
import { statisticsSearchSchema } from '../../domain/schemas/statistics';
import { DateInput } from '../../common/DateTimeInputs';
import { FormCard, FormRow, FormToolbar } from '../../common/FormLayout';
import { PageHeading } from '../../common/PageHeading';
import { QuickRangeButtons } from '../../common/QuickRangeButtons';
import { RequirePermission } from '../../common/NotPermitted';
import { useLookup } from '../../common/lookups';
import { zodFormErrors } from '../../common/zodFormErrors';
import { reportQueryString } from './reportQuery';

const f = rc.statistics.fields;
export const STATISTICS_KEYS = ['assignedPct', 'sinceDate', 'untilDate'] as const;

/**
 * /Reports/StatisticsSearch (spec §2 Statistics, §5 statistics search), level 5+: Detachment
 * (required: 'Detachment is required'), Since and Until Date with Prior Month, MTD and YTD; the
 * event search's date rules ('Must enter since date!', 'Cannot enter until date without since
 * date!', 'Since date must be <= until date!'). Submits to /Reports/StatisticsReport.
 */
export function StatisticsSearch() {
  return (
    <RequirePermission action="report:statistics">
      <StatisticsSearchForm />
    </RequirePermission>
  );
}

function StatisticsSearchForm() {
  const navigate = useNavigate();
  const precincts = useLookup('precincts');
  return (
    <>
      <PageHeading>{rc.statistics.titles.search}</PageHeading>
      <FormCard>
        <Form
          onSubmit={(v: Record<string, unknown>) => navigate(`/Reports/StatisticsReport${reportQueryString(v, STATISTICS_KEYS)}`)}
          validate={(v: Record<string, unknown>) => zodFormErrors(statisticsSearchSchema, v)}
        >
          <SelectInput source="assignedPct" label={f.assignedPct} choices={precincts} emptyText="" fullWidth />
          <FormRow>
            <DateInput source="sinceDate" label={f.sinceDate} />
            <DateInput source="untilDate" label={f.untilDate} />
          </FormRow>
          <QuickRangeButtons sinceSource="sinceDate" untilSource="untilDate" />
          <FormToolbar saveLabel={rc.statistics.actions.search} saveIcon={<SearchIcon />} />
        </Form>
      </FormCard>
    </>
  );
}
