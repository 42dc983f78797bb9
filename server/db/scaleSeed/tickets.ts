import { copyText } from './copy';
import type { SeedContext, SeedOfficer } from './context';
import type { SeedEvent } from './events';
import { ACCESS } from '../../../src/domain/constants';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Regular tours per active officer per year (event tickets come on top, a few a year). */
export const TOURS_PER_YEAR = 110;
/** Share of tickets an auditor flags. */
const FLAG_RATE = 0.03;
/**
 * The auditors keep up to about three weeks back: a ticket whose 10-41 is older has been reviewed
 * (accepted, or flagged), a newer one waits in the queue. Of the waiting ones a few were entered
 * late (LATE_RATE, 8-12 days after the tour), so the queue has tickets that need attention.
 */
export const REVIEWED_BEFORE_DAYS = 21;
const LATE_RATE = 0.04;
const DAY_MS = 24 * HOUR_MS;

/** Columns of the time ticket COPY, in the order ticketLines() writes them. */
export const TICKET_COLUMNS = [
  'officer_id', 'assignment_type_id', 'precinct_id', 'event_id', 'start_at', 'end_at', 'hours_worked', 'travel_hours', 'description',
  'parking_citations', 'firs', 'warnings', 'arrests', 'arrest_assists', 'reports', 'pedestrian_edu', 'business_checks',
  'flagged_by', 'audit_comments', 'entered_by', 'updated_by', 'created_timestamp', 'updated_timestamp',
  'review_state', 'reviewed_by', 'reviewed_at',
] as const;

/** Assignment types of tours without an event (5, LOSAP adjustment, is never logged) by weight. */
const TOUR_TYPES: ReadonlyArray<readonly [number, number]> = [[2, 72], [7, 8], [8, 7], [10, 6], [6, 2], [3, 2]];

const esc = (list: readonly string[]) => list.map(copyText);
const TOUR_TEXT: Record<number, readonly string[]> = {
  2: esc(['Sector patrol. Quiet tour.', 'Sector patrol, business checks on the avenue.', 'Vehicle patrol with partner.\nNo incidents.', 'Foot patrol of the shopping district.',
    'Patrol of the train station and parking field.', 'Park patrol; advised youths about curfew.', 'Patrol, assisted RMP with traffic at a collision.']),
  3: esc(['Storm deployment: road closures and downed wires.', 'Emergency deployment, traffic posts at flooded intersections.', 'Blackout deployment, fixed posts at signals.']),
  6: esc(['Court appearance for a summons issued on patrol.', 'Grand jury appearance.']),
  7: esc(['Desk duty at the precinct.', 'Desk duty: phones and walk-ins.', 'Desk duty, logged equipment returns.']),
  8: esc(['Community outreach table at the library.', 'Child ID program at the school fair.', 'Crime prevention talk at the senior center.']),
  10: esc(['Radio room: dispatch for the evening tours.', 'Radio room, unit status board and roll call.']),
  1: esc(['Detail post as assigned.', 'Traffic post at the main entrance.', 'Crowd control at the barriers.']),
  4: esc(['Attended the class.', 'Training completed; certificate pending.']),
  9: esc(['Attended the meeting.', 'Staff meeting and equipment inventory.']),
  11: esc(['Foot patrol of the event grounds.', 'Fixed post at the stage area.']),
};
const AUDIT_TEXT = esc([
  'The 10-42 does not match the roster. Please correct the end time.', 'Duplicate of another tour on this date. Please remove one of them.',
  'Wrong precinct for this post. Please correct.', 'Travel hour claimed for a post within the precinct. Please correct.',
  'Description missing the post and partner. Please add them.', 'Tour length exceeds the detail. Please correct the 10-41 and 10-42.',
]);

/** Totals of the generated tickets, filled while the lines are made. */
export interface TicketTally { tickets: number; flagged: number; withArrests: number }

/**
 * Time ticket COPY lines (TICKET_COLUMNS), officer by officer and tour by tour, so each
 * officer's tickets come sorted by 10-41 and never overlap: one ticket at most per officer per
 * day, starting 06:00 or later and ending by 04:00 the next day (wall clock in ORG_TIMEZONE; a
 * tour across a daylight-saving change counts its real length). A day with an event the officer
 * is on the roster of gets that event's ticket when he turned up (busy > 0) and nothing else.
 * Restricted officers (level 3) and the demo logins get no tickets. Nothing ends after now.
 */
