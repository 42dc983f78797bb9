import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's page, fetched the first time it shows (its own chunk). */
const pages = moduleLoader(() => import('./pages'));
const MyProfile = lazyPage(pages, (m) => m.MyProfile);

/** My Profile (an officer's own contact fields). Route element mounted inside the layout by src/App.tsx. */
export const profileRoutes: ReactElement[] = [<Route key="my-profile" path="/MyProfile" element={<MyProfile />} />];
