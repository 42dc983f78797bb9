import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, usePermissions } from 'react-admin';
import type { RollCallDataProvider } from '../providers/dataProvider';
import { useAppConfig } from '../providers/appConfig';
import { todayIn } from '../domain/dates';
import type { Actor } from '../domain/access';

export interface ActorContext {
  /** The signed-in officer as can() sees him; null while the identity or access level is loading. */
  actor: Actor | null;
  /** True until identity and access level are known. */
  isPending: boolean;
  /** Today (MM/DD/YYYY) in ORG_TIMEZONE: the server's (GET /api/config) once loaded, else the browser clock in that zone. */
  today: string;
  /** ORG_TIMEZONE (IANA name). */
  tz: string;
  /** SUPER_USER_ID of the running server. */
  superUserId: number;
}

/**
 * The one way a page learns who is signed in (spec §6): the actor for can(), the organisation's
 * today and time zone. Every page and component asks this hook, never a made-up actor.
 */
export function useActor(): ActorContext {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { permissions, isPending: permissionsPending } = usePermissions<number>();
  const config = useAppConfig();
  const actor = useMemo(
    () => (identity && typeof permissions === 'number' ? { officerId: Number(identity.id), accessLevel: permissions } : null),
    [identity, permissions],
  );
  return {
    actor,
    isPending: !actor && (identityPending || permissionsPending),
    today: config.loaded && config.today ? config.today : todayIn(config.orgTimezone),
    tz: config.orgTimezone,
    superUserId: config.superUserId,
  };
}

/**
 * The server's clock as the browser can follow it: GET /api/health answers the server's current
 * instant (`time`, ISO); the hook keeps its offset from the browser clock and returns a function
 * giving the server's "now", or null until the server has answered (or when it cannot). Forms use
 * it to refuse a time later than now as the server will.
 */
export function useServerNow(): (() => Date) | null {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { data: offsetMs } = useQuery({
    queryKey: ['rollcall-server-clock'],
    queryFn: async (): Promise<number | null> => {
      const asked = Date.now();
      try {
        const res = await dataProvider.api<{ time?: string }>('GET', '/health');
        const server = res && typeof res.time === 'string' ? Date.parse(res.time) : NaN;
        // The answer was produced somewhere between asking and receiving: take the midpoint.
        return Number.isFinite(server) ? server - (asked + Date.now()) / 2 : null;
      } catch (e) {
        console.error(e instanceof Error ? e.message : e);
        return null;
      }
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
  return useMemo(() => (offsetMs === null || offsetMs === undefined ? null : () => new Date(Date.now() + offsetMs)), [offsetMs]);
}
