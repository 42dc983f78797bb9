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
} from 'react-admin';
import { Stack, TextField as MuiTextField } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useWatch } from 'react-hook-form';
import { rc } from '../../domain/messages';
import { LIMITS } from '../../domain/constants';
import type { LocationJson } from '../../domain/schemas/locations';
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
 * hours, description. Every spec §5 message shows on its field; Save and Back.
 */
export function EventForm({ backTo, defaultValues }: { backTo: string; defaultValues?: EventFormValues }) {
  const eventTypes = useLookup('eventTypes');
  const { data: locations = [] } = useGetList<LocationJson & { id: number }>('locations', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <SimpleForm
      validate={(v: Record<string, unknown>) => validateEventForm(v as EventFormValues)}
      toolbar={<FormToolbar backTo={backTo} />}
      defaultValues={defaultValues}
      sx={{ maxWidth: 720 }}
    >
      <TextInput source="eventName" label={f.eventName} fullWidth />
      <SelectInput source="eventType.eventTypeId" label={f.eventType} choices={eventTypes} emptyText="" fullWidth />
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
        <DatePickerInput source="startDate" label={f.startDate} />
        <TimePickerInput source="startTime" label={f.startTime} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <DatePickerInput source="endDate" label={f.endDate} />
        <TimePickerInput source="endTime" label={f.endTime} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <NumberInput source="maxOfficers" label={f.maxOfficers} step={1} fullWidth />
        <NumberInput source="incentiveHours" label={f.incentiveHours} step={0.25} fullWidth />
      </Stack>
      <TextInput source="description" label={f.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.EVENT_DESCRIPTION } }} />
    </SimpleForm>
  );
}
