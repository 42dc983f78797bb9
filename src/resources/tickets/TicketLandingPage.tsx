import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Loading } from 'react-admin';
import { landingQuery, toSearch } from './ticketQuery';
import { useViewer } from './useTicketLookups';

/**
 * /TimeTicketLandingPage (spec §2): rebuilds the list query from officerId, sinceDate, untilDate,
 * assignmentTypeId, precinctId, assignedPct, summarizeFlag and arrestFlag (empty officerId -> the
 * signed-in officer, empty dates -> current year to date) and replaces itself with /TimeTicketBrowse.
 */
export function TicketLandingPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { actor, today } = useViewer();
  useEffect(() => {
    if (!actor) return;
    navigate(`/TimeTicketBrowse${toSearch(landingQuery(search, actor.officerId, today))}`, { replace: true });
  }, [actor?.officerId, search, today, navigate]); // eslint-disable-line react-hooks/exhaustive-deps
  return <Loading />;
}
