import { useNavigate } from 'react-router-dom';
import { Alert } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { BooleanInput, Form, Loading, SelectInput, useNotify } from 'react-admin';
import { useState } from 'react';
import { rc } from '../../domain/messages';
import { can, type Actor } from '../../domain/access';
import { validateSearchRange } from '../../domain/search';
import { DateInput } from '../../common/DateTimeInputs';
import { FormCard, FormRow, FormToolbar } from '../../common/FormLayout';
import { QuickRangeButtons } from '../../common/QuickRangeButtons';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { useLookup } from '../../common/lookups';
import { OfficerPicker } from '../../common/OfficerPicker';
import { useActor } from '../../common/useActor';
import { toSearch, type ListQuery } from './ticketQuery';
import { ResetButton } from '../../common/ResetButton';

const m = rc.tickets;
const f = m.fields;

interface SearchValues {
  sinceDate?: string;
  untilDate?: string;
  officerId?: number | string;
  assignmentTypeId?: number | string;
  precinctId?: number | string;
  assignedPct?: number | string;
  summarize?: boolean;
  arrests?: boolean;
}

/**
 * The list query of the search form, or the spec §5 ticket search message ('Must enter at least
 * one search criteria!', 'Cannot enter until date without since date!', 'Since date must be <=
 * until date!'). Below level 5 the officer is always the signed-in officer.
 */
export function searchToQuery(v: SearchValues, actor: Actor): { query: ListQuery } | { error: string } {
  const str = (x: unknown) => (x === undefined || x === null || x === '' || x === 0 ? undefined : String(x));
  const anyOfficer = can(actor, 'ticket:search-any');
  const query: ListQuery = {
    officerId: anyOfficer ? str(v.officerId) : String(actor.officerId),
    sinceDate: str(v.sinceDate),
    untilDate: str(v.untilDate),
    assignmentTypeId: str(v.assignmentTypeId),
    precinctId: str(v.precinctId),
    assignedPct: str(v.assignedPct),
    summarizeFlag: anyOfficer && v.summarize ? 'Y' : undefined,
    arrestFlag: v.arrests ? 'Y' : undefined,
  };
  const otherCriteria = !!(str(v.officerId) || query.assignmentTypeId || query.precinctId || query.assignedPct || query.summarizeFlag || query.arrestFlag);
  const error = validateSearchRange({ sinceDate: query.sinceDate, untilDate: query.untilDate, otherCriteria });
  return error ? { error } : { query };
}

function SearchFields({ actor }: { actor: Actor }) {
  const anyOfficer = can(actor, 'ticket:search-any');
  const precincts = useLookup('precincts');
  const assignmentTypes = useLookup('assignmentTypes');
  const idParse = (v: unknown) => (v === '' || v === null ? '' : Number(v));
  return (
    <>
      <FormRow>
        <DateInput source="sinceDate" label={f.sinceDate} />
        <DateInput source="untilDate" label={f.untilDate} />
      </FormRow>
      <QuickRangeButtons sinceSource="sinceDate" untilSource="untilDate" />
      {anyOfficer && (
        <OfficerPicker source="officerId" label={f.officer} parse={idParse} />
      )}
      <SelectInput source="assignmentTypeId" label={f.assignmentType} choices={assignmentTypes} parse={idParse} fullWidth />
      <SelectInput source="precinctId" label={f.precinctWorked} choices={precincts} parse={idParse} fullWidth />
      <SelectInput source="assignedPct" label={f.assignedPct} choices={precincts} parse={idParse} fullWidth />
      {anyOfficer && <BooleanInput source="summarize" label={f.summarize} helperText={false} />}
      <BooleanInput source="arrests" label={f.arrestFlag} helperText={false} />
    </>
  );
}

/**
 * /TimeTicketSearch (spec §2, §5): criteria form in a card (dates with Prior Month, MTD and YTD,
 * officer (type-ahead OfficerPicker: last name, first name or 'A0007') and summary at level 5+, assignment type, precincts, arrests) that goes to
 * /TimeTicketBrowse with a query; a refused search shows the spec §5 message. Level 3 gets the
 * not-permitted page.
 */
export function TicketSearch() {
  return (
    <RequirePermission action="ticket:read">
      <TicketSearchPage />
    </RequirePermission>
  );
}

function TicketSearchPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { actor } = useActor();
  const [error, setError] = useState<string | null>(null);
  if (!actor) return <Loading />;
  const submit = (values: Record<string, unknown>) => {
    const result = searchToQuery(values as SearchValues, actor);
    if ('error' in result) {
      setError(result.error);
      notify(result.error, { type: 'warning' });
      return;
    }
    navigate(`/TimeTicketBrowse${toSearch(result.query)}`);
  };
  return (
    <>
      <PageHeading>{m.searchTitle}</PageHeading>
      <FormCard>
        {error && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <Form onSubmit={submit} noValidate>
          <SearchFields actor={actor} />
          <FormToolbar saveLabel={rc.app.submit} saveIcon={<SearchIcon />}>
            <ResetButton />
          </FormToolbar>
        </Form>
      </FormCard>
    </>
  );
}
