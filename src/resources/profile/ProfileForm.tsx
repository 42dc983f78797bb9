import { SelectInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { Divider, Typography } from '@mui/material';
import { FormRow } from '../../common/FormLayout';
import { useLookup } from '../../common/lookups';
import { useActor } from '../../common/useActor';
import { rc } from '../../domain/messages';
import type { OfficerJson } from '../../domain/schemas/officers';
import { OfficerEmailFields } from '../officers/OfficerEmailFields';
import { OfficerToolbar } from '../officers/OfficerToolbar';
import { useOfficerSubmit } from '../officers/useOfficerSubmit';
import { needsCurrentPassword, type OfficerFormValues } from '../officers/officerFormValues';
import { ProfileReadOnly } from './ProfileReadOnly';
import { validateProfileForm } from './profileFormValues';

const f = rc.officers.fields;

/**
 * The My Profile form over the officer's own record (the page's Edit): first the fields only the
 * roster administrator changes, read-only (ProfileReadOnly); then the ones he changes himself:
 * Address, City, State, Postal Code, Phone, Mobile, Home Email and Dept Email, with Current
 * Password and the 'Not confirmed yet' notes of the officer form (OfficerEmailFields). Validated on
 * every change with the spec §5 field messages of those fields; Submit stays disabled until they
 * are valid, Back goes home (`backTo`). A 400 naming Current Password shows under it, any other
 * refusal in a toast (useOfficerSubmit).
 */
export function ProfileForm({ backTo }: { backTo: string }) {
  const { actor, superUserId } = useActor();
  const record = useRecordContext<OfficerJson>();
  const onSubmit = useOfficerSubmit();
  const validate = (v: OfficerFormValues) => validateProfileForm(v, superUserId, needsCurrentPassword(v, record, actor?.officerId));
  return (
    <SimpleForm mode="onChange" reValidateMode="onChange" validate={validate} onSubmit={onSubmit} toolbar={<OfficerToolbar backTo={backTo} />}>
      <ProfileReadOnly />
      <Divider flexItem sx={{ my: 2 }} />
      <ContactFields />
    </SimpleForm>
  );
}

/** Address, City, State, Postal Code, Phone, Mobile and the e-mail fields (spec §2 Officer edit order). */
function ContactFields() {
  const states = useLookup('states');
  return (
    <section aria-labelledby="profile-contact-heading" style={{ width: '100%' }}>
      <Typography id="profile-contact-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {rc.profile.contact}
      </Typography>
      <TextInput source="homeStreetAddr1" label={f.homeStreetAddr1} autoComplete="street-address" fullWidth />
      <FormRow>
        <TextInput source="homeCity" label={f.homeCity} autoComplete="address-level2" fullWidth />
        <SelectInput source="homeState.stateId" label={f.homeState} choices={states} emptyText="" fullWidth />
        <TextInput source="homeZip" label={f.homeZip} autoComplete="postal-code" fullWidth />
      </FormRow>
      <FormRow>
        <TextInput source="homePhone" label={f.homePhone} placeholder="999-999-9999" type="tel" autoComplete="tel" fullWidth />
        <TextInput source="mobile" label={f.mobile} placeholder="999-999-9999" type="tel" autoComplete="tel" fullWidth />
      </FormRow>
      <OfficerEmailFields isNew={false} />
    </section>
  );
}
