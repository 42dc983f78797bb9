import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { useActor } from '../../common/useActor';
import { useForward } from '../../common/useForward';
import { UNREAD_159_ALERT_DAYS, UPLOAD_TYPE } from '../../domain/constants';
import { rc } from '../../domain/messages';

/** Where the forced redirect goes: the 159 board. */
export const BOARD_159_PATH = `/UploadBrowse?uploadTypeId=${UPLOAD_TYPE.BOARD_159}`;

/**
 * The forced redirect of spec §4 (and §8): an officer opening LOSAP Notices (`uploadTypeId` 2)
 * while he has a 159 unread for more than 30 days (GET /api/countUnread159s/{id}?olderThanDays=30
 * above 0) is alerted "You have unread 159's that are older than 30 days!" and sent to the 159
 * board instead (history replaced). A failed count counts as 0, like the home redirect. Asked
 * afresh on every visit. Returns true while the page must wait (counting, or leaving).
 */
export function useOld159Redirect(uploadTypeId: number | undefined): boolean {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const forward = useForward();
  // one count per visit: the list stays mounted from the board to LOSAP Notices, and an answer of an earlier visit must not decide
  const { key: visit } = useLocation();
  const notify = useNotify();
  const { actor } = useActor();
  const asks = uploadTypeId === UPLOAD_TYPE.LOSAP_NOTICES && !!actor;
  const { data: count, isPending } = useQuery({
    queryKey: ['rollcall-old-unread159s', actor?.officerId, visit],
    queryFn: () =>
      dataProvider
        .api<string | number>('GET', `/countUnread159s/${actor?.officerId}`, { query: { olderThanDays: UNREAD_159_ALERT_DAYS } })
        .then((n) => Number(n) || 0)
        .catch(() => 0),
    enabled: asks,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const leaving = asks && (count ?? 0) > 0;
  useEffect(() => {
    if (!leaving) return;
    if (forward(BOARD_159_PATH)) notify(rc.uploads.errors.unread159Alert, { type: 'error', autoHideDuration: 10_000 });
  }, [leaving, forward, notify]);
  return asks && (isPending || leaving);
}
