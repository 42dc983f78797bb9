import type { App } from '../../server/app';
import * as s from '../../server/db/schema';
import { createOfficer, tokenFor } from './helpers';

/** Officers of the ticket tests, by role. */
export const OFF = { owner: 11, other: 12, restricted: 13, supervisor: 15, admin: 19, auditor: 20, civilianAuditor: 21, separatedAuditor: 22 } as const;

/** Creates the officers, a location in precinct 3 and returns helpers. */
export async function seedTicketWorld(app: App) {
  await createOfficer(app, { officerId: OFF.owner, accessTypeId: 1, precinctId: 1, lastName: 'Owner' });
  await createOfficer(app, { officerId: OFF.other, accessTypeId: 1, precinctId: 2, lastName: 'Other' });
  await createOfficer(app, { officerId: OFF.restricted, accessTypeId: 3 });
  await createOfficer(app, { officerId: OFF.supervisor, accessTypeId: 5, precinctId: 1 });
  await createOfficer(app, { officerId: OFF.admin, accessTypeId: 9 });
  await createOfficer(app, { officerId: OFF.auditor, accessTypeId: 10, rankId: 3, lastName: 'Auditor' });
  await createOfficer(app, { officerId: OFF.civilianAuditor, accessTypeId: 10, rankId: 10 });
  await createOfficer(app, { officerId: OFF.separatedAuditor, accessTypeId: 10, rankId: 2, separationDate: '2025-01-01' });
  const [loc] = await app.ctx.db
    .insert(s.location)
    .values({ name: 'Park', address: '1 Park Ave', city: 'Mineola', stateId: 1, zip: '11501', precinctId: 3 })
    .returning();
  return { locationId: loc.locationId };
}

/** Inserts an event (times as ISO instants) and optionally signs officers up; returns its id. */
export async function addEvent(
  app: App,
  locationId: number,
  o: { eventTypeId: number; startAt: string; endAt: string; incentiveHours?: number; signups?: number[] },
): Promise<number> {
  const [ev] = await app.ctx.db
    .insert(s.event)
    .values({
      eventName: `Event type ${o.eventTypeId}`,
      startAt: new Date(o.startAt),
      endAt: new Date(o.endAt),
      eventTypeId: o.eventTypeId,
      locationId,
      maxOfficers: 5,
      incentiveHours: o.incentiveHours ?? 0,
      description: 'An event',
    })
    .returning();
  for (const officerId of o.signups ?? []) await app.ctx.db.insert(s.eventSignup).values({ eventId: ev.eventId, officerId });
  return ev.eventId;
}

/** A valid ticket body for the officer (patrol, precinct 1), overridable. */
export function ticketBody(officerId: number, o: Record<string, unknown> = {}) {
  return {
    officer: { officerId },
    assignmentType: { assignmentTypeId: 2 },
    precinct: { precinctId: 1 },
    event: { eventId: 0 },
    startDate: '03/18/2026',
    startTime: '08:00',
    endDate: '03/18/2026',
    endTime: '12:00',
    travelHours: 0,
    description: 'Patrol of the park',
    parkingCitations: 0,
    firs: 0,
    warnings: 0,
    arrests: 0,
    arrestAssists: 0,
    reports: 0,
    pedestrianEdu: 0,
    businessChecks: 0,
    ...o,
  };
}

/** A fresh token (sessions follow the test clock, so take one after moving it). */
export const tok = (app: App, officerId: number) => tokenFor(app, officerId);
