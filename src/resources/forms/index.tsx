import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const FormsPage = lazyPage(pages, (m) => m.FormsPage);

/** The Forms page (spec §2 Forms page, with the Ten Code Refresher). Route element mounted inside the layout by src/App.tsx. */
export const formsRoutes: ReactElement[] = [<Route key="forms" path="/Forms" element={<FormsPage />} />];
