/**
 * The template of each import kind: its columns (the fields' labels, which the automatic mapping
 * recognises) and one example row, written by the one export writer (server/exports).
 */
import { IMPORT_FIELDS, type ImportField, type ImportKind } from '../../src/domain/imports';
import { col, type Column } from '../exports/columns';

type Example = Record<string, string | number>;

/** One plausible row of each kind, by field key (lookups by description, as a user would type them). */
const EXAMPLES: Record<ImportKind, Example> = {
  officers: {
    officerId: 'A0101', login: 'jdoe', firstName: 'Jane', middle: 'Q', lastName: 'Doe', precinct: '1st Precinct', rank: 'Auxiliary Police Officer',
    appointmentDate: '03/15/2019', separationDate: '', homeStreetAddr1: '12 Elm St', homeCity: 'Hempstead', homeState: 'NY', homeZip: '11550',
    homePhone: '516-555-0120', mobile: '516-555-0121', homeEmail: 'jane.doe@example.org', deptEmail: 'jdoe@aux.example.org', accessType: 'Officer',
    badgeNumber: 4101, handcuffNumber: 5101, soundex: 'D123-456-789', passwordExpireInterval: 0,
  },
  locations: {
    name: 'Eisenhower Park', address: '1899 Hempstead Tpke', city: 'East Meadow', state: 'NY', zip: '11554', phone1: '516-555-0150',
    email1: 'park@example.org', webAddress: 'https://example.org/park', precinct: '1st Precinct',
  },
  events: {
    eventName: 'Memorial Day Parade', eventType: 'Details', location: 'Eisenhower Park', precinct: '1st Precinct', startDate: '05/25/2026',
    startTime: '08:00', endDate: '05/25/2026', endTime: '14:00', maxOfficers: 12, incentiveHours: 0, description: 'Parade route posts', roster: 'A0101, A0102',
  },
  tickets: {
    officerId: 'A0101', assignmentType: 'Patrol', precinct: '1st Precinct', startDate: '03/10/2026', startTime: '18:00', endDate: '03/10/2026',
    endTime: '22:00', travelHours: 0, eventName: '', eventStart: '', description: 'Patrol sector B', parkingCitations: 0, firs: 0, warnings: 1,
    arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 2, businessChecks: 5,
  },
};

function column(f: ImportField): Column<Example> {
  const value = (row: Example) => row[f.key] ?? '';
  if (f.type === 'date') return col.date(f.label, value);
  if (f.type === 'integer' || f.type === 'hours') return col.integer(f.label, value);
  return col.text(f.label, value, Math.max(12, f.label.length + 2));
}

/** The template's columns and its example row. */
export function templateOf(kind: ImportKind): { columns: Column<Example>[]; rows: Example[] } {
  return { columns: IMPORT_FIELDS[kind].map(column), rows: [EXAMPLES[kind]] };
}
