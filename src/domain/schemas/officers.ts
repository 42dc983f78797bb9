/**
 * Officer wire shapes and save rules (spec §3 Officer, §5 'Officer save' alerts and officer field
 * messages, §6 super user and exempt officers, §7 officer calls), shared by the server (request
 * validation, OpenAPI) and the browser (the officer form runs officerRulesSchema through
 * zodFormErrors). Dates are MM/DD/YYYY; lastLoginDate and passwordChangedDate are ISO 8601 instants.
 */
import './jitless';
import { z } from 'zod';
import { usDateText, instantText } from './wire';
import { wholeNumber, wholeNumberText } from './common';
import { format, rc } from '../messages';
import { isValidDate } from '../dates';
import { isExemptOfficer } from '../profile';
import { validateNewPassword } from '../password';
import { hasNoBidiControls, hasNoControlCharacters, isValidEmail, isValidPhone, isValidZip } from '../validators';

const a = rc.officers.alerts;
const v = rc.officers.validation;
const tooLong = (max: number) => format(rc.validation.tooLong, { max });

/** '' and null mean "none" for the optional numbers of the form (number inputs left blank). */
const blankToNull = (x: unknown) => (x === '' ? null : x);
/** A one-line text field (every officer text field is one): trimmed, no bidi or control characters, no line breaks. */
const text = (max: number) =>
  z.string().trim().max(max, tooLong(max)).refine(hasNoBidiControls, rc.validation.bidiControl).refine(hasNoControlCharacters, rc.validation.controlCharacter).nullish();
const num = (message: string) => z.preprocess(blankToNull, z.number({ error: message }).nullish());
/** A lookup reference as the officer record shows it; its display fields are accepted and ignored. */
const ref = <K extends string>(key: K, display: Record<string, z.ZodType>) =>
  z
    .object({ [key]: z.preprocess(blankToNull, wholeNumber(0).nullish()), ...display } as Record<K, z.ZodType<number | null | undefined>>)
    .strict()
    .nullish();
/** Fields of the record as read that a save may carry back; ignored (spec §3 client-only and read-only fields). */
const ignored = z.unknown().optional();

/**
 * Body of POST /api/officer/insert and PUT /api/officer/update (spec §3 Officer, §7): the officer
 * record as GET getSingle answers it, plus `password` (insert: required; update: blank keeps the
 * current one) and an optional `verifyPassword`. References are nested by id ({precinct:
 * {precinctId}}, {rank: {rankId}}, {homeState: {stateId}}, {accessType: {accessTypeId}}); their
 * display fields are ignored, and so are the read-only fields (lastLoginDate, passwordChangedDate,
 * updatedBy, updatedTimestamp, flaggedCount, unreadMemos, hasChildren, profileComplete) and the
 * client-only ones (deleteStatus, excludeSeparated, uploadTypeId). Text is trimmed. Any other field
 * is refused (400 'Unknown field: …'). The §5 rules are officerRulesSchema.
 */
export const officerInput = z
  .object({
    officerId: num(a.officerIdRequired),
    login: text(100),
    password: z.string().max(200, tooLong(200)).nullish(),
    verifyPassword: z.string().max(200, tooLong(200)).nullish(),
    /** The officer's own current password: needed when he changes his own e-mail address. */
    currentPassword: z.string().max(200, tooLong(200)).nullish(),
    passwordExpireInterval: num(rc.validation.integerMin0),
    firstName: text(100),
    middle: text(100),
    lastName: text(100),
    precinct: ref('precinctId', { description: z.string().optional(), abbr: z.string().optional() }),
    appointmentDate: text(20),
    separationDate: text(20),
    rank: ref('rankId', { description: z.string().optional() }),
    homeStreetAddr1: text(200),
    homeCity: text(100),
    homeState: ref('stateId', { stateAbbr: z.string().optional(), stateName: z.string().optional() }),
    homeZip: text(20),
    homePhone: text(50),
    mobile: text(50),
    homeEmail: text(200),
    deptEmail: text(200),
    accessType: ref('accessTypeId', { description: z.string().optional() }),
    badgeNumber: num(a.badgeInvalid),
    handcuffNumber: num(a.handcuffInvalid),
    soundex: text(50),
    lastLoginDate: ignored,
    passwordChangedDate: ignored,
    updatedBy: ignored,
    updatedTimestamp: ignored,
    flaggedCount: ignored,
    unreadMemos: ignored,
    hasChildren: ignored,
    profileComplete: ignored,
    homeEmailConfirmed: ignored,
    deptEmailConfirmed: ignored,
    deleteStatus: ignored,
    excludeSeparated: ignored,
    uploadTypeId: ignored,
  })
  .strict();
