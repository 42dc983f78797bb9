import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { losapPages as pages } from './losapPages';

const LosapRulesPage = lazyPage(pages, (m) => m.LosapRulesPage);
const LosapProgressReport = lazyPage(pages, (m) => m.LosapProgressReport);
const LosapYearEndPage = lazyPage(pages, (m) => m.LosapYearEndPage);
const MyLosapYearPage = lazyPage(pages, (m) => m.MyLosapYearPage);

/**
 * LOSAP pages: Administrative Functions > LOSAP Rules and LOSAP Year End, Reports > LOSAP
 * Progress, and the officer's year under review (/MyLosapYear, from the notice on his ticket
 * list). Route elements mounted inside the layout by src/App.tsx.
 */
export const losapRoutes: ReactElement[] = [
  <Route key="losap-rules" path="/LosapRules" element={<LosapRulesPage />} />,
  <Route key="losap-progress" path="/Reports/LosapProgress" element={<LosapProgressReport />} />,
  <Route key="losap-year-end" path="/LosapYearEnd" element={<LosapYearEndPage />} />,
  <Route key="my-losap-year" path="/MyLosapYear" element={<MyLosapYearPage />} />,
];
