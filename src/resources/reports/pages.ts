/** The pages of this area, in one module so the area is one lazy chunk (index.tsx mounts them through lazyPage). */
export { StatisticsSearch } from './StatisticsSearch';
export { StatisticsReport } from './StatisticsReport';
export { TrainingComplianceSearch } from './TrainingComplianceSearch';
export { TrainingComplianceBrowse } from './TrainingComplianceBrowse';
export { TrainingComplianceResults } from './TrainingComplianceResults';
