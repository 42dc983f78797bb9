import { useNavigate } from 'react-router-dom';
import { Button, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { rc } from '../../domain/messages';
import { useLookup } from '../events/useLookups';
import { validateLocationForm, type LocationFormValues } from './locationForm';

const f = rc.events.fields;

function FormToolbar() {
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton alwaysEnable />
      <Button label={rc.app.back} onClick={() => navigate('/LocationBrowse')}>
        <ArrowBackIcon />
      </Button>
    </Toolbar>
  );
}

/** Location edit fields (spec §2): name, address, city, state, zip, phone1, email1, webAddress, precinct. */
export function LocationForm({ defaultValues }: { defaultValues?: LocationFormValues }) {
  const states = useLookup('states');
  const precincts = useLookup('precincts');
  return (
    <SimpleForm
      validate={(v: Record<string, unknown>) => validateLocationForm(v as LocationFormValues)}
      toolbar={<FormToolbar />}
      defaultValues={defaultValues}
      sx={{ maxWidth: 720 }}
    >
      <TextInput source="name" label={f.name} fullWidth />
      <TextInput source="address" label={f.address} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <TextInput source="city" label={f.city} fullWidth />
        <SelectInput source="state.stateId" label={f.state} choices={states} emptyText="" fullWidth />
        <TextInput source="zip" label={f.zip} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <TextInput source="phone1" label={f.phone1} placeholder="999-999-9999" fullWidth />
        <TextInput source="email1" label={f.email1} type="email" fullWidth />
      </Stack>
      <TextInput source="webAddress" label={f.webAddress} fullWidth />
      <SelectInput source="precinct.precinctId" label={f.precinct} choices={precincts} emptyText="" fullWidth />
    </SimpleForm>
  );
}