export type OfficerInput = z.infer<typeof officerInput>;

/**
 * The contact fields an officer may change on his own record below level 10 (address,
 * phones, e-mails), so he can keep his profile complete. Every other field is the roster
 * administrator's (level 10).
 */
export const CONTACT_FIELDS = ['homeStreetAddr1', 'homeCity', 'homeState', 'homeZip', 'homePhone', 'mobile', 'homeEmail', 'deptEmail'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The fields only level 10 may change, in form order (the mass-assignment guard). */
export const ADMIN_FIELDS = [
  'login', 'password', 'passwordExpireInterval', 'firstName', 'middle', 'lastName', 'precinct', 'appointmentDate', 'separationDate', 'rank',
  'accessType', 'badgeNumber', 'handcuffNumber', 'soundex',
] as const;
export type AdminField = (typeof ADMIN_FIELDS)[number];

/** What the officer rules know besides the body. */
export interface OfficerRulesContext {
  /** True on the add form / POST insert: a password is required. */
  isNew: boolean;
  /** The running SUPER_USER_ID (GET /api/config superUserId): no access level select for him (spec §6). */
  superUserId: number;
  /**
   * 'field' (default, the form): the §5 officer field messages ('Officer ID must be > 0', 'Must
   * select precinct', 'Invalid phone number format - must be 999-999-9999', ...); 'alert' (the API):
   * the §5 'Officer save' alerts where the spec has one ('Officer ID required!', 'Must Select
   * Precinct!', 'Invalid Phone! Must be in 999-999-9999 format!', ...). Checks with only one
   * wording ('Required', 'Numbers not allowed in first name!', ...) read the same in both.
   */
  wording?: 'field' | 'alert';
}

export interface OfficerIssue {
  path: string[];
  message: string;
}

const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
const hasDigit = (s: string) => /\d/.test(s);

/**
 * Every §5 problem of an officer body, one per field, in the form's field order (spec §2 Officer
 * edit): Officer ID, Login, Password, Password Expire Interval, First Name, Middle, Last Name,
 * Precinct, Appointment Date, Separation Date, Rank, Address, City, State, Postal Code, Phone,
 * Mobile, Home Email, Dept Email, Access Level, Badge Number, Handcuff Number, Drivers License #.
 * Exempt officers (1, 2, 3, 767: system and role accounts, exempt from profile completeness, spec
 * §5/§6) may leave the profile fields, the appointment date and the dept e-mail blank; what they
 * fill in is still checked. The super user has no access level select ('(Super User)').
 */
export function officerIssues(b: OfficerInput, ctx: OfficerRulesContext): OfficerIssue[] {
  const alert = ctx.wording === 'alert';
  const say = (field: string, alertText: string) => (alert ? alertText : field);
  const out: OfficerIssue[] = [];
  const add = (path: string[], message: string) => out.push({ path, message });
  const exempt = isPositiveInt(b.officerId) && isExemptOfficer(b.officerId);
  const superUser = b.officerId === ctx.superUserId;
  const required = rc.validation.required;
  const blank = (s: string | null | undefined) => !s;

  if (!isPositiveInt(b.officerId)) add(['officerId'], say(v.officerIdMin, a.officerIdRequired));
  if (blank(b.login)) add(['login'], required);
  if (b.password) {
    const problem = validateNewPassword(b.password, b.verifyPassword || undefined);
    if (problem) add(['password'], problem);
  } else if (ctx.isNew) add(['password'], required);
  const interval = b.passwordExpireInterval;
  if (interval === null || interval === undefined) add(['passwordExpireInterval'], required);
  else if (!Number.isInteger(interval) || interval < 0) add(['passwordExpireInterval'], rc.validation.integerMin0);

  const name = (key: 'firstName' | 'middle' | 'lastName', digits: string, optional: boolean) => {
    const value = b[key];
    if (!value) {
      if (!optional) add([key], required);
    } else if (hasDigit(value)) add([key], digits);
  };
  name('firstName', a.numbersInFirstName, false);
  name('middle', a.numbersInMiddle, true);
  name('lastName', a.numbersInLastName, false);

  const select = (key: 'precinct' | 'rank', idKey: 'precinctId' | 'rankId', field: string, alertText: string) => {
    const ref = b[key] as Record<string, number | null | undefined> | null | undefined;
    if (!ref?.[idKey]) add([key, idKey], alert ? alertText : ref ? field : required);
  };
  select('precinct', 'precinctId', v.mustSelectPrecinct, a.mustSelectPrecinct);
  if (blank(b.appointmentDate)) {
    if (!exempt) add(['appointmentDate'], rc.validation.dateRequired);
  } else if (!isValidDate(b.appointmentDate!)) add(['appointmentDate'], rc.validation.invalidDate);
  if (!blank(b.separationDate) && !isValidDate(b.separationDate!)) add(['separationDate'], rc.validation.invalidDate);
  select('rank', 'rankId', v.mustSelectRank, a.rankRequired);

  if (blank(b.homeStreetAddr1) && !exempt) add(['homeStreetAddr1'], rc.validation.requiredLower);
  if (blank(b.homeCity) && !exempt) add(['homeCity'], rc.validation.requiredLower);
  if (!b.homeState?.stateId && !exempt) add(['homeState', 'stateId'], required);
  if (blank(b.homeZip)) {
    if (!exempt) add(['homeZip'], rc.validation.zipRequired);
  } else if (!isValidZip(b.homeZip!)) add(['homeZip'], say(rc.validation.invalidZip, a.invalidZip));
  for (const key of ['homePhone', 'mobile'] as const) {
    if (blank(b[key])) {
      if (!exempt) add([key], required);
    } else if (!isValidPhone(b[key]!)) add([key], say(rc.validation.invalidPhone, a.invalidPhone));
  }
  for (const key of ['homeEmail', 'deptEmail'] as const) {
    if (blank(b[key])) {
      if (!exempt) add([key], required);
    } else if (!isValidEmail(b[key]!)) add([key], say(rc.validation.invalidEmail, a.invalidEmail));
  }
  if (!superUser && !b.accessType?.accessTypeId) add(['accessType', 'accessTypeId'], say(v.mustSelectAccessLevel, a.accessLevelRequired));
  for (const [key, field, alertText] of [
    ['badgeNumber', v.badgeMin, a.badgeInvalid],
    ['handcuffNumber', v.handcuffMin, a.handcuffInvalid],
  ] as const) {
    const n = b[key];
    if (n === null || n === undefined) {
      if (!exempt) add([key], required);
    } else if (!isPositiveInt(n)) add([key], say(field, alertText));
  }
  if (blank(b.soundex) && !exempt) add(['soundex'], required);
  return out;
}

/**
 * The §5 officer save rules as one zod schema over the insert/update body (officerInput plus
 * refinements): zodFormErrors(officerRulesSchema(ctx), values) gives the form its field messages;
 * the API runs it with wording 'alert' and answers 400 with the first issue's message (and every
 * issue in `issues`).
 */
export function officerRulesSchema(ctx: OfficerRulesContext) {
  return officerInput.superRefine((b, refinement) => {
    for (const i of officerIssues(b, ctx)) refinement.addIssue({ code: 'custom', path: i.path, message: i.message });
  });
}

/**
 * The same rules limited to the contact fields (an officer below level 10 saving his own record):
 * only issues of CONTACT_FIELDS count.
 */
export function officerContactSchema(ctx: OfficerRulesContext) {
  return officerInput.superRefine((b, refinement) => {
    for (const i of officerIssues(b, ctx)) {
      if ((CONTACT_FIELDS as readonly string[]).includes(i.path[0])) refinement.addIssue({ code: 'custom', path: i.path, message: i.message });
    }
  });
}

const refId = (r: unknown, key: string): number => Number((r as Record<string, unknown> | null | undefined)?.[key] ?? 0) || 0;
const textOf = (s: unknown): string => (typeof s === 'string' ? s.trim() : s === null || s === undefined ? '' : String(s));

/** The e-mail fields of the officer record. */
export const EMAIL_FIELDS = ['homeEmail', 'deptEmail'] as const;
export type EmailField = (typeof EMAIL_FIELDS)[number];

/**
 * The e-mail fields that `body` would give a new address: a field counts when it is in the body
 * and its address differs from the stored one other than in letter case or surrounding blanks.
 * Changing one's own address needs the current password, and a new address is unconfirmed.
 */
export function changedEmailFields(body: Partial<Record<EmailField, string | null | undefined>>, stored: Record<EmailField, string | null>): EmailField[] {
  return EMAIL_FIELDS.filter((key) => body[key] !== undefined && textOf(body[key]).toLowerCase() !== textOf(stored[key]).toLowerCase());
}

/**
 * The ADMIN_FIELDS that `body` would change on the stored record: a field counts only when the
 * body carries it (not undefined) and its value differs (text compared trimmed with null as '';
 * references by id; a non-blank password is always a change). The roster form sends the record
 * back as read, so an unchanged field passes.
 */
export function changedAdminFields(body: OfficerInput, stored: OfficerJson): AdminField[] {
  const changed: AdminField[] = [];
  for (const key of ADMIN_FIELDS) {
    const value = body[key];
    if (value === undefined) continue;
    let differs: boolean;
    if (key === 'password') differs = !!value;
    else if (key === 'precinct') differs = refId(value, 'precinctId') !== (stored.precinct?.precinctId ?? 0);
    else if (key === 'rank') differs = refId(value, 'rankId') !== (stored.rank?.rankId ?? 0);
    else if (key === 'accessType') differs = refId(value, 'accessTypeId') !== stored.accessType.accessTypeId;
    else if (key === 'badgeNumber' || key === 'handcuffNumber' || key === 'passwordExpireInterval') differs = (value ?? null) !== (stored[key] ?? null);
    else differs = textOf(value) !== textOf(stored[key]);
    if (differs) changed.push(key);
  }
  return changed;
}

const precinctRef = z.object({ precinctId: z.number(), description: z.string(), abbr: z.string() });

/**
 * One officer as GET /api/officer/getSingle and the writes answer it (spec §3), never with password
 * material. Dates MM/DD/YYYY (appointmentDate, separationDate); instants ISO 8601 (lastLoginDate,
 * passwordChangedDate, updatedTimestamp). soundex (the drivers licence number) is in the answer
 * only for level 10 and the officer himself (the only readers). hasChildren 'Y' when records depend
 * on the officer (or he is the super user): he cannot be removed. flaggedCount: his flagged time
 * tickets; unreadMemos: his unread 159s (0 for exempt officers); profileComplete: spec §5.
 */
export const officerJson = z.object({
  officerId: z.number(),
  badgeNumber: z.number().nullable(),
  handcuffNumber: z.number().nullable(),
  login: z.string(),
  precinct: precinctRef.nullable(),
  appointmentDate: usDateText().nullable(),
  separationDate: usDateText().nullable(),
  firstName: z.string(),
  middle: z.string().nullable(),
  lastName: z.string(),
  rank: z.object({ rankId: z.number(), description: z.string() }).nullable(),
  homeStreetAddr1: z.string().nullable(),
  homeCity: z.string().nullable(),
  homeState: z.object({ stateId: z.number(), stateAbbr: z.string(), stateName: z.string() }).nullable(),
  homeZip: z.string().nullable(),
  homePhone: z.string().nullable(),
  mobile: z.string().nullable(),
  homeEmail: z.string().nullable(),
  deptEmail: z.string().nullable(),
  /** False while an address the officer gave for himself awaits its confirmation link (temporary passwords go only to confirmed ones). */
  homeEmailConfirmed: z.boolean(),
  deptEmailConfirmed: z.boolean(),
  accessType: z.object({ accessTypeId: z.number(), description: z.string() }),
  lastLoginDate: instantText().nullable(),
  passwordExpireInterval: z.number(),
  passwordChangedDate: instantText().nullable(),
  soundex: z.string().nullable().optional(),
  updatedBy: z.object({ officerId: z.number(), lastName: z.string(), firstName: z.string() }).nullable(),
  updatedTimestamp: instantText(),
  flaggedCount: z.number(),
  unreadMemos: z.number(),
  hasChildren: z.enum(['Y', 'N']),
  profileComplete: z.boolean(),
});
export type OfficerJson = z.infer<typeof officerJson>;

/** Sort keys of the roster (spec §2 /OfficerBrowse sortable columns); the dotted ones are the list's field sources. */
export const ROSTER_SORT_KEYS = [
  'officerId', 'lastName', 'firstName', 'precinct.precinctId', 'precinct.description', 'lastLoginDate', 'mobile', 'separationDate', 'unreadMemos',
  'flaggedCount',
] as const;
export type RosterSortKey = (typeof ROSTER_SORT_KEYS)[number];
/** Sort keys anybody who lists officers may use; the others are roster (level 10) columns. */
export const PICKER_SORT_KEYS: readonly RosterSortKey[] = ['officerId', 'lastName', 'firstName', 'mobile', 'separationDate'];

const optBlank = (x: unknown) => (x === '' ? undefined : x);

/**
 * Query of GET /api/officer/getMultiple (spec §7): excludeSeparated=Y, orderBy (last_name,first_name
 * | first_name,last_name | officer_id; spaces and case ignored), accessTypeId (> 0 filters), plus
 * react-admin's _sort (ROSTER_SORT_KEYS) / _order / _start / _end for the roster page.
 */
export const officerListQuery = z.object({
  excludeSeparated: z.preprocess(optBlank, z.enum(['Y', 'N']).optional()),
  orderBy: z.preprocess(
    (x) => (x === '' ? undefined : typeof x === 'string' ? x.replace(/\s+/g, '').toLowerCase() : x),
    z.enum(['last_name,first_name', 'first_name,last_name', 'officer_id']).default('last_name,first_name'),
  ),
  accessTypeId: z.preprocess(optBlank, wholeNumberText(0).optional()),
  q: z
    .preprocess(optBlank, z.string().max(100).optional())
    .meta({ description: 'Roster search (level 10): words that begin a last or first name, officer id, login or badge number' }),
  _sort: z.preprocess(optBlank, z.enum(ROSTER_SORT_KEYS).optional()),
  _order: z.preprocess((x) => (typeof x === 'string' ? x.toUpperCase() : x), z.enum(['ASC', 'DESC']).optional()),
  _start: wholeNumberText(0).optional(),
  _end: wholeNumberText(0).optional(),
});
export type OfficerListQuery = z.infer<typeof officerListQuery>;
export type OfficerOrderBy = OfficerListQuery['orderBy'];

/**
 * A row of GET /api/officer/getMultiple. Everybody who lists officers (pickers, contact lists)
 * gets officerId, lastName, firstName, mobile, rank and separationDate (MM/DD/YYYY); level 10
 * also gets the roster columns: precinct {precinctId, description}, lastLoginDate (ISO 8601),
 * accessType, unreadMemos (unread 159s, 0 for exempt officers, who show 'N/A'), flaggedCount
 * (flagged time tickets), hasChildren ('Y': cannot be removed) and exempt. The first row is the
 * blank placeholder {officerId: 0, lastName: '', firstName: ''}.
 */
export const officerListRow = z.object({
  officerId: z.number(),
  lastName: z.string(),
  firstName: z.string(),
  mobile: z.string().nullable().optional(),
  rank: z.object({ rankId: z.number(), description: z.string() }).nullable().optional(),
  separationDate: usDateText().nullable().optional(),
  precinct: z.object({ precinctId: z.number(), description: z.string() }).nullable().optional(),
  lastLoginDate: instantText().nullable().optional(),
  accessType: z.object({ accessTypeId: z.number(), description: z.string() }).optional(),
  unreadMemos: z.number().optional(),
  flaggedCount: z.number().optional(),
  hasChildren: z.enum(['Y', 'N']).optional(),
  exempt: z.boolean().optional(),
});
export type OfficerListRow = z.infer<typeof officerListRow>;
