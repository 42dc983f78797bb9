import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { apiFetch } from './http';
import { queryClient } from './queryClient';
import { rc } from '../domain/messages';
import { DEFAULT_SUPER_USER_ID } from '../domain/constants';

/** GET /api/config: what the browser needs before sign-in. */
export interface AppConfig {
  orgName: string;
  orgTimezone: string;
  superUserId: number;
  /** Today (MM/DD/YYYY) in orgTimezone when the config was read; '' until then (useActor then follows the browser clock in orgTimezone). */
  today: string;
  /** False until GET /api/config has answered (or failed). */
  loaded: boolean;
}

function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let browserZone: string | undefined;

/**
 * Used until /api/config answers (and if it fails). The browser's time zone is read when first
 * asked, not as the app starts: the first use of Intl loads its locale data, tens of milliseconds
 * of a phone's CPU that the sign-in page does not need.
 */
export const defaultAppConfig: AppConfig = {
  orgName: rc.app.defaultTitle,
  get orgTimezone() {
    return (browserZone ??= browserTimezone());
  },
  superUserId: DEFAULT_SUPER_USER_ID,
  today: '',
  loaded: false,
};

/** The server's config over the defaults, without reading the browser's zone when the server names one. */
function loadedConfig(json: Partial<AppConfig>): AppConfig {
  const { orgName, superUserId, today } = defaultAppConfig;
  const config = { orgName, superUserId, today, ...json, loaded: true };
  return 'orgTimezone' in config && config.orgTimezone ? (config as AppConfig) : { ...config, orgTimezone: defaultAppConfig.orgTimezone };
}

const AppConfigContext = createContext<AppConfig>(defaultAppConfig);

/** A config answer this recent (ms) serves the provider without asking again: the one asked as the page loaded (startConfigLoad). */
const CONFIG_FRESH_MS = 60_000;

/** GET /api/config in the app's query client: the server's config over the defaults. */
const configQuery = {
  queryKey: ['rollcall-config'],
  queryFn: async (): Promise<AppConfig> => {
    const { json } = await apiFetch<Partial<AppConfig>>('GET', '/config');
    return loadedConfig(json && typeof json === 'object' ? json : {});
  },
  staleTime: CONFIG_FRESH_MS,
  // asked even when the browser says it is offline: a failure shows the defaults rather than waiting
  networkMode: 'always' as const,
};

/**
 * Sends GET /api/config before React renders (its answer then arrives while the page's
 * code still loads, rather than after the first render asked); AppConfigProvider reads it from the
 * app's query client.
 */
export function startConfigLoad(): void {
  void queryClient.prefetchQuery(configQuery);
}

/**
 * Loads GET /api/config once and shares it; sets document.title to the organisation name
 * (spec §1: the page title is the name of the county auxiliary police).
 */
export function AppConfigProvider({ children, initial }: { children: ReactNode; initial?: AppConfig }) {
  const [config, setConfig] = useState<AppConfig>(initial ?? defaultAppConfig);
  useEffect(() => {
    if (initial) return;
    let live = true;
    // every page below re-renders with the answer: in a transition, which React renders in slices
    // rather than one long task on a phone
    const apply = (next: AppConfig) => live && startTransition(() => setConfig(next));
    // a config put back into the query client from the device (an offline reload of a signed-in
    // page: src/offline/persistedCache.ts) replaces the defaults a failed request left; its `today`
    // is of the day it was read, so the browser's clock in the organisation's zone tells today
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      const restored = event.type === 'updated' && event.action.type === 'setState' && event.query.queryKey[0] === configQuery.queryKey[0];
      if (restored && event.query.state.data) apply({ ...(event.query.state.data as AppConfig), today: '' });
    });
    queryClient
      .fetchQuery(configQuery)
      .then(apply)
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        const kept = queryClient.getQueryData<AppConfig>(configQuery.queryKey);
        apply(kept ? { ...kept, today: '' } : { ...defaultAppConfig, loaded: true });
      });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [initial]);
  useEffect(() => {
    document.title = config.orgName;
  }, [config.orgName]);
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

/** The organisation's name, time zone and super-user id (GET /api/config). */
export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
