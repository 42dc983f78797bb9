import { daysBefore } from '../../domain/dates';
import { EVENTS_ALL_SINCE } from '../../domain/constants';
import type { EventJson } from '../../domain/schemas/events';

/**
 * The GET /api/events/getMultiple filters of /MySignups for the signed-in officer `officerId`
 * (the existing call answers 'my sign-ups with the event details': officerId limits it to the
 * events he signed up for, and the server refuses another officer's id below level 5).
 * `today` is MM/DD/YYYY in ORG_TIMEZONE:
 * - upcoming: events starting today or later (the same meaning as the event list's Upcoming);
 * - past: events that started before today, back to 01/01/1980 (spec §4: the all-events window).
 */
export function mySignupsFilters(officerId: number, today: string) {
  return {
    upcoming: { officerId, sinceStartDate: today },
    past: { officerId, sinceStartDate: EVENTS_ALL_SINCE, untilStartDate: daysBefore(today, 1) },
  };
}

/** Where an event takes place: 'Roosevelt Field Mall, 630 Old Country Rd, Garden City 11530' (blank parts left out). */
export function locationWithAddress(location: Pick<EventJson['location'], 'name' | 'address' | 'city' | 'zip'>): string {
  const town = [location.city, location.zip].filter(Boolean).join(' ');
  return [location.name, location.address, town].filter(Boolean).join(', ');
}
