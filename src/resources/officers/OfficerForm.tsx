import { NumberInput, PasswordInput, SelectInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { rc } from '../../domain/messages';
import { FormRow } from '../../common/FormLayout';
import { DateInput } from '../../common/DateTimeInputs';
import { LabeledValues } from '../../common/LabeledValues';
import { useLookup } from '../../common/lookups';
import { useActor } from '../../common/useActor';
import { fromInstant } from '../../domain/dates';
import { can } from '../../domain/access';
import type { OfficerJson } from '../../domain/schemas/officers';
import { OfficerToolbar } from './OfficerToolbar';
import { OfficerEmailFields } from './OfficerEmailFields';
import { OfficerResetPassword } from './OfficerResetPassword';
import { useOfficerSubmit } from './useOfficerSubmit';
import { needsCurrentPassword, validateOfficerForm, type OfficerFormValues } from './officerFormValues';

const f = rc.officers.fields;

/** 'A' plus the officer id padded to 4 digits (spec §2 Officer edit: the id of an existing record). */
export const officerCode = (id: number) => `A${String(id).padStart(4, '0')}`;

/**
 * The officer edit fields in the spec's order (spec §2 Officer edit): Officer ID (a number on a new
 * record, 'A0042' after), Login, Password (new record only: an existing record's password is
 * never set by saving it; level 10 has Reset password there instead, but not on the super user's
 * record unless he is the one signed in), Last Login Date and Updated By (read-only, once he has
 * signed in), Password Expire Interval, names, Precinct, Appointment and Separation Date (fixed for
 * the super user), Rank, address, State, Postal Code, phones, e-mails (with Current Password when
 * the officer changes his own), Access Level ('(Super User)' for the super user), Badge and
 * Handcuff Number, Drivers License #. Validated on every change with the spec §5 field messages;
 * Submit stays disabled until the form is valid. A 400 naming Current Password shows under it.
 */
export function OfficerForm({ backTo, isNew, defaultValues }: { backTo: string; isNew: boolean; defaultValues?: OfficerFormValues }) {
  const { actor, superUserId } = useActor();
  const record = useRecordContext<OfficerJson>();
  const onSubmit = useOfficerSubmit();
  const validate = (v: OfficerFormValues) => validateOfficerForm(v, isNew, superUserId, !isNew && needsCurrentPassword(v, record, actor?.officerId));
  return (
    <SimpleForm
      mode="onChange"
      reValidateMode="onChange"
      validate={validate}
      onSubmit={onSubmit}
      toolbar={<OfficerToolbar backTo={backTo} />}
      defaultValues={defaultValues}
    >
      <OfficerFields isNew={isNew} />
    </SimpleForm>
  );
}

function OfficerFields({ isNew }: { isNew: boolean }) {
  const record = useRecordContext<OfficerJson>();
  const { actor, superUserId, tz } = useActor();
  const precincts = useLookup('precincts');
  const states = useLookup('states');
  const ranks = useLookup('ranks');
  const accessTypes = useLookup('accessTypes');
  const superUser = !isNew && record?.officerId === superUserId;
  // only the super user resets the super user's password (the server answers 403 to anybody else)
  const mayReset = !isNew && !!record && can(actor, 'officer:write') && (!superUser || actor?.officerId === superUserId);
  const lastLogin = record?.lastLoginDate ? fromInstant(record.lastLoginDate, tz) : undefined;
  const updatedBy = record?.updatedBy ? `${record.updatedBy.lastName}, ${record.updatedBy.firstName}` : '';
  return (
    <>
      {isNew ? (
        <NumberInput source="officerId" label={f.officerId} min={1} step={1} fullWidth />
      ) : (
        <LabeledValues items={[[f.officerId, record ? officerCode(record.officerId) : '']]} />
      )}
      <FormRow>
        <TextInput source="login" label={f.login} autoComplete="off" fullWidth />
        {isNew && <PasswordInput source="password" label={f.password} autoComplete="new-password" fullWidth />}
      </FormRow>
      {mayReset && record && <OfficerResetPassword officer={record} />}
      {lastLogin && (
        <LabeledValues
          items={[
            [f.lastLoginDate, `${lastLogin.date} ${lastLogin.time}`],
            [f.updatedBy, updatedBy],
          ]}
        />
      )}
      <NumberInput source="passwordExpireInterval" label={f.passwordExpireInterval} min={0} step={1} fullWidth />
      <FormRow>
        <TextInput source="firstName" label={f.firstName} fullWidth />
        <TextInput source="middle" label={f.middle} fullWidth />
        <TextInput source="lastName" label={f.lastName} fullWidth />
      </FormRow>
      <SelectInput source="precinct.precinctId" label={f.precinct} choices={precincts} emptyText="" fullWidth />
      <FormRow>
        <DateInput source="appointmentDate" label={f.appointmentDate} />
        <DateInput source="separationDate" label={f.separationDate} readOnly={superUser} />
      </FormRow>
      <SelectInput source="rank.rankId" label={f.rank} choices={ranks} emptyText="" fullWidth />
      <TextInput source="homeStreetAddr1" label={f.homeStreetAddr1} fullWidth />
      <FormRow>
        <TextInput source="homeCity" label={f.homeCity} fullWidth />
        <SelectInput source="homeState.stateId" label={f.homeState} choices={states} emptyText="" fullWidth />
        <TextInput source="homeZip" label={f.homeZip} fullWidth />
      </FormRow>
      <FormRow>
        <TextInput source="homePhone" label={f.homePhone} placeholder="999-999-9999" fullWidth />
        <TextInput source="mobile" label={f.mobile} placeholder="999-999-9999" fullWidth />
      </FormRow>
      <OfficerEmailFields isNew={isNew} />
      {superUser ? (
        <Typography sx={{ my: 1 }}>
          {f.accessType}: {f.superUser}
        </Typography>
      ) : (
        <SelectInput source="accessType.accessTypeId" label={f.accessType} choices={accessTypes} emptyText="" fullWidth />
      )}
      <FormRow>
        <NumberInput source="badgeNumber" label={f.badgeNumber} min={1} step={1} fullWidth />
        <NumberInput source="handcuffNumber" label={f.handcuffNumber} min={1} step={1} fullWidth />
      </FormRow>
      <TextInput source="soundex" label={f.soundex} autoComplete="off" fullWidth />
    </>
  );
}
