import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { EventBrowse } from './EventBrowse';
import { EventEdit } from './EventEdit';
import { EventLandingPage } from './EventLandingPage';
import { EventSearch } from './EventSearch';
import { EventSignupBrowse } from './EventSignupBrowse';

/** Events, rosters (sign-ups) and event search pages (spec §2 Events). Route elements mounted inside the layout by src/App.tsx. */
export const eventRoutes: ReactElement[] = [
  <Route key="event-landing" path="/EventLandingPage" element={<EventLandingPage />} />,
  <Route key="event-browse" path="/EventBrowse" element={<EventBrowse />} />,
  <Route key="event-search" path="/EventSearch" element={<EventSearch />} />,
  <Route key="event-add" path="/EventEdit" element={<EventEdit />} />,
  <Route key="event-edit" path="/EventEdit/:id" element={<EventEdit />} />,
  <Route key="event-roster" path="/EventSignupBrowse" element={<EventSignupBrowse />} />,
];
