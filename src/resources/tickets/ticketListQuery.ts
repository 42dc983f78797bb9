/**
 * The time ticket list's query string and react-admin filter (spec §2 /TimeTicketBrowse), with no
 * dependency: the first download imports it to start the list's request before the list's code
 * has arrived (listPrefetch.ts). ticketQuery.ts re-exports it with the date helpers.
 */
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

/** The list's sort: the summary by officer by officer id, the ticket list newest first. */
export function listSort(summary: boolean): { field: string; order: 'ASC' | 'DESC' } {
  return summary ? { field: 'officerId', order: 'ASC' } : { field: 'startDate', order: 'DESC' };
}

/** react-admin query-client key of the totals of a list filter (useTicketTotals; listPrefetch.ts). */
export function totalsQueryKey(filter: Record<string, string | number>): readonly unknown[] {
  return ['rollcall-ticket-totals', filter];
}

/** The officer query of the auditor contact list (spec §2): access type 10, not separated, by name. */
export const AUDITORS_QUERY = { accessTypeId: 10, excludeSeparated: 'Y', orderBy: 'last_name,first_name' } as const;

/**
 * True when the ticket list of `q` (not the summary by officer) shows `officerId` a flagged ticket
 * of his own, so the page shows the auditor contact list (spec §2, docs/decisions.md). Shared by
 * the list and the landing prefetch.
 */
export function needsAuditorContacts(q: ListQuery, rows: readonly { flaggedBy: { officerId: number }; officer: { officerId: number } }[], officerId: number | undefined): boolean {
  return q.summarizeFlag !== 'Y' && officerId !== undefined && rows.some((t) => t.flaggedBy.officerId > 0 && t.officer.officerId === officerId);
}
