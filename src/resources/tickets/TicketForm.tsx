import { useCallback, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Button, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, SelectInput, TextInput } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { rc } from '../../domain/messages';
import { HIDDEN_ASSIGNMENT_TYPE_ID, LIMITS } from '../../domain/constants';
import { officerListLabel } from '../../domain/officerLabel';
import { COUNT_FIELDS, eventWindowOf, needsEvent, parseCount } from '../../domain/tickets';
import { can, type Actor } from '../../domain/access';
import { DateStringInput, TimeStringInput } from './DateTimeInputs';
import { TicketEventInput, type TicketEventOption } from './TicketEventInput';
import { validateTicketForm, type TicketFormValues } from './ticketFormValues';
import type { TicketLookups } from './useTicketLookups';

const m = rc.tickets;
const f = m.fields;

interface TicketFormProps {
  actor: Actor;
  today: string;
  /** The server's current instant (GET /api/health), or null until known: then only dates are compared. */
  now: (() => Date) | null;
  tz: string;
  lookups: TicketLookups;
  /** Query string of the list, for Back. */
  search: string;
}

/** Officer picker (level 9+) or the officer's name, read only. */
function OfficerField({ actor, lookups }: { actor: Actor; lookups: TicketLookups }) {
  const officerId = Number(useWatch({ name: 'officer.officerId' }) ?? 0);
  if (can(actor, 'ticket:pick-officer')) {
    return (
      <SelectInput
        source="officer.officerId"
        label={f.officer}
        choices={lookups.officers}
        optionValue="officerId"
        optionText={(o: { officerId: number; lastName: string; firstName: string }) => officerListLabel(o)}
        emptyValue={0}
        parse={(v) => (v === '' || v === null ? 0 : Number(v))}
        isPending={!lookups.officers.length}
        fullWidth
      />
    );
  }
  const me = lookups.officers.find((o) => o.officerId === officerId);
  return (
    <Typography sx={{ my: 1 }}>
      <strong>{f.officer}:</strong> {me ? officerListLabel(me) : officerId || ''}
    </Typography>
  );
}

function TicketFormBody({ actor, today, lookups, search, onEvents }: Omit<TicketFormProps, 'tz' | 'now'> & { onEvents: (events: TicketEventOption[]) => void }) {
  const { setValue } = useFormContext();
  const officerId = Number(useWatch({ name: 'officer.officerId' }) ?? 0);
  const assignmentTypeId = Number(useWatch({ name: 'assignmentType.assignmentTypeId' }) ?? 0);
  const eventId = Number(useWatch({ name: 'event.eventId' }) ?? 0);
  const hoursWorkedId = Number(useWatch({ name: 'hoursWorkedId' }) ?? 0);
  const eventType = needsEvent(assignmentTypeId);
  const resetEventAndPrecinct = () => {
    setValue('event.eventId', 0, { shouldDirty: true });
    setValue('precinct.precinctId', '', { shouldDirty: true });
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <OfficerField actor={actor} lookups={lookups} />
      <SelectInput
        source="assignmentType.assignmentTypeId"
        label={f.assignmentType}
        choices={lookups.assignmentTypes.filter((a) => a.id !== HIDDEN_ASSIGNMENT_TYPE_ID)}
        optionText="description"
        emptyValue={0}
        parse={(v) => (v === '' || v === null ? 0 : Number(v))}
        onChange={resetEventAndPrecinct}
        fullWidth
      />
      {eventType && <TicketEventInput officerId={officerId} assignmentTypeId={assignmentTypeId} hoursWorkedId={hoursWorkedId} accessLevel={actor.accessLevel} today={today} onEvents={onEvents} />}
      <SelectInput
        source="precinct.precinctId"
        label={f.precinct}
        choices={lookups.precincts}
        optionText="description"
        parse={(v) => (v === '' || v === null ? '' : Number(v))}
        disabled={eventType && eventId > 0}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ mt: 1 }}>
        <DateStringInput source="startDate" label={f.startDate} />
        <TimeStringInput source="startTime" label={f.startTime} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ mt: 1 }}>
        <DateStringInput source="endDate" label={f.endDate} />
        <TimeStringInput source="endTime" label={f.endTime} />
      </Stack>
      <BooleanInput source="travelHours" label={f.travelHour} format={(v) => v === 1 || v === true} parse={(v) => (v ? 1 : 0)} helperText={false} />
      <TextInput source="description" label={f.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.TICKET_DESCRIPTION } }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, columnGap: 2 }}>
        {COUNT_FIELDS.map((c) => (
          <TextInput
            key={c}
            source={c}
            label={f[c]}
            parse={(v: string) => parseCount(v)}
            format={(v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v))}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            helperText={false}
          />
        ))}
      </Box>
      {can(actor, 'ticket:audit-comment') && (
        <TextInput source="auditComments" label={f.auditComments} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.AUDIT_COMMENTS } }} />
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <SaveButton label={rc.app.save} alwaysEnable />
        <Button component={RouterLink} to={`/TimeTicketBrowse${search}`}>
          {rc.app.back}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The time ticket form (spec §2 Time ticket edit, §5): officer (picker at level 9+), assignment
 * type (type 5 not offered; a change resets event and precinct), event for types 1, 4, 9, 11,
 * precinct (locked to the event's), 10-41 and 10-42 dates and times (24-hour, 15-minute steps),
 * travel, description, the eight counts, audit comments (level 10). Validation runs the shared
 * rules of src/domain/tickets with the server's clock (no 10-41/10-42 after now) and the chosen
 * event's time (the tour must overlap it); the server repeats them.
 */
export function TicketForm(props: TicketFormProps) {
  const { actor, today, now, tz } = props;
  const events = useRef<TicketEventOption[]>([]);
  const onEvents = useCallback((list: TicketEventOption[]) => {
    events.current = list;
  }, []);
  const validate = (values: Record<string, unknown>) => {
    const v = values as TicketFormValues;
    const eventId = Number(v.event?.eventId ?? 0);
    const chosen = eventId ? events.current.find((e) => e.eventId === eventId) : undefined;
    return validateTicketForm(v, { accessLevel: actor.accessLevel, today, tz, now: now?.(), event: chosen ? eventWindowOf(chosen, tz) : null });
  };
  const { now: _now, ...bodyProps } = props;
  return (
    <Form validate={validate} noValidate>
      <TicketFormBody {...bodyProps} onEvents={onEvents} />
    </Form>
  );
}
