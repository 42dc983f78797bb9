import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { NewsList } from './NewsList';
import { NewsEdit } from './NewsEdit';

/** Newsfeed pages (spec §2 News). Route elements mounted inside the layout by src/App.tsx. */
export const newsRoutes: ReactElement[] = [
  <Route key="news-browse" path="/NewsBrowse" element={<NewsList />} />,
  <Route key="news-add" path="/NewsEdit" element={<NewsEdit />} />,
  <Route key="news-edit" path="/NewsEdit/:id" element={<NewsEdit />} />,
];
