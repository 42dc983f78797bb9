import { PasswordInput, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { rc } from '../../domain/messages';
import { FormRow } from '../../common/FormLayout';
import { useActor } from '../../common/useActor';
import { changedEmailFields, type EmailField, type OfficerJson } from '../../domain/schemas/officers';

const f = rc.officers.fields;
const e = rc.auth.email;
const CONFIRMED = { homeEmail: 'homeEmailConfirmed', deptEmail: 'deptEmailConfirmed' } as const;

/**
 * Home Email and Dept Email of the officer form, each marked required when `required` (the form's
 * requiredOfficerFields) holds it. On an existing record, an address still awaiting the link mailed to it (homeEmailConfirmed / deptEmailConfirmed false) says so under its field
 * while the field shows that stored address. When the signed-in officer gives his own record a
 * new address (letter case aside), Current Password appears under them: the server wants it
 * (400 on that field otherwise). It is unregistered when it hides, so a password typed and then
 * no longer needed is neither kept nor sent.
 */
export function OfficerEmailFields({ isNew, required }: { isNew: boolean; required?: ReadonlySet<string> }) {
  const record = useRecordContext<OfficerJson>();
  const { actor } = useActor();
  const [homeEmail, deptEmail] = useWatch({ name: ['homeEmail', 'deptEmail'] }) as Array<string | null | undefined>;
  const stored = isNew ? undefined : record;
  const changed = stored ? changedEmailFields({ homeEmail, deptEmail }, stored) : [];
  const unconfirmed = (field: EmailField) => !!stored?.[field] && stored[CONFIRMED[field]] === false && !changed.includes(field);
  const askPassword = !!stored && actor?.officerId === stored.officerId && changed.length > 0;
  return (
    <>
      <FormRow>
        <TextInput source="homeEmail" label={f.homeEmail} isRequired={required?.has('homeEmail')} type="email" helperText={unconfirmed('homeEmail') ? e.unconfirmed : undefined} fullWidth />
        <TextInput source="deptEmail" label={f.deptEmail} isRequired={required?.has('deptEmail')} type="email" helperText={unconfirmed('deptEmail') ? e.unconfirmed : undefined} fullWidth />
      </FormRow>
      {askPassword && (
        <PasswordInput
          source="currentPassword"
          label={e.currentPassword}
          helperText={e.currentPasswordHelp}
          autoComplete="current-password"
          shouldUnregister
          fullWidth
        />
      )}
    </>
  );
}
