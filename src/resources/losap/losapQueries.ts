import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { LosapProgress, LosapRulesAnswer } from '../../domain/schemas/losap';
import type { LosapAttestation, LosapYearEnd } from '../../domain/schemas/losapYearEnd';

/**
 * The react-query keys of LOSAP answers, all under 'losap' so a rules save can refresh every
 * figure shown at once (react-query is the browser's only cache).
 */
export const LOSAP_KEY = ['losap'] as const;
export const losapRulesKey = (year: number) => [...LOSAP_KEY, 'rules', year] as const;
export const losapProgressKey = (officerId: number | undefined, year: number | undefined) => [...LOSAP_KEY, 'progress', officerId ?? 'own', year ?? 'current'] as const;

/** A year's rules (GET /api/losap/rules?year). */
export function useLosapRules(year: number) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: losapRulesKey(year),
    queryFn: () => dataProvider.api<LosapRulesAnswer>('GET', '/losap/rules', { query: { year } }),
    retry: false,
  });
}

/** An officer's progress (GET /api/losap/progress?officerId&year); oneself and the current year by default. */
export function useLosapProgress(officerId?: number, year?: number) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: losapProgressKey(officerId, year),
    queryFn: () => dataProvider.api<LosapProgress>('GET', '/losap/progress', { query: { officerId, year } }),
    retry: false,
  });
}

export const losapYearEndKey = (year: number) => [...LOSAP_KEY, 'yearEnd', year] as const;
export const losapAttestationKey = (year: number | undefined, officerId?: number) => [...LOSAP_KEY, 'attestation', officerId ?? 'own', year ?? 'last'] as const;

/** A year's state and counts of the year end (GET /api/losap/yearEnd?year; level 9+). */
export function useLosapYearEnd(year: number) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: losapYearEndKey(year),
    queryFn: () => dataProvider.api<LosapYearEnd>('GET', '/losap/yearEnd', { query: { year } }),
    retry: false,
  });
}

/**
 * An officer's attestation of a year (GET /api/losap/attestation?year&officerId): oneself and
 * last year by default. `enabled` false asks nothing (the ticket list asks once it has painted).
 */
export function useLosapAttestation(year?: number, { enabled = true, officerId }: { enabled?: boolean; officerId?: number } = {}) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  return useQuery({
    queryKey: losapAttestationKey(year, officerId),
    queryFn: () => dataProvider.api<LosapAttestation>('GET', '/losap/attestation', { query: { year, officerId } }),
    retry: false,
    enabled,
  });
}
