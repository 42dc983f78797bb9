import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { EventJson } from '../../../../src/domain/schemas/events';
import type { SignupJson } from '../../../../src/domain/schemas/signups';
import type { SessionUser } from '../../../../src/providers/session';

const pct = { precinctId: 5, description: '5th Precinct', abbr: '05' };

/** An event as the API answers it (details, 06/01/2030 08:00-16:00 at Roosevelt Field). */
export function eventRow(o: Partial<EventJson> = {}): EventJson {
  return {
    eventId: 5,
    eventName: 'Holiday traffic detail',
    startDate: '06/01/2030',
    startTime: '08:00',
    startDay: 'Sat',
    endDate: '06/01/2030',
    endTime: '16:00',
    endDay: 'Sat',
    eventType: { eventTypeId: 1, eventTypeDescription: 'Details' },
    location: { locationId: 3, name: 'Roosevelt Field', address: '630 Old Country Rd', city: 'Garden City', stateId: 33, zip: '11530', precinct: pct },
    precinct: pct,
    maxOfficers: 4,
    incentiveHours: 1,
    description: 'Direct traffic.',
    eventFullDescription: 'PCT05 - Holiday traffic detail - 06/01/2030 08:00',
    signupCount: 1,
    hasChildren: 'Y',
    hasTickets: 'N',
    status: 'Partially Staffed - 3 Slot(s) Available',
    updatedTimestamp: '2030-05-01T12:00:00.000Z',
    ...o,
  };
}

export function signupRow(officerId: number, lastName: string, firstName: string, eventId = 5): SignupJson {
  return {
    eventSignupId: { eventId, officerId },
    event: { eventId, eventName: 'Holiday traffic detail', startDate: '06/01/2030', startTime: '08:00', endDate: '06/01/2030', endTime: '16:00', eventType: { eventTypeId: 1, eventTypeDescription: 'Details' } },
    officer: { officerId, lastName, firstName, mobile: '516-555-0101' },
    hasChildren: 'N',
  };
}

export const LOCATIONS = [
  {
    locationId: 3, name: 'Roosevelt Field', address: '630 Old Country Rd', city: 'Garden City',
    state: { stateId: 33, stateName: 'New York', stateAbbr: 'NY' }, zip: '11530', phone1: '', email1: '', webAddress: '',
    precinct: { precinctId: 5, description: '5th Precinct' }, hasChildren: 'Y', updatedTimestamp: '2030-05-01T12:00:00.000Z',
  },
];

/** Session, lookups, locations and the event list/single; returns the requests seen. */
export function eventHandlers(server: SetupServer, user: SessionUser, events: EventJson[], signups: SignupJson[] = []) {
  const seen: Array<{ method: string; url: string; body?: unknown }> = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ user })),
    http.get('*/api/getPrecinctTable', () => HttpResponse.json([{ id: 1, description: '1st Precinct', abbr: '01' }, { id: 5, description: '5th Precinct', abbr: '05' }])),
    http.get('*/api/getStateTable', () => HttpResponse.json([{ stateId: 33, stateAbbr: 'NY', stateName: 'New York' }])),
    http.get('*/api/getLookupTable', () =>
      HttpResponse.json([{ id: 1, description: 'Details' }, { id: 4, description: 'Training' }, { id: 9, description: 'Administrative' }, { id: 11, description: 'Special' }]),
    ),
    http.get('*/api/locations/getMultiple', () => HttpResponse.json(LOCATIONS)),
    http.get('*/api/events/getMultiple', ({ request }) => {
      seen.push({ method: 'GET', url: request.url });
      return HttpResponse.json([{ ...eventRow(), eventId: 0, eventName: '' }, ...events]);
    }),
    http.get('*/api/events/getSingle/:id', ({ params }) => {
      const found = events.find((e) => e.eventId === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Event not found.' }, { status: 404 });
    }),
    http.get('*/api/signup/getMultiple', () => HttpResponse.json(signups)),
  );
  return seen;
}

/**
 * A list (GET `list`) and its removal (DELETE `remove`) for a strike-through test: the delete
 * body is kept and the removed ids drop out of `rows`; the list's reload after the removal waits
 * until the test calls release(), so the struck row is seen whatever the timing.
 */
export function gatedRemoval<T>(server: SetupServer, o: { list: string; remove: string; rows: T[]; idOf: (row: T) => number; head?: T[] }) {
  let rows = o.rows;
  let removed: Array<{ id: number; deleteStatus: string }> | undefined;
  let release = () => {};
  const reloadGate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(o.list, async () => {
      if (removed) await reloadGate;
      return HttpResponse.json([...(o.head ?? []), ...rows]);
    }),
    http.delete(o.remove, async ({ request }) => {
      removed = (await request.json()) as typeof removed;
      const gone = new Set(removed!.filter((r) => r.deleteStatus === 'Y').map((r) => r.id));
      rows = rows.filter((r) => !gone.has(o.idOf(r)));
      return HttpResponse.json({ deleted: gone.size });
    }),
  );
  return { removed: () => removed, release: () => release() };
}
