/** The area's form pages (edit, search), one lazy chunk apart from the list's (pages.ts; issue 13). */
export { TicketEdit } from './TicketEdit';
export { TicketSearch } from './TicketSearch';
