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
    /** Per row: a lookup value that matches no description, abbreviation or id. */
    unknownValue: 'Unknown %{field}: "%{value}"',
    /** Per row: two stored locations share this name in this precinct. */
    ambiguousLocation: 'More than one location is named "%{name}" in this precinct; change them on the Locations page first.',
    /** Per row: two stored events share this name and start. */
    ambiguousEvent: 'More than one event is named "%{name}" starting %{start}; change them on the Events page first.',
    /** Per row: officer ids of an event's roster that name no officer. */
    rosterUnknown: 'Roster Officers: no officer has the id %{ids}.',
    /** Per row: an officer id the roster lists more than once. */
    rosterTwice: 'Roster Officers: %{ids} is listed more than once.',
    /** Per row: more officers on the roster (those signed up and those the row adds) than the event takes. */
    rosterOverMax: 'Roster Officers: %{n} officers would be signed up, more than the %{max} Max Officers of the event.',
    /** Per row: a roster officer signed up for another event at the same time. */
    rosterOverlap: 'Roster Officers: %{id} is already signed up for another event within this time frame ("%{event}").',
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
    ambiguousTourEvent: 'More than one event named "%{name}" covers this tour; give its Event Start.',
    eventStartInvalid: 'Event Start must be a date and time, MM/DD/YYYY HH:mm.',
    /** Per ticket row: an event ticket needs the officer on the event's roster. */
    notOnRoster: '%{officer} is not on the roster of "%{name}" (%{start}).',
    /** Per ticket row: its tour overlaps an earlier row of the same file for the same officer. */
    overlapsLine: 'It overlaps line %{line} of this file.',
    /** A mapped value names a lookup row that does not exist. */
    unknownTarget: '%{field}: %{id} is not a known value.',
  },
  /** The Import page (Administrative Functions > Import, /Import): its steps, the dry run's report and the job. */
  page: {
    title: 'Import',
    steps: {
      kind: 'What to import',
      upload: 'Upload the file',
      mapping: 'Map the columns',
      dryRun: 'Check (dry run)',
      run: 'Import',
    },
    kindLabel: 'What to import',
    templates: 'Templates of %{kind}: a header row the mapping recognises and one example row.',
    templateCsv: 'Template (CSV)',
    templateXlsx: 'Template (Excel XLSX)',
    templateFailed: 'The template could not be downloaded.',
    file: 'File (CSV or XLSX)',
    chooseFile: 'Choose the file',
    fileChosen: 'File: %{name}',
    reading: 'Reading the file…',
    format: 'Format',
    encoding: 'Encoding',
    delimiter: 'Delimiter',
    tab: 'Tab',
    firstRows: 'The first rows of the file',
    line: 'Line',
    next: 'Next',
    back: 'Back',
    noColumn: '(no column)',
    column: 'Column of %{field}',
    missing: 'Choose the column of: %{fields}',
    savedMapping: 'Saved mapping',
    noSavedMapping: '(none)',
    mappingName: 'Save this mapping as',
    saveMapping: 'Save mapping',
    mappingSaved: 'Mapping "%{name}" saved.',
    check: 'Check',
    checkAgain: 'Check again',
    checking: 'Checking the file…',
    rowsChecked: '%{rows} rows checked in %{seconds} s.',
    refusedRows: 'Refused rows',
    changedRows: 'Changed rows',
    record: 'Record',
    changedFields: 'Fields that change',
    issues: 'Errors',
    truncated: 'Only the first 1,000 rows are listed here; the counts and the error file cover every row.',
    nothingRefused: 'No row is refused.',
    unknownValues: 'Unknown values',
    unknownValuesIntro: 'These values match no known entry. Map each to one, or leave its rows refused, then check again.',
    unknownValue: '%{field} "%{value}" (rows: %{rows})',
    leaveRefused: 'Leave refused',
    errorFile: 'Download the error file',
    errorFileFailed: 'The error file could not be downloaded.',
    runIntro: 'The import writes the new and changed rows; refused rows are left out. It goes on if you leave this page.',
    run: 'Import',
    latest: 'Latest import',
    jobHeading: '%{kind}: %{fileName}',
    startedBy: 'Started %{time} by %{name}',
    finished: 'Finished %{time}',
    running: 'Importing…',
    progress: 'Import progress',
    bytes: '%{read} of %{total}',
    rowsRead: '%{rows} rows read',
    failed: 'The import failed: %{error}',
    done: 'The import is finished.',
    newImport: 'Start a new import',
  },
} as const;
