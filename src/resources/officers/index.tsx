import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const OfficerList = lazyPage(pages, (m) => m.OfficerList);
const OfficerEdit = lazyPage(pages, (m) => m.OfficerEdit);

/** Roster pages (spec §2 Officer list, Officer edit), level 10. Route elements mounted inside the layout by src/App.tsx. */
export const officerRoutes: ReactElement[] = [
  <Route key="officer-browse" path="/OfficerBrowse" element={<OfficerList />} />,
  <Route key="officer-add" path="/OfficerEdit" element={<OfficerEdit />} />,
  <Route key="officer-edit" path="/OfficerEdit/:id" element={<OfficerEdit />} />,
];
