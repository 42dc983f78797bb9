import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { AutocompleteInput, BooleanInput, FilterLiveForm, SelectInput, useDataProvider } from 'react-admin';
import { Box, Stack } from '@mui/material';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { rc } from '../../domain/messages';
import { AUDITOR_EDIT_WINDOW_DAYS } from '../../domain/constants';
import { daysBefore } from '../../domain/dates';
import { validateSearchRange } from '../../domain/search';
import { DateInput } from '../../common/DateTimeInputs';
import { QuickRangeButtons } from '../../common/QuickRangeButtons';
import { OfficerPicker } from '../../common/OfficerPicker';
import { useLookup } from '../../common/lookups';
import { useActor } from '../../common/useActor';

const f = rc.tickets.fields;

/** An event as GET /events/getMultiple answers it (the fields the filter shows). */
interface EventRow {
  eventId: number;
  eventFullDescription: string;
}

/** An id select's value: a number, or '' for none (the filter is then left out). */
const idParse = (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v));

/**
 * The event filter: events whose start falls in the chosen period (the last year up to today
 * when no period is chosen), by their full description ('PCT01 - Parade - 03/10/2026 08:00').
 * The events are asked the first time the list opens, not when the page loads.
 */
function EventFilter() {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { today } = useActor();
  const [asked, setAsked] = useState(false);
  const sinceDate = useWatch({ name: 'sinceDate' }) as string | undefined;
  const untilDate = useWatch({ name: 'untilDate' }) as string | undefined;
  const query = sinceDate ? { sinceStartDate: sinceDate, untilStartDate: untilDate || undefined } : { sinceStartDate: daysBefore(today, AUDITOR_EDIT_WINDOW_DAYS), untilStartDate: today };
  const { data = [] } = useQuery({
    queryKey: ['rollcall-queue-events', query],
    queryFn: async () => {
      const rows = await dataProvider.api<EventRow[]>('GET', '/events/getMultiple', { query }).catch(() => []);
      return (Array.isArray(rows) ? rows : []).filter((e) => e.eventId > 0).map((e) => ({ id: e.eventId, name: e.eventFullDescription }));
    },
    enabled: asked,
  });
  return (
    <AutocompleteInput
      source="eventId"
      label={f.event}
      choices={data}
      onOpen={() => setAsked(true)}
      parse={idParse}
      isPending={asked && !data.length}
      helperText={false}
      sx={fieldSx}
    />
  );
}

/** The filter fields' width: full width on a phone, side by side at a desk. */
const fieldSx = { width: { xs: '100%', sm: 240 } } as const;

/** Form-level check of the period (the server's rule, said before it is asked): an until date needs a since date no later than it. */
function validatePeriod(values: Record<string, unknown>): Record<string, string> {
  const problem = validateSearchRange({ sinceDate: values.sinceDate as string, untilDate: values.untilDate as string, otherCriteria: true });
  return problem ? { untilDate: problem } : {};
}

/**
 * The queue's filters, applied as they change (react-admin's FilterLiveForm): the period by the
 * 10-41's date (Since Date / Until Date, MM/DD/YYYY, with Prior Month, MTD and YTD), precinct,
 * officer (type-ahead), assignment type, event, and 'Needs attention only' (attention=Y).
 */
export function QueueFilters() {
  const precincts = useLookup('precincts');
  const assignmentTypes = useLookup('assignmentTypes');
  return (
    <Box sx={{ my: 1 }}>
      <FilterLiveForm validate={validatePeriod}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
          <DateInput source="sinceDate" label={f.sinceDate} />
          <DateInput source="untilDate" label={f.untilDate} />
          <QuickRangeButtons sinceSource="sinceDate" untilSource="untilDate" />
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}>
          <SelectInput source="precinctId" label={f.precinct} choices={precincts} parse={idParse} helperText={false} sx={fieldSx} />
          <Box sx={fieldSx}>
            <OfficerPicker source="officerId" parse={idParse} helperText={false} />
          </Box>
          <SelectInput source="assignmentTypeId" label={f.assignmentType} choices={assignmentTypes} parse={idParse} helperText={false} sx={fieldSx} />
          <EventFilter />
          <BooleanInput source="attention" label={rc.review.filters.attention} parse={(v: boolean) => (v ? 'Y' : '')} format={(v: unknown) => v === 'Y'} helperText={false} />
        </Stack>
      </FilterLiveForm>
    </Box>
  );
}
