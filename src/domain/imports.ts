/**
 * What can be imported and how a file's columns become a record's fields, shared by the server
 * (server/imports) and the Import page: the kinds, each kind's fields with the names a column may
 * carry (the spec's field names, the form labels and legacy names), the automatic header match,
 * and the conversion of cell text to field values (dates MM/DD/YYYY, officer ids, whole numbers,
 * lookups by description, abbreviation or id).
 */
import { rc } from './messages';
import { dayjs } from './dates';
import { DATE_FORMAT } from './constants';

export const IMPORT_KINDS = ['officers', 'locations', 'events', 'tickets'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The lookup tables a column may name a row of (by description, abbreviation or id). */
export type ImportLookup = 'state' | 'precinct' | 'rank' | 'accessType' | 'eventType' | 'assignmentType';

/**
 * How a cell's text becomes the field's value:
 * text (trimmed), integer (a whole number), date (MM/DD/YYYY), time (HH:mm), officerId ('A0007' or
 * 7), lookup (a row of `lookup`), hours (a decimal number).
 */
export type ImportFieldType = 'text' | 'integer' | 'date' | 'time' | 'officerId' | 'lookup' | 'hours';

export interface ImportField {
  /** The field's name in the API body (spec §3). */
  key: string;
  /** The column header of the template, from the catalog. */
  label: string;
  type: ImportFieldType;
  lookup?: ImportLookup;
  /** The mapping must give this field a column (the record's natural key and what every row needs). */
  required: boolean;
  /** Other headers that name this field (legacy exports, snake_case, the spec's nested names); matched after normalising. */
  aliases: readonly string[];
}

const of = rc.officers.fields;
const lf = rc.locations.fields;
const ef = rc.events.fields;
const tf = rc.tickets.fields;

const field = (key: string, label: string, type: ImportFieldType, aliases: readonly string[] = [], extra: Partial<ImportField> = {}): ImportField => ({
  key, label, type, required: false, aliases, ...extra,
});
const lookup = (key: string, label: string, table: ImportLookup, aliases: readonly string[] = [], required = false): ImportField =>
  field(key, label, 'lookup', aliases, { lookup: table, required });

/** Each kind's fields in template order. */
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  officers: [
    field('officerId', of.officerId, 'officerId', ['id', 'officer', 'officer number', 'officerNo'], { required: true }),
    field('login', of.login, 'text', ['username', 'user name', 'userid', 'user id'], { required: true }),
    field('firstName', of.firstName, 'text', ['first', 'given name', 'fname'], { required: true }),
    field('middle', of.middle, 'text', ['mi', 'middle initial', 'middle name', 'middleName']),
    field('lastName', of.lastName, 'text', ['last', 'surname', 'family name', 'lname'], { required: true }),
    lookup('precinct', of.precinct, 'precinct', ['precinctId', 'precinct.precinctId', 'precinct.description', 'pct', 'precinct name', 'detachment']),
    lookup('rank', of.rank, 'rank', ['rankId', 'rank.rankId', 'rank.description']),
    field('appointmentDate', of.appointmentDate, 'date', ['appointed', 'appointment', 'start date of service']),
    field('separationDate', of.separationDate, 'date', ['separated', 'separation']),
    field('homeStreetAddr1', of.homeStreetAddr1, 'text', ['street', 'street address', 'address1', 'home address', 'homeAddress']),
    field('homeCity', of.homeCity, 'text', ['city']),
    lookup('homeState', of.homeState, 'state', ['state', 'homeStateId', 'homeState.stateId', 'homeState.stateAbbr', 'state abbr']),
    field('homeZip', of.homeZip, 'text', ['zip', 'zip code', 'zipcode', 'postal']),
    field('homePhone', of.homePhone, 'text', ['phone', 'home phone', 'telephone']),
    field('mobile', of.mobile, 'text', ['cell', 'cell phone', 'mobile phone', 'mobilePhone']),
    field('homeEmail', of.homeEmail, 'text', ['email', 'e-mail', 'personal email']),
    field('deptEmail', of.deptEmail, 'text', ['department email', 'work email', 'dept e-mail']),
    lookup('accessType', of.accessType, 'accessType', ['accessTypeId', 'accessType.accessTypeId', 'accessType.description', 'access', 'role', 'level']),
    field('badgeNumber', of.badgeNumber, 'integer', ['badge', 'badge #', 'badge no', 'shield', 'shield number']),
    field('handcuffNumber', of.handcuffNumber, 'integer', ['handcuff', 'handcuff #', 'cuff number']),
    field('soundex', of.soundex, 'text', ['drivers license', 'drivers licence', 'driver license', 'license number', 'dl']),
    field('passwordExpireInterval', of.passwordExpireInterval, 'integer', ['password expire', 'password expiry']),
  ],
  locations: [
    field('name', lf.name, 'text', ['location', 'location name', 'locationName'], { required: true }),
    field('address', lf.address, 'text', ['street', 'street address', 'address1'], { required: true }),
    field('city', lf.city, 'text', [], { required: true }),
    lookup('state', lf.state, 'state', ['stateId', 'state.stateId', 'state.stateAbbr', 'state.stateName', 'state abbr'], true),
    field('zip', lf.zip, 'text', ['zip code', 'zipcode', 'postal code', 'postal'], { required: true }),
    field('phone1', lf.phone1, 'text', ['telephone', 'phone number']),
    field('email1', lf.email1, 'text', ['e-mail', 'email address']),
    field('webAddress', lf.webAddress, 'text', ['web', 'website', 'url']),
    lookup('precinct', lf.precinct, 'precinct', ['precinctId', 'precinct.precinctId', 'precinct.description', 'pct', 'precinct name'], true),
  ],
  // The next kinds' fields, for the mapping; their checks and writes come with their import.
  events: [
    field('eventName', ef.eventName, 'text', ['name', 'event'], { required: true }),
    lookup('eventType', ef.eventType, 'eventType', ['eventTypeId', 'eventType.eventTypeId', 'eventType.eventTypeDescription', 'type'], true),
    field('location', ef.location, 'text', ['location name', 'locationId', 'location.name'], { required: true }),
    lookup('precinct', ef.precinct, 'precinct', ['precinctId', 'location.precinct', 'pct'], true),
    field('startDate', ef.startDate, 'date', ['date', 'event date'], { required: true }),
    field('startTime', ef.startTime, 'time', ['from', 'time'], { required: true }),
    field('endDate', ef.endDate, 'date', []),
    field('endTime', ef.endTime, 'time', ['to', 'thru'], { required: true }),
    field('maxOfficers', ef.maxOfficers, 'integer', ['max', 'slots']),
    field('incentiveHours', ef.incentiveHours, 'hours', ['incentive']),
    field('description', ef.description, 'text', ['details', 'notes']),
    field('roster', rc.imports.fields.rosterOfficers, 'text', ['roster', 'officers', 'signups', 'signed up']),
  ],
  tickets: [
    field('officerId', of.officerId, 'officerId', ['officer', 'officer.officerId', 'id'], { required: true }),
    lookup('assignmentType', tf.assignmentType, 'assignmentType', ['assignmentTypeId', 'assignmentType.assignmentTypeId', 'assignmentType.description', 'assignment', 'category'], true),
    lookup('precinct', tf.precinctWorked, 'precinct', ['precinct', 'precinctId', 'precinct.precinctId', 'pct', 'precinct worked'], true),
    field('startDate', tf.startDate, 'date', ['10-41', '1041 date', 'start date', 'date'], { required: true }),
    field('startTime', tf.startTime, 'time', ['1041 time', 'start time', 'from'], { required: true }),
    field('endDate', tf.endDate, 'date', ['10-42', '1042 date', 'end date']),
    field('endTime', tf.endTime, 'time', ['1042 time', 'end time', 'thru', 'to'], { required: true }),
    field('travelHours', tf.travel, 'integer', ['travel', 'travel hour', 'travelHour']),
    field('eventName', ef.eventName, 'text', ['event', 'event.eventName']),
    field('eventStart', rc.imports.fields.eventStart, 'text', ['event.startDate', 'event start date']),
    field('description', tf.description, 'text', ['notes']),
    field('parkingCitations', tf.parkingCitations, 'integer', ['parking', 'citations']),
    field('firs', tf.firs, 'integer', ['fir']),
    field('warnings', tf.warnings, 'integer'),
    field('arrests', tf.arrests, 'integer'),
    field('arrestAssists', tf.arrestAssists, 'integer', ['assists']),
    field('reports', tf.reports, 'integer'),
    field('pedestrianEdu', tf.pedestrianEdu, 'integer', ['pedestrian education', 'pedestrian educations']),
    field('businessChecks', tf.businessChecks, 'integer', ['business checks']),
  ],
};

