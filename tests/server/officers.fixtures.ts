import type { App } from '../../server/app';
import * as s from '../../server/db/schema';

/** A complete officer body for POST /api/officer/insert (spec §3), override any field. */
export function officerBody(officerId: number, over: Record<string, unknown> = {}) {
  return {
    officerId,
    login: `recruit${officerId}`,
    password: 'Welcome123',
    passwordExpireInterval: 90,
    firstName: 'Robin',
    middle: 'T',
    lastName: `Recruit${String.fromCharCode(65 + (officerId % 26))}`,
    precinct: { precinctId: 3 },
    appointmentDate: '02/01/2026',
    separationDate: '',
    rank: { rankId: 9 },
    homeStreetAddr1: '12 Elm St',
    homeCity: 'Hempstead',
    homeState: { stateId: 33 },
    homeZip: '11550-1234',
    homePhone: '516-555-0120',
    mobile: '516-555-0121',
    homeEmail: `r${officerId}@example.org`,
    deptEmail: `r${officerId}@aux.example.org`,
    accessType: { accessTypeId: 1 },
    badgeNumber: 4000 + officerId,
    handcuffNumber: 5000 + officerId,
    soundex: 'R123-456-789',
    ...over,
  };
}

/** A patrol time ticket of the officer written straight to the database (4 hours on the given day, precinct `precinctId`). */
export async function addPatrolTicket(app: App, officerId: number, o: { day?: string; precinctId?: number; flaggedBy?: number | null } = {}) {
  const day = o.day ?? '2026-03-10';
  const [row] = await app.ctx.db
    .insert(s.hoursWorked)
    .values({
      officerId,
      assignmentTypeId: 2,
      precinctId: o.precinctId ?? 1,
      startAt: new Date(`${day}T12:00:00Z`),
      endAt: new Date(`${day}T16:00:00Z`),
      hoursWorked: 4,
      flaggedBy: o.flaggedBy ?? null,
      reviewState: o.flaggedBy ? 'flagged' : 'unreviewed',
      description: 'Patrol',
    })
    .returning({ id: s.hoursWorked.hoursWorkedId });
  return row.id;
}

/** A 159 (upload type 1) written straight to the database; returns its id. */
export async function add159(app: App, dateEntered = '2026-03-01') {
  const [row] = await app.ctx.db
    .insert(s.upload)
    .values({ uploadTypeId: 1, dateEntered, description: '159 notice', filename: 'n.pdf', contentType: 'application/pdf', file: Buffer.from('%PDF-1.4\n') })
    .returning({ id: s.upload.uploadId });
  return row.id;
}
