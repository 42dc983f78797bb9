import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { apiFetch } from './http';
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

/** Used until /api/config answers (and if it fails). */
export const defaultAppConfig: AppConfig = {
  orgName: rc.app.defaultTitle,
  orgTimezone: browserTimezone(),
  superUserId: DEFAULT_SUPER_USER_ID,
  today: '',
  loaded: false,
};

const AppConfigContext = createContext<AppConfig>(defaultAppConfig);

/**
 * Loads GET /api/config once and shares it; sets document.title to the organisation name
 * (spec §1: the page title is the name of the county auxiliary police).
 */
export function AppConfigProvider({ children, initial }: { children: ReactNode; initial?: AppConfig }) {
  const [config, setConfig] = useState<AppConfig>(initial ?? defaultAppConfig);
  useEffect(() => {
    if (initial) return;
    let live = true;
    apiFetch<AppConfig>('GET', '/config')
      .then(({ json }) => {
        if (live) setConfig({ ...defaultAppConfig, ...(json && typeof json === 'object' ? json : {}), loaded: true });
      })
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        if (live) setConfig({ ...defaultAppConfig, loaded: true });
      });
    return () => {
      live = false;
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
