import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const StatisticsSearch = lazyPage(pages, (m) => m.StatisticsSearch);
const StatisticsReport = lazyPage(pages, (m) => m.StatisticsReport);
const TrainingComplianceSearch = lazyPage(pages, (m) => m.TrainingComplianceSearch);
const TrainingComplianceBrowse = lazyPage(pages, (m) => m.TrainingComplianceBrowse);
const TrainingComplianceResults = lazyPage(pages, (m) => m.TrainingComplianceResults);

/** Report pages (spec §2 Statistics, Training Compliance). Route elements mounted inside the layout by src/App.tsx. */
export const reportRoutes: ReactElement[] = [
  <Route key="statistics-search" path="/Reports/StatisticsSearch" element={<StatisticsSearch />} />,
  <Route key="statistics-report" path="/Reports/StatisticsReport" element={<StatisticsReport />} />,
  <Route key="training-search" path="/Reports/TrainingComplianceSearch" element={<TrainingComplianceSearch />} />,
  <Route key="training-browse" path="/Reports/TrainingComplianceBrowse" element={<TrainingComplianceBrowse />} />,
  <Route key="training-results" path="/Reports/TrainingComplianceResults" element={<TrainingComplianceResults />} />,
];
