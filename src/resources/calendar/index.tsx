import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The events calendar: its own chunk with FullCalendar, fetched only when the page first shows. */
const calendarModule = moduleLoader(() => import('./EventCalendar'));
const EventCalendar = lazyPage(calendarModule, (m) => m.EventCalendar);
/** My Settings: its own small chunk (the QR code library comes later still, when a feed is made). */
const settingsModule = moduleLoader(() => import('./MySettings'));
const MySettings = lazyPage(settingsModule, (m) => m.MySettings);

/** /EventCalendar and /MySettings. Route elements mounted inside the layout by src/App.tsx. */
export const calendarRoutes: ReactElement[] = [
  <Route key="event-calendar" path="/EventCalendar" element={<EventCalendar />} />,
  <Route key="my-settings" path="/MySettings" element={<MySettings />} />,
];
