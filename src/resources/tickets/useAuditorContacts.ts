import { useMemo } from 'react';
import { auditorContacts, type ContactOfficer } from '../../domain/tickets';
import { useOfficerChoices } from '../../common/lookups';
import { useActor } from '../../common/useActor';
import { AUDITORS_QUERY } from './ticketListQuery';

/**
 * The auditor contact list of flagged tickets (spec §2): GET /officer/getMultiple for access type
 * 10, cached per session, without rank id 10 or above and without the super user. Asked only when
 * `enabled` (a flagged ticket is shown to its owner); empty until then. The same array until the
 * answer or the super user changes (the list's rows are memoized on it).
 */
export function useAuditorContacts(enabled: boolean): ContactOfficer[] {
  const { superUserId } = useActor();
  const officers = useOfficerChoices(AUDITORS_QUERY, enabled);
  return useMemo(() => auditorContacts(officers, superUserId), [officers, superUserId]);
}
