/**
 * The time ticket list query (spec §2 /TimeTicketBrowse and /TimeTicketLandingPage): officerId,
 * sinceDate, untilDate, assignmentTypeId, precinctId, assignedPct, summarizeFlag, arrestFlag.
 * Dates MM/DD/YYYY. Pure helpers shared by the landing, list, edit and search pages.
 */
import { quickRange } from '../../domain/dates';

export { LIST_QUERY_KEYS, parseListQuery, listFilter, listSort, type ListQuery, type ListQueryKey } from './ticketListQuery';
import { LIST_QUERY_KEYS, parseListQuery, type ListQuery } from './ticketListQuery';

/** '?officerId=11&sinceDate=01/01/2026…' (slashes kept readable), or '' when empty. */
export function toSearch(q: ListQuery): string {
  const parts = LIST_QUERY_KEYS.filter((k) => q[k]).map((k) => `${k}=${encodeURIComponent(q[k] as string).replace(/%2F/g, '/')}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The landing page's target (spec §2): keeps the given criteria; an empty officerId becomes the
 * signed-in officer; empty dates become the current year to date.
 */
export function landingQuery(search: string, officerId: number, today: string): ListQuery {
  const q = parseListQuery(search);
  if (!q.officerId && officerId) q.officerId = String(officerId);
  if (!q.sinceDate && !q.untilDate) Object.assign(q, quickRange('ytd', today));
  return q;
}
