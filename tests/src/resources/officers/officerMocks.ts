import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { SessionUser } from '../../../../src/providers/session';
import type { OfficerJson } from '../../../../src/domain/schemas/officers';
import { sessionUser } from '../../fixtures';

/** A level-10 roster administrator. */
export const rosterAdmin = sessionUser({ officerId: 10, lastName: 'Admin', firstName: 'Ada', accessType: { accessTypeId: 10, description: 'Auditor' } });

/** One officer as GET /api/officer/getSingle and the roster answer it (spec §3); override what a test needs. */
export function officerRow(o: Partial<OfficerJson> = {}): OfficerJson {
  return {
    officerId: 42,
    badgeNumber: 12,
    handcuffNumber: 34,
    login: 'jsmith',
    precinct: { precinctId: 5, description: '5th Precinct', abbr: '05' },
    appointmentDate: '01/15/2020',
    separationDate: null,
    firstName: 'John',
    middle: null,
    lastName: 'Smith',
    rank: { rankId: 2, description: 'Sergeant' },
    homeStreetAddr1: '1 Main St',
    homeCity: 'Mineola',
    homeState: { stateId: 33, stateAbbr: 'NY', stateName: 'New York' },
    homeZip: '11501',
    homePhone: '516-555-0100',
    mobile: '516-555-0101',
    homeEmail: 'john@example.com',
    deptEmail: 'jsmith@dept.example.com',
    homeEmailConfirmed: true,
    deptEmailConfirmed: true,
    accessType: { accessTypeId: 1, description: 'Officer' },
    lastLoginDate: '2026-03-14T13:30:00.000Z',
    passwordExpireInterval: 90,
    passwordChangedDate: null,
    soundex: 'S12345678',
    updatedBy: { officerId: 10, lastName: 'Admin', firstName: 'Ada' },
    updatedTimestamp: '2026-03-14T13:30:00.000Z',
    flaggedCount: 0,
    unreadMemos: 0,
    hasChildren: 'N',
    profileComplete: true,
    ...o,
  };
}

/** Session, lookups (precincts, states, ranks, access levels) and the roster rows for a page under test; returns the roster requests seen. */
export function officerHandlers(server: SetupServer, user: SessionUser = rosterAdmin, rows: OfficerJson[] = []) {
  const seen: string[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([{ id: 1, description: '1st Precinct', abbr: '01' }, { id: 5, description: '5th Precinct', abbr: '05' }])),
    http.get('*/api/getStateTable', () => HttpResponse.json([{ stateId: 33, stateAbbr: 'NY', stateName: 'New York' }])),
    http.get('*/api/getLookupTable', ({ request }) =>
      new URL(request.url).searchParams.get('tableName') === 'rank'
        ? HttpResponse.json([{ id: 2, description: 'Sergeant' }, { id: 3, description: 'Officer' }])
        : HttpResponse.json([{ id: 1, description: 'Officer' }, { id: 10, description: 'Auditor' }]),
    ),
    http.get('*/api/officer/getMultiple', ({ request }) => {
      seen.push(request.url);
      return HttpResponse.json(rows);
    }),
  );
  return seen;
}
