/**
 * Report messages: statistics by precinct (spec §2 Statistics, §3 Statistics row, §5 statistics
 * search) and training compliance (spec §2 Training Compliance, §5 training compliance filter).
 * The date-range messages ('Must enter since date!', ...) are the shared ones in rc.validation.
 */
export const statistics = {
  titles: {
    search: 'Statistics Search',
    report: 'Statistics',
  },
  fields: {
    assignedPct: 'Detachment',
    sinceDate: 'Since Date',
    untilDate: 'Until Date',
    precinctId: 'PCT',
    pctName: 'Precinct Name',
    allHours: 'All Hours',
    detailHours: 'Detail Hours',
    detailsWorked: 'Details Worked',
    totals: 'Totals',
  },
  actions: {
    search: 'Search',
  },
  validation: {
    /** Spec §5 'Detachment is required.' */
    detachmentRequired: 'Detachment is required',
  },
} as const;

export const training = {
  titles: {
    search: 'Training Compliance',
    browse: 'Training Compliance',
    results: 'Officers That Did Not Attend Any Of The Following Training Sessions:',
    chosenEvents: 'Chosen training sessions',
  },
  fields: {
    precinct: 'Precinct',
    from: 'From',
    thru: 'Thru',
    withSignups: '%{n} of %{total} events have sign-ups',
    officerId: 'Officer ID',
    name: 'Name',
    mobile: 'Mobile',
  },
  actions: {
    runReport: 'Run Report',
    choose: 'Choose %{name}',
  },
  validation: {
    /** Spec §5: Run Report needs at least one row checked. */
    mustCheckRow: 'Must check at least one row!',
  },
  errors: {
    eventNotFound: 'A chosen event no longer exists. Please search again.',
  },
} as const;
