import { Rng } from './random';
import type { ZoneClock } from './zoneClock';

/** Everything the parts of the scale seed share: the clock of the range, today and the random source. */
export interface SeedContext {
  rng: Rng;
  clock: ZoneClock;
  /** The seed's "now" in ms; nothing is dated after it but future events and their sign-ups. */
  nowMs: number;
  /** Day index of today (ORG_TIMEZONE); day 0 is the same date `years` years earlier. */
  today: number;
  /** Last day index that may hold an event (today + 30). */
  lastDay: number;
}

/** A generated officer as the other parts need him. Day indexes are those of SeedContext.clock. */
export interface SeedOfficer {
  officerId: number;
  firstName: string;
  lastName: string;
  precinctId: number;
  accessTypeId: number;
  /** Appointment day (may be before day 0). */
  appointedDay: number;
  /** Separation day (he is no longer active from that day on), or null. */
  separatedDay: number | null;
  /** Leaves recent 159s unread for weeks. */
  laggard: boolean;
  /** One of the five demo logins: signs off every 159, gets no generated tickets or sign-ups. */
  demo: boolean;
}

/** True when the officer is on the roster (appointed, not yet separated) on day `day`. */
export function activeOn(o: SeedOfficer, day: number): boolean {
  return o.appointedDay <= day && (o.separatedDay === null || day < o.separatedDay);
}
