import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const LosapRulesPage = lazyPage(pages, (m) => m.LosapRulesPage);
const LosapProgressReport = lazyPage(pages, (m) => m.LosapProgressReport);

/**
 * The LOSAP progress card, loaded with the area's chunk the first time it shows (for the time
 * ticket landing page): `<LazyLosapProgressCard />` for oneself this year, or with officerId / year.
 */
export const LazyLosapProgressCard = lazyPage(pages, (m) => m.LosapProgressCard);

/** LOSAP pages: Administrative Functions > LOSAP Rules, Reports > LOSAP Progress. Route elements mounted inside the layout by src/App.tsx. */
export const losapRoutes: ReactElement[] = [
  <Route key="losap-rules" path="/LosapRules" element={<LosapRulesPage />} />,
  <Route key="losap-progress" path="/Reports/LosapProgress" element={<LosapProgressReport />} />,
];
