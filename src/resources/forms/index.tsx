import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { FormsPage } from './FormsPage';

/** The Forms page (spec §2 Forms page, with the Ten Code Refresher). Route element mounted inside the layout by src/App.tsx. */
export const formsRoutes: ReactElement[] = [<Route key="forms" path="/Forms" element={<FormsPage />} />];
