import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { Choice } from '../../common/lookups';

const TABLES = {
  ranks: { tableName: 'rank', pkName: 'rank_id', displayName: 'description', orderBy: 'description' },
  accessTypes: { tableName: 'access_type', pkName: 'access_type_id', displayName: 'description', orderBy: 'access_type_id' },
} as const;

/**
 * Rank or access level choices of the officer form (GET /api/getLookupTable, spec §3 lookup
 * descriptors rank and access_type), cached per session; empty while loading or after a failure.
 * (Candidate for src/common/lookups.ts.)
 */
export function useOfficerLookup(name: keyof typeof TABLES): Choice[] {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { data } = useQuery({
    queryKey: ['rollcall-lookup', name],
    queryFn: async () => {
      const rows = await dataProvider.api<{ id: number; description: string }[]>('GET', '/getLookupTable', { query: TABLES[name] });
      return (Array.isArray(rows) ? rows : []).filter((r) => Number(r.id)).map((r) => ({ id: Number(r.id), name: r.description }));
    },
    staleTime: Infinity,
    retry: false,
  });
  return data ?? NONE;
}

const NONE: Choice[] = [];
