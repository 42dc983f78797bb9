import { useNavigate } from 'react-router-dom';
import { Form, SaveButton, SelectInput, Title, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { rc } from '../../domain/messages';
import { validateSearchRange } from '../../domain/search';
import type { EventSearchValues } from '../../domain/schemas/events';
import { DatePickerInput } from './PickerInputs';
import { eventQueryString } from './eventQuery';
import { useLookup } from './useLookups';

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
 * /EventSearch (spec §2, §5 event search): since and until dates, event type and precinct.
 * 'Must enter at least one search criteria!', 'Cannot enter until date without since date!',
 * 'Must enter since date!', 'Since date must be <= until date!'. Submits to /EventBrowse.
 */
export function EventSearch() {
  const navigate = useNavigate();
  const translate = useTranslate();
  const eventTypes = useLookup('eventTypes');
  const precincts = useLookup('precincts');
  const submit = (values: EventSearchValues) => {
    navigate(
      `/EventBrowse${eventQueryString({
        sinceStartDate: values.sinceStartDate,
        untilStartDate: values.untilStartDate,
        eventTypeId: values.eventTypeId,
        precinctId: values.precinctId,
      })}`,
    );
  };
  return (
    <Card sx={{ maxWidth: 640, mt: 2 }}>
      <Title title={rc.events.titles.search} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate(rc.events.titles.search, { _: rc.events.titles.search })}
        </Typography>
        <Form onSubmit={(v: Record<string, unknown>) => submit(v as EventSearchValues)} validate={(v: Record<string, unknown>) => validateEventSearch(v as EventSearchValues)}>
          <Stack spacing={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DatePickerInput source="sinceStartDate" label={f.sinceStartDate} />
              <DatePickerInput source="untilStartDate" label={f.untilStartDate} />
            </Stack>
            <SelectInput source="eventTypeId" label={f.eventType} choices={eventTypes} emptyText={f.all} fullWidth />
            <SelectInput source="precinctId" label={f.precinct} choices={precincts} emptyText={f.all} fullWidth />
            <Box>
              <SaveButton label={rc.events.actions.search} icon={<SearchIcon />} alwaysEnable />
            </Box>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
