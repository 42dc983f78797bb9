import { QueryClient, onlineManager } from '@tanstack/react-query';
import { shareCacheTimers, shareNotifyTimer } from './queryTimers';

/**
 * The browser's one query client, the only cache of server answers: react-admin's data (src/App.tsx
 * hands it to react-admin), the session check (authProvider) and the organisation's config
 * (appConfig), so each can be asked before React renders (src/main.tsx) and read where it is used.
 *
 * Without signal (offline ticket entry, docs/decisions/030-installable-app-and-offline-cache.md):
 * - a request for data waits for the connection (react-query's 'online' mode: paused) and the
 *   page shows what the device kept, rather than failing;
 * - react-admin's auth questions (['auth', …]: identity and access level from session storage,
 *   the session check, which keeps the session when no answer comes) are always asked: waiting
 *   for the network would hold every page on 'Loading';
 * - a save is always tried, so it says at once that the server could not be reached rather than
 *   waiting unseen (the ticket form has its own outbox).
 */
// before the client exists: timers set through another provider could not be cleared
shareNotifyTimer();
shareCacheTimers();

export const queryClient = new QueryClient({ defaultOptions: { mutations: { networkMode: 'always' } } });
queryClient.setQueryDefaults(['auth'], { networkMode: 'always' });

// react-query takes the browser for online until an 'offline' event, and a page opened or reloaded
// without signal never gets one: its lists would then be asked, fail ('The server could not be
// reached') and leave for /, instead of waiting on what the device kept. A browser that says it is
// offline is right; one that says online may not be, so only that answer is taken here.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
