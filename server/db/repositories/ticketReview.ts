/**
 * The auditors' review of time tickets: the attention marks saved with each ticket, the queue's
 * decisions (accept, flag) and the count waiting. States and rules: src/domain/ticketReview.ts.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import type { Tx } from './auditLog';
import * as s from '../schema';
import { COUNT_FIELDS, type CountField } from '../../../src/domain/tickets';
import { ATTENTION_RULES, QUEUE_STATES, attentionReasons, reviewStateAfter, type ReviewDecision, type ReviewState } from '../../../src/domain/ticketReview';

const hw = s.hoursWorked;
const earlier = alias(s.hoursWorked, 'earlier');

/** Medians of each count over the officer's tickets of the year before the tour (ATTENTION_RULES), and how many there are. */
function historyOf(db: Db) {
  const medians = Object.fromEntries(
    COUNT_FIELDS.map((c) => [c, sql<number>`coalesce(percentile_cont(0.5) within group (order by ${earlier[c]}), 0)::float8`.as(`median_${c}`)]),
  ) as Record<CountField, SQL.Aliased<number>>;
  return db
    .select({ ...medians, historyTickets: sql<number>`count(*)::int`.as('history_tickets') })
    .from(earlier)
    .where(
      and(
        eq(earlier.officerId, hw.officerId),
        sql`${earlier.startAt} < ${hw.startAt}`,
        sql`${earlier.startAt} >= ${hw.startAt} - make_interval(days => ${ATTENTION_RULES.medianDays})`,
      ),
    )
    .as('history');
}

/**
 * Works out and stores the attention reasons (attentionReasons) of the tickets `ids`: one read of
 * each ticket with its event's times and the officer's medians from his earlier tickets (a
 * lateral subquery over hw_officer_start_idx), then one UPDATE of the changed ones. `tz` is
 * ORG_TIMEZONE. Run inside the saving transaction, so a ticket is never stored without its marks.
 */
export async function markAttention(db: Db, ids: number[], tz: string): Promise<void> {
  if (!ids.length) return;
  const history = historyOf(db);
  const rows = await db
    .select({
      id: hw.hoursWorkedId,
      startAt: hw.startAt,
      endAt: hw.endAt,
      hoursWorked: hw.hoursWorked,
      enteredAt: hw.createdTimestamp,
      eventStart: s.event.startAt,
      eventEnd: s.event.endAt,
      attention: hw.attention,
      ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, hw[c]])) as { [K in CountField]: (typeof hw)[K] }),
      ...(Object.fromEntries(COUNT_FIELDS.map((c) => [`median_${c}`, history[c]])) as Record<string, SQL.Aliased<number>>),
      historyTickets: history.historyTickets,
    })
    .from(hw)
    .leftJoin(s.event, eq(s.event.eventId, hw.eventId))
    .crossJoinLateral(history)
    .where(inArray(hw.hoursWorkedId, ids));
  const changed: Array<{ id: number; reasons: string[] }> = [];
  for (const r of rows) {
    const row = r as typeof r & Record<string, number>;
    const reasons = attentionReasons(
      {
        startAt: r.startAt,
        endAt: r.endAt,
        hoursWorked: r.hoursWorked,
        enteredAt: r.enteredAt,
        counts: Object.fromEntries(COUNT_FIELDS.map((c) => [c, r[c]])) as Record<CountField, number>,
        event: r.eventStart && r.eventEnd ? { startAt: r.eventStart, endAt: r.eventEnd } : null,
        medians: Object.fromEntries(COUNT_FIELDS.map((c) => [c, Number(row[`median_${c}`])])) as Record<CountField, number>,
        historyTickets: Number(r.historyTickets),
      },
      tz,
    );
    if (reasons.join() !== r.attention.join()) changed.push({ id: r.id, reasons });
  }
  if (!changed.length) return;
  // One UPDATE for all: the new marks come as two parallel arrays (ids, reasons joined by ',').
  await db.execute(sql`
    update ${hw} set attention = case when v.reasons = '' then '{}'::text[] else string_to_array(v.reasons, ',') end
    from unnest(${sql.param(changed.map((c) => c.id))}::int[], ${sql.param(changed.map((c) => c.reasons.join(',')))}::text[]) as v(id, reasons)
    where ${hw.hoursWorkedId} = v.id`);
}

/** One ticket as a review decision finds it (locked), for the audit entry and the checks. */
export interface ReviewHead {
  hoursWorkedId: number;
  /** The ticket's owner: nobody reviews his own tickets. */
  officerId: number;
  reviewState: ReviewState;
  flaggedBy: number | null;
  auditComments: string;
  reviewedBy: number | null;
  reviewedAt: Date | null;
}

/** What a review decision writes. */
export interface ReviewSave {
  ids: number[];
  decision: ReviewDecision;
  /** The auditor deciding (reviewedBy; flaggedBy of a flag). */
  reviewerId: number;
  /** A flag's reason, stored as the tickets' audit comments (the owner reads it under EXPLANATION). */
  reason?: string;
  now: Date;
}

/**
 * Applies one decision to many tickets in ONE transaction: their heads are read and locked in id
 * order (FOR UPDATE), `check` sees them (throw to refuse: nothing is written), one UPDATE writes
 * the state, reviewer, time and, for a flag, the flag and its reason (accept lifts a flag), and
 * `after` runs inside the transaction with the heads before and after (the audit entries), so a
 * decision is never stored without them. Returns the heads after.
 */
export async function reviewTickets(
  db: Db,
  save: ReviewSave,
  check: (heads: ReviewHead[]) => void,
  after: (tx: Tx, before: ReviewHead[], after: ReviewHead[]) => Promise<void>,
): Promise<ReviewHead[]> {
  const head = {
    hoursWorkedId: hw.hoursWorkedId,
    officerId: hw.officerId,
    reviewState: sql<ReviewState>`${hw.reviewState}`,
    flaggedBy: hw.flaggedBy,
    auditComments: hw.auditComments,
    reviewedBy: hw.reviewedBy,
    reviewedAt: hw.reviewedAt,
  };
  return db.transaction(async (tx) => {
    const before = await tx.select(head).from(hw).where(inArray(hw.hoursWorkedId, save.ids)).orderBy(asc(hw.hoursWorkedId)).for('update');
    check(before);
    const flag = save.decision === 'flag';
    const rows = await tx
      .update(hw)
      .set({
        reviewState: reviewStateAfter(save.decision),
        reviewedBy: save.reviewerId,
        reviewedAt: save.now,
        flaggedBy: flag ? save.reviewerId : null,
        ...(flag && save.reason !== undefined ? { auditComments: save.reason } : {}),
        updatedTimestamp: save.now,
      })
      .where(inArray(hw.hoursWorkedId, save.ids))
      .returning(head);
    rows.sort((a, b) => a.hoursWorkedId - b.hoursWorkedId);
    await after(tx, before, rows);
    return rows;
  });
}

/** How many tickets wait in the auditors' queue (unreviewed or corrected); one count over hw_review_queue_idx. */
export async function queueCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(hw).where(inArray(hw.reviewState, [...QUEUE_STATES]));
  return row?.n ?? 0;
}
