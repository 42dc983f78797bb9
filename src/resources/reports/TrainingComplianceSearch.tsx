import { useNavigate } from 'react-router-dom';
import { Form, SelectInput } from 'react-admin';
import { rc } from '../../domain/messages';
import { EVENT_TYPE } from '../../domain/constants';
import { trainingFilterSchema } from '../../domain/schemas/training';
import { DateInput } from '../../common/DateTimeInputs';
import { FormCard, FormRow, FormToolbar } from '../../common/FormLayout';
import { PageHeading } from '../../common/PageHeading';
import { QuickRangeButtons } from '../../common/QuickRangeButtons';
import { RequirePermission } from '../../common/NotPermitted';
import { useLookup } from '../../common/lookups';
import { zodFormErrors } from '../../common/zodFormErrors';
import { reportQueryString } from './reportQuery';
import { ResetButton } from '../../common/ResetButton';

const f = rc.training.fields;
const e = rc.events.fields;
/** The training compliance filter in the query of /Reports/TrainingComplianceBrowse. */
export const TRAINING_KEYS = ['eventTypeId', 'precinctId', 'sinceStartDate', 'untilStartDate'] as const;

/**
 * /Reports/TrainingComplianceSearch (spec §2 Training Compliance, §5 training compliance filter):
 * precinct, Since and Until dates with Prior Month, MTD and YTD, Submit and Reset; event type 4
 * (training). Messages from trainingFilterSchema ('Must enter since date!', ...). Submits to
 * /Reports/TrainingComplianceBrowse.
 */
export function TrainingComplianceSearch() {
  return (
    <RequirePermission action="menu:full">
      <TrainingSearchForm />
    </RequirePermission>
  );
}

function TrainingSearchForm() {
  const navigate = useNavigate();
  const precincts = useLookup('precincts');
  return (
    <>
      <PageHeading>{rc.training.titles.search}</PageHeading>
      <FormCard>
        <Form
          defaultValues={{ eventTypeId: EVENT_TYPE.TRAINING }}
          onSubmit={(v: Record<string, unknown>) => navigate(`/Reports/TrainingComplianceBrowse${reportQueryString(v, TRAINING_KEYS)}`)}
          validate={(v: Record<string, unknown>) => zodFormErrors(trainingFilterSchema, v)}
        >
          <SelectInput source="precinctId" label={f.precinct} choices={precincts} emptyText={e.all} fullWidth />
          <FormRow>
            <DateInput source="sinceStartDate" label={e.sinceStartDate} />
            <DateInput source="untilStartDate" label={e.untilStartDate} />
          </FormRow>
          <QuickRangeButtons sinceSource="sinceStartDate" untilSource="untilStartDate" />
          <FormToolbar saveLabel={rc.app.submit}>
            <ResetButton values={{ eventTypeId: EVENT_TYPE.TRAINING }} />
          </FormToolbar>
        </Form>
      </FormCard>
    </>
  );
}
