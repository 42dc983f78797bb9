import { moduleLoader } from '../../common/moduleLoader';

/**
 * The list of tickets waiting on the device (OutboxEntries.tsx): OutboxEntriesPart.tsx mounts it
 * when there is one. Kept for offline use by the service worker's precache or, without one,
 * fetched with the form pages after sign-in (src/offline/prefetchTicketForm.ts), so the list shows
 * a ticket saved without signal at once. In a file of its own, as pagesModule.ts is: the time
 * ticket pages import OutboxEntriesPart, which must not lead back to the loader of their chunk.
 */
export const outboxEntriesModule = moduleLoader(() => import('./OutboxEntries'));
