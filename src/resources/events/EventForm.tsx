import { NumberInput, SelectInput, SimpleForm, TextInput, useGetList, useRecordContext } from 'react-admin';
import { Alert, TextField as MuiTextField } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { rc } from '../../domain/messages';
import { LIMITS } from '../../domain/constants';
import type { LocationJson } from '../../domain/schemas/locations';
import type { EventJson } from '../../domain/schemas/events';
import { DateInput, TimeInput } from '../../common/DateTimeInputs';
import { FormRow, FormToolbar } from '../../common/FormLayout';
import { useLookup } from '../../common/lookups';
import { useActor } from '../../common/useActor';
import { validateEventForm, type EventFormValues } from './eventFormValues';

const f = rc.events.fields;
type LocationRow = LocationJson & { id: number };

/** The precinct of the chosen location, read-only (spec §2: precinct comes from the location). */
function PrecinctOfLocation({ locations }: { locations: LocationRow[] }) {
  const locationId = useWatch({ name: 'location.locationId' });
  const chosen = locations.find((l) => l.locationId === Number(locationId));
  return (
    <MuiTextField
      id="event-precinct"
      label={f.precinct}
      value={chosen?.precinct.description ?? ''}
      fullWidth
      slotProps={{ input: { readOnly: true } }}
      helperText=" "
    />
  );
}

/**
 * The event edit fields of spec §2: event name, type, location (precinct shown from it), start
 * date and time, end date and time (24-hour, 15-minute steps), max officers, incentive hours,
 * description. Every spec §5 message shows on its field; Save and Back (to `backTo`). An event
 * with sign-ups or time tickets (hasChildren 'Y') keeps its event type and incentive hours (read
 * only) and offers only locations of its precinct; with time tickets (hasTickets 'Y') its start
 * and end are read only too; a note says why. Max officers below the officers signed up is
 * refused on the field.
 */
export function EventForm({ backTo, defaultValues }: { backTo: string; defaultValues?: EventFormValues }) {
  const eventTypes = useLookup('eventTypes');
  const record = useRecordContext<EventJson>();
  const { tz } = useActor();
  const locked = record?.hasChildren === 'Y';
  const timesLocked = record?.hasTickets === 'Y';
  const { data: allLocations = [] } = useGetList<LocationRow>('locations', {
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
    >
      {locked && (
        <Alert severity="info" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}>
          {rc.events.errors.lockedNote}
          {timesLocked && ` ${rc.events.errors.lockedTimesNote}`}
        </Alert>
      )}
      <TextInput source="eventName" label={f.eventName} fullWidth />
      <SelectInput source="eventType.eventTypeId" label={f.eventType} choices={typeChoices} emptyText="" fullWidth />
      <FormRow>
        <SelectInput
          source="location.locationId"
          label={f.location}
          choices={locations.map((l) => ({ id: l.locationId, name: `${l.name} (${l.city})` }))}
          emptyText=""
          fullWidth
        />
        <PrecinctOfLocation locations={locations} />
      </FormRow>
      <FormRow>
        <DateInput source="startDate" label={f.startDate} readOnly={timesLocked} />
        <TimeInput source="startTime" label={f.startTime} readOnly={timesLocked} />
      </FormRow>
      <FormRow>
        <DateInput source="endDate" label={f.endDate} readOnly={timesLocked} />
        <TimeInput source="endTime" label={f.endTime} readOnly={timesLocked} />
      </FormRow>
      <FormRow>
        <NumberInput source="maxOfficers" label={f.maxOfficers} step={1} fullWidth />
        <NumberInput source="incentiveHours" label={f.incentiveHours} step={0.25} fullWidth readOnly={locked} />
      </FormRow>
      <TextInput source="description" label={f.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.EVENT_DESCRIPTION } }} />
    </SimpleForm>
  );
}
