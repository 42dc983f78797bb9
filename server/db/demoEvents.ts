import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as s from './schema';
import { dayjs, toInstant } from '../../src/domain/dates';
import { DATE_FORMAT } from '../../src/domain/constants';

/** Demo locations (spec §3 Location). */
export const DEMO_LOCATIONS = [
  { name: 'Roosevelt Field Mall', address: '630 Old Country Rd', city: 'Garden City', zip: '11530', phone1: '516-555-0150', email1: 'security@example.org', webAddress: 'www.example.org', precinctId: 3 },
  { name: 'Eisenhower Park', address: '1899 Hempstead Tpke', city: 'East Meadow', zip: '11554', phone1: null, email1: null, webAddress: null, precinctId: 1 },
  { name: 'Auxiliary Headquarters', address: '1490 Franklin Ave', city: 'Mineola', zip: '11501-4801', phone1: '516-555-0190', email1: null, webAddress: null, precinctId: 90 },
] as const;

/**
 * Demo events around `now`: details, training, administrative and special events at
 * the demo locations, dated from last week to next month in `tz`, plus a few sign-ups of the demo
 * officers (ids 101, 105, 109 when they exist). Runs only when there are no locations yet, so it
 * is idempotent. Runs after seedDemo() (server/db/demoOrganisation.ts), `now` being the app's clock.
 */
export async function seedDemoEvents(db: Db, now: Date, tz: string): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.location);
  if (Number(n) > 0) return;
  const [ny] = await db.select({ stateId: s.state.stateId }).from(s.state).where(sql`${s.state.stateAbbr} = 'NY'`);
  const locations = await db
    .insert(s.location)
    .values(DEMO_LOCATIONS.map((l) => ({ ...l, stateId: ny.stateId })))
    .returning({ locationId: s.location.locationId });
  const today = dayjs(now).tz(tz);
  const day = (offset: number) => today.add(offset, 'day').format(DATE_FORMAT);
  const plan = [
    { eventName: 'Holiday traffic detail', eventTypeId: 1, loc: 0, offset: 3, start: '10:00', end: '18:00', maxOfficers: 6, incentiveHours: 1, description: 'Traffic and crowd control at the mall entrances.' },
    { eventName: '<b>Memorial Day Parade</b>', eventTypeId: 1, loc: 1, offset: 10, start: '08:00', end: '14:00', maxOfficers: 2, incentiveHours: 2, description: 'Parade route posts. Report to the staging area by 07:45.' },
    { eventName: 'CPR recertification', eventTypeId: 4, loc: 2, offset: 7, start: '19:00', end: '22:00', maxOfficers: 20, incentiveHours: 0, description: 'Annual CPR/AED recertification class.' },
    { eventName: 'Monthly staff meeting', eventTypeId: 9, loc: 2, offset: 14, start: '19:30', end: '21:00', maxOfficers: 15, incentiveHours: 0, description: 'Unit commanders and staff.' },
    { eventName: 'County fair', eventTypeId: 11, loc: 1, offset: 21, start: '12:00', end: '23:45', maxOfficers: 8, incentiveHours: 1.5, description: 'Foot patrol on the fairgrounds.' },
    { eventName: 'Night patrol detail', eventTypeId: 1, loc: 0, offset: -5, start: '20:00', end: '02:00', maxOfficers: 4, incentiveHours: 0, description: 'Parking field patrol (ends after midnight).' },
  ];
  const events = await db
    .insert(s.event)
    .values(
      plan.map((p) => {
        const endDay = p.end < p.start ? p.offset + 1 : p.offset;
        return {
          eventName: p.eventName,
          eventTypeId: p.eventTypeId,
          locationId: locations[p.loc].locationId,
          startAt: toInstant(day(p.offset), p.start, tz),
          endAt: toInstant(day(endDay), p.end, tz),
          maxOfficers: p.maxOfficers,
          incentiveHours: p.incentiveHours,
          description: p.description,
        };
      }),
    )
    .returning({ eventId: s.event.eventId });
  const officers = new Set((await db.select({ id: s.officer.officerId }).from(s.officer)).map((o) => o.id));
  const signups = [
    { e: 0, o: 105 },
    { e: 0, o: 109 },
    { e: 1, o: 105 },
    { e: 1, o: 109 },
    { e: 2, o: 101 },
    { e: 5, o: 101 },
  ].filter((x) => officers.has(x.o));
  if (signups.length) {
    await db.insert(s.eventSignup).values(signups.map((x) => ({ eventId: events[x.e].eventId, officerId: x.o }))).onConflictDoNothing();
  }
}
