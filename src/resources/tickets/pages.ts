/** The pages of this area, in one module so the area is one lazy chunk (index.tsx mounts them through lazyPage). */
export { TicketLandingPage } from './TicketLandingPage';
export { TicketList } from './TicketList';
export { TicketEdit } from './TicketEdit';
export { TicketSearch } from './TicketSearch';
