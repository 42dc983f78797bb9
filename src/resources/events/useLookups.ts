import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';

export interface Choice {
  id: number;
  name: string;
}

type LookupName = 'eventTypes' | 'precincts' | 'states';

const calls: Record<LookupName, { path: string; query?: Record<string, string>; map: (row: Record<string, unknown>) => Choice }> = {
  eventTypes: {
    path: '/getLookupTable',
    query: { tableName: 'event_type', pkName: 'event_type_id', displayName: 'event_type_description', orderBy: 'event_type_id' },
    map: (r) => ({ id: Number(r.id), name: String(r.description) }),
  },
  precincts: { path: '/getPrecinctTable', map: (r) => ({ id: Number(r.id), name: String(r.description) }) },
  states: { path: '/getStateTable', map: (r) => ({ id: Number(r.stateId), name: `${String(r.stateAbbr)} - ${String(r.stateName)}` }) },
};

/**
 * Choices for a lookup select (event types, precincts or states) from the spec §7 lookup calls.
 * On failure only the status text is logged to the console (spec §8 'Data loads in shared lookups').
 */
export function useLookup(name: LookupName): Choice[] {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    let live = true;
    const { path, query, map } = calls[name];
    dataProvider
      .api<Array<Record<string, unknown>>>('GET', path, { query })
      .then((rows) => {
        if (live) setChoices((rows ?? []).map(map));
      })
      .catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
    return () => {
      live = false;
    };
  }, [dataProvider, name]);
  return choices;
}