/** A header or field name reduced for matching: lower case letters and digits only ('Officer_ID ' -> 'officerid', '10-41' -> '1041'). */
export function normaliseHeader(header: string): string {
  return header.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Field key -> the header of its column (null: no column). */
export type ImportMapping = Record<string, string | null>;

/**
 * The automatic mapping of a file's headers to the kind's fields: a header names a field when,
 * normalised (case, spaces and punctuation ignored), it equals the field's key, its label or one of
 * its aliases. Each field takes the first such header; a header serves one field (key and label
 * matches before aliases, so 'Phone' is a location's phone1, not something else's alias).
 */
export function autoMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const fields = IMPORT_FIELDS[kind];
  const normalised = headers.map(normaliseHeader);
  const taken = new Set<number>();
  const mapping: ImportMapping = Object.fromEntries(fields.map((f) => [f.key, null]));
  const pass = (names: (f: ImportField) => readonly string[]) => {
    for (const f of fields) {
      if (mapping[f.key] !== null) continue;
      const wanted = new Set(names(f).map(normaliseHeader));
      const at = normalised.findIndex((h, i) => !taken.has(i) && h !== '' && wanted.has(h));
      if (at >= 0) {
        taken.add(at);
        mapping[f.key] = headers[at];
      }
    }
  };
  pass((f) => [f.key, f.label]);
  pass((f) => f.aliases);
  return mapping;
}

