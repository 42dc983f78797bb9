import { EVENT_TYPE } from './constants';
import { rc, format } from './messages';

/**
 * Event staffing status of spec §4.
 * Type 1 (details): 0 signed up -> 'UNCOVERED'; fewer than maxOfficers ->
 * 'Partially Staffed - {n} Slot(s) Available'; otherwise 'Fully Staffed'.
 * Other types: fewer than maxOfficers -> '{n} Slot(s) Available'; otherwise 'Full'.
 * n = maxOfficers - signupCount. The placeholder row (eventTypeId 0) gets ''.
 */
export function eventStatus(eventTypeId: number, signupCount: number, maxOfficers: number): string {
  if (!eventTypeId) return '';
  const open = Math.max(0, maxOfficers - signupCount);
  const slots = format(rc.events.status.slotsAvailable, { n: open });
  if (eventTypeId === EVENT_TYPE.DETAILS) {
    if (signupCount === 0) return rc.events.status.uncovered;
    if (signupCount < maxOfficers) return `${rc.events.status.partiallyStaffed} - ${slots}`;
    return rc.events.status.fullyStaffed;
  }
  return signupCount < maxOfficers ? slots : rc.events.status.full;
}

/** '{signupCount} of {maxOfficers}' as the list's '#Officers Signed Up' column shows it (spec §2). */
export function signedUpOf(signupCount: number, maxOfficers: number): string {
  return format(rc.events.status.signedUpOf, { n: signupCount, max: maxOfficers });
}

/**
 * The event's one-line label used by pickers (spec §3 eventFullDescription):
 * 'PCT{abbr} - {eventName} - {MM/DD/YYYY} {HH:mm}'. Characters 4-5 (1-based) are always the
 * two-character precinct abbreviation, which the time ticket form copies.
 */
export function eventFullDescription(precinctAbbr: string, eventName: string, startDate: string, startTime: string): string {
  const abbr = (precinctAbbr || '00').padStart(2, '0').slice(0, 2);
  return `PCT${abbr} - ${eventName} - ${startDate} ${startTime}`;
}
