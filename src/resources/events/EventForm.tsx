import { useNavigate } from 'react-router-dom';
import {
  Button,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetList,
  useRecordContext,
} from 'react-admin';
import { Alert, Stack, TextField as MuiTextField } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useWatch } from 'react-hook-form';
import { rc } from '../../domain/messages';
import { LIMITS } from '../../domain/constants';
import type { LocationJson } from '../../domain/schemas/locations';
import type { EventJson } from '../../domain/schemas/events';
import { useAppConfig } from '../../providers/appConfig';
import { DatePickerInput, TimePickerInput } from './PickerInputs';
import { useLookup } from './useLookups';
import { validateEventForm, type EventFormValues } from './eventForm';

const f = rc.events.fields;

function FormToolbar({ backTo }: { backTo: string }) {
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton alwaysEnable />
      <Button label={rc.app.back} onClick={() => navigate(backTo)}>
        <ArrowBackIcon />
      </Button>
    </Toolbar>
  );
}

/** The precinct of the chosen location, read-only (spec §2: precinct comes from the location). */
function PrecinctOfLocation({ locations }: { locations: Array<LocationJson & { id: number }> }) {
  const locationId = useWatch({ name: 'location.locationId' });
  const chosen = locations.find((l) => l.locationId === Number(locationId));
  return (
    <MuiTextField
      id="event-precinct"
      label={f.precinct}
      value={chosen?.precinct.description ?? ''}
      size="small"
      fullWidth
      slotProps={{ input: { readOnly: true } }}
      helperText=" "
    />
  );
}

/**
 * The event edit fields of spec §2: event name, type, location (precinct shown from it), start
 * date and time, end date and time (pickers, 24-hour, 15-minute steps), max officers, incentive
 * hours, description. Every spec §5 message shows on its field; Save and Back; a refusal of the
 * server (409) shows its message. An event with sign-ups or time tickets (hasChildren 'Y') keeps
 * its event type and incentive hours (read only) and offers only locations of its precinct; with
 * time tickets (hasTickets 'Y') its start and end are read only too; a note says why. Max officers
 * below the officers signed up is refused on the field.
 */
export function EventForm({ backTo, defaultValues }: { backTo: string; defaultValues?: EventFormValues }) {
  const eventTypes = useLookup('eventTypes');
  const record = useRecordContext<EventJson>();
  const config = useAppConfig();
  const tz = config.loaded ? config.orgTimezone : undefined;
  const locked = record?.hasChildren === 'Y';
  const timesLocked = record?.hasTickets === 'Y';
  const { data: allLocations = [] } = useGetList<LocationJson & { id: number }>('locations', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const locations = locked && record ? allLocations.filter((l) => l.precinct.precinctId === record.precinct.precinctId) : allLocations;
  const typeChoices = locked && record ? eventTypes.filter((c) => c.id === record.eventType.eventTypeId) : eventTypes;
  return (
    <SimpleForm
      validate={(v: Record<string, unknown>) => validateEventForm(v as EventFormValues, tz)}
      toolbar={<FormToolbar backTo={backTo} />}
      defaultValues={defaultValues}
      sx={{ maxWidth: 720 }}
    >
      {locked && (
        <Alert severity="info" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}>
          {rc.events.errors.lockedNote}
          {timesLocked && ` ${rc.events.errors.lockedTimesNote}`}
        </Alert>
      )}
      <TextInput source="eventName" label={f.eventName} fullWidth />
      <SelectInput source="eventType.eventTypeId" label={f.eventType} choices={typeChoices} emptyText="" fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <SelectInput
          source="location.locationId"
          label={f.location}
          choices={locations.map((l) => ({ id: l.locationId, name: `${l.name} (${l.city})` }))}
          emptyText=""
          fullWidth
        />
        <PrecinctOfLocation locations={locations} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <DatePickerInput source="startDate" label={f.startDate} readOnly={timesLocked} />
        <TimePickerInput source="startTime" label={f.startTime} readOnly={timesLocked} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <DatePickerInput source="endDate" label={f.endDate} readOnly={timesLocked} />
        <TimePickerInput source="endTime" label={f.endTime} readOnly={timesLocked} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <NumberInput source="maxOfficers" label={f.maxOfficers} step={1} fullWidth />
        <NumberInput source="incentiveHours" label={f.incentiveHours} step={0.25} fullWidth readOnly={locked} />
      </Stack>
      <TextInput source="description" label={f.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.EVENT_DESCRIPTION } }} />
    </SimpleForm>
  );
}
