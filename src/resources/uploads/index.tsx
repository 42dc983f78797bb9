import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const UploadList = lazyPage(pages, (m) => m.UploadList);
const UploadEdit = lazyPage(pages, (m) => m.UploadEdit);
const DownloadReport = lazyPage(pages, (m) => m.DownloadReport);

/** Upload pages (spec §2 Uploads, /DownloadReport). Route elements mounted inside the layout by src/App.tsx. */
export const uploadRoutes: ReactElement[] = [
  <Route key="upload-browse" path="/UploadBrowse" element={<UploadList />} />,
  <Route key="upload-add" path="/UploadEdit" element={<UploadEdit />} />,
  <Route key="upload-edit" path="/UploadEdit/:id" element={<UploadEdit />} />,
  <Route key="download-report" path="/DownloadReport" element={<DownloadReport />} />,
];
