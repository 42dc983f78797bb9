import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { LocationList } from './LocationList';
import { LocationEdit } from './LocationEdit';

/** Location pages (spec §2 Locations). Route elements mounted inside the layout by src/App.tsx. */
export const locationRoutes: ReactElement[] = [
  <Route key="location-browse" path="/LocationBrowse" element={<LocationList />} />,
  <Route key="location-add" path="/LocationEdit" element={<LocationEdit />} />,
  <Route key="location-edit" path="/LocationEdit/:id" element={<LocationEdit />} />,
];
