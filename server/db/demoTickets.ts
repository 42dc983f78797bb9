import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as s from './schema';
import { daysBefore, todayIn, toInstant } from '../../src/domain/dates';
import { ticketHours } from '../../src/domain/tickets';

/**
 * Demo time tickets (issue 4) for the demo organisation of server/db/demo.ts: a few recent tours
 * for the officer (101) and the supervisor (105), one with arrests and one flagged by the auditor
 * (110) with an explanation, so the list, its notices and the summary report have something to
 * show. Dates are relative to `now` in `tz`. Idempotent: does nothing when 101 already has tickets.
 */
export async function seedDemoTickets(db: Db, tz: string, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.hoursWorked).where(sql`${s.hoursWorked.officerId} = 101`);
  if (n > 0) return;
  const today = todayIn(tz, now);
  const tours: Array<{ officerId: number; daysAgo: number; start: string; end: string; type: number; precinct: number; travel: number; description: string; arrests?: number; reports?: number; parkingCitations?: number; flagged?: string }> = [
    { officerId: 101, daysAgo: 2, start: '18:00', end: '22:00', type: 2, precinct: 1, travel: 1, description: 'Sector patrol with Sgt. Sullivan.\nQuiet evening.', reports: 1 },
    { officerId: 101, daysAgo: 6, start: '09:00', end: '13:30', type: 8, precinct: 1, travel: 0, description: 'Community outreach table at the library.' },
    { officerId: 101, daysAgo: 12, start: '20:00', end: '23:45', type: 2, precinct: 2, travel: 1, description: 'Patrol, 2nd Precinct.', arrests: 1, parkingCitations: 3 },
    { officerId: 101, daysAgo: 20, start: '08:00', end: '16:00', type: 7, precinct: 1, travel: 0, description: 'Desk duty.', flagged: 'Desk duty was 08:00-12:00 on the roster. Please correct the 10-42.' },
    { officerId: 105, daysAgo: 3, start: '07:00', end: '19:00', type: 3, precinct: 1, travel: 1, description: 'Storm deployment.', reports: 2 },
  ];
  for (const t of tours) {
    const date = daysBefore(today, t.daysAgo);
    const { start, end, hours } = ticketHours(date, t.start, date, t.end, tz);
    await db.insert(s.hoursWorked).values({
      officerId: t.officerId,
      assignmentTypeId: t.type,
      precinctId: t.precinct,
      startAt: start,
      endAt: end,
      hoursWorked: hours,
      travelHours: t.travel,
      description: t.description,
      arrests: t.arrests ?? 0,
      reports: t.reports ?? 0,
      parkingCitations: t.parkingCitations ?? 0,
      flaggedBy: t.flagged ? 110 : null,
      auditComments: t.flagged ?? '',
      enteredBy: t.officerId,
      updatedBy: t.flagged ? 110 : t.officerId,
      createdTimestamp: toInstant(date, t.end, tz),
    });
  }
}
