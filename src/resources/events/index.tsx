import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { signupRoutes } from '../signups';
import { EventList } from './EventList';
import { EventEdit } from './EventEdit';
import { EventLandingPage } from './EventLandingPage';
import { EventSearch } from './EventSearch';

/**
 * Event pages (spec §2 Events) and, with them, the roster of an event (src/resources/signups).
 * Route elements mounted inside the layout by src/App.tsx.
 */
export const eventRoutes: ReactElement[] = [
  <Route key="event-landing" path="/EventLandingPage" element={<EventLandingPage />} />,
  <Route key="event-browse" path="/EventBrowse" element={<EventList />} />,
  <Route key="event-search" path="/EventSearch" element={<EventSearch />} />,
  <Route key="event-add" path="/EventEdit" element={<EventEdit />} />,
  <Route key="event-edit" path="/EventEdit/:id" element={<EventEdit />} />,
  ...signupRoutes,
];
