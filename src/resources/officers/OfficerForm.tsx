import { useEffect, useMemo } from 'react';
import { NumberInput, PasswordInput, SelectInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
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
import { OfficerResetSecondFactor } from './OfficerResetSecondFactor';
import { useOfficerSubmit } from './useOfficerSubmit';
import { needsCurrentPassword, requiredOfficerFields, validateOfficerForm, type OfficerFormValues } from './officerFormValues';

const f = rc.officers.fields;

/**
 * A validator that finds nothing wrong but tells react-admin the field is required (its
 * asterisk), for the date input, which takes no isRequired: the form's rules give the message.
 */
const MARKED_REQUIRED = Object.assign(() => undefined, { isRequired: true });

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
 * Submit stays disabled until the form is valid. Required fields carry react-admin's asterisk
 * (requiredOfficerFields), and on a new record every blank one shows its message ('Required',
 * 'Must select precinct', …) from the start, so the disabled Submit never hides why. A 400
 * naming Current Password shows under it.
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
  // another officer's two-step sign-in: level 10, never the super user's nor his own (the server refuses both)
  const mayResetSecondFactor = !isNew && !!record && !superUser && can(actor, 'officer:reset-second-factor', { officerId: record.officerId });
  const typedId = useWatch({ name: 'officerId' }) as unknown;
  const officerId = isNew ? Number(typedId) || 0 : (record?.officerId ?? 0);
  const required = useMemo(() => requiredOfficerFields(officerId, isNew, superUserId), [officerId, isNew, superUserId]);
  const req = (source: string) => required.has(source);
  useMessagesOnOpen(isNew);
  const lastLogin = record?.lastLoginDate ? fromInstant(record.lastLoginDate, tz) : undefined;
  const updatedBy = record?.updatedBy ? `${record.updatedBy.lastName}, ${record.updatedBy.firstName}` : '';
  return (
    <>
      {isNew ? (
        <NumberInput source="officerId" label={f.officerId} isRequired={req('officerId')} min={1} step={1} fullWidth />
      ) : (
        <LabeledValues items={[[f.officerId, record ? officerCode(record.officerId) : '']]} />
      )}
      <FormRow>
        <TextInput source="login" label={f.login} isRequired={req('login')} autoComplete="off" fullWidth />
        {isNew && <PasswordInput source="password" label={f.password} isRequired={req('password')} autoComplete="new-password" fullWidth />}
      </FormRow>
      {(mayReset || mayResetSecondFactor) && record && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {mayReset && <OfficerResetPassword officer={record} />}
          {mayResetSecondFactor && <OfficerResetSecondFactor officer={record} />}
        </Box>
      )}
      {lastLogin && (
        <LabeledValues
          items={[
            [f.lastLoginDate, `${lastLogin.date} ${lastLogin.time}`],
            [f.updatedBy, updatedBy],
          ]}
        />
      )}
      <NumberInput source="passwordExpireInterval" label={f.passwordExpireInterval} isRequired={req('passwordExpireInterval')} min={0} step={1} fullWidth />
      <FormRow>
        <TextInput source="firstName" label={f.firstName} isRequired={req('firstName')} fullWidth />
        <TextInput source="middle" label={f.middle} fullWidth />
        <TextInput source="lastName" label={f.lastName} isRequired={req('lastName')} fullWidth />
      </FormRow>
      <SelectInput source="precinct.precinctId" label={f.precinct} isRequired={req('precinct.precinctId')} choices={precincts} emptyText="" fullWidth />
      <FormRow>
        <DateInput source="appointmentDate" label={f.appointmentDate} validate={req('appointmentDate') ? MARKED_REQUIRED : undefined} />
        <DateInput source="separationDate" label={f.separationDate} readOnly={superUser} />
      </FormRow>
      <SelectInput source="rank.rankId" label={f.rank} isRequired={req('rank.rankId')} choices={ranks} emptyText="" fullWidth />
      <TextInput source="homeStreetAddr1" label={f.homeStreetAddr1} isRequired={req('homeStreetAddr1')} fullWidth />
      <FormRow>
        <TextInput source="homeCity" label={f.homeCity} isRequired={req('homeCity')} fullWidth />
        <SelectInput source="homeState.stateId" label={f.homeState} isRequired={req('homeState.stateId')} choices={states} emptyText="" fullWidth />
        <TextInput source="homeZip" label={f.homeZip} isRequired={req('homeZip')} fullWidth />
      </FormRow>
      <FormRow>
        <TextInput source="homePhone" label={f.homePhone} isRequired={req('homePhone')} placeholder="999-999-9999" fullWidth />
        <TextInput source="mobile" label={f.mobile} isRequired={req('mobile')} placeholder="999-999-9999" fullWidth />
      </FormRow>
      <OfficerEmailFields isNew={isNew} required={required} />
      {superUser ? (
        <Typography sx={{ my: 1 }}>
          {f.accessType}: {f.superUser}
        </Typography>
      ) : (
        <SelectInput source="accessType.accessTypeId" label={f.accessType} isRequired={req('accessType.accessTypeId')} choices={accessTypes} emptyText="" fullWidth />
      )}
      <FormRow>
        <NumberInput source="badgeNumber" label={f.badgeNumber} isRequired={req('badgeNumber')} min={1} step={1} fullWidth />
        <NumberInput source="handcuffNumber" label={f.handcuffNumber} isRequired={req('handcuffNumber')} min={1} step={1} fullWidth />
      </FormRow>
      <TextInput source="soundex" label={f.soundex} isRequired={req('soundex')} autoComplete="off" fullWidth />
    </>
  );
}

/**
 * On a new record, validates the blank form once it opens so every required field shows its
 * message at once (the date input shows its message once touched, so it is marked touched).
 */
function useMessagesOnOpen(isNew: boolean) {
  const { trigger, setValue, getValues, formState } = useFormContext();
  // once react-hook-form is ready: react-admin resets the form with its default values before that
  const { isReady } = formState;
  useEffect(() => {
    if (!isNew || !isReady) return;
    setValue('appointmentDate', getValues('appointmentDate'), { shouldTouch: true });
    void trigger();
  }, [isNew, isReady, trigger, setValue, getValues]);
}
