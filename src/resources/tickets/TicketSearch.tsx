import { useNavigate } from 'react-router-dom';
import { useFormContext } from 'react-hook-form';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, Loading, SelectInput, useNotify } from 'react-admin';
import { useState } from 'react';
import { rc } from '../../domain/messages';
import { can, type Actor } from '../../domain/access';
import { quickRange, type QuickRange } from '../../domain/dates';
import { officerListLabel } from '../../domain/officerLabel';
import { validateSearchRange } from '../../domain/search';
import { DateStringInput } from './DateTimeInputs';
import { toSearch, type ListQuery } from './ticketQuery';
import { useTicketLookups, useViewer, type TicketLookups } from './useTicketLookups';

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

function QuickRanges({ today }: { today: string }) {
  const { setValue } = useFormContext();
  const set = (r: QuickRange) => {
    const { sinceDate, untilDate } = quickRange(r, today);
    setValue('sinceDate', sinceDate, { shouldDirty: true });
    setValue('untilDate', untilDate, { shouldDirty: true });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }}>
      <Button size="small" variant="outlined" sx={{ minHeight: 40 }} onClick={() => set('priorMonth')}>
        {f.priorMonth}
      </Button>
      <Button size="small" variant="outlined" sx={{ minHeight: 40 }} onClick={() => set('mtd')}>
        {f.mtd}
      </Button>
      <Button size="small" variant="outlined" sx={{ minHeight: 40 }} onClick={() => set('ytd')}>
        {f.ytd}
      </Button>
    </Stack>
  );
}

function SearchFields({ actor, today, lookups }: { actor: Actor; today: string; lookups: TicketLookups }) {
  const anyOfficer = can(actor, 'ticket:search-any');
  const idParse = (v: unknown) => (v === '' || v === null ? '' : Number(v));
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ mt: 1 }}>
        <DateStringInput source="sinceDate" label={f.sinceDate} />
        <DateStringInput source="untilDate" label={f.untilDate} />
      </Stack>
      <QuickRanges today={today} />
      {anyOfficer && (
        <SelectInput
          source="officerId"
          label={f.officer}
          choices={lookups.officers}
          optionValue="officerId"
          optionText={(o: { officerId: number; lastName: string; firstName: string }) => officerListLabel(o)}
          parse={idParse}
          fullWidth
        />
      )}
      <SelectInput source="assignmentTypeId" label={f.assignmentType} choices={lookups.assignmentTypes} optionText="description" parse={idParse} fullWidth />
      <SelectInput source="precinctId" label={f.precinctWorked} choices={lookups.precincts} optionText="description" parse={idParse} fullWidth />
      <SelectInput source="assignedPct" label={f.assignedPct} choices={lookups.precincts} optionText="description" parse={idParse} fullWidth />
      {anyOfficer && <BooleanInput source="summarize" label={f.summarize} helperText={false} />}
      <BooleanInput source="arrests" label={f.arrestFlag} helperText={false} />
    </>
  );
}

/** /TimeTicketSearch (spec §2, §5): criteria form that goes to /TimeTicketBrowse with a query. */
export function TicketSearch() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { actor, today } = useViewer();
  const lookups = useTicketLookups();
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
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {m.searchTitle}
      </Typography>
      {error && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Form onSubmit={submit} noValidate>
        <SearchFields actor={actor} today={today} lookups={lookups} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained">
            {rc.app.submit}
          </Button>
          <Button type="reset">{rc.app.reset}</Button>
        </Stack>
      </Form>
    </Box>
  );
}
