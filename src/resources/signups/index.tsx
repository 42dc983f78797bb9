import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../../common/lazyPage';

/** The area's pages, fetched the first time one of them shows (one chunk per area). */
const pages = () => import('./pages');
const SignupList = lazyPage(() => pages().then((m) => m.SignupList));

/** The roster of an event (spec §2 /EventSignupBrowse). Mounted with the event pages (eventRoutes). */
export const signupRoutes: ReactElement[] = [<Route key="event-roster" path="/EventSignupBrowse" element={<SignupList />} />];
