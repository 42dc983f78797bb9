import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Loading } from 'react-admin';
import { useActor } from '../../common/useActor';
import { useForward } from '../../common/useForward';
import { eventQueryString, eventsWindowSince } from './eventQuery';

/**
 * /EventLandingPage?eventTypeId&sinceStartDate (spec §2): goes on to /EventBrowse with the event
 * type and the since date; without a since date the events window starts one month before today
 * (spec §4 'Events date window', MM/DD/YYYY, the server's today in ORG_TIMEZONE). History is
 * replaced, unless the user has already followed a menu link meanwhile (useForward).
 */
export function EventLandingPage() {
  const { search } = useLocation();
  const { today } = useActor();
  const forward = useForward();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const since = params.get('sinceStartDate') || eventsWindowSince(today);
    forward(`/EventBrowse${eventQueryString({ eventTypeId: params.get('eventTypeId'), sinceStartDate: since })}`);
  }, [search, today, forward]);
  return <Loading />;
}
