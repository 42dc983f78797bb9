import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useGetIdentity, usePermissions } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { useAppConfig } from '../../providers/appConfig';
import { todayIn } from '../../domain/dates';
import type { Actor } from '../../domain/access';
import type { ContactOfficer } from '../../domain/tickets';

export interface LookupRow {
  id: number;
  description: string;
}

export interface TicketLookups {
  officers: ContactOfficer[];
  precincts: LookupRow[];
  assignmentTypes: LookupRow[];
}

const EMPTY: TicketLookups = { officers: [], precincts: [], assignmentTypes: [] };

/**
 * Officers (GET /officer/getMultiple, placeholder dropped), precincts (GET /getPrecinctTable) and
 * assignment types (GET /getLookupTable) for the ticket pages. A failed load leaves that list
 * empty and logs only the status text (spec §8 shared lookups).
 */
export function useTicketLookups(): TicketLookups {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const [lookups, setLookups] = useState<TicketLookups>(EMPTY);
  useEffect(() => {
    let live = true;
    const safe = <T,>(p: Promise<T[]>) =>
      p.then((rows) => (Array.isArray(rows) ? rows : [])).catch((e: unknown) => {
        console.error(e instanceof Error ? e.message : e);
        return [] as T[];
      });
    Promise.all([
      safe(dataProvider.api<ContactOfficer[]>('GET', '/officer/getMultiple', { query: { orderBy: 'last_name,first_name' } })),
      safe(dataProvider.api<LookupRow[]>('GET', '/getPrecinctTable')),
      safe(
        dataProvider.api<LookupRow[]>('GET', '/getLookupTable', {
          query: { tableName: 'assignment_type', pkName: 'assignment_type_id', displayName: 'description', orderBy: 'assignment_type_id' },
        }),
      ),
    ]).then(([officers, precincts, assignmentTypes]) => {
      if (live) setLookups({ officers: officers.filter((o) => o.officerId > 0), precincts: precincts.filter((p) => p.id), assignmentTypes: assignmentTypes.filter((a) => a.id) });
    });
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return lookups;
}

/**
 * The server's clock as the browser can follow it: GET /api/health answers the server's current
 * instant (`time`, ISO); the hook keeps its offset from the browser clock and returns a function
 * giving the server's "now", or null until the server has answered (or when it cannot). Used by
 * the ticket form to refuse a 10-41/10-42 later than now as the server will.
 */
export function useServerNow(): (() => Date) | null {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const [offsetMs, setOffsetMs] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const asked = Date.now();
    dataProvider
      .api<{ time?: string }>('GET', '/health')
      .then((res) => {
        const server = res && typeof res.time === 'string' ? Date.parse(res.time) : NaN;
        // The answer was produced somewhere between asking and receiving: take the midpoint.
        if (live && Number.isFinite(server)) setOffsetMs(server - (asked + Date.now()) / 2);
      })
      .catch((e: unknown) => console.error(e instanceof Error ? e.message : e));
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return useMemo(() => (offsetMs === null ? null : () => new Date(Date.now() + offsetMs)), [offsetMs]);
}

/**
 * The signed-in officer as permission checks see him (null while loading), plus today in
 * ORG_TIMEZONE: the server's today from GET /api/config once loaded (the server decides the
 * windows), else the browser clock in that zone.
 */
export function useViewer(): { actor: Actor | null; today: string; tz: string; superUserId: number } {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<number>();
  const config = useAppConfig();
  const actor = identity && typeof permissions === 'number' ? { officerId: Number(identity.id), accessLevel: permissions } : null;
  return { actor, today: config.loaded && config.today ? config.today : todayIn(config.orgTimezone), tz: config.orgTimezone, superUserId: config.superUserId };
}
