import { moduleLoader } from '../../common/moduleLoader';

/** The LOSAP area's pages, fetched the first time one of them shows (one chunk for the area). */
export const losapPages = moduleLoader(() => import('./pages'));
