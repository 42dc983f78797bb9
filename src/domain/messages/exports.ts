/**
 * Exports written by the server (CSV and XLSX of every list and report): file names, sheet names,
 * the column headers no screen shows, and the one refusal of the export routes themselves.
 * Column headers the screens show are read from their own areas (tickets, events, ...).
 */
export const exports = {
  /** 400 for a format other than csv or xlsx. */
  badFormat: 'The export format must be csv or xlsx.',
  /** File names: `<base>-<since>-to-<until>.<ext>` (ISO dates), or `<base>-<today>.<ext>`. */
  files: {
    timeTickets: 'time-tickets',
    ticketSummary: 'time-summary-by-officer',
    events: 'events',
    roster: 'roster',
    uploads: '159s',
    uploadReport: '159-compliance',
    officers: 'officers',
    statistics: 'statistics',
    trainingCompliance: 'training-compliance',
    auditLog: 'audit-log',
    losapProgress: 'losap-progress',
    /** The certified year's file for the sponsor: `losap-sponsor-file-<year>`. */
    losapSponsor: 'losap-sponsor-file',
  },
  /** Worksheet names (at most 31 characters, none of : \ / ? * [ ]). */
  sheets: {
    timeTickets: 'Time Tickets',
    ticketSummary: 'Summary by Officer',
    events: 'Events',
    roster: 'Roster',
    uploads: '159s',
    uploadReport: '159 Compliance',
    officers: 'Officers',
    statistics: 'Statistics',
    trainingCompliance: 'Training Compliance',
    auditLog: 'Audit Log',
    losapProgress: 'LOSAP Progress',
    losapSponsor: 'LOSAP Sponsor File',
  },
  /** Column headers that no screen shows as such (a screen shows one column where a sheet needs two). */
  columns: {
    officerId: 'Officer Id',
    officerName: 'Officer Name',
    lastName: 'Last Name',
    firstName: 'First Name',
    flagReason: 'Flag Reason',
    flaggedBy: 'Flagged By',
    ticketId: 'Ticket Id',
    incentiveHours: 'Incentive Hours',
    tickets: 'Tickets',
    eventId: 'Event Id',
    uploadId: 'Upload Id',
    status: 'Status',
    signedOff: 'Signed Off',
    officerCode: 'Officer Code',
    attested: 'Attested',
    certified: 'Certified',
    yes: 'Y',
    no: 'N',
  },
} as const;
