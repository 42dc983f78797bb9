import { EXEMPT_OFFICER_IDS } from './constants';
import { toIsoDate } from './dates';

/** The officer fields that profile completeness reads (spec §5). */
export interface ProfileFields {
  officerId: number;
  badgeNumber?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  handcuffNumber?: number | null;
  homeCity?: string | null;
  homeEmail?: string | null;
  homePhone?: string | null;
  homeStateId?: number | null;
  homeStreetAddr1?: string | null;
  homeZip?: string | null;
  mobile?: string | null;
  soundex?: string | null;
}

const REQUIRED: ReadonlyArray<keyof ProfileFields> = [
  'badgeNumber', 'firstName', 'lastName', 'handcuffNumber', 'homeCity', 'homeEmail',
  'homePhone', 'homeStateId', 'homeStreetAddr1', 'homeZip', 'mobile', 'soundex',
];

/** Exempt officers (1, 2, 3, 767) are exempt from completeness and show 'N/A' for unread 159s. */
export function isExemptOfficer(officerId: number): boolean {
  return EXEMPT_OFFICER_IDS.includes(officerId);
}

/** Spec §5 profile completeness: every listed field non-empty, unless the officer is exempt. */
export function isProfileComplete(o: ProfileFields): boolean {
  if (isExemptOfficer(o.officerId)) return true;
  return REQUIRED.every((k) => {
    const v = o[k];
    return v !== null && v !== undefined && String(v).trim() !== '';
  });
}

/**
 * True when an officer with this separation date ('YYYY-MM-DD' as stored, or null) is separated
 * on `today` (MM/DD/YYYY, the organisation's date): from that day on no way of signing in opens a
 * session for him (password, passkey), and no temporary password is mailed to him.
 */
export function isSeparatedOn(separationDate: string | null, today: string): boolean {
  return !!separationDate && separationDate <= toIsoDate(today);
}
