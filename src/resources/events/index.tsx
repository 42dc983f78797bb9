import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';
import { signupRoutes } from '../signups';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const EventList = lazyPage(pages, (m) => m.EventList);
const EventEdit = lazyPage(pages, (m) => m.EventEdit);
const EventLandingPage = lazyPage(pages, (m) => m.EventLandingPage);
const EventSearch = lazyPage(pages, (m) => m.EventSearch);
/** My Sign-ups is its own chunk: its code is fetched only when the officer opens it. */
const mySignups = moduleLoader(() => import('./MySignups'));
const MySignups = lazyPage(mySignups, (m) => m.MySignups);

/**
 * Event pages (spec §2 Events), the officer's own sign-ups (/MySignups) and, with them, the
 * roster of an event (src/resources/signups).
 * Route elements mounted inside the layout by src/App.tsx.
 */
export const eventRoutes: ReactElement[] = [
  <Route key="event-landing" path="/EventLandingPage" element={<EventLandingPage />} />,
  <Route key="event-browse" path="/EventBrowse" element={<EventList />} />,
  <Route key="event-search" path="/EventSearch" element={<EventSearch />} />,
  <Route key="event-add" path="/EventEdit" element={<EventEdit />} />,
  <Route key="event-edit" path="/EventEdit/:id" element={<EventEdit />} />,
  <Route key="my-signups" path="/MySignups" element={<MySignups />} />,
  ...signupRoutes,
];
