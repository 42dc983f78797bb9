import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const NewsList = lazyPage(pages, (m) => m.NewsList);
const NewsEdit = lazyPage(pages, (m) => m.NewsEdit);

/** Newsfeed pages (spec §2 News). Route elements mounted inside the layout by src/App.tsx. */
export const newsRoutes: ReactElement[] = [
  <Route key="news-browse" path="/NewsBrowse" element={<NewsList />} />,
  <Route key="news-add" path="/NewsEdit" element={<NewsEdit />} />,
  <Route key="news-edit" path="/NewsEdit/:id" element={<NewsEdit />} />,
];
