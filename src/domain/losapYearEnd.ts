/**
 * The LOSAP year end as a workflow (see docs/decisions/024-losap-year-end.md): a year is 'open'
 * while it runs and until level 9+ opens its review; under 'review' each officer attests his
 * record or disputes it, and level 9+ resolves disputes; level 9+ then certifies it, which locks
 * the year's tickets, events and past rosters; level 10 may reopen a certified year (back to
 * 'review') with a reason. Shared by the server (which enforces every step) and the browser
 * (which shows the same states and statuses).
 */
import { dayjs } from './dates';
import { DATE_FORMAT } from './constants';
import { yearOf } from './losap';

/** A LOSAP year's state: running or not yet reviewed; under review; certified (locked). */
export const LOSAP_YEAR_STATES = ['open', 'review', 'certified'] as const;
export type LosapYearState = (typeof LOSAP_YEAR_STATES)[number];

/**
 * An officer's attestation of his year's record:
 * - 'none': not attested (nor disputed);
 * - 'attested': attested, and his figures are still those he attested;
 * - 'changed': attested, but his figures changed since (a correction, a reopening): to attest again;
 * - 'disputed': he disputes the record; certification waits until level 9+ resolves it;
 * - 'resolved': level 9+ resolved his dispute with a comment: to attest again.
 */
export const ATTESTATION_STATUSES = ['none', 'attested', 'changed', 'disputed', 'resolved'] as const;
export type AttestationStatus = (typeof ATTESTATION_STATUSES)[number];

/** Stored attestation states (losap_attestation.state); 'none' and 'changed' are derived. */
export const STORED_ATTESTATION_STATES = ['attested', 'disputed', 'resolved'] as const;
export type StoredAttestationState = (typeof STORED_ATTESTATION_STATES)[number];

/** Most characters of a dispute's comment, a resolution's comment or a reopening's reason. */
export const LOSAP_COMMENT_MAX = 1000;

/**
 * The figures an attestation vouches for, as one comparable text: the total and each category's
 * value (2 decimals, in the rule's unit), in the schedule's order. Stored with the attestation;
 * when the officer's current key differs, his attestation no longer stands ('changed').
 */
export function figuresKey(total: number, byCategory: readonly { name: string; value: number }[]): string {
  return [total.toFixed(2), ...byCategory.map((c) => `${c.name}=${c.value.toFixed(2)}`)].join('|');
}

/**
 * An officer's attestation status from his stored row (null: none) and his current figures' key.
 * An attestation whose figures key differs from today's is 'changed' (he must attest again).
 */
export function attestationStatusOf(stored: { state: StoredAttestationState; figuresKey: string | null } | null, currentKey: string): AttestationStatus {
  if (!stored) return 'none';
  if (stored.state === 'attested') return stored.figuresKey === currentKey ? 'attested' : 'changed';
  return stored.state;
}

/** Statuses that count as "not attested" when the chief certifies (shown and counted, not refused). */
export const needsAttestation = (s: AttestationStatus) => s === 'none' || s === 'changed' || s === 'resolved';

/**
 * Whether a year's review may be opened on `today` (MM/DD/YYYY in ORG_TIMEZONE): only once the
 * year is over, so no hour of it can still be logged in the normal course.
 */
export const yearHasEnded = (year: number, today: string) => year < yearOf(today);

/** The LOSAP year of a date (MM/DD/YYYY, or YYYY-MM-DD, in ORG_TIMEZONE): its calendar year. */
export const losapYearOfDate = (date: string) => dayjs(date, [DATE_FORMAT, 'YYYY-MM-DD'], true).year();
