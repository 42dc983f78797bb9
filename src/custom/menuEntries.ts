import { can, type Actor } from '../domain/access';
import { EVENT_TYPE, UPLOAD_TYPE } from '../domain/constants';
import { rc } from '../domain/messages';

/** One menu entry: a link (`to` = path and query) or a group of links. */
export interface MenuEntry {
  /** Stable key, also used to pick the icon. */
  key: string;
  label: string;
  to?: string;
  children?: MenuEntry[];
}

const m = rc.menu;
const eventLink = (eventTypeId: number) => `/EventLandingPage?eventTypeId=${eventTypeId}`;

/**
 * The navigation menu of spec §2 and §6 for a signed-in user:
 * - level 3 only 'Detail List' (event list, eventTypeId=1);
 * - every other level: Time Tickets (Current YTD, Search), Events (Details, Training,
 *   Administrative, Special, Search, Calendar, My Sign-ups), Forms, 159, LOSAP Notices, Change Password
 *   (level 3 reaches the calendar from his Detail List instead: a view toggle, not a menu entry);
 * - level 5+: Reports > Statistics, LOSAP Progress; 9+: Reports > Training Compliance and
 *   Administrative Functions > Locations, Newsfeed, LOSAP Year End; 10+: Administrative
 *   Functions > Roster, Audit Log and LOSAP Rules (before LOSAP Year End), and Import (after it);
 * - every level but 3: News (the newsfeed to read, after LOSAP Notices; level 9+ also keeps
 *   Administrative Functions > Newsfeed, the same page, where they add and edit);
 * - every level but 3: My Profile (his own contact fields) just before Change Password. Level 3
 *   keeps the spec's single entry, though the page itself is open to him (/MyProfile).
 * - level 10 exactly (the auditors, who flag tickets): Time Tickets > Audit Queue.
 * No actor (or a password-change-only session) gets no entries.
 */
export function menuEntries(actor: Actor | null): MenuEntry[] {
  if (!can(actor, 'app:use')) return [];
  if (!can(actor, 'menu:full')) return [{ key: 'detailList', label: m.detailList, to: eventLink(EVENT_TYPE.DETAILS) }];

  const entries: MenuEntry[] = [
    {
      key: 'timeTickets',
      label: m.timeTickets,
      children: [
        { key: 'ticketsYtd', label: m.currentYtd, to: '/TimeTicketLandingPage?officerId=&sinceDate=&untilDate=' },
        { key: 'ticketSearch', label: m.search, to: '/TimeTicketSearch' },
        // the auditors' queue (level 10); AppMenu adds its count waiting
        ...(can(actor, 'ticket:flag') ? [{ key: 'auditQueue', label: rc.review.title, to: '/AuditQueue' }] : []),
      ],
    },
    {
      key: 'events',
      label: m.events,
      children: [
        { key: 'eventsDetails', label: m.details, to: eventLink(EVENT_TYPE.DETAILS) },
        { key: 'eventsTraining', label: m.training, to: eventLink(EVENT_TYPE.TRAINING) },
        { key: 'eventsAdministrative', label: m.administrative, to: eventLink(EVENT_TYPE.ADMINISTRATIVE) },
        { key: 'eventsSpecial', label: m.special, to: eventLink(EVENT_TYPE.SPECIAL) },
        { key: 'eventSearch', label: m.search, to: '/EventSearch' },
        { key: 'eventCalendar', label: rc.calendar.menu, to: '/EventCalendar' },
        ...(can(actor, 'signup:create') ? [{ key: 'mySignups', label: m.mySignups, to: '/MySignups' }] : []),
      ],
    },
    { key: 'forms', label: m.forms, to: '/Forms' },
    { key: 'board159', label: m.board159, to: `/UploadBrowse?uploadTypeId=${UPLOAD_TYPE.BOARD_159}` },
    { key: 'losap', label: m.losapNotices, to: `/UploadBrowse?uploadTypeId=${UPLOAD_TYPE.LOSAP_NOTICES}` },
  ];

  // the newsfeed to read, for every level that reads it (level 3 never gets here: spec §6)
  if (can(actor, 'news:read')) entries.push({ key: 'news', label: rc.news.titles.news, to: '/NewsBrowse' });

  const reports: MenuEntry[] = [];
  if (can(actor, 'report:statistics')) reports.push({ key: 'statistics', label: m.statistics, to: '/Reports/StatisticsSearch' });
  if (can(actor, 'report:training')) {
    reports.push({ key: 'trainingCompliance', label: m.trainingCompliance, to: '/Reports/TrainingComplianceSearch' });
  }
  if (can(actor, 'losap:report')) reports.push({ key: 'losapProgress', label: m.losapProgress, to: '/Reports/LosapProgress' });
  if (reports.length) entries.push({ key: 'reports', label: m.reports, children: reports });

  const admin: MenuEntry[] = [];
  if (can(actor, 'location:write')) admin.push({ key: 'locations', label: m.locations, to: '/LocationBrowse' });
  if (can(actor, 'news:write')) admin.push({ key: 'newsfeed', label: m.newsfeed, to: '/NewsBrowse' });
  if (can(actor, 'officer:write')) admin.push({ key: 'roster', label: m.roster, to: '/OfficerBrowse?excludeSeparated=Y' });
  if (can(actor, 'audit:read')) admin.push({ key: 'auditLog', label: m.auditLog, to: '/AuditLogBrowse' });
  if (can(actor, 'losap:rules-write')) admin.push({ key: 'losapRules', label: m.losapRules, to: '/LosapRules' });
  if (can(actor, 'losap:year-end')) admin.push({ key: 'losapYearEnd', label: m.losapYearEnd, to: '/LosapYearEnd' });
  if (can(actor, 'import:run')) admin.push({ key: 'import', label: rc.imports.page.title, to: '/Import' });
  if (admin.length) entries.push({ key: 'admin', label: m.adminFunctions, children: admin });

  if (actor && can(actor, 'officer:update-contact', { officerId: actor.officerId })) {
    entries.push({ key: 'myProfile', label: rc.profile.title, to: '/MyProfile' });
  }
  entries.push({ key: 'changePassword', label: m.changePassword, to: '/PasswordChange' });
  return entries;
}

/** True when `to` (path and query) is the page already shown: a click on it does nothing (spec §2). */
export function isCurrentLink(to: string, location: { pathname: string; search: string }): boolean {
  const [path, query = ''] = to.split('?');
  const current = location.search.startsWith('?') ? location.search.slice(1) : location.search;
  return path.toLowerCase() === location.pathname.toLowerCase() && query === current;
}
