/**
 * An officer import file's columns and rows, shared by the API tests (tests/server/imports.*) and
 * the Import page's journey in Chromium (tests/e2e/imports.spec.ts): the same legacy roster export
 * in both, so the two prove the same file.
 */

/** The officer import's columns as a legacy roster export names them (spec field names, labels and legacy names mixed). */
export const OFFICER_HEADERS = [
  'officerId', 'Login', 'First Name', 'Last Name', 'Precinct', 'Rank', 'Appointment Date', 'Address', 'City', 'State', 'Postal Code',
  'Phone', 'Mobile', 'Home Email', 'Dept Email', 'Access Level', 'badgeNumber', 'Handcuff Number', 'Drivers License #',
];

/** What tells one test's officers from another's: the officer id, login, last name and badge and handcuff numbers. */
export interface OfficerRowIdentity {
  id: number;
  login: string;
  lastName: string;
  badge: number;
  handcuff: number;
}

/** One officer row with a complete profile (the `i`th of a file); `over` replaces cells by header. */
export function officerImportRow(i: number, who: OfficerRowIdentity, over: Record<string, string> = {}): Record<string, string> {
  return {
    officerId: `A${String(who.id).padStart(4, '0')}`,
    Login: who.login,
    'First Name': i % 2 ? 'José' : 'Anne-Marie',
    'Last Name': who.lastName,
    Precinct: i % 3 ? '3rd Precinct' : '01',
    Rank: 'Auxiliary Police Officer',
    'Appointment Date': `0${1 + (i % 9)}/15/2019`,
    Address: `${10 + i} Elm St`,
    City: 'Hempstead',
    State: 'NY',
    'Postal Code': '11550',
    Phone: '516-555-0120',
    Mobile: `516-555-${String(1000 + i).slice(-4)}`,
    'Home Email': `o${who.id}@example.org`,
    'Dept Email': `o${who.id}@aux.example.org`,
    'Access Level': 'Officer',
    badgeNumber: String(who.badge),
    'Handcuff Number': String(who.handcuff),
    'Drivers License #': `D${who.id}-456`,
    ...over,
  };
}
