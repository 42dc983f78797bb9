import { ACCESS, EVENT_TYPE, UPLOAD_TYPE } from '../domain/constants';
import type { SessionUser } from '../providers/session';

/**
 * Where home sends a complete, signed-in user (spec §2 home redirect, steps 3-5): level 3 to the
 * details event list; anyone with unread 159s to the 159 board; everyone else to the time ticket
 * landing page for the year to date (01/01 of this year through `today`, MM/DD/YYYY).
 */
export function homeTarget(user: SessionUser, unread159s: number, today: string): string {
  if (user.accessType.accessTypeId === ACCESS.RESTRICTED) return `/EventLandingPage?eventTypeId=${EVENT_TYPE.DETAILS}`;
  if (unread159s > 0) return `/UploadBrowse?uploadTypeId=${UPLOAD_TYPE.BOARD_159}`;
  const year = today.slice(6, 10);
  return `/TimeTicketLandingPage?officerId=${user.officerId}&sinceDate=01/01/${year}&untilDate=${today}`;
}
