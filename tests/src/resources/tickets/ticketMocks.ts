import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { Ticket, TicketTotals } from '../../../../src/domain/schemas/tickets';
import type { LosapAttestation } from '../../../../src/domain/schemas/losapYearEnd';
import type { SessionUser } from '../../../../src/providers/session';

/** A ticket as the API answers it (officer 7, 03/10/2026 08:00-12:00, patrol). */
export function ticket(o: Partial<Ticket> = {}): Ticket {
  return {
    hoursWorkedId: 1,
    officer: { officerId: 7, firstName: 'Jane', lastName: 'Doe', mobile: '516-555-0101', separationDate: null, rank: { rankId: 2, description: 'Sergeant' }, accessType: { accessTypeId: 1 } },
    assignmentType: { assignmentTypeId: 2, description: 'Patrol' },
    precinct: { precinctId: 1, description: '1st Precinct' },
    event: { eventId: 0, eventName: null, incentiveHours: 0 },
    startDate: '03/10/2026', startTime: '08:00', startDay: 'Tue', endDate: '03/10/2026', endTime: '12:00', endDay: 'Tue',
    hoursWorked: 4, travelHours: 0, totalHours: 4, description: 'Patrol',
    parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0,
    flaggedBy: { officerId: 0, firstName: '', lastName: '' }, auditComments: '', enteredBy: 7, updatedBy: 7,
    createdTimestamp: '2026-03-10T17:00:00.000Z', updatedTimestamp: '2026-03-10T17:00:00.000Z', locked: false,
    reviewState: 'unreviewed', reviewedBy: null, reviewedAt: null, attention: [], hasChildren: 'N',
    ...o,
  };
}

export function totals(o: Partial<TicketTotals> = {}): TicketTotals {
  return {
    hoursWorked: 0, travelHours: 0, totalHours: 0, parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0,
    reports: 0, pedestrianEdu: 0, businessChecks: 0, ticketCount: 0, flaggedCount: 0, ...o,
  };
}

export const OFFICERS = [
  { officerId: 0, lastName: '', firstName: '' },
  { officerId: 1, lastName: 'Administrator', firstName: 'System', mobile: null, rank: { rankId: 3, description: 'Lieutenant' }, separationDate: null },
  { officerId: 7, lastName: 'Doe', firstName: 'Jane', mobile: '516-555-0101', rank: { rankId: 2, description: 'Sergeant' }, separationDate: null },
  { officerId: 20, lastName: 'Adler', firstName: 'Audrey', mobile: '516-555-0120', rank: { rankId: 3, description: 'Lieutenant' }, separationDate: null },
  { officerId: 21, lastName: 'Civil', firstName: 'Carl', mobile: '516-555-0121', rank: { rankId: 10, description: 'Civilian Staff' }, separationDate: null },
  { officerId: 22, lastName: 'Leaving', firstName: 'Lee', mobile: '516-555-0122', rank: { rankId: 2, description: 'Sergeant' }, separationDate: '04/30/2026' },
];

/** An officer's attestation of 2025 (GET /api/losap/attestation): by default the year is open and he has not attested. */
export function attestation(o: Partial<LosapAttestation> = {}): LosapAttestation {
  return {
    year: 2025, officerId: 7, yearState: 'open', status: 'none', attestedAt: null, disputedAt: null, comment: null,
    resolvedAt: null, resolvedBy: null, resolution: null, certifiedAt: null, ...o,
  };
}

/** The server's clock in the component tests: 03/15/2026 16:00 in America/New_York (testConfig's today). */
export const SERVER_TIME = '2026-03-15T20:00:00.000Z';

/** Session, lookups, officers and the server clock; list and totals as given. Returns the requests seen. */
export function ticketHandlers(server: SetupServer, user: SessionUser, rows: Ticket[], sums: TicketTotals, serverTime = SERVER_TIME) {
  const seen: string[] = [];
  server.use(
    http.get('*/api/health', () => HttpResponse.json({ status: 'ok', database: 'pglite', time: serverTime })),
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/officer/getMultiple', () => HttpResponse.json(OFFICERS)),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([{ id: 1, description: '1st Precinct' }, { id: 3, description: '3rd Precinct' }])),
    http.get('*/api/getLookupTable', () =>
      HttpResponse.json([{ id: 1, description: 'Detail' }, { id: 2, description: 'Patrol' }, { id: 3, description: 'Emergency Deployment' }, { id: 5, description: 'LOSAP Adjustment' }]),
    ),
    http.get('*/api/timeTickets/getMultiple', ({ request }) => {
      seen.push(request.url);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
    http.get('*/api/timeTickets/getTotals', () => HttpResponse.json(sums)),
    // last year's LOSAP year end, not under review: the list shows no year-end notice
    http.get('*/api/losap/attestation', () => HttpResponse.json(attestation())),
  );
  return seen;
}
