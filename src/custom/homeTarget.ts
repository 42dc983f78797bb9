import { can } from '../domain/access';
import { ACCESS, EVENT_TYPE, UPLOAD_TYPE } from '../domain/constants';
import { actorOf, type SessionUser } from '../providers/session';

/** The auditors' queue, where an auditor starts his day (src/resources/auditQueue). */
export const AUDIT_QUEUE_PATH = '/AuditQueue';

/**
 * Where home sends a complete, signed-in user (spec §2 home redirect, steps 3-5): level 3 to the
 * details event list; anyone with unread 159s to the 159 board (that step stays first for
 * everybody); then an auditor (level 10, the right to flag tickets) to the auditors' queue
 * (/AuditQueue), since reviewing tickets is his daily work; everyone else to the time ticket
 * landing page for the year to date (01/01 of this year through `today`, MM/DD/YYYY).
 */
export function homeTarget(user: SessionUser, unread159s: number, today: string): string {
  if (user.accessType.accessTypeId === ACCESS.RESTRICTED) return `/EventLandingPage?eventTypeId=${EVENT_TYPE.DETAILS}`;
  if (unread159s > 0) return `/UploadBrowse?uploadTypeId=${UPLOAD_TYPE.BOARD_159}`;
  if (can(actorOf(user), 'ticket:flag')) return AUDIT_QUEUE_PATH;
  const year = today.slice(6, 10);
  return `/TimeTicketLandingPage?officerId=${user.officerId}&sinceDate=01/01/${year}&untilDate=${today}`;
}
