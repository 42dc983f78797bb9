import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { OfficerList } from './OfficerList';
import { OfficerEdit } from './OfficerEdit';

/** Roster pages (spec §2 Officer list, Officer edit), level 10. Route elements mounted inside the layout by src/App.tsx. */
export const officerRoutes: ReactElement[] = [
  <Route key="officer-browse" path="/OfficerBrowse" element={<OfficerList />} />,
  <Route key="officer-add" path="/OfficerEdit" element={<OfficerEdit />} />,
  <Route key="officer-edit" path="/OfficerEdit/:id" element={<OfficerEdit />} />,
];
