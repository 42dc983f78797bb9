import { changedEmailFields, officerIssues, officerRulesSchema, type EmailField, type OfficerInput, type OfficerJson } from '../../domain/schemas/officers';
import { zodFormErrors } from '../../common/zodFormErrors';
import { rc } from '../../domain/messages';

/** The officer form's values: the record as read (spec §3 Officer) plus the new password (new record) or the current one (own e-mail change). */
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
 * True when saving `values` would give the signed-in officer (`actorId`) a new e-mail address on
 * his own stored record (changedEmailFields: letter case and blanks aside): the server then wants
 * his current password (400, field currentPassword), so the form asks for it. False on a new
 * record, on somebody else's and while the record or the actor is unknown.
 */
export function needsCurrentPassword(values: OfficerFormValues, stored: OfficerJson | undefined, actorId: number | undefined): boolean {
  if (!stored || actorId === undefined || stored.officerId !== actorId) return false;
  return changedEmailFields(values as Partial<Record<EmailField, string | null>>, stored).length > 0;
}

export interface OfficerBodyOptions {
  /** POST insert: the password is sent. An existing record's password is never set by saving it (403). */
  isNew: boolean;
  /** The officer changes his own e-mail (needsCurrentPassword): his current password goes along. */
  withCurrentPassword?: boolean;
}

/**
 * The body of POST /api/officer/insert or PUT /api/officer/update (spec §3, §7): the input fields
 * only (no read-only roster figures), references by id (blank as null), text trimmed. The password
 * only on a new record (blank left out); `currentPassword` (as typed, not trimmed) only when
 * `withCurrentPassword` and filled in.
 */
export function toOfficerBody(values: OfficerFormValues, { isNew, withCurrentPassword = false }: OfficerBodyOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of INPUT_FIELDS) {
    const value = values[key];
    if (REFS[key]) {
      const id = Number((value as Record<string, unknown> | null | undefined)?.[REFS[key]]) || null;
      body[key] = { [REFS[key]]: id };
    } else body[key] = typeof value === 'string' ? value.trim() : (value ?? null);
  }
  if (!isNew || !body.password) delete body.password;
  if (withCurrentPassword && typeof values.currentPassword === 'string' && values.currentPassword) body.currentPassword = values.currentPassword;
  return body;
}

/**
 * The spec §5 officer field messages for the form ('Officer ID must be > 0', 'Must select
 * precinct', ...), from the rules the API enforces (officerRulesSchema, field wording); with
 * `withCurrentPassword` (the officer changes his own e-mail) a blank Current Password says what
 * the server would ('Enter your current password to change your e-mail address.').
 */
export function validateOfficerForm(values: OfficerFormValues, isNew: boolean, superUserId: number, withCurrentPassword = false): Record<string, unknown> {
  const errors = zodFormErrors(officerRulesSchema({ isNew, superUserId, wording: 'field' }), toOfficerBody(values, { isNew, withCurrentPassword }));
  if (withCurrentPassword && !values.currentPassword) errors.currentPassword = rc.auth.email.currentPasswordRequired;
  return errors;
}


/**
 * The form fields (sources, e.g. 'login', 'precinct.precinctId') that must not stay blank on the
 * record of `officerId` (0 or null: not typed yet), asked of the same rules that give the field
 * messages: a field is required when leaving it blank is an officerIssues problem. So the list
 * follows the rules: the password only on a new record, no profile fields for an exempt officer
 * (1, 2, 3, 767), no access level for the super user; middle name and separation date never.
 */
export function requiredOfficerFields(officerId: number | null | undefined, isNew: boolean, superUserId: number): ReadonlySet<string> {
  const blank = toOfficerBody({ ...newOfficerDefaults, officerId: officerId || null, passwordExpireInterval: null }, { isNew });
  const issues = officerIssues(blank as OfficerInput, { isNew, superUserId, wording: 'field' });
  return new Set(issues.map((i) => i.path.join('.')));
}
