/**
 * The time ticket list query (spec §2 /TimeTicketBrowse and /TimeTicketLandingPage): officerId,
 * sinceDate, untilDate, assignmentTypeId, precinctId, assignedPct, summarizeFlag, arrestFlag.
 * Dates MM/DD/YYYY. Pure helpers shared by the landing, list, edit and search pages.
 */
import { quickRange } from '../../domain/dates';

export const LIST_QUERY_KEYS = ['officerId', 'sinceDate', 'untilDate', 'assignmentTypeId', 'precinctId', 'assignedPct', 'summarizeFlag', 'arrestFlag'] as const;
export type ListQueryKey = (typeof LIST_QUERY_KEYS)[number];
export type ListQuery = Partial<Record<ListQueryKey, string>>;

/** The list query of a location search string; empty values left out. */
export function parseListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const q: ListQuery = {};
  for (const key of LIST_QUERY_KEYS) {
    const v = params.get(key)?.trim();
    if (v) q[key] = v;
  }
  return q;
}

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

/** The react-admin filter of the list: the query with ids as numbers where present. */
export function listFilter(q: ListQuery): Record<string, string | number> {
  const f: Record<string, string | number> = {};
  for (const key of LIST_QUERY_KEYS) {
    const v = q[key];
    if (!v) continue;
    f[key] = /Id$|Pct$/.test(key) ? Number(v) : v;
  }
  return f;
}
