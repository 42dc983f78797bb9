import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as s from './schema';
import { daysBefore, todayIn, toInstant } from '../../src/domain/dates';
import { ticketHours } from '../../src/domain/tickets';
import { markAttention } from './repositories/ticketReview';
import { REVIEWED_BEFORE_DAYS } from './scaleSeed/tickets';

/**
 * Demo time tickets for the demo organisation of server/db/demo.ts: recent tours for the officer
 * (101) and the supervisor (105), one with arrests and one flagged by the auditor (110) with an
 * explanation, so the list, its notices and the summary report have something to show. Tours
 * older than three weeks have been reviewed (accepted by the auditor); the newer ones wait in the
 * auditors' queue, three of them needing attention (a 12-hour storm deployment, counts far above
 * the officer's usual, one entered nine days late). Dates are relative to `now` in `tz`.
 * Idempotent: does nothing when 101 already has tickets.
 */
export async function seedDemoTickets(db: Db, tz: string, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.hoursWorked).where(sql`${s.hoursWorked.officerId} = 101`);
  if (n > 0) return;
  const today = todayIn(tz, now);
  const tours: Array<{ officerId: number; daysAgo: number; start: string; end: string; type: number; precinct: number; travel: number; description: string; arrests?: number; reports?: number; parkingCitations?: number; flagged?: string; enteredDaysLater?: number }> = [
    { officerId: 101, daysAgo: 2, start: '18:00', end: '22:00', type: 2, precinct: 1, travel: 1, description: 'Sector patrol with Sgt. Sullivan.\nQuiet evening.', reports: 1 },
    { officerId: 101, daysAgo: 4, start: '17:00', end: '21:00', type: 2, precinct: 1, travel: 0, description: 'Parking enforcement at the train station lot.', parkingCitations: 9 },
    { officerId: 101, daysAgo: 6, start: '09:00', end: '13:30', type: 8, precinct: 1, travel: 0, description: 'Community outreach table at the library.' },
    { officerId: 101, daysAgo: 12, start: '20:00', end: '23:45', type: 2, precinct: 2, travel: 1, description: 'Patrol, 2nd Precinct.', arrests: 1, parkingCitations: 2 },
    { officerId: 101, daysAgo: 16, start: '10:00', end: '14:00', type: 8, precinct: 1, travel: 0, description: 'Bike safety day at the middle school.', enteredDaysLater: 9 },
    { officerId: 101, daysAgo: 20, start: '08:00', end: '16:00', type: 7, precinct: 1, travel: 0, description: 'Desk duty.', flagged: 'Desk duty was 08:00-12:00 on the roster. Please correct the 10-42.' },
    ...[27, 34, 41, 48, 55, 62].map((daysAgo, i) => ({
      officerId: 101, daysAgo, start: '18:00', end: '22:00', type: 2, precinct: 1, travel: 1, description: 'Sector patrol.', parkingCitations: i % 2,
    })),
    { officerId: 105, daysAgo: 3, start: '07:00', end: '19:00', type: 3, precinct: 1, travel: 1, description: 'Storm deployment.', reports: 2 },
  ];
  const ids: number[] = [];
  for (const t of tours) {
    const date = daysBefore(today, t.daysAgo);
    const { start, end, hours } = ticketHours(date, t.start, date, t.end, tz);
    const reviewed = t.daysAgo > REVIEWED_BEFORE_DAYS;
    const [{ id }] = await db.insert(s.hoursWorked).values({
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
      createdTimestamp: toInstant(t.enteredDaysLater ? daysBefore(today, t.daysAgo - t.enteredDaysLater) : date, t.end, tz),
      reviewState: t.flagged ? 'flagged' : reviewed ? 'accepted' : 'unreviewed',
      reviewedBy: t.flagged || reviewed ? 110 : null,
      reviewedAt: t.flagged || reviewed ? toInstant(daysBefore(today, t.daysAgo - 2), '10:00', tz) : null,
    }).returning({ id: s.hoursWorked.hoursWorkedId });
    ids.push(id);
  }
  await markAttention(db, ids, tz);
}

