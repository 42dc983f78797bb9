import { Navigate, useLocation } from 'react-router-dom';
import { useActor } from '../../common/useActor';
import { eventQueryString, eventsWindowSince } from './eventQuery';

/**
 * /EventLandingPage?eventTypeId&sinceStartDate (spec §2): goes on to /EventBrowse with the event
 * type and the since date; without a since date the events window starts one month before today
 * (spec §4 'Events date window', MM/DD/YYYY, the server's today in ORG_TIMEZONE).
 */
export function EventLandingPage() {
  const location = useLocation();
  const { today } = useActor();
  const params = new URLSearchParams(location.search);
  const since = params.get('sinceStartDate') || eventsWindowSince(today);
  const query = eventQueryString({ eventTypeId: params.get('eventTypeId'), sinceStartDate: since });
  return <Navigate to={`/EventBrowse${query}`} replace />;
}
