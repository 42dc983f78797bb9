/**
 * The LOSAP year end in the database (docs/decisions/024-losap-year-end.md): a year's state row
 * (losap_year_state), officers' attestations (losap_attestation), and the lock's checks the
 * routes make before writing a ticket, an event or a roster (the triggers of migration 0020 make
 * the same test for any other path).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema';
import { toInstant } from '../../../src/domain/dates';
import type { LosapYearState, StoredAttestationState } from '../../../src/domain/losapYearEnd';

/** A year's stored year-end row, with the certifying officer's "Last, First". Null fields while not reached. */
export interface YearStateRow {
  year: number;
  state: Exclude<LosapYearState, 'open'>;
  startsAt: Date;
  endsAt: Date;
  reviewOpenedAt: Date;
  certifiedAt: Date | null;
  certifiedBy: number | null;
  certifiedByName: string | null;
  reopenedAt: Date | null;
  reopenReason: string | null;
}

/** "Last, First" of an officer row, or null. */
const nameOf = (o: { lastName: string | null; firstName: string | null } | null) =>
  o && (o.lastName !== null || o.firstName !== null) ? [o.lastName, o.firstName].filter(Boolean).join(', ') : null;

/**
 * The year's span as instants: its first instant and the next year's first instant in `tz`
 * (01/01/year 00:00 and 01/01/year+1 00:00 wall-clock), as the figures' yearTickets range.
 */
export function yearSpan(year: number, tz: string): { startsAt: Date; endsAt: Date } {
  return { startsAt: toInstant(`01/01/${year}`, '00:00', tz), endsAt: toInstant(`01/01/${year + 1}`, '00:00', tz) };
}

/** The year's stored state row (FOR UPDATE when `lock`: the step's transaction holds it), or null while the year is 'open'. */
export async function readYearState(db: Db, year: number, lock = false): Promise<YearStateRow | null> {
  const certifier = alias(s.officer, 'certifier');
  const q = db
    .select({
      year: s.losapYearState.year,
      state: s.losapYearState.state,
      startsAt: s.losapYearState.startsAt,
      endsAt: s.losapYearState.endsAt,
      reviewOpenedAt: s.losapYearState.reviewOpenedAt,
      certifiedAt: s.losapYearState.certifiedAt,
      certifiedBy: s.losapYearState.certifiedBy,
      reopenedAt: s.losapYearState.reopenedAt,
      reopenReason: s.losapYearState.reopenReason,
      lastName: certifier.lastName,
      firstName: certifier.firstName,
    })
    .from(s.losapYearState)
    .leftJoin(certifier, eq(certifier.officerId, s.losapYearState.certifiedBy))
    .where(eq(s.losapYearState.year, year));
  const [row] = lock ? await q.for('update', { of: s.losapYearState }) : await q;
  if (!row) return null;
  const { lastName, firstName, ...rest } = row;
  return { ...rest, state: rest.state as YearStateRow['state'], certifiedByName: row.certifiedBy ? nameOf({ lastName, firstName }) : null };
}

/** Opens the year's review (the caller checked it has no row): state 'review', the span in `tz`, who and when. */
export async function insertReview(tx: Db, year: number, tz: string, actorId: number, now: Date): Promise<void> {
  await tx.insert(s.losapYearState).values({ year, state: 'review', ...yearSpan(year, tz), reviewOpenedAt: now, reviewOpenedBy: actorId });
}

/** Sets the year 'certified' by `actorId` at `now`. */
export async function setCertified(tx: Db, year: number, actorId: number, now: Date): Promise<void> {
  await tx.update(s.losapYearState).set({ state: 'certified', certifiedAt: now, certifiedBy: actorId }).where(eq(s.losapYearState.year, year));
}

/** Sets a certified year back to 'review' with the reopening's reason, who and when (the certification's date and officer are kept as history). */
export async function setReopened(tx: Db, year: number, reason: string, actorId: number, now: Date): Promise<void> {
  await tx.update(s.losapYearState).set({ state: 'review', reopenedAt: now, reopenedBy: actorId, reopenReason: reason }).where(eq(s.losapYearState.year, year));
}

/**
 * Freezes the year's rules at its certification (losap_year_rules.frozen_at): the stored row, or
 * the default hours rule's row when none is stored (`defaults`), so the terms certified are
 * the terms kept. A year frozen already (a reopened one) keeps its first date.
 */
export async function freezeRules(tx: Db, defaults: { year: number; rule: string; threshold: number }, actorId: number, now: Date): Promise<void> {
  await tx
    .insert(s.losapYearRules)
    .values({ ...defaults, frozenAt: now, updatedBy: actorId, updatedTimestamp: now })
    .onConflictDoUpdate({ target: s.losapYearRules.year, set: { frozenAt: sql`coalesce(${s.losapYearRules.frozenAt}, excluded.frozen_at)` } });
}

/** An officer's stored attestation of a year, with the resolver's "Last, First". */
export interface AttestationRow {
  year: number;
  officerId: number;
  state: StoredAttestationState;
  figuresKey: string | null;
  attestedAt: Date | null;
  disputedAt: Date | null;
  comment: string | null;
  resolvedAt: Date | null;
  resolvedByName: string | null;
  resolution: string | null;
}

