/**
 * One officer's own settings (calendar feeds, reminder choices) and his in-app notices. Every
 * function takes the officer id and touches only his rows.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Tx } from '../../audit';
import { calendarFeed, officer, reminderMessage, reminderOptOut } from '../schema';
import { localText } from '../sqlDates';
import { NOTICE_LIST_LIMIT, REMINDER_KINDS, type FeedScope, type ReminderKind } from '../../../src/domain/reminders';
import type { FeedInfo, MySettings, NoticeList, ReminderChoices, ReminderChoicesBody } from '../../../src/domain/schemas/mySettings';
import { confirmedAddresses } from './accounts';

/** 'MM/DD/YYYY HH:mm' in tz (null stays null). */
function stamp(at: typeof calendarFeed.createdAt | typeof calendarFeed.lastFetchedAt | typeof reminderMessage.createdAt, tz: string) {
  return sql<string | null>`case when ${at} is null then null else ${localText(at, tz, 'date')} || ' ' || ${localText(at, tz, 'time')} end`;
}

/** His feeds, 'signups' first, as feedInfo (no token: only its hash is kept). */
export async function feedsOf(db: Db, officerId: number, tz: string): Promise<FeedInfo[]> {
  const rows = await db
    .select({
      scope: calendarFeed.scope,
      precinctId: calendarFeed.precinctId,
      eventTypeId: calendarFeed.eventTypeId,
      createdAt: stamp(calendarFeed.createdAt, tz),
      lastFetchedAt: stamp(calendarFeed.lastFetchedAt, tz),
    })
    .from(calendarFeed)
    .where(eq(calendarFeed.officerId, officerId))
    .orderBy(desc(calendarFeed.scope));
  return rows.map((r) => ({ ...r, scope: r.scope as FeedScope, createdAt: r.createdAt ?? '' }));
}

/** His reminder choices: every kind on unless he turned it off (a reminder_opt_out row). */
export async function reminderChoicesOf(db: Db, officerId: number): Promise<ReminderChoices> {
  const off = await db.select({ kind: reminderOptOut.kind }).from(reminderOptOut).where(eq(reminderOptOut.officerId, officerId));
  const offKinds = new Set(off.map((r) => r.kind));
  return Object.fromEntries(REMINDER_KINDS.map((k) => [k, !offKinds.has(k)])) as ReminderChoices;
}

/** GET /api/mySettings: his feeds, his reminder choices and whether mail can reach him (a confirmed address). */
export async function mySettingsOf(db: Db, officerId: number, tz: string): Promise<MySettings> {
  const [feeds, reminders, [who]] = await Promise.all([
    feedsOf(db, officerId, tz),
    reminderChoicesOf(db, officerId),
    db
      .select({ homeEmail: officer.homeEmail, deptEmail: officer.deptEmail, homeEmailConfirmed: officer.homeEmailConfirmed, deptEmailConfirmed: officer.deptEmailConfirmed })
      .from(officer)
      .where(eq(officer.officerId, officerId)),
  ]);
  return { feeds, reminders, hasEmail: who ? confirmedAddresses(who).length > 0 : false };
}

/**
 * Sets the kinds named in `choices` (true: on, i.e. no opt-out row; false: an opt-out row); kinds
 * left out keep their value. Returns his choices before and after, for the audit entry.
 */
export async function setReminderChoices(tx: Tx, officerId: number, choices: ReminderChoicesBody): Promise<{ before: ReminderChoices; after: ReminderChoices }> {
  const before = await reminderChoicesOf(tx, officerId);
  const entries = Object.entries(choices) as Array<[ReminderKind, boolean]>;
  const off = entries.filter(([, on]) => !on).map(([k]) => k);
  const on = entries.filter(([, v]) => v).map(([k]) => k);
  if (off.length) await tx.insert(reminderOptOut).values(off.map((kind) => ({ officerId, kind }))).onConflictDoNothing();
  if (on.length) await tx.delete(reminderOptOut).where(and(eq(reminderOptOut.officerId, officerId), inArray(reminderOptOut.kind, on)));
  return { before, after: { ...before, ...choices } };
}

/**
 * Makes his feed of `scope` with the token's hash, replacing the one he had (whose URL then
 * answers 404). Returns the new row's id and whether an old one was replaced.
 */
export async function replaceFeed(
  tx: Tx,
  f: { officerId: number; scope: FeedScope; precinctId: number | null; eventTypeId: number | null; tokenHash: string; now: Date },
): Promise<{ id: number; replaced: boolean }> {
  const old = await tx.delete(calendarFeed).where(and(eq(calendarFeed.officerId, f.officerId), eq(calendarFeed.scope, f.scope))).returning({ id: calendarFeed.id });
  const [row] = await tx
    .insert(calendarFeed)
    .values({ officerId: f.officerId, scope: f.scope, precinctId: f.precinctId, eventTypeId: f.eventTypeId, tokenHash: f.tokenHash, createdAt: f.now })
    .returning({ id: calendarFeed.id });
  return { id: row.id, replaced: old.length > 0 };
}

/** Deletes his feed of `scope`; returns its id, or null when he had none. */
export async function deleteFeed(tx: Tx, officerId: number, scope: FeedScope): Promise<number | null> {
  const [row] = await tx.delete(calendarFeed).where(and(eq(calendarFeed.officerId, officerId), eq(calendarFeed.scope, scope))).returning({ id: calendarFeed.id });
  return row?.id ?? null;
}

/** His newest NOTICE_LIST_LIMIT notices (reminder_message rows) and how many of all of his are unread. */
export async function noticesOf(db: Db, officerId: number, tz: string): Promise<NoticeList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: reminderMessage.id,
        kind: reminderMessage.kind,
        title: reminderMessage.title,
        body: reminderMessage.body,
        link: reminderMessage.link,
        createdAt: stamp(reminderMessage.createdAt, tz),
        read: sql<boolean>`${reminderMessage.readAt} is not null`,
      })
      .from(reminderMessage)
      .where(eq(reminderMessage.officerId, officerId))
      .orderBy(desc(reminderMessage.createdAt), desc(reminderMessage.id))
      .limit(NOTICE_LIST_LIMIT),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reminderMessage)
      .where(and(eq(reminderMessage.officerId, officerId), isNull(reminderMessage.readAt))),
  ]);
  // a kind the scheduler wrote that this build does not know is left out rather than failing the list
  const known = new Set<string>(REMINDER_KINDS);
  return {
    unread: Number(unread?.n ?? 0),
    notices: rows.filter((r) => known.has(r.kind)).map((r) => ({ ...r, kind: r.kind as ReminderKind, createdAt: r.createdAt ?? '' })),
  };
}

/** Marks his notices `ids` (all of his when absent) read at `now`; ids of other officers' notices change nothing. */
export async function markNoticesRead(db: Db, officerId: number, ids: number[] | undefined, now: Date): Promise<void> {
  const mine = and(eq(reminderMessage.officerId, officerId), isNull(reminderMessage.readAt));
  await db
    .update(reminderMessage)
    .set({ readAt: now })
    .where(ids ? and(mine, inArray(reminderMessage.id, ids.length ? ids : [0])) : mine);
}
