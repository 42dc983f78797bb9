import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { losapPages as pages } from './losapPages';

const LosapRulesPage = lazyPage(pages, (m) => m.LosapRulesPage);
const LosapProgressReport = lazyPage(pages, (m) => m.LosapProgressReport);

/** LOSAP pages: Administrative Functions > LOSAP Rules, Reports > LOSAP Progress. Route elements mounted inside the layout by src/App.tsx. */
export const losapRoutes: ReactElement[] = [
  <Route key="losap-rules" path="/LosapRules" element={<LosapRulesPage />} />,
  <Route key="losap-progress" path="/Reports/LosapProgress" element={<LosapProgressReport />} />,
];
