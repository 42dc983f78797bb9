import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const AuditQueue = lazyPage(pages, (m) => m.AuditQueue);

/** The auditors' queue (/AuditQueue, level 10). Route elements mounted inside the layout by src/App.tsx. */
export const auditQueueRoutes: ReactElement[] = [<Route key="audit-queue" path="/AuditQueue" element={<AuditQueue />} />];