export function* ticketLines(
  ctx: SeedContext,
  opts: { officers: SeedOfficer[]; events: SeedEvent[]; busy: Int32Array; auditors: number[]; admins: number[]; tally: TicketTally },
): Generator<string> {
  const r = ctx.rng;
  const days = ctx.clock.days;
  const daily = TOURS_PER_YEAR / 365;
  const iso = (ms: number) => new Date(ms).toISOString();
  for (let oi = 0; oi < opts.officers.length; oi++) {
    const o = opts.officers[oi];
    if (o.demo || o.accessTypeId === ACCESS.RESTRICTED) continue;
    const from = Math.max(0, o.appointedDay);
    const to = Math.min(ctx.today, (o.separatedDay ?? ctx.today + 1) - 1);
    const home = o.precinctId <= 8 ? o.precinctId : 0;
    for (let day = from; day <= to; day++) {
      const busy = opts.busy[oi * days + day];
      let type: number;
      let precinct: number;
      let eventId = '\\N';
      let start: number | null;
      let end: number | null;
      if (busy !== 0) {
        if (busy < 0) continue;
        const e = opts.events[busy - 1];
        if (e.endMs > ctx.nowMs) continue;
        type = e.eventTypeId;
        precinct = e.precinctId;
        eventId = String(e.eventId);
        start = e.startMs;
        end = e.endMs;
      } else {
        if (r.next() >= daily) continue;
        type = r.weighted(TOUR_TYPES);
        precinct = home && r.chance(0.85) ? home : r.int(1, 8);
        const startMin = r.int(24, 83) * 15; // 06:00 .. 20:45
        const length = type === 3 ? r.int(16, 48) * 15 : r.int(8, 32) * 15; // 4-12 h storm duty, else 2-8 h
        start = ctx.clock.instant(day, startMin);
        end = ctx.clock.instant(day, Math.min(startMin + length, 28 * 60));
        if (start === null || end === null || end > ctx.nowMs) continue;
      }
      const hours = Math.round(((end - start) / HOUR_MS) * 100) / 100;
      const patrol = type === 2 || type === 3;
      const arrests = patrol ? r.count(0.012, 2) : 0;
      const flagged = r.chance(FLAG_RATE);
      const auditor = flagged ? r.pick(opts.auditors) : 0;
      const enteredBy = opts.admins.length && r.chance(0.03) ? r.pick(opts.admins) : o.officerId;
      // The review columns come from the officer and day, not the generator, so every other
      // generated value stays what it was before tickets had a review state.
      const spread = (o.officerId * 31 + day) % 100;
      const reviewed = start < ctx.nowMs - REVIEWED_BEFORE_DAYS * DAY_MS;
      const late = !reviewed && spread < LATE_RATE * 100 ? (8 + (spread % 5)) * DAY_MS : 0;
      const created = Math.min(ctx.nowMs, end + late + r.int(10, 2880) * MINUTE_MS);
      const updated = flagged ? Math.min(ctx.nowMs, created + r.int(1, 20) * 24 * HOUR_MS) : created;
      const reviewer = flagged ? auditor : reviewed ? opts.auditors[spread % opts.auditors.length] : 0;
      const reviewedAt = flagged ? updated : reviewed ? Math.min(ctx.nowMs, created + (1 + (spread % 10)) * DAY_MS) : 0;
      const review = flagged ? 'flagged' : reviewed ? 'accepted' : 'unreviewed';
      opts.tally.tickets++;
      if (flagged) opts.tally.flagged++;
      if (arrests) opts.tally.withArrests++;
      yield `${o.officerId}\t${type}\t${precinct}\t${eventId}\t${iso(start)}\t${iso(end)}\t${hours}\t${r.chance(0.4) ? 1 : 0}\t${r.pick(TOUR_TEXT[type])}\t`
        + `${patrol || type === 1 ? r.count(0.3, 8) : 0}\t${patrol ? r.count(0.03, 1) : 0}\t${patrol ? r.count(0.2, 4) : 0}\t${arrests}\t`
        + `${patrol ? r.count(0.025, 2) : 0}\t${patrol || type === 7 ? r.count(0.15, 3) : 0}\t${type === 8 ? r.count(0.6, 25) : patrol ? r.count(0.1, 6) : 0}\t`
        + `${patrol ? r.count(0.3, 10) : 0}\t${flagged ? auditor : '\\N'}\t${flagged ? r.pick(AUDIT_TEXT) : ''}\t${enteredBy}\t${flagged ? auditor : enteredBy}\t`
        + `${iso(created)}\t${iso(updated)}\t${review}\t${reviewer || '\\N'}\t${reviewedAt ? iso(reviewedAt) : '\\N'}\n`;
    }
  }
}
