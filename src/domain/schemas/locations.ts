import './jitless';
import { z } from 'zod';
import { instantText } from './wire';
import { rc } from '../messages';
import { hasNoBidiControls, hasNoControlCharacters, isValidEmail, isValidPhone, isValidWebAddress, isValidZip } from '../validators';

const v = rc.locations.validation;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, rc.validation.tooLong.replace('%{max}', '200')).refine(hasNoBidiControls, rc.validation.bidiControl)
    .refine(hasNoControlCharacters, rc.validation.controlCharacter);

/** An optional text checked by `ok` when filled; '' and null mean "none". */
const optionalChecked = (ok: (s: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(200, rc.validation.tooLong.replace('%{max}', '200'))
    .refine((s) => s === '' || ok(s), message)
    .nullish();

/**
 * Body of POST /api/locations/insert and PUT /api/locations/update (spec §3, §5 Location).
 * state and precinct are nested references by id, as the location JSON shows them
 * ({state: {stateId}}, {precinct: {precinctId}}); their display fields (stateName, stateAbbr,
 * description) are accepted and ignored. phone1 (999-999-9999), email1 and webAddress are
 * optional; '' or null clears them. Unknown top-level fields are refused (400).
 */
export const locationFields = z
  .object({
    locationId: z.number().int().min(0).optional(),
    name: required(v.nameRequired),
    address: required(v.addressRequired),
    city: required(v.cityRequired),
    state: z
      .object({
        stateId: z.number({ error: v.mustSelectState }).int(v.mustSelectState).min(1, v.mustSelectState),
        stateName: z.string().optional(),
        stateAbbr: z.string().optional(),
      })
      .strict(),
    zip: z.string({ error: rc.validation.zipRequired }).trim().min(1, rc.validation.zipRequired).refine(isValidZip, rc.validation.invalidZip),
    phone1: optionalChecked(isValidPhone, rc.validation.invalidPhone),
    email1: optionalChecked(isValidEmail, rc.validation.invalidEmail),
    webAddress: optionalChecked((w) => hasNoControlCharacters(w) && isValidWebAddress(w), rc.validation.invalidWebAddress),
    precinct: z
      .object({
        precinctId: z.number({ error: v.mustSelectPrecinct }).int(v.mustSelectPrecinct).min(1, v.mustSelectPrecinct),
        description: z.string().optional(),
      })
      .strict(),
  })
  .strict();
export type LocationInput = z.infer<typeof locationFields>;

/** PUT /api/locations/update body: the location with its locationId (> 0). */
export const locationUpdate = locationFields.refine((l) => (l.locationId ?? 0) > 0, { path: ['locationId'], message: rc.validation.required });

/** The location as the API answers it (spec §3). hasChildren 'Y' when events use it; updatedTimestamp ISO 8601. */
export const locationJson = z.object({
  locationId: z.number(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.object({ stateId: z.number(), stateName: z.string(), stateAbbr: z.string() }),
  zip: z.string(),
  phone1: z.string(),
  email1: z.string(),
  webAddress: z.string(),
  precinct: z.object({ precinctId: z.number(), description: z.string() }),
  hasChildren: z.enum(['Y', 'N']),
  updatedTimestamp: instantText(),
});
export type LocationJson = z.infer<typeof locationJson>;
