import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Loading } from 'react-admin';
import { RequirePermission } from '../../common/NotPermitted';
import { useActor } from '../../common/useActor';
import { useForward } from '../../common/useForward';
import { landingQuery, toSearch } from './ticketQuery';

/**
 * /TimeTicketLandingPage (spec §2): rebuilds the list query from officerId, sinceDate, untilDate,
 * assignmentTypeId, precinctId, assignedPct, summarizeFlag and arrestFlag (empty officerId -> the
 * signed-in officer, empty dates -> current year to date) and replaces itself with
 * /TimeTicketBrowse. Level 3 gets the not-permitted page.
 */
export function TicketLandingPage() {
  return (
    <RequirePermission action="ticket:read">
      <Redirect />
    </RequirePermission>
  );
}

function Redirect() {
  const { search } = useLocation();
  const forward = useForward();
  const { actor, today } = useActor();
  const officerId = actor?.officerId;
  useEffect(() => {
    if (!officerId) return;
    forward(`/TimeTicketBrowse${toSearch(landingQuery(search, officerId, today))}`);
  }, [officerId, search, today, forward]);
  return <Loading />;
}
