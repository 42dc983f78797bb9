import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';
import { moduleLoader } from '../../common/moduleLoader';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = moduleLoader(() => import('./pages'));
const SignupList = lazyPage(pages, (m) => m.SignupList);

/** The roster of an event (spec §2 /EventSignupBrowse). Mounted with the event pages (eventRoutes). */
export const signupRoutes: ReactElement[] = [<Route key="event-roster" path="/EventSignupBrowse" element={<SignupList />} />];
