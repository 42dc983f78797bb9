import { Navigate, useLocation } from 'react-router-dom';
import { useAppConfig } from '../../providers/appConfig';
import { todayIn } from '../../domain/dates';
import { eventQueryString, eventsWindowSince } from './eventQuery';

/**
 * /EventLandingPage?eventTypeId&sinceStartDate (spec §2): goes on to /EventBrowse with the event
 * type and the since date; without a since date the events window starts one month before today
 * (spec §4 'Events date window', MM/DD/YYYY in the organisation's time zone).
 */
export function EventLandingPage() {
  const location = useLocation();
  const { orgTimezone } = useAppConfig();
  const params = new URLSearchParams(location.search);
  const since = params.get('sinceStartDate') || eventsWindowSince(todayIn(orgTimezone));
  const query = eventQueryString({ eventTypeId: params.get('eventTypeId'), sinceStartDate: since });
  return <Navigate to={`/EventBrowse${query}`} replace />;
}
