import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { SignupList } from './SignupList';

/** The roster of an event (spec §2 /EventSignupBrowse). Mounted with the event pages (eventRoutes). */
export const signupRoutes: ReactElement[] = [<Route key="event-roster" path="/EventSignupBrowse" element={<SignupList />} />];
