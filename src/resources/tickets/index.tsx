import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { ticketFormPagesModule as formPages, ticketPagesModule } from './pagesModule';

/**
 * The area's pages, fetched the first time one of them shows: the list pages in one chunk, the
 * form pages (with the date pickers) in another, so the landing list loads no form code.
 * The list pages' module is the one src/main.tsx fetches early (pagesModule.ts).
 */
const TicketLandingPage = lazyPage(ticketPagesModule, (m) => m.TicketLandingPage);
const TicketList = lazyPage(ticketPagesModule, (m) => m.TicketList);
const TicketEdit = lazyPage(formPages, (m) => m.TicketEdit);
const TicketSearch = lazyPage(formPages, (m) => m.TicketSearch);

/** Time ticket pages (spec §2 Time ticket list, edit, search, landing page). Route elements mounted inside the layout by src/App.tsx. */
export const ticketRoutes: ReactElement[] = [
  <Route key="ticket-landing" path="/TimeTicketLandingPage" element={<TicketLandingPage />} />,
  <Route key="ticket-browse" path="/TimeTicketBrowse" element={<TicketList />} />,
  <Route key="ticket-add" path="/TimeTicketEdit" element={<TicketEdit />} />,
  <Route key="ticket-edit" path="/TimeTicketEdit/:paramId" element={<TicketEdit />} />,
  <Route key="ticket-search" path="/TimeTicketSearch" element={<TicketSearch />} />,
];
