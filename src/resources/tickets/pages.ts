/**
 * The area's list pages, in one module so they are one lazy chunk (index.tsx mounts them through
 * lazyPage). The form pages (edit, search) are a chunk of their own (formPages.ts): the list, where
 * every officer lands after signing in, does not download the date pickers and form machinery.
 */
export { TicketLandingPage } from './TicketLandingPage';
export { TicketList } from './TicketList';
