/**
 * The auditors' review of time tickets: the states a ticket passes through and the rules that
 * pre-mark a ticket as needing attention. The server works the reasons out when a ticket is
 * saved (and stores them with it); the queue page only shows them, so one set of rules decides.
 */
import { COUNT_FIELDS, type CountField } from './tickets';
import { compareDates, daysBefore, fromInstant } from './dates';

/**
 * unreviewed: new, or changed by its owner since an auditor looked at it; accepted: reviewed and
 * fine; flagged: the spec's flag (§4), out of the totals; corrected: flagged, then changed by its
 * owner, so back in the queue for the auditor to lift or keep the flag (still flagged until then).
 */
export const REVIEW_STATES = ['unreviewed', 'accepted', 'flagged', 'corrected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The states that wait in the auditors' queue. */
export const QUEUE_STATES: readonly ReviewState[] = ['unreviewed', 'corrected'];

/** What an auditor decides for one or many tickets of the queue. */
export const REVIEW_DECISIONS = ['accept', 'flag'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The state a decision leaves: accept lifts any flag, flag sets or keeps it. */
export function reviewStateAfter(decision: ReviewDecision): ReviewState {
  return decision === 'accept' ? 'accepted' : 'flagged';
}

/**
 * The state after a ticket is saved again. A change by someone who does not review tickets (the
 * owner, or a supervisor logging for him) sends it back to the queue: a flagged ticket as
 * corrected (it stays flagged until an auditor lifts it), any other as unreviewed. An auditor's
 * own edit leaves the state as it was.
 */
export function reviewStateAfterEdit(state: ReviewState, byReviewer: boolean): ReviewState {
  if (byReviewer) return state;
  return state === 'flagged' || state === 'corrected' ? 'corrected' : 'unreviewed';
}

/** Why a ticket is pre-marked as needing attention; each shows as a chip in the queue. */
export const ATTENTION_REASONS = ['longShift', 'countsAboveMedian', 'outsideEvent', 'lateEntry'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/**
 * The thresholds of the attention rules (recorded in docs/decisions):
 * - longShiftHours: a tour longer than this many hours;
 * - a count is far above the officer's median when it is at least `countFloor` and at least
 *   `countFactor` times his median for that count, over his tickets of the `medianDays` days
 *   before the tour, once he has `medianMinTickets` of them;
 * - lateEntryDays: entered more than this many days after the tour's 10-42 date.
 */
export const ATTENTION_RULES = {
  longShiftHours: 10,
  countFactor: 3,
  countFloor: 8,
  medianDays: 365,
  medianMinTickets: 5,
  lateEntryDays: 7,
} as const;

/** What the attention rules look at for one ticket. */
export interface AttentionFacts {
  /** The 10-41 and 10-42 instants. */
  startAt: Date;
  endAt: Date;
  /** Hours worked (the tour's real length, hours). */
  hoursWorked: number;
  /** When the ticket was first entered. */
  enteredAt: Date;
  counts: Record<CountField, number>;
  /** The event's start and end for an event ticket, else null. */
  event: { startAt: Date; endAt: Date } | null;
  /** The officer's median of each count over his earlier tickets, and how many tickets that is. */
  medians: Record<CountField, number>;
  historyTickets: number;
}

/**
 * The reasons a ticket needs an auditor's attention (in ATTENTION_REASONS order), or none:
 * longShift, countsAboveMedian, outsideEvent (a 10-41 before the event starts or a 10-42 after
 * it ends), lateEntry (dates compared in `tz`, the organisation's time zone).
 */
export function attentionReasons(t: AttentionFacts, tz: string): AttentionReason[] {
  const r = ATTENTION_RULES;
  const out: AttentionReason[] = [];
  if (t.hoursWorked > r.longShiftHours) out.push('longShift');
  if (t.historyTickets >= r.medianMinTickets && COUNT_FIELDS.some((c) => t.counts[c] >= r.countFloor && t.counts[c] >= r.countFactor * t.medians[c])) {
    out.push('countsAboveMedian');
  }
  if (t.event && (t.startAt < t.event.startAt || t.endAt > t.event.endAt)) out.push('outsideEvent');
  const tourEnd = fromInstant(t.endAt, tz).date;
  const entered = fromInstant(t.enteredAt, tz).date;
  if (compareDates(daysBefore(entered, r.lateEntryDays), tourEnd) > 0) out.push('lateEntry');
  return out;
}
