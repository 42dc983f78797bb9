import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { UploadList } from './UploadList';
import { UploadEdit } from './UploadEdit';
import { DownloadReport } from './DownloadReport';

/** Upload pages (spec §2 Uploads, /DownloadReport). Route elements mounted inside the layout by src/App.tsx. */
export const uploadRoutes: ReactElement[] = [
  <Route key="upload-browse" path="/UploadBrowse" element={<UploadList />} />,
  <Route key="upload-add" path="/UploadEdit" element={<UploadEdit />} />,
  <Route key="upload-edit" path="/UploadEdit/:id" element={<UploadEdit />} />,
  <Route key="download-report" path="/DownloadReport" element={<DownloadReport />} />,
];
