import { compareDates, dayjs, isValidDate } from '../../domain/dates';
import { DATE_FORMAT, EVENTS_ALL_SINCE } from '../../domain/constants';

/** The event list filters carried in the query string (spec §2 /EventBrowse, /EventSignupBrowse). */
export const EVENT_FILTER_KEYS = ['eventTypeId', 'sinceStartDate', 'untilStartDate', 'precinctId'] as const;

/** The event list filters of a query string, as a react-admin filter (empty values left out). */
export function eventFilterFromSearch(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = {};
  for (const key of EVENT_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return filter;
}

/** '?eventTypeId=1&sinceStartDate=…' from filters (empty values left out); '' when there are none. */
export function eventQueryString(filter: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const key of EVENT_FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== null && value !== '' && value !== 0) params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The roster of an event, carrying the list's filters for the way back (spec §2 /EventSignupBrowse). */
export function rosterPath(eventId: number, filter: Record<string, string | number | null | undefined>): string {
  const query = eventQueryString(filter);
  return `/EventSignupBrowse?eventId=${eventId}${query ? `&${query.slice(1)}` : ''}`;
}

/**
 * Start of the events window (spec §4 'Events date window'): a selector of 10 or more means
 * 01/01/1980 (all events); otherwise one month before today. MM/DD/YYYY.
 */
export function eventsWindowSince(today: string, selector = 0): string {
  if (selector >= 10) return EVENTS_ALL_SINCE;
  return dayjs(today, DATE_FORMAT, true).subtract(1, 'month').format(DATE_FORMAT);
}

/**
 * The event list's Upcoming quick filter: `filter` narrowed to events starting from `today`
 * (MM/DD/YYYY, ORG_TIMEZONE) on, keeping a later since date; the other filters are kept. Null
 * when it cannot apply: the list's until date is before today (nothing of it is upcoming).
 */
export function upcomingFilter(filter: Record<string, string>, today: string): Record<string, string> | null {
  const until = filter.untilStartDate;
  if (until && isValidDate(until) && compareDates(until, today) < 0) return null;
  const since = filter.sinceStartDate;
  const keepSince = since && isValidDate(since) && compareDates(since, today) > 0;
  return { ...filter, sinceStartDate: keepSince ? since : today };
}
