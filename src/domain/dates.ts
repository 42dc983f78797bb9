import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT, TIME_FORMAT, TIME_STEP_MINUTES } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** Distinct answers a remembered function keeps before it starts afresh. */
const REMEMBERED = 2000;

/**
 * `fn` (pure, of one string) remembering its answers: a list checks the same few dates for every
 * row, each through dayjs' parser (100 ticket cards on a phone's CPU).
 */
function remembered<T>(fn: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as T;
    const answer = fn(key);
    if (answers.size >= REMEMBERED) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}

export { dayjs };

/** True for a real calendar date written MM/DD/YYYY (02/30/2026 is false). */
export const isValidDate = remembered((value: string): boolean => /^\d{2}\/\d{2}\/\d{4}$/.test(value) && dayjs(value, DATE_FORMAT, true).isValid());

/** True for a 24-hour time HH:mm (00:00 to 23:59). */
export function isValidTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** True when an HH:mm time falls on a 15-minute step (spec §5 'Time must be in 15 minute increments!'). */
export function isOnTimeStep(value: string): boolean {
  return isValidTime(value) && Number(value.slice(3)) % TIME_STEP_MINUTES === 0;
}

/**
 * The instant of a wall-clock date (MM/DD/YYYY) and time (HH:mm) in the organisation's time zone.
 * A time that does not exist (spring forward) moves forward by the gap, as the zone rules say.
 */
export function toInstant(date: string, time: string, tz: string): Date {
  return new Date(instantMs(`${date} ${time}\u0000${tz}`));
}

/**
 * toInstant's milliseconds, remembered by date, time and zone: an import checks a million tickets
 * whose tours share a few thousand wall-clock times, and dayjs' zone parse costs about 0.1 ms.
 * A well-formed date and time are handed to dayjs as ISO text (its quick parser, a quarter of
 * the cost of the format parser); anything else goes through the format as before.
 */
const instantMs = remembered((key: string): number => {
  const [wall, tz] = key.split('\u0000');
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec(wall);
  const d = m ? dayjs.tz(`${m[3]}-${m[1]}-${m[2]} ${m[4]}`, tz) : dayjs.tz(wall, `${DATE_FORMAT} ${TIME_FORMAT}`, tz);
  return d.valueOf();
});

/** One Intl formatter per zone of an instant's wall clock (dayjs' .tz() makes a new one on every call). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's wall-clock date and time in `tz` as 'MM/DD/YYYY HH:mm', through the platform's Intl (cached per zone). */
function wallClock(at: Date, tz: string): string {
  let f = wallClockFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallClockFormats.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * False for a wall-clock time that does not exist in the zone on that date (the hour skipped when
 * clocks go forward, e.g. 02:00-02:59 on 03/08/2026 in America/New_York). Such a time must be
 * refused rather than silently moved.
 */
export function isExistingLocalTime(date: string, time: string, tz: string): boolean {
  return wallClock(toInstant(date, time, tz), tz) === `${date} ${time}`;
}

/** An instant as { date: MM/DD/YYYY, time: HH:mm, day: 'Mon' } in the organisation's time zone. */
export function fromInstant(instant: Date | string, tz: string): { date: string; time: string; day: string } {
  const d = dayjs(instant).tz(tz);
  return { date: d.format(DATE_FORMAT), time: d.format(TIME_FORMAT), day: d.format('ddd') };
}

/**
 * The wall-clock fields of a 10-41..10-42 tour or an event (spec §3) in the organisation's time
 * zone: startDate/endDate MM/DD/YYYY, startTime/endTime HH:mm, startDay/endDay 'Mon'.
 */
export function spanFields(startAt: Date | string, endAt: Date | string, tz: string) {
  const start = fromInstant(startAt, tz);
  const end = fromInstant(endAt, tz);
  return { startDate: start.date, startTime: start.time, startDay: start.day, endDate: end.date, endTime: end.time, endDay: end.day };
}

/** Real elapsed hours between two instants (a tour across a DST change counts its true length). */
export function hoursBetween(start: Date, end: Date): number {
  return (end.getTime() - start.getTime()) / 3_600_000;
}

/** Today's date (MM/DD/YYYY) in the organisation's time zone at the given instant. */
export function todayIn(tz: string, now: Date = new Date()): string {
  return dayjs(now).tz(tz).format(DATE_FORMAT);
}

/**
 * `todayIn(tz, now())` worked out again only when the clock leaves the day it was worked out for
 * (its local midnight to the next, as instants): the server's answer keys ask it on every request,
 * and the time-zone conversion costs a tenth of a millisecond each time.
 */
export function todayFollowing(tz: string, now: () => Date): () => string {
  let day: { date: string; start: number; end: number } | null = null;
  return () => {
    const t = now().getTime();
    if (!day || t < day.start || t >= day.end) {
      const date = todayIn(tz, new Date(t));
      day = { date, start: toInstant(date, '00:00', tz).getTime(), end: toInstant(daysBefore(date, -1), '00:00', tz).getTime() };
    }
    return day.date;
  };
}

/** MM/DD/YYYY -> YYYY-MM-DD (for SQL date columns and comparisons). */
export const toIsoDate = remembered((date: string): string => dayjs(date, DATE_FORMAT, true).format('YYYY-MM-DD'));

/** YYYY-MM-DD -> MM/DD/YYYY; null stays null. */
export function fromIsoDate(iso: string | null | undefined): string | null {
  return iso ? dayjs(iso, 'YYYY-MM-DD', true).format(DATE_FORMAT) : null;
}

/**
 * Compares two MM/DD/YYYY dates: negative, 0 or positive. YYYY-MM-DD strings sort as their dates
 * do, so a plain string comparison suffices (localeCompare would consult the collator on every
 * call: a list sorts and checks hundreds of dates per render).
 */
export function compareDates(a: string, b: string): number {
  const x = toIsoDate(a);
  const y = toIsoDate(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const daysBeforeOf = remembered((key: string): string => {
  const [date, days] = key.split('|');
  return dayjs(date, DATE_FORMAT, true).subtract(Number(days), 'day').format(DATE_FORMAT);
});

/** The date `days` days before `date` (MM/DD/YYYY), calendar arithmetic. */
export function daysBefore(date: string, days: number): string {
  return daysBeforeOf(`${date}|${days}`);
}

export type QuickRange = 'priorMonth' | 'mtd' | 'ytd';

/**
 * Quick date ranges of the search forms (spec §2): Prior Month (first to last day of last month),
 * MTD (first of this month to today), YTD (01/01 of this year to today). Dates MM/DD/YYYY.
 */
export function quickRange(range: QuickRange, today: string): { sinceDate: string; untilDate: string } {
  const t: Dayjs = dayjs(today, DATE_FORMAT, true);
  if (range === 'priorMonth') {
    const prior = t.subtract(1, 'month');
    return { sinceDate: prior.startOf('month').format(DATE_FORMAT), untilDate: prior.endOf('month').format(DATE_FORMAT) };
  }
  if (range === 'mtd') return { sinceDate: t.startOf('month').format(DATE_FORMAT), untilDate: today };
  return { sinceDate: t.startOf('year').format(DATE_FORMAT), untilDate: today };
}
