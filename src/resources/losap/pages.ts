/** The pages of this area, in one module so the area is one lazy chunk (index.tsx mounts them through lazyPage). */
export { LosapRulesPage } from './LosapRulesPage';
export { LosapProgressReport } from './LosapProgressReport';
export { LosapYearEndPage } from './LosapYearEndPage';
export { MyLosapYearPage } from './MyLosapYearPage';
