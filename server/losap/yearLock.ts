/**
 * The certified LOSAP year's lock as the routes apply it before a write (decision 024): a time
 * ticket whose 10-41 is in a certified year, an event starting in one, or the roster of such an
 * event is refused with 409 'This LOSAP year has been certified and can no longer be changed.'.
 * The triggers of migration 0020 refuse the same writes for any path that does not ask first.
 */
import type { Db } from '../db/client';
import { conflict, type HttpError } from '../errors';
import { rc } from '../../src/domain/messages';
import { certifiedSpans, eventsInCertifiedYear, inSpans, ticketsInCertifiedYear } from '../db/repositories/losapYearEnd';

/** The 409 of a write into a certified LOSAP year. */
export const yearFrozen = (): HttpError => conflict(rc.losap.errors.frozen);

/** 409 when any instant (a 10-41, an event's start) lies in a certified year; null/undefined instants are skipped. */
export async function assertInstantsOpen(db: Db, instants: ReadonlyArray<Date | null | undefined>): Promise<void> {
  if (!instants.some((i) => i)) return;
  const spans = await certifiedSpans(db);
  if (instants.some((i) => inSpans(spans, i))) throw yearFrozen();
}

/** 409 when any of the tickets (by id) has its 10-41 in a certified year (unknown ids are left to the caller's 404). */
export async function assertTicketsOpen(db: Db, ids: readonly number[]): Promise<void> {
  if (await ticketsInCertifiedYear(db, ids)) throw yearFrozen();
}

/** 409 when any of the events (by id) starts in a certified year: its details, incentive hours and roster are locked. */
export async function assertEventsOpen(db: Db, ids: readonly number[]): Promise<void> {
  if (await eventsInCertifiedYear(db, ids)) throw yearFrozen();
}
