import { useEffect, useState, type ReactNode } from 'react';
import { PageLoading } from '../common/PageLoading';
import { queryClient } from '../providers/queryClient';
import { getSessionUser } from '../providers/session';
import { isPersistedCacheRestored, startPersistedCache } from './persistedCache';
import { OfflineBanner } from './OfflineBanner';
import { pageSettled } from './pageSettled';
import { nextTask } from '../common/nextTask';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Starts restoring `officerId`'s lists kept on the device into the app's query client (src/main.tsx
 * calls it as soon as the signed-in layout's code has arrived, beside the session check).
 */
export function startOfflineCache(officerId: number): Promise<void> {
  return startPersistedCache(queryClient, officerId);
}

let registering = false;

/**
 * Registers the service worker once per page load, once the page has settled (pageSettled: its
 * precache downloads then never compete with the page's own requests), with Workbox's code
 * fetched only then. Nothing in development (Vite serves the modules) or without service
 * workers.
 */
function registerWhenSettled(): void {
  if (registering || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  registering = true;
  // a task after the settled moment's other work (the ticket form's requests)
  void pageSettled()
    .then(nextTask)
    .then(() => import('./serviceWorker'))
    .then((m) => m.registerServiceWorker())
    .catch(() => {
      // offline before the code was ever kept: the next signed-in page load tries again
      registering = false;
    });
}

/**
 * What the installable app adds to every signed-in page (RollCallLayout): the service worker's
 * registration, the officer's kept lists (the page shows once they are restored, so an offline
 * reload finds its list at once), the offline banner and the new-version prompt.
 */
export function OfflineShell({ children }: { children: ReactNode }) {
  const officerId = getSessionUser()?.officerId ?? 0;
  const [restored, setRestored] = useState(() => !officerId || isPersistedCacheRestored(officerId));
  useEffect(() => {
    registerWhenSettled();
    if (!officerId) return;
    let live = true;
    void startOfflineCache(officerId).then(() => {
      if (live) setRestored(true);
    });
    return () => {
      live = false;
    };
  }, [officerId]);
  return (
    <>
      <OfflineBanner />
      {restored ? children : <PageLoading />}
      <UpdatePrompt />
    </>
  );
}
