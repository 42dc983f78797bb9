/** The area's form pages (edit, search), one lazy chunk apart from the list's (pages.ts). */
export { TicketEdit } from './TicketEdit';
export { TicketSearch } from './TicketSearch';
