import { useCallback, useRef } from 'react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { BooleanInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { rc } from '../../domain/messages';
import { HIDDEN_ASSIGNMENT_TYPE_ID, LIMITS } from '../../domain/constants';
import { officerListLabel } from '../../domain/officerLabel';
import { COUNT_FIELDS, eventWindowOf, needsEvent, parseCount } from '../../domain/tickets';
import { can, type Actor } from '../../domain/access';
import { DateInput, TimeInput } from '../../common/DateTimeInputs';
import { FormRow, FormToolbar } from '../../common/FormLayout';
import { useLookup, useOfficerChoices } from '../../common/lookups';
import { OfficerPicker } from '../../common/OfficerPicker';
import { getSessionUser } from '../../providers/session';
import { TicketEventInput, type TicketEventOption } from './TicketEventInput';
import { validateTicketForm, type TicketFormValues } from './ticketFormValues';
import { StartDateShortcuts } from './StartDateShortcuts';
import { useEndDateFollows } from './useEndDateFollows';

const m = rc.tickets;
const f = m.fields;

export interface TicketFormProps {
  actor: Actor;
  /** Today, MM/DD/YYYY in ORG_TIMEZONE. */
  today: string;
  /** The server's current instant (GET /api/health), or null until known: then only dates are compared. */
  now: (() => Date) | null;
  tz: string;
  /** Where Back goes: the list with its query. */
  backTo: string;
  /** The save of a new ticket or an outbox entry (offline entry); without it the surrounding Create or Edit saves. */
  onSubmit?: (values: TicketFormValues) => Promise<void>;
}

const idParse = (v: unknown) => (v === '' || v === null ? 0 : Number(v));

/**
 * Officer picker (level 9+: type-ahead by last name, first name or 'A0007', OfficerPicker) or
 * the officer's name, read only: his own from the session (no officer list asked, and it shows
 * without signal), another officer's from the officer list.
 */
function OfficerField({ actor }: { actor: Actor }) {
  const picker = can(actor, 'ticket:pick-officer');
  const officerId = Number(useWatch({ name: 'officer.officerId' }) ?? 0);
  const user = getSessionUser();
  const own = !!user && user.officerId === officerId;
  const officers = useOfficerChoices(undefined, !picker && !own);
  if (picker) return <OfficerPicker source="officer.officerId" label={f.officer} emptyValue={0} parse={idParse} />;
  const me = own ? user : officers.find((o) => o.officerId === officerId);
  return (
    <Typography sx={{ my: 1 }}>
      <strong>{f.officer}:</strong> {me ? officerListLabel(me) : officerId || ''}
    </Typography>
  );
}

/** Eight count inputs: digits only, leading zeros stripped (spec §5 counts). */
function CountInputs() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, columnGap: 2, width: '100%' }}>
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
  );
}

function TicketFields({ actor, today, onEvents }: { actor: Actor; today: string; onEvents: (events: TicketEventOption[]) => void }) {
  const { setValue } = useFormContext();
  const precincts = useLookup('precincts');
  const assignmentTypes = useLookup('assignmentTypes');
  const officerId = Number(useWatch({ name: 'officer.officerId' }) ?? 0);
  const assignmentTypeId = Number(useWatch({ name: 'assignmentType.assignmentTypeId' }) ?? 0);
  const eventId = Number(useWatch({ name: 'event.eventId' }) ?? 0);
  const hoursWorkedId = Number(useWatch({ name: 'hoursWorkedId' }) ?? 0);
  const eventType = needsEvent(assignmentTypeId);
  const follow = useEndDateFollows();
  const resetEventAndPrecinct = () => {
    setValue('event.eventId', 0, { shouldDirty: true });
    setValue('precinct.precinctId', '', { shouldDirty: true });
  };
  return (
    <>
      <OfficerField actor={actor} />
      <SelectInput
        source="assignmentType.assignmentTypeId"
        label={f.assignmentType}
        choices={assignmentTypes.filter((a) => a.id !== HIDDEN_ASSIGNMENT_TYPE_ID)}
        emptyValue={0}
        parse={idParse}
        onChange={resetEventAndPrecinct}
        fullWidth
      />
      {eventType && (
        <TicketEventInput officerId={officerId} assignmentTypeId={assignmentTypeId} hoursWorkedId={hoursWorkedId} accessLevel={actor.accessLevel} today={today} onEvents={onEvents} />
      )}
      <SelectInput
        source="precinct.precinctId"
        label={f.precinct}
        choices={precincts}
        parse={(v) => (v === '' || v === null ? '' : Number(v))}
        disabled={eventType && eventId > 0}
        fullWidth
      />
      <FormRow>
        <DateInput source="startDate" label={f.startDate} />
        <TimeInput source="startTime" label={f.startTime} />
      </FormRow>
      <StartDateShortcuts today={today} onChosen={follow} />
      <FormRow>
        <DateInput source="endDate" label={f.endDate} />
        <TimeInput source="endTime" label={f.endTime} />
      </FormRow>
      <BooleanInput source="travelHours" label={f.travelHour} format={(v) => v === 1 || v === true} parse={(v) => (v ? 1 : 0)} helperText={false} />
      <TextInput source="description" label={f.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.TICKET_DESCRIPTION } }} />
      <CountInputs />
      {can(actor, 'ticket:audit-comment') && (
        <TextInput source="auditComments" label={f.auditComments} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.AUDIT_COMMENTS } }} />
      )}
    </>
  );
}

/**
 * The time ticket form (spec §2 Time ticket edit, §5) inside a react-admin Create or Edit: officer
 * (picker at level 9+), assignment type (type 5 not offered; a change resets event and precinct),
 * event for types 1, 4, 9, 11 (choosing one fills the 10-41 and 10-42 from the event), precinct
 * (locked to the event's), 10-41 and 10-42 dates and times (24-hour, 15-minute steps; Today and
 * Yesterday set the 10-41 date in one tap; the 10-42 date follows the 10-41 date and times,
 * useEndDateFollows), travel, description, the eight counts, audit comments (level 10), and the
 * sticky save bar (Save, Back to the list). No default times: a tour's times vary, and a wrong
 * default saved unnoticed would credit wrong hours. Validation runs the shared ticket rules with
 * the server's clock (no 10-41/10-42 after now) and the chosen event's time (the tour must
 * overlap it); the server repeats them. `onSubmit`, when given, saves instead of the Create
 * around it (a new ticket with its idempotency key, or an outbox entry).
 */
export function TicketForm({ actor, today, now, tz, backTo, onSubmit }: TicketFormProps) {
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
  return (
    <SimpleForm validate={validate} noValidate toolbar={<FormToolbar backTo={backTo} />} {...(onSubmit ? { onSubmit: (v: FieldValues) => onSubmit(v as TicketFormValues) } : {})}>
      <TicketFields actor={actor} today={today} onEvents={onEvents} />
    </SimpleForm>
  );
}
