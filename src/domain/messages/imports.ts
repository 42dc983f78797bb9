/**
 * Import messages: bringing an organisation's officers, locations, events with their rosters and
 * time tickets in from CSV or XLSX files (Administrative Functions > Import, `npm run import`).
 * Field labels are the entities' own (rc.officers.fields, rc.locations.fields, ...).
 */
export const imports = {
  kinds: {
    officers: 'Officers',
    locations: 'Locations',
    events: 'Events with their rosters',
    tickets: 'Time tickets',
  },
  /** Report headings: what each row of the file came to. */
  outcomes: {
    new: 'New',
    unchanged: 'Unchanged',
    changed: 'Changed',
    refused: 'Refused',
  },
  /** Header of the column the error file adds after the original ones. */
  errorsColumn: 'Errors',
  /** Labels of fields that are not columns of a record form. */
  fields: {
    /** A time ticket's event is named by its name and start (MM/DD/YYYY HH:mm). */
    eventStart: 'Event Start',
    /** An event's roster: officer ids separated by commas or spaces. */
    rosterOfficers: 'Roster Officers',
  },
  errors: {
    /** 400: the file type. */
    fileType: 'Only CSV or XLSX files can be imported.',
    fileRequired: 'Choose the file to import.',
    unreadable: 'The file could not be read as %{format}: %{reason}',
    noHeader: 'The file has no header row.',
    /** 400: a mapping names a field the kind does not have, or a column the file does not have. */
    unknownField: 'Unknown field: %{field}',
    unknownColumn: 'The file has no column named "%{column}".',
    /** 400: a field every row needs is mapped to no column. */
    unmapped: 'Choose the column of %{field}.',
    mappingShape: 'The mapping must be an object of field names and column names.',
    kindNotReady: 'Importing %{kind} is not available yet.',
    /** Per row: a lookup value that matches no description, abbreviation or id. */
    unknownValue: 'Unknown %{field}: "%{value}"',
    /** Per row: two stored locations share this name in this precinct. */
    ambiguousLocation: 'More than one location is named "%{name}" in this precinct; change them on the Locations page first.',
    /** Per row: an import does not change one's own e-mail (that needs the current password and a confirmation link). */
    ownEmail: 'Change your own e-mail address on your officer form.',
    /** 404: a saved mapping named in a request or --mapping that this kind does not have. */
    savedMappingNotFound: 'No saved mapping of %{kind} is named "%{name}".',
    /** 409: one import at a time for the whole organisation (its checks read what earlier rows wrote). */
    jobRunning: 'An import is already running (%{fileName}, started by %{name}). Wait for it to finish.',
    /** 404: no import job of that id. */
    jobNotFound: 'No such import.',
    /** A job the server's restart cut short. */
    jobInterrupted: 'The import stopped when the server restarted. The rows written before that are kept: import the same file again, and they count as unchanged.',
    /** Per ticket row: the event named by its name and Event Start (MM/DD/YYYY HH:mm) is not there. */
    unknownEvent: 'No event named "%{name}" starts at %{start}.',
    /** Per ticket row without an Event Start: no event of that name, or more than one, covers the tour. */
    eventNotCovering: 'No event named "%{name}" covers this tour.',
    ambiguousEvent: 'More than one event named "%{name}" covers this tour; give its Event Start.',
    eventStartInvalid: 'Event Start must be a date and time, MM/DD/YYYY HH:mm.',
    /** Per ticket row: an event ticket needs the officer on the event's roster. */
    notOnRoster: '%{officer} is not on the roster of "%{name}" (%{start}).',
    /** Per ticket row: its tour overlaps an earlier row of the same file for the same officer. */
    overlapsLine: 'It overlaps line %{line} of this file.',
    /** A mapped value names a lookup row that does not exist. */
    unknownTarget: '%{field}: %{id} is not a known value.',
  },
} as const;
