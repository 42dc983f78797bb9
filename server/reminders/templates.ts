/**
 * The one template of each reminder kind: its subject (the notice's title), its text (the notice's
 * body), and the mail around it as plain text and as HTML. Every word comes from the catalog
 * (rc.reminders); every value put into the HTML part is escaped.
 */
import { format, rc } from '../../src/domain/messages';
import type { ReminderKind } from '../../src/domain/reminders';

const r = rc.reminders;

/** A reminder as the officer sees it: title, lead paragraph, optional list under it, the in-app path it opens. */
export interface ReminderContent {
  title: string;
  lead: string;
  items: string[];
  link: string;
}

/** What the mail around the content needs: the organisation's name and PUBLIC_URL (null: no link in the mail). */
export interface MailFrame {
  orgName: string;
  publicUrl: string | null;
}

/** An event's fields as the reminders show them (dates MM/DD/YYYY, times HH:mm, day 'Mon', all in ORG_TIMEZONE). */
export interface EventFields {
  eventId: number;
  event: string;
  day: string;
  date: string;
  time: string;
  endTime: string;
  location: string;
}

/** eventTomorrow: the event he is on the roster of, opening its roster. */
export function eventTomorrowContent(e: EventFields): ReminderContent {
  return {
    title: format(r.eventTomorrow.subject, { event: e.event, date: e.date, time: e.time }),
    lead: format(r.eventTomorrow.body, { ...e }),
    items: [],
    link: `/EventSignupBrowse?eventId=${e.eventId}`,
  };
}

/**
 * unread159s: how many 159s he has not signed off and the oldest of them (date MM/DD/YYYY and
 * description; `count` may exceed the list, the rest is one 'and N more' line), opening the 159 Board.
 */
export function unread159sContent(count: number, oldest: Array<{ date: string; description: string }>): ReminderContent {
  const items = oldest.map((u) => format(r.unread159s.item, u));
  if (count > oldest.length) items.push(format(r.unread159s.more, { count: count - oldest.length }));
  return {
    title: format(r.unread159s.subject, { count }),
    lead: format(r.unread159s.body, { count }),
    items,
    link: '/UploadBrowse?uploadTypeId=1',
  };
}

/** missingHours: the month ('October 2026') he logged no ticket in, opening his time tickets. */
export function missingHoursContent(month: string): ReminderContent {
  return {
    title: format(r.missingHours.subject, { month }),
    lead: format(r.missingHours.body, { month }),
    items: [],
    link: '/TimeTicketLandingPage',
  };
}

/** understaffed: a detail still short of officers, its precinct, status words and 'n of max', opening its roster. */
export function understaffedContent(e: EventFields & { precinct: string; status: string; signedUp: string }): ReminderContent {
  return {
    title: format(r.understaffed.subject, { event: e.event, date: e.date }),
    lead: format(r.understaffed.body, { ...e }),
    items: [],
    link: `/EventSignupBrowse?eventId=${e.eventId}`,
  };
}

/** losapPace: his total and the pace and threshold of the year (in the rule's unit), opening his LOSAP year. */
export function losapPaceContent(v: { year: number; total: number; pace: number; threshold: number; rule: 'hours' | 'points' }): ReminderContent {
  return {
    title: format(r.losapPace.subject, { year: v.year }),
    lead: format(r.losapPace.body, { year: v.year, total: v.total, pace: v.pace, threshold: v.threshold, unit: r.losapPace.units[v.rule] }),
    items: [],
    link: '/MyLosapYear',
  };
}

/** The notice's body: the lead and each list line on its own line. */
export function noticeBody(c: Pick<ReminderContent, 'lead' | 'items'>): string {
  return [c.lead, ...c.items.map((i) => `- ${i}`)].join('\n');
}

/** The full address of an in-app path, or null without PUBLIC_URL (mails carry no link then). */
export function appUrl(frame: MailFrame, link: string): string | null {
  return frame.publicUrl ? `${frame.publicUrl}/secure${link}` : null;
}

/**
 * The plain-text part of the mail of a stored notice (its body and link): the body, the link,
 * the organisation's name and why he gets it. Made when the mail is sent, from the stored row.
 */
export function mailText(kind: ReminderKind, body: string, link: string, frame: MailFrame): string {
  const url = appUrl(frame, link);
  return [body, ...(url ? ['', format(r.mail.open, { url })] : []), '', `-- `, frame.orgName, format(r.mail.why, { kind: r.kinds[kind] })].join('\n');
}

/**
 * Text made safe to place in HTML: the five characters with a meaning there become entities.
 * (Five fixed replacements; no library of the project's dependencies does only this.)
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

/** The HTML part of the mail: the same content as mailText, every value escaped; stored with the notice. */
export function mailHtml(kind: ReminderKind, c: ReminderContent, frame: MailFrame): string {
  const url = appUrl(frame, c.link);
  const list = c.items.length ? `<ul>${c.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '';
  const open = url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(r.mail.openLink)}</a></p>` : '';
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(c.title)}</title></head>` +
    `<body style="font-family: sans-serif; line-height: 1.4"><p>${escapeHtml(c.lead)}</p>${list}${open}` +
    `<p>${escapeHtml(frame.orgName)}</p><p style="color: #555; font-size: 0.9em">${escapeHtml(format(r.mail.why, { kind: r.kinds[kind] }))}</p></body></html>`
  );
}
