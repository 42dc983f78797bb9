/**
 * The charts beside the reports and lists: their captions, series names and the text alternative
 * a screen reader gets instead of the picture (the figures are in the table below each chart).
 */
export const charts = {
  /** Statistics by precinct (beside the statistics table). */
  statistics: {
    caption: 'Hours by precinct worked at. The table below holds the figures.',
    hours: 'All hours',
    detailHours: 'Detail hours',
    precinct: 'Precinct',
    summary: 'Hours by precinct worked at: %{list}. Total %{total} hours.',
    item: '%{precinct} %{hours} hours',
  },
  /** The officer's hours by month on his own year-to-date time ticket list. */
  hoursByMonth: {
    caption: 'My hours by month in %{year}. Hours at risk are on flagged tickets and not counted. The list below holds the tickets.',
    counted: 'Hours counted',
    atRisk: 'Hours at risk',
    summary: 'Hours by month in %{year}: %{list}. Total %{counted} hours counted, %{atRisk} hours at risk.',
    item: '%{month} %{counted} counted, %{atRisk} at risk',
    loadFailed: 'The hours by month could not be loaded.',
  },
  /** The 159 compliance report: read and unread per notice. */
  compliance: {
    caption: 'Officers who have read and not read this notice. The table below lists them.',
    captionPage: 'Officers on this page who have read and not read this notice (%{shown} of %{total}). The table below lists them.',
    read: 'Read',
    unread: 'Unread',
    summary: '%{notice}: %{read} read, %{unread} unread.',
    byPrecinct: '%{precinct}: %{read} read, %{unread} unread',
    noPrecinct: 'No precinct',
  },
} as const;
