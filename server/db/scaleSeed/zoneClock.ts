import { dayjs } from '../../../src/domain/dates';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Wall-clock to instant conversion for the scale seed, without asking the time-zone database per
 * row: the zone's UTC offset is read (dayjs) once per day of the range, each change of offset is
 * located to the minute, and every later conversion is arithmetic on that table. Days are indexes
 * from `firstDate` (YYYY-MM-DD in `tz`); minutes count from that day's midnight and may pass 1440
 * (a tour ending after midnight).
 */
export interface ZoneClock {
  /** Number of days covered (day indexes 0 .. days - 1). */
  days: number;
  /** The instant (ms since epoch) of wall-clock `minute` on day `day`; null when that wall time is
   * skipped (spring forward) or happens twice (fall back), so the app's own conversion could differ. */
  instant(day: number, minute: number): number | null;
  /** The local date YYYY-MM-DD of a day index. */
  isoDate(day: number): string;
}

/** Builds the clock for `days` days from `firstDate` (YYYY-MM-DD) in `tz`. */
export function makeZoneClock(tz: string, firstDate: string, days: number): ZoneClock {
  const base = dayjs.utc(firstDate, 'YYYY-MM-DD').valueOf(); // local midnight of day 0, read as if UTC
  const offsetOf = (utcMs: number) => dayjs(utcMs).tz(tz).utcOffset();
  const changes: number[] = []; // instants where the offset changes
  const after: number[] = []; // offset (minutes) from that instant on
  const first = base - 2 * DAY;
  const initial = offsetOf(first);
  let previous = initial;
  for (let t = first + DAY; t <= base + (days + 2) * DAY; t += DAY) {
    const offset = offsetOf(t);
    if (offset === previous) continue;
    let lo = t - DAY; // offset `previous` here
    let hi = t; // new offset here
    while (hi - lo > MINUTE) {
      const mid = lo + Math.max(1, Math.floor((hi - lo) / 2 / MINUTE)) * MINUTE;
      if (offsetOf(mid) === previous) lo = mid;
      else hi = mid;
    }
    changes.push(hi);
    after.push(offset);
    previous = offset;
  }
  const offsetAt = (utcMs: number): number => {
    let lo = 0;
    let hi = changes.length; // first change after utcMs
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (changes[mid] <= utcMs) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? initial : after[lo - 1];
  };
  return {
    days,
    instant(day, minute) {
      const local = base + day * DAY + minute * MINUTE;
      const a = offsetAt(local - DAY);
      const b = offsetAt(local + DAY);
      const fitsA = offsetAt(local - a * MINUTE) === a;
      if (a === b) return fitsA ? local - a * MINUTE : null;
      const fitsB = offsetAt(local - b * MINUTE) === b;
      if (fitsA === fitsB) return null; // skipped (neither) or repeated (both)
      return local - (fitsA ? a : b) * MINUTE;
    },
    isoDate(day) {
      return dayjs.utc(base).add(day, 'day').format('YYYY-MM-DD');
    },
  };
}
