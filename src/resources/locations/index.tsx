import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const LocationList = lazyPage(pages, (m) => m.LocationList);
const LocationEdit = lazyPage(pages, (m) => m.LocationEdit);

/** Location pages (spec §2 Locations). Route elements mounted inside the layout by src/App.tsx. */
export const locationRoutes: ReactElement[] = [
  <Route key="location-browse" path="/LocationBrowse" element={<LocationList />} />,
  <Route key="location-add" path="/LocationEdit" element={<LocationEdit />} />,
  <Route key="location-edit" path="/LocationEdit/:id" element={<LocationEdit />} />,
];
