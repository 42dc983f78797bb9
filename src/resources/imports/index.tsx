import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const ImportPage = lazyPage(pages, (m) => m.ImportPage);

/** The Import page (Administrative Functions > Import, level 10). Route elements mounted inside the layout by src/App.tsx. */
export const importRoutes: ReactElement[] = [<Route key="import" path="/Import" element={<ImportPage />} />];
