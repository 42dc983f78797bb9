import { call } from './helpers';
import type { App } from '../../server/app';
import { eventSignup, hoursWorked } from '../../server/db/schema';

/** A valid location body (spec §3), override any field. */
export function locationBody(over: Record<string, unknown> = {}) {
  return {
    name: 'Roosevelt Field',
    address: '630 Old Country Rd',
    city: 'Garden City',
    state: { stateId: 33 },
    zip: '11530',
    phone1: '516-555-0199',
    email1: 'mall@example.org',
    webAddress: 'https://www.example.org',
    precinct: { precinctId: 5 },
    ...over,
  };
}

/** A valid event body (spec §3), override any field. */
export function eventBody(locationId: number, over: Record<string, unknown> = {}) {
  return {
    eventName: 'Holiday traffic detail',
    eventType: { eventTypeId: 1 },
    location: { locationId },
    startDate: '06/01/2030',
    startTime: '08:00',
    endDate: '06/01/2030',
    endTime: '16:00',
    maxOfficers: 4,
    incentiveHours: 1,
    description: 'Direct traffic at the mall entrance.',
    ...over,
  };
}

export async function addLocation(app: App, token: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await call(app, 'POST', '/api/locations/insert', { token, body: locationBody(over) });
  if (res.status !== 201) throw new Error(`location insert ${res.status} ${res.text}`);
  return res.body.locationId;
}

export async function addEvent(app: App, token: string, locationId: number, over: Record<string, unknown> = {}): Promise<number> {
  const res = await call(app, 'POST', '/api/events/insert', { token, body: eventBody(locationId, over) });
  if (res.status !== 201) throw new Error(`event insert ${res.status} ${res.text}`);
  return res.body.eventId;
}

export function signUp(app: App, token: string, eventId: number, officerId: number) {
  return call(app, 'POST', '/api/signup/insert', { token, body: { event: { eventId }, officer: { officerId } } });
}

/** A time ticket of the officer for the event, written straight to the database (2 hours, precinct 5). */
export async function addTicket(app: App, officerId: number, eventId: number): Promise<number> {
  // A ticket for an event needs the officer's sign-up (foreign key hw_event_signup_fk).
  await app.ctx.db.insert(eventSignup).values({ eventId, officerId }).onConflictDoNothing();
  const [row] = await app.ctx.db
    .insert(hoursWorked)
    .values({
      officerId,
      assignmentTypeId: 1,
      precinctId: 5,
      eventId,
      startAt: new Date('2030-05-01T12:00:00Z'),
      endAt: new Date('2030-05-01T14:00:00Z'),
      hoursWorked: 2,
    })
    .returning({ id: hoursWorked.hoursWorkedId });
  return row.id;
}
