import { moduleLoader } from '../../common/moduleLoader';

/**
 * The time ticket list pages' chunk (pages.ts): index.tsx mounts them through lazyPage, and
 * src/main.tsx and the sign-in page ask for it early. In a file of its own so that nothing the
 * pages import leads back to the loader of their own chunk.
 */
export const ticketPagesModule = moduleLoader(() => import('./pages'));

/**
 * The time ticket form pages' chunk (formPages.ts: edit, search): index.tsx mounts them through
 * lazyPage. The service worker precaches it or, without one, the offline ticket entry asks for it
 * after sign-in (src/offline/prefetchTicketForm.ts), so the form opens in a basement when the
 * officer has not opened it yet in this page load.
 */
export const ticketFormPagesModule = moduleLoader(() => import('./formPages'));
