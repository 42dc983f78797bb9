import { moduleLoader } from '../../common/moduleLoader';

/**
 * The time ticket list pages' chunk (pages.ts): index.tsx mounts them through lazyPage, and
 * src/main.tsx and the sign-in page ask for it early. In a file of its own so that nothing the
 * pages import leads back to the loader of their own chunk.
 */
export const ticketPagesModule = moduleLoader(() => import('./pages'));