/** The required fields of the kind that `mapping` gives no column. */
export function unmappedRequired(kind: ImportKind, mapping: ImportMapping): ImportField[] {
  return IMPORT_FIELDS[kind].filter((f) => f.required && !mapping[f.key]);
}

/** The characters that make a spreadsheet read a cell as a formula (as spreadsheetCell guards them). */
const QUOTED_FORMULA = /^'[=+\-@\t\r]/;

/**
 * A cell's text as a field value: trimmed; a leading single quote that only guards a formula
 * character ("'=1+1", as Roll Call's own error files and exports write it) is dropped, so a file
 * written by Roll Call comes back as it was typed. Nothing is ever evaluated.
 */
export function importText(raw: string): string {
  const text = raw.trim();
  return QUOTED_FORMULA.test(text) ? text.slice(1) : text;
}

const DATE_INPUTS = [DATE_FORMAT, 'M/D/YYYY', 'YYYY-MM-DD', 'M/D/YY'];

/**
 * A date cell as MM/DD/YYYY: MM/DD/YYYY, M/D/YYYY, YYYY-MM-DD and M/D/YY (a spreadsheet's short
 * date) are read strictly; anything else comes back as typed, for the record's rule to refuse
 * ('Invalid date'). '' stays ''.
 */
export function importDate(text: string): string {
  if (!text) return '';
  const day = text.replace(/ 00:00$/, '');
  for (const f of DATE_INPUTS) {
    const d = dayjs(day, f, true);
    if (d.isValid()) return d.format(DATE_FORMAT);
  }
  return text;
}

/**
 * A time cell as HH:mm: 'H:mm', 'HH:mm' and 'HH:mm:00' (as some spreadsheets write times) are
 * padded; anything else comes back as typed, for the record's rule to refuse ('Invalid time').
 */
export function importTime(text: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : text;
}

/** An officer id cell: 'A0007', 'a7', '0007' or '7' -> 7; '' -> null; anything else comes back as typed (the rule refuses it). */
export function importOfficerId(text: string): number | string | null {
  if (!text) return null;
  const m = /^a?0*(\d{1,9})$/i.exec(text);
  return m ? Number(m[1]) : text;
}

/** A whole-number cell: '12' (or '12.0', as some spreadsheets write it) -> 12; '' -> null; anything else as typed. */
export function importWholeNumber(text: string): number | string | null {
  if (!text) return null;
  const m = /^(\d{1,9})(?:\.0+)?$/.exec(text);
  return m ? Number(m[1]) : text;
}

/** One row of a lookup table as an import matches it: its id and the names it goes by (description, abbreviation). */
export interface LookupRow {
  id: number;
  names: ReadonlyArray<string | null | undefined>;
}

const lookupKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A matcher of cell text to a lookup row's id: by id (digits, leading zeros ignored) first, then
 * by any of its names, case and repeated spaces ignored. undefined when nothing matches.
 */
export function lookupMatcher(rows: readonly LookupRow[]): (text: string) => number | undefined {
  const byId = new Map(rows.map((r) => [r.id, r.id]));
  const byName = new Map<string, number>();
  for (const r of rows) {
    for (const name of r.names) {
      if (name && !byName.has(lookupKey(name))) byName.set(lookupKey(name), r.id);
    }
  }
  return (text) => {
    if (/^\d+$/.test(text.trim()) && byId.has(Number(text))) return Number(text);
    return byName.get(lookupKey(text));
  };
}
