import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const AuditLogList = lazyPage(pages, (m) => m.AuditLogList);

/** Audit log page (Administrative Functions > Audit Log). Route elements mounted inside the layout by src/App.tsx. */
export const auditLogRoutes: ReactElement[] = [<Route key="audit-log" path="/AuditLogBrowse" element={<AuditLogList />} />];
