/**
 * Reference data loaded idempotently at every start: states, access types, ranks,
 * event types, assignment types, upload types and precincts.
 */
export const STATES: ReadonlyArray<[string, string]> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'],
  ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'],
  ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'],
  ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'],
  ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
  ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'], ['AS', 'American Samoa'], ['GU', 'Guam'], ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'], ['VI', 'U.S. Virgin Islands'], ['UM', 'U.S. Minor Outlying Islands'],
];

export const ACCESS_TYPES: ReadonlyArray<[number, string]> = [
  [1, 'Officer'], [3, 'Restricted'], [5, 'Supervisor'], [9, 'Administrator'], [10, 'Auditor'],
];

/** Ranks; ids 10 and above are civilian staff, left out of the auditor contact list (spec §2). */
export const RANKS: ReadonlyArray<[number, string]> = [
  [1, 'Auxiliary Police Officer'], [2, 'Auxiliary Sergeant'], [3, 'Auxiliary Lieutenant'],
  [4, 'Auxiliary Captain'], [5, 'Auxiliary Deputy Inspector'], [6, 'Auxiliary Inspector'],
  [7, 'Auxiliary Deputy Chief'], [8, 'Auxiliary Chief'], [9, 'Auxiliary Recruit'],
  [10, 'Civilian Staff'], [11, 'Police Liaison'],
];

export const EVENT_TYPES: ReadonlyArray<[number, string]> = [
  [1, 'Details'], [4, 'Training'], [9, 'Administrative'], [11, 'Special'],
];

/** Assignment types: 1, 4, 9, 11 need an event of that type; 3 allows 15 hours at level 5+; 5 is hidden from the form. */
export const ASSIGNMENT_TYPES: ReadonlyArray<[number, string]> = [
  [1, 'Detail'], [2, 'Patrol'], [3, 'Emergency Deployment'], [4, 'Training'],
  [5, 'LOSAP Adjustment'], [6, 'Court Appearance'], [7, 'Desk Duty'], [8, 'Community Outreach'],
  [9, 'Administrative'], [10, 'Radio Room'], [11, 'Special Event'],
];

export const UPLOAD_TYPES: ReadonlyArray<[number, string]> = [[1, '159 Board'], [2, 'LOSAP Notices']];

/** Precincts (detachments) of the organisation: id, description, two-digit abbreviation. */
export const PRECINCTS: ReadonlyArray<[number, string, string]> = [
  [1, '1st Precinct', '01'], [2, '2nd Precinct', '02'], [3, '3rd Precinct', '03'],
  [4, '4th Precinct', '04'], [5, '5th Precinct', '05'], [6, '6th Precinct', '06'],
  [7, '7th Precinct', '07'], [8, '8th Precinct', '08'],
  [90, 'Headquarters', 'HQ'], [99, 'Auxiliary Support Services Detachment', 'AS'],
];
