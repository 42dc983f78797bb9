import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../providers/dataProvider';
import type { ContactOfficer } from '../domain/tickets';

/** One choice of a lookup select: the key and the text shown. */
export interface Choice {
  id: number;
  name: string;
}

type Row = Record<string, unknown>;

/** Rows of the spec's getLookupTable call (one of its allow-listed descriptors) as choices. */
const table = (tableName: string, pkName: string, displayName: string, orderBy: string) => ({
  path: '/getLookupTable',
  query: { tableName, pkName, displayName, orderBy },
  map: (r: Row): Choice => ({ id: Number(r.id), name: String(r.description) }),
});

/** The lookup tables of spec §7 every form and filter uses, each as one fixed call. */
const LOOKUPS = {
  eventTypes: table('event_type', 'event_type_id', 'event_type_description', 'event_type_id'),
  assignmentTypes: table('assignment_type', 'assignment_type_id', 'description', 'assignment_type_id'),
  ranks: table('rank', 'rank_id', 'description', 'description'),
  accessTypes: table('access_type', 'access_type_id', 'description', 'access_type_id'),
  precincts: { path: '/getPrecinctTable', query: undefined, map: (r: Row): Choice => ({ id: Number(r.id), name: String(r.description) }) },
  states: { path: '/getStateTable', query: undefined, map: (r: Row): Choice => ({ id: Number(r.stateId), name: `${String(r.stateAbbr)} - ${String(r.stateName)}` }) },
};

export type LookupName = keyof typeof LOOKUPS;

/** Lookups change only when an administrator edits reference data: read once per session. */
const SESSION = { staleTime: Infinity, gcTime: Infinity, retry: false } as const;

/** Logs only the status text of a failed lookup (spec §8 'Data loads in shared lookups') and answers no rows. */
async function safeRows<T>(load: Promise<T[] | null | undefined>): Promise<T[]> {
  try {
    const rows = await load;
    return Array.isArray(rows) ? rows : [];
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return [];
  }
}

/**
 * Choices of a lookup select (event types, assignment types, ranks, access levels, precincts or states), through
 * react-admin's query client so every page shares one cached answer per session. Rows without a
 * key (the spec's blank placeholder) are dropped. Empty while loading or after a failure.
 * `enabled: false` skips the call (a page that shows no name from this lookup): the page is then
 * not drawn again when another page's request fills the lookup (the ticket form's, asked for
 * offline entry while the officer's list shows, drew his whole list again twice).
 */
export function useLookup(name: LookupName, enabled = true): Choice[] {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { data } = useQuery({ ...lookupQuery(dataProvider, name), enabled, subscribed: enabled });
  return data ?? EMPTY;
}

/**
 * The query-client options of useLookup(name) (key, call, per-session caching), so the offline
 * ticket entry (src/offline/prefetchTicketForm.ts) can ask the form's lookups right after sign-in.
 */
export function lookupQuery(dataProvider: RollCallDataProvider, name: LookupName) {
  const { path, query, map } = LOOKUPS[name];
  return {
    queryKey: ['rollcall-lookup', name],
    queryFn: async () => (await safeRows(dataProvider.api<Row[]>('GET', path, { query }))).map(map).filter((c) => c.id),
    ...SESSION,
  };
}

const EMPTY: never[] = [];

/**
 * Officers for pickers and contact lists (GET /officer/getMultiple with `query`, e.g.
 * { orderBy: 'last_name,first_name' } or the auditors' { accessTypeId: 10, excludeSeparated: 'Y' }),
 * blank placeholder dropped, cached per session like the lookups. `enabled: false` skips the call
 * and, as useLookup, does not draw again when the list arrives for another page.
 */
export function useOfficerChoices(query: Record<string, string | number> = { orderBy: 'last_name,first_name' }, enabled = true): ContactOfficer[] {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { data } = useQuery({ ...officerChoicesQuery(dataProvider, query), enabled, subscribed: enabled });
  return data ?? EMPTY;
}

/**
 * The query-client options of useOfficerChoices for `query` (key, call, per-session caching), so
 * src/resources/tickets/listPrefetch.ts can ask the same list before the page's code has arrived.
 */
export function officerChoicesQuery(dataProvider: RollCallDataProvider, query: Readonly<Record<string, string | number>>) {
  return {
    queryKey: ['rollcall-officers', query],
    queryFn: async () => (await safeRows(dataProvider.api<ContactOfficer[]>('GET', '/officer/getMultiple', { query }))).filter((o) => o.officerId > 0),
    ...SESSION,
  };
}
