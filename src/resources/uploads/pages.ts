/** The pages of this area, in one module so the area is one lazy chunk (index.tsx mounts them through lazyPage). */
export { UploadList } from './UploadList';
export { UploadEdit } from './UploadEdit';
export { DownloadReport } from './DownloadReport';
