import { useNavigate } from 'react-router-dom';
import { Form, SelectInput } from 'react-admin';
import SearchIcon from '@mui/icons-material/Search';
import { rc } from '../../domain/messages';
import { validateSearchRange } from '../../domain/search';
import type { EventSearchValues } from '../../domain/schemas/events';
import { DateInput } from '../../common/DateTimeInputs';
import { FormCard, FormRow, FormToolbar } from '../../common/FormLayout';
import { PageHeading } from '../../common/PageHeading';
import { QuickRangeButtons } from '../../common/QuickRangeButtons';
import { RequirePermission } from '../../common/NotPermitted';
import { useLookup } from '../../common/lookups';
import { eventQueryString } from './eventQuery';

const f = rc.events.fields;

/** The spec §5 event search rules; the message goes on the since date (or until date). */
export function validateEventSearch(values: EventSearchValues): Record<string, string> {
  const message = validateSearchRange({
    sinceDate: values.sinceStartDate,
    untilDate: values.untilStartDate,
    otherCriteria: !!Number(values.eventTypeId) || !!Number(values.precinctId),
    sinceRequired: true,
  });
  if (!message) return {};
  return message === rc.validation.sinceAfterUntil ? { untilStartDate: message } : { sinceStartDate: message };
}

/**
 * /EventSearch (spec §2, §5 event search): since and until dates with the quick ranges Prior
 * Month, MTD and YTD, event type and precinct. 'Must enter at least one search criteria!',
 * 'Cannot enter until date without since date!', 'Must enter since date!', 'Since date must be
 * <= until date!'. Submits to /EventBrowse. Not for level 3, whose menu has only the Detail List.
 */
export function EventSearch() {
  return (
    <RequirePermission action="menu:full">
      <EventSearchForm />
    </RequirePermission>
  );
}

function EventSearchForm() {
  const navigate = useNavigate();
  const eventTypes = useLookup('eventTypes');
  const precincts = useLookup('precincts');
  const submit = (values: EventSearchValues) => {
    const { sinceStartDate, untilStartDate, eventTypeId, precinctId } = values;
    navigate(`/EventBrowse${eventQueryString({ sinceStartDate, untilStartDate, eventTypeId, precinctId })}`);
  };
  return (
    <>
      <PageHeading>{rc.events.titles.search}</PageHeading>
      <FormCard>
        <Form onSubmit={(v: Record<string, unknown>) => submit(v as EventSearchValues)} validate={(v: Record<string, unknown>) => validateEventSearch(v as EventSearchValues)}>
          <FormRow>
            <DateInput source="sinceStartDate" label={f.sinceStartDate} />
            <DateInput source="untilStartDate" label={f.untilStartDate} />
          </FormRow>
          <QuickRangeButtons sinceSource="sinceStartDate" untilSource="untilStartDate" />
          <SelectInput source="eventTypeId" label={f.eventType} choices={eventTypes} emptyText={f.all} fullWidth />
          <SelectInput source="precinctId" label={f.precinct} choices={precincts} emptyText={f.all} fullWidth />
          <FormToolbar saveLabel={rc.events.actions.search} saveIcon={<SearchIcon />} />
        </Form>
      </FormCard>
    </>
  );
}
