/**
 * The private iCalendar feeds (RFC 5545), written by ical-generator with the VTIMEZONE of
 * ORG_TIMEZONE from @touch4it/ical-timezones: every time is wall-clock in that zone (TZID), as the
 * lists show it, so a calendar app shows an event at the same hour on either side of a
 * daylight-saving change.
 */
import { createHash, randomBytes } from 'node:crypto';
import ical, { foldLines, ICalCalendarMethod, ICalEventStatus, type ICalDateTimeValue, type ICalEventData } from 'ical-generator';
import { LRUCache } from 'lru-cache';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { dayjs } from '../src/domain/dates';
import { format, rc } from '../src/domain/messages';
import { eventStatus } from '../src/domain/eventStatus';
import type { FeedScope } from '../src/domain/reminders';
import type { FeedEntry } from './db/repositories/calendar';

/** A new feed token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 (hex) of a feed token: what calendar_feed.token_hash holds and what a fetch looks up. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A wall-clock time for ical-generator with a calendar time zone set. It reads a string (or Date)
 * through the process's own zone and writes its local fields, so the wall-clock text round-trips
 * exactly unless that hour does not exist in the process's zone (a server whose TZ has another
 * daylight-saving date); then the instant goes as a Day.js value, which it converts to `tz` itself.
 * (Day.js conversion costs about 0.3 ms each, too slow for every entry of a 500-entry feed.)
 */
function wallClock(local: string, instant: Date): ICalDateTimeValue {
  const d = new Date(local);
  const back = `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;
  return back === local ? local : (dayjs(instant) as unknown as ICalDateTimeValue);
}

/** What a feed is written with besides its entries. */
export interface FeedOptions {
  scope: FeedScope;
  /** ORG_TIMEZONE. */
  tz: string;
  orgName: string;
  /** Host part of every UID (the app's host name): UIDs stay the same from fetch to fetch. */
  uidHost: string;
  /** The app's address without a trailing slash (PUBLIC_URL, else the request's), for each entry's URL. */
  appUrl: string;
}

/** The stable UID of an entry: one per sign-up (signups) or per detail (details). */
export function entryUid(scope: FeedScope, e: Pick<FeedEntry, 'eventId' | 'officerId'>, host: string): string {
  return scope === 'signups' ? `rollcall-signup-${e.eventId}-${e.officerId}@${host}` : `rollcall-detail-${e.eventId}@${host}`;
}

/**
 * Folded VEVENT texts kept by what they are written from (at most 16 MiB of text): an event edit,
 * a roster change or a new removal changes the key, so a kept text is never stale. ical-generator
 * folds a calendar character by character (a TextEncoder per character: about a millisecond per
 * entry), which made a 500-entry feed cost half a second; each entry is folded once instead.
 */
const entryTexts = new LRUCache<string, string>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (text, key) => text.length + key.length });

/**
 * Folds `text` (lines ending CRLF) with ical-generator's foldLines, calling it only for the lines
 * it would change (longer than 74 octets; a shorter line comes back as it was).
 */
function fold(text: string): string {
  return text
    .split('\r\n')
    .map((line) => (line.length <= 18 || Buffer.byteLength(line) <= 74 ? line : foldLines(line)))
    .join('\r\n');
}

/** The ical-generator data of one entry: UID, SEQUENCE, STATUS, times in `tz`, summary, location, description, URL. */
function entryData(e: FeedEntry, o: FeedOptions): ICalEventData {
  const status = eventStatus(e.eventTypeId, e.signupCount, e.maxOfficers);
  const summary = format(rc.calendar.feed.entryDescription, { eventType: e.eventType, precinct: e.precinct, status });
  return {
    id: entryUid(o.scope, e, o.uidHost),
    sequence: e.sequence + (e.removedAt ? 1 : 0),
    status: e.removedAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    start: wallClock(e.startLocal, e.startAt),
    end: wallClock(e.endLocal, e.endAt),
    timezone: o.tz,
    // the entry's own last change: the same entry is written the same in every fetch and every feed
    stamp: e.changedAt,
    lastModified: e.changedAt,
    summary: e.eventName,
    location: { title: e.locationName, address: `${e.address}, ${e.city}, ${e.stateAbbr} ${e.zip}` },
    description: e.description ? `${summary}\n\n${e.description}` : summary,
    url: `${o.appUrl}/secure/EventSignupBrowse?eventId=${e.eventId}`,
  };
}

/**
 * The feed as iCalendar text, written by ical-generator: the VCALENDAR head (name, PRODID,
 * METHOD:PUBLISH, the VTIMEZONE of `tz`, refresh interval) and one VEVENT per entry, each:
 * UID (entryUid), SEQUENCE (the event's, one more once he is off its roster), STATUS CONFIRMED
 * or CANCELLED, DTSTART/DTEND with TZID, SUMMARY, LOCATION (name and address), DESCRIPTION (type,
 * precinct, staffing, the event's description) and URL (its roster page in the app). Each VEVENT's
 * folded text is kept (entryTexts) while what it is written from stands.
 */
export function writeFeed(entries: FeedEntry[], o: FeedOptions): string {
  const cal = ical({
    name: format(o.scope === 'signups' ? rc.calendar.feed.signupsName : rc.calendar.feed.detailsName, { org: o.orgName }),
    prodId: { company: o.orgName, product: 'Roll Call', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: o.tz, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  const end = 'END:VCALENDAR';
  // the head as ical-generator writes an empty calendar (with the zone), then the entries before its end
  const head = cal.toString();
  const parts = [head.slice(0, head.lastIndexOf(end))];
  for (const e of entries) {
    const key = JSON.stringify([o.scope, o.tz, o.uidHost, o.appUrl, e]);
    let text = entryTexts.get(key);
    if (text === undefined) {
      text = fold(cal.createEvent(entryData(e, o)).toString());
      entryTexts.set(key, text);
    }
    parts.push(text);
  }
  parts.push(end);
  return parts.join('');
}
