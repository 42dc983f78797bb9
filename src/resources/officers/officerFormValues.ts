import { officerRulesSchema } from '../../domain/schemas/officers';
import { zodFormErrors } from '../../common/zodFormErrors';

/** The officer form's values: the record as read (spec §3 Officer) plus the new password. */
export type OfficerFormValues = Record<string, unknown> & { officerId?: number | null };

/** A new officer's blank form (spec §2 Officer edit). */
export const newOfficerDefaults: OfficerFormValues = {
  officerId: null,
  login: '',
  password: '',
  passwordExpireInterval: 90,
  firstName: '',
  middle: '',
  lastName: '',
  precinct: { precinctId: '' },
  appointmentDate: '',
  separationDate: '',
  rank: { rankId: '' },
  homeStreetAddr1: '',
  homeCity: '',
  homeState: { stateId: '' },
  homeZip: '',
  homePhone: '',
  mobile: '',
  homeEmail: '',
  deptEmail: '',
  accessType: { accessTypeId: '' },
  badgeNumber: null,
  handcuffNumber: null,
  soundex: '',
};

const INPUT_FIELDS = Object.keys(newOfficerDefaults);
const REFS: Record<string, string> = { precinct: 'precinctId', rank: 'rankId', homeState: 'stateId', accessType: 'accessTypeId' };

/**
 * The body of POST /api/officer/insert or PUT /api/officer/update (spec §3, §7): the input fields
 * only (no read-only roster figures), references by id (blank as null), text trimmed, a blank
 * password left out (update keeps the current one).
 */
export function toOfficerBody(values: OfficerFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of INPUT_FIELDS) {
    const value = values[key];
    if (REFS[key]) {
      const id = Number((value as Record<string, unknown> | null | undefined)?.[REFS[key]]) || null;
      body[key] = { [REFS[key]]: id };
    } else body[key] = typeof value === 'string' ? value.trim() : (value ?? null);
  }
  if (!body.password) delete body.password;
  return body;
}

/**
 * The spec §5 officer field messages for the form ('Officer ID must be > 0', 'Must select
 * precinct', ...), from the rules the API enforces (officerRulesSchema, field wording).
 */
export function validateOfficerForm(values: OfficerFormValues, isNew: boolean, superUserId: number): Record<string, unknown> {
  return zodFormErrors(officerRulesSchema({ isNew, superUserId, wording: 'field' }), toOfficerBody(values));
}
