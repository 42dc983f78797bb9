import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { rc } from '../../domain/messages';
import { FormRow, FormToolbar } from '../../common/FormLayout';
import { useLookup } from '../../common/lookups';
import { validateLocationForm, type LocationFormValues } from './locationFormValues';

const f = rc.locations.fields;

/**
 * Location edit fields (spec §2): name, address, city, state, zip, phone1, email1, webAddress,
 * precinct, with the spec §5 Location messages on their fields; Save and Back (to `backTo`).
 */
export function LocationForm({ backTo, defaultValues }: { backTo: string; defaultValues?: LocationFormValues }) {
  const states = useLookup('states');
  const precincts = useLookup('precincts');
  return (
    <SimpleForm
      validate={(v: Record<string, unknown>) => validateLocationForm(v as LocationFormValues)}
      toolbar={<FormToolbar backTo={backTo} />}
      defaultValues={defaultValues}
    >
      <TextInput source="name" label={f.name} fullWidth />
      <TextInput source="address" label={f.address} fullWidth />
      <FormRow>
        <TextInput source="city" label={f.city} fullWidth />
        <SelectInput source="state.stateId" label={f.state} choices={states} emptyText="" fullWidth />
        <TextInput source="zip" label={f.zip} fullWidth />
      </FormRow>
      <FormRow>
        <TextInput source="phone1" label={f.phone1} placeholder="999-999-9999" fullWidth />
        <TextInput source="email1" label={f.email1} type="email" fullWidth />
      </FormRow>
      <TextInput source="webAddress" label={f.webAddress} fullWidth />
      <SelectInput source="precinct.precinctId" label={f.precinct} choices={precincts} emptyText="" fullWidth />
    </SimpleForm>
  );
}