/** The stored attestations of `year` matching `where`, with the resolver's name (FOR UPDATE of the attestation when `lock`). */
async function attestationRows(db: Db, year: number, where: SQL, lock: boolean): Promise<AttestationRow[]> {
  const resolver = alias(s.officer, 'resolver');
  const a = s.losapAttestation;
  const q = db
    .select({
      year: a.year,
      officerId: a.officerId,
      state: a.state,
      figuresKey: a.figuresKey,
      attestedAt: a.attestedAt,
      disputedAt: a.disputedAt,
      comment: a.comment,
      resolvedAt: a.resolvedAt,
      resolvedBy: a.resolvedBy,
      resolution: a.resolution,
      lastName: resolver.lastName,
      firstName: resolver.firstName,
    })
    .from(a)
    .leftJoin(resolver, eq(resolver.officerId, a.resolvedBy))
    .where(and(eq(a.year, year), where));
  const rows = lock ? await q.for('update', { of: a }) : await q;
  return rows.map(({ lastName, firstName, resolvedBy, ...rest }) => ({
    ...rest,
    state: rest.state as StoredAttestationState,
    resolvedByName: resolvedBy ? nameOf({ lastName, firstName }) : null,
  }));
}

/** The officer's stored attestation of `year` (FOR UPDATE when `lock`), or null when he has none. */
export async function readAttestation(db: Db, year: number, officerId: number, lock = false): Promise<AttestationRow | null> {
  const [row] = await attestationRows(db, year, eq(s.losapAttestation.officerId, officerId), lock);
  return row ?? null;
}

/** The stored attestations of `year` of the officers `officerIds` (one query), by officer id; an officer without one is absent. */
export async function readAttestations(db: Db, year: number, officerIds: readonly number[]): Promise<Map<number, AttestationRow>> {
  if (!officerIds.length) return new Map();
  const rows = await attestationRows(db, year, inArray(s.losapAttestation.officerId, [...officerIds]), false);
  return new Map(rows.map((r) => [r.officerId, r]));
}

/** Stores the officer's attestation of his figures (`figuresKey`) at `now`; a dispute's comment and resolution stay as history. */
export async function upsertAttested(tx: Db, year: number, officerId: number, figuresKey: string, now: Date): Promise<void> {
  await tx
    .insert(s.losapAttestation)
    .values({ year, officerId, state: 'attested', figuresKey, attestedAt: now })
    .onConflictDoUpdate({ target: [s.losapAttestation.year, s.losapAttestation.officerId], set: { state: 'attested', figuresKey, attestedAt: now } });
}

/** Stores the officer's dispute with his comment at `now` (a former attestation no longer stands; a former resolution is cleared). */
export async function upsertDisputed(tx: Db, year: number, officerId: number, comment: string, now: Date): Promise<void> {
  const set = { state: 'disputed', disputedAt: now, comment, figuresKey: null, attestedAt: null, resolvedAt: null, resolvedBy: null, resolution: null };
  await tx
    .insert(s.losapAttestation)
    .values({ year, officerId, ...set })
    .onConflictDoUpdate({ target: [s.losapAttestation.year, s.losapAttestation.officerId], set });
}

/** Resolves the officer's dispute: state 'resolved' with the resolution, who and when. */
export async function setResolved(tx: Db, year: number, officerId: number, resolution: string, actorId: number, now: Date): Promise<void> {
  await tx
    .update(s.losapAttestation)
    .set({ state: 'resolved', resolution, resolvedAt: now, resolvedBy: actorId })
    .where(and(eq(s.losapAttestation.year, year), eq(s.losapAttestation.officerId, officerId)));
}

/** How many disputes of the year are open. */
export async function openDisputes(db: Db, year: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.losapAttestation)
    .where(and(eq(s.losapAttestation.year, year), eq(s.losapAttestation.state, 'disputed')));
  return Number(row?.n ?? 0);
}

/** The certified years' spans (a handful of rows): what the routes test an instant against before a write. */
export async function certifiedSpans(db: Db): Promise<Array<{ startsAt: Date; endsAt: Date }>> {
  return db
    .select({ startsAt: s.losapYearState.startsAt, endsAt: s.losapYearState.endsAt })
    .from(s.losapYearState)
    .where(eq(s.losapYearState.state, 'certified'));
}

/** Whether an instant lies in one of `spans` (a certified year). */
export const inSpans = (spans: ReadonlyArray<{ startsAt: Date; endsAt: Date }>, at: Date | string | null | undefined) => {
  if (at === null || at === undefined) return false;
  const t = new Date(at).getTime();
  return spans.some((y) => t >= new Date(y.startsAt).getTime() && t < new Date(y.endsAt).getTime());
};

/** Whether any of the tickets (by id) has its 10-41 in a certified year. */
export async function ticketsInCertifiedYear(db: Db, ids: readonly number[]): Promise<boolean> {
  if (!ids.length) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(s.hoursWorked)
    .where(and(inArray(s.hoursWorked.hoursWorkedId, [...ids]), sql`losap_certified_at(${s.hoursWorked.startAt})`))
    .limit(1);
  return !!row;
}

/** Whether any of the events (by id) starts in a certified year. */
export async function eventsInCertifiedYear(db: Db, ids: readonly number[]): Promise<boolean> {
  if (!ids.length) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(s.event)
    .where(and(inArray(s.event.eventId, [...ids]), sql`losap_certified_at(${s.event.startAt})`))
    .limit(1);
  return !!row;
}
