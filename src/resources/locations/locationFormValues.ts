import { locationFields, type LocationJson } from '../../domain/schemas/locations';
import { zodFormErrors } from '../../common/zodFormErrors';

export type LocationFormValues = Partial<Omit<LocationJson, 'state' | 'precinct'>> & {
  state?: { stateId?: number | string | null };
  precinct?: { precinctId?: number | string | null };
};

export const newLocationDefaults: LocationFormValues = {
  name: '',
  address: '',
  city: '',
  state: { stateId: '' },
  zip: '',
  phone1: '',
  email1: '',
  webAddress: '',
  precinct: { precinctId: '' },
};

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : (v ?? ''));

/** The body of /api/locations/insert or /update (spec §3): input fields only, trimmed, state and precinct by id. */
export function toLocationBody(values: LocationFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: trim(values.name),
    address: trim(values.address),
    city: trim(values.city),
    state: { stateId: Number(values.state?.stateId) || 0 },
    zip: trim(values.zip),
    phone1: trim(values.phone1),
    email1: trim(values.email1),
    webAddress: trim(values.webAddress),
    precinct: { precinctId: Number(values.precinct?.precinctId) || 0 },
  };
  if (values.locationId) body.locationId = values.locationId;
  return body;
}

/** The spec §5 location messages for the form, from the schema the server uses. */
export function validateLocationForm(values: LocationFormValues): Record<string, unknown> {
  return zodFormErrors(locationFields, toLocationBody(values));
}
