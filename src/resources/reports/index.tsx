import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { StatisticsSearch } from './StatisticsSearch';
import { StatisticsReport } from './StatisticsReport';
import { TrainingComplianceSearch } from './TrainingComplianceSearch';
import { TrainingComplianceBrowse } from './TrainingComplianceBrowse';
import { TrainingComplianceResults } from './TrainingComplianceResults';

/** Report pages (spec §2 Statistics, Training Compliance). Route elements mounted inside the layout by src/App.tsx. */
export const reportRoutes: ReactElement[] = [
  <Route key="statistics-search" path="/Reports/StatisticsSearch" element={<StatisticsSearch />} />,
  <Route key="statistics-report" path="/Reports/StatisticsReport" element={<StatisticsReport />} />,
  <Route key="training-search" path="/Reports/TrainingComplianceSearch" element={<TrainingComplianceSearch />} />,
  <Route key="training-browse" path="/Reports/TrainingComplianceBrowse" element={<TrainingComplianceBrowse />} />,
  <Route key="training-results" path="/Reports/TrainingComplianceResults" element={<TrainingComplianceResults />} />,
];
