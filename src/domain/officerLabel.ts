/**
 * Officer display helpers, spec §1.
 * officerCode(7) -> 'A0007'; officerCode(0) -> ''.
 */
export function officerCode(officerId: number | null | undefined): string {
  if (!officerId) return '';
  return `A${String(officerId).padStart(4, '0')}`;
}

/** '(A0001) Last, First' as lists show it; empty for id 0. */
export function officerListLabel(o: { officerId: number; lastName?: string | null; firstName?: string | null }): string {
  if (!o.officerId) return '';
  return `(${officerCode(o.officerId)}) ${o.lastName ?? ''}, ${o.firstName ?? ''}`;
}

/** '(A0001) Last, First Middle' as the header shows the signed-in user. */
export function officerIdentity(o: {
  officerId: number;
  lastName?: string | null;
  firstName?: string | null;
  middle?: string | null;
}): string {
  const middle = o.middle ? ` ${o.middle}` : '';
  return `${officerListLabel(o)}${middle}`;
}

/**
 * The officer fields an officer search looks at (spec §1 label: id, last and first name); login
 * and badge number only where the searcher may see them (the server's roster search at level 10).
 */
export interface PickableOfficer {
  officerId: number;
  lastName?: string | null;
  firstName?: string | null;
  login?: string | null;
  badgeNumber?: number | null;
}

/** Lower case letters and digits only: "O'Brien" -> 'obrien', '(A0007),' -> 'a0007'. */
const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Whether one typed word begins the officer's id in any of its forms: 'A0007', 'a7', '0007', '7'. */
function idMatches(officerId: number, word: string): boolean {
  const m = /^a?(\d+)$/.exec(word);
  if (!m) return false;
  const digits = m[1];
  return officerCode(officerId).slice(1).startsWith(digits) || String(officerId).startsWith(digits);
}

/** Whether one typed word begins a name, one of its words ('cruz' in 'De La Cruz') or its letters ('obr' in "O'Brien"). */
function nameMatches(name: string | null | undefined, word: string): boolean {
  if (!name) return false;
  return bare(name).startsWith(word) || name.split(/[\s-]+/).some((part) => bare(part).startsWith(word));
}

/** Whether one typed word begins the login or, all digits, the badge number (when the officer has them). */
function accountMatches(o: PickableOfficer, word: string): boolean {
  if (o.login && bare(o.login).startsWith(word)) return true;
  return !!o.badgeNumber && /^\d+$/.test(word) && String(o.badgeNumber).startsWith(word);
}

/**
 * Whether officer `o` matches what was typed into an officer picker or search: every typed word
 * (split at spaces, commas and brackets, case ignored) begins his last name, his first name or his
 * officer id ('A0007', 'a7', '0007' or '7' for officer 7), or his login or badge number when `o`
 * carries them. So 'ortiz', 'oli ort', 'A0101' and the whole label '(A0101) Ortiz, Olivia' all
 * find Olivia Ortiz (101). Blank text matches everyone.
 */
export function officerMatches(o: PickableOfficer, typed: string): boolean {
  const words = typed.split(/[\s,()]+/).map(bare).filter(Boolean);
  return words.every((w) => idMatches(o.officerId, w) || nameMatches(o.lastName, w) || nameMatches(o.firstName, w) || accountMatches(o, w));
}

/** The officers matching `typed` (officerMatches), in their given order, at most `limit` of them. */
export function filterOfficers<T extends PickableOfficer>(officers: readonly T[], typed: string, limit = Infinity): T[] {
  const found: T[] = [];
  for (const o of officers) {
    if (found.length >= limit) break;
    if (officerMatches(o, typed)) found.push(o);
  }
  return found;
}
