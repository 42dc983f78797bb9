import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { TicketLandingPage } from './TicketLandingPage';
import { TicketList } from './TicketList';
import { TicketEdit } from './TicketEdit';
import { TicketSearch } from './TicketSearch';

/** Time ticket pages (spec §2 Time ticket list, edit, search, landing page). Route elements mounted inside the layout by src/App.tsx. */
export const ticketRoutes: ReactElement[] = [
  <Route key="ticket-landing" path="/TimeTicketLandingPage" element={<TicketLandingPage />} />,
  <Route key="ticket-browse" path="/TimeTicketBrowse" element={<TicketList />} />,
  <Route key="ticket-add" path="/TimeTicketEdit" element={<TicketEdit />} />,
  <Route key="ticket-edit" path="/TimeTicketEdit/:paramId" element={<TicketEdit />} />,
  <Route key="ticket-search" path="/TimeTicketSearch" element={<TicketSearch />} />,
];
