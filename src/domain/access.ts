import { ACCESS } from './constants';
import type { SecondFactorStage } from './secondFactor';

/**
 * The signed-in user as permission checks see it.
 * accessLevel is accessType.accessTypeId (spec §6); superUserId is the running SUPER_USER_ID.
 */
export interface Actor {
  officerId: number;
  accessLevel: number;
  /** True while the session may only change its password (first sign-in or temporary password). */
  passwordChangeOnly?: boolean;
  /** Set while the session waits for its second factor (src/domain/secondFactor.ts): every action is refused. */
  secondFactor?: SecondFactorStage | null;
  /**
   * True while the officer's profile is incomplete (spec §5): refused everything but his own
   * officer form (PROFILE_COMPLETION_ACTIONS).
   */
  profileIncomplete?: boolean;
}

/** What an action is aimed at: the owner officer of a record, when it has one. */
export interface Target {
  officerId?: number;
}

/**
 * Read tickets: never at level 3 (its menu has no Time Tickets, spec §6); own tickets below
 * level 5; anyone's at 5+.
 */
const readsTickets = (a: Actor, t?: Target) =>
  a.accessLevel !== ACCESS.RESTRICTED && (a.accessLevel >= ACCESS.SUPERVISOR || t?.officerId === undefined || t.officerId === a.officerId);

/**
 * Every permission of spec §6 by name. Deny by default: an action not listed here is refused.
 */
const RULES = {
  /** Use the app at all beyond the password change (every signed-in user whose session is not restricted). */
  'app:use': () => true,
  /** Full menu (Time Tickets, Events, Forms, 159, LOSAP, Change Password): every level except 3. */
  'menu:full': (a) => a.accessLevel !== ACCESS.RESTRICTED,

  'ticket:read': readsTickets,
  /**
   * Log, change or remove tickets (spec §6, our precise reading): never at level 3; one's own at
   * every other level; another officer's only at level 9+ (the officer picker level). Levels 5-8
   * read everybody's tickets but write only their own. Without a target: may write tickets at all.
   */
  'ticket:write': (a, t) =>
    a.accessLevel !== ACCESS.RESTRICTED &&
    (t?.officerId === undefined || t.officerId === a.officerId || a.accessLevel >= ACCESS.ADMINISTRATOR),
  /** Search for any officer and summarise by officer (level 5+). */
  'ticket:search-any': (a) => a.accessLevel >= ACCESS.SUPERVISOR,
  /** Officer picker on the ticket form (level 9+). */
  'ticket:pick-officer': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,
  /** Flag and unflag tickets, write audit comments: auditors only (level 10 exactly). */
  'ticket:flag': (a) => a.accessLevel === ACCESS.AUDITOR,
  'ticket:audit-comment': (a) => a.accessLevel === ACCESS.AUDITOR,

  'event:read': () => true,
  'event:write': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,
  /** Read rosters (anyone signed in) and an officer's sign-ups: one's own, anyone's at level 5+. */
  'signup:read': (a, t) => t?.officerId === undefined || t.officerId === a.officerId || a.accessLevel >= ACCESS.SUPERVISOR,
  /** Sign up: oneself at any level but 3; somebody else at level 5+. */
  'signup:create': (a, t) =>
    a.accessLevel !== ACCESS.RESTRICTED &&
    (t?.officerId === undefined || t.officerId === a.officerId || a.accessLevel >= ACCESS.SUPERVISOR),
  /** Remove somebody from a roster: supervisors and above (spec §4 Signup). */
  'signup:delete': (a) => a.accessLevel >= ACCESS.SUPERVISOR,

  /**
   * Every event type on the events calendar: every level but 3 (level 3 sees details only, as
   * his Detail List).
   */
  'event:calendar-all-types': (a) => a.accessLevel !== ACCESS.RESTRICTED,
  /** One's own My Settings (reminder choices, calendar feeds) and notices: every signed-in user. */
  'settings:own': () => true,
  /** The private feed of every detail in a precinct / event type filter: level 5+ (supervisors staff details). */
  'feed:details': (a) => a.accessLevel >= ACCESS.SUPERVISOR,

  'location:read': () => true,
  'location:write': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,
  'lookup:read': () => true,

  /** Officer pickers and contact lists (names and ids only). */
  'officer:list': (a) => a.accessLevel !== ACCESS.RESTRICTED,
  /**
   * Every officer's mobile number in officer lists: level 5+ (supervisors
   * staff rosters and details). Below, a list shows only one's own and the auditors' mobiles
   * (spec §2: the flagged-ticket auditor contact list).
   */
  'officer:contacts': (a) => a.accessLevel >= ACCESS.SUPERVISOR,
  /** The officer's own record, or anyone's at level 10+. */
  'officer:read': (a, t) => a.accessLevel >= ACCESS.AUDITOR || t?.officerId === a.officerId,
  /** Roster administration (level 10+): add, change and remove officers, every field. */
  'officer:write': (a) => a.accessLevel >= ACCESS.AUDITOR,
  /** The roster columns of the officer list (last login, unread 159s, flagged tickets, hasChildren): level 10+. */
  'officer:roster': (a) => a.accessLevel >= ACCESS.AUDITOR,
  /**
   * Change the contact fields (address, phones, e-mails) of one's own record, at any level, so an
   * officer can complete and keep his profile. Allowed while the profile is incomplete.
   */
  'officer:update-contact': (a, t) => t?.officerId === a.officerId,

  'news:read': (a) => a.accessLevel !== ACCESS.RESTRICTED,
  'news:write': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,
  'upload:read': (a) => a.accessLevel !== ACCESS.RESTRICTED,
  'upload:write': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,
  'upload:report': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,

  /** Import officers, locations, events and time tickets from files (Administrative Functions > Import): level 10. */
  'import:run': (a) => a.accessLevel >= ACCESS.AUDITOR,

  /** The audit log page: the roster administrator's level, 10+. */
  'audit:read': (a) => a.accessLevel >= ACCESS.AUDITOR,

  'report:statistics': (a) => a.accessLevel >= ACCESS.SUPERVISOR,
  'report:training': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,

  /** An officer's LOSAP progress: as reading his tickets, whose sum it is (own; anyone's at 5+). */
  'losap:progress': readsTickets,
  /** The LOSAP Progress report of every officer: level 5+, as the summary by officer. */
  'losap:report': (a) => a.accessLevel >= ACCESS.SUPERVISOR,
  /**
   * An officer's year-end LOSAP statement PDF: one's own at every level but 3; anyone's at level
   * 9+ (the chief's review level); without a target, may download statements at all.
   */
  'losap:statement': (a, t) =>
    a.accessLevel !== ACCESS.RESTRICTED && (t?.officerId === undefined || t.officerId === a.officerId || a.accessLevel >= ACCESS.ADMINISTRATOR),
  /** Every active officer's statements of a year as one ZIP: level 9+. */
  'losap:statements-all': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,
  /** Read a year's LOSAP rules (the program's terms): every level but 3. */
  'losap:rules-read': (a) => a.accessLevel !== ACCESS.RESTRICTED,
  /** Change a year's LOSAP rules (LOSAP Rules page): level 10. */
  'losap:rules-write': (a) => a.accessLevel >= ACCESS.AUDITOR,
  /** Attest or dispute one's own LOSAP year: every level but 3 (the record is his tickets' sum). */
  'losap:attest': (a) => a.accessLevel !== ACCESS.RESTRICTED,
  /** Read an officer's attestation: one's own at every level but 3; anyone's at level 9+. */
  'losap:attestation': (a, t) =>
    a.accessLevel !== ACCESS.RESTRICTED && (t?.officerId === undefined || t.officerId === a.officerId || a.accessLevel >= ACCESS.ADMINISTRATOR),
  /** The year end (LOSAP Year End page): open the review, list it, resolve disputes, certify, the sponsor's file: level 9+ (the chief). */
  'losap:year-end': (a) => a.accessLevel >= ACCESS.ADMINISTRATOR,
  /** Reopen a certified LOSAP year with a reason: level 10. */
  'losap:reopen': (a) => a.accessLevel >= ACCESS.AUDITOR,

  /**
   * Reset another officer's two-step sign-in (authenticator app, recovery codes, passkeys) with a
   * reason, when he lost them: level 10 exactly (decision 029), never on his own record (target).
   * Never the super user's either, which depends on configuration: the server refuses it and the
   * pages hide the button.
   */
  'officer:reset-second-factor': (a, t) => a.accessLevel === ACCESS.AUDITOR && t?.officerId !== a.officerId,
} satisfies Record<string, (actor: Actor, target?: Target) => boolean>;

export type Action = keyof typeof RULES;

/**
 * What an officer whose profile is incomplete may still do, whatever his level: fill in his own
 * officer form. 'own record': read his record and change its contact fields, on his record only;
 * 'any target': the lookups its State, Precinct, Rank and Access Level selects load (the same
 * tables for everybody, no owner). Every other action is refused until the profile is complete.
 */
const PROFILE_COMPLETION_ACTIONS: Partial<Record<Action, 'own record' | 'any target'>> = {
  'officer:read': 'own record',
  'officer:update-contact': 'own record',
  'lookup:read': 'any target',
};

/** True when an officer whose profile is incomplete may take `action` on `target` (PROFILE_COMPLETION_ACTIONS). */
function completesOwnProfile(actor: Actor, action: Action, target?: Target): boolean {
  const scope = PROFILE_COMPLETION_ACTIONS[action];
  return scope === 'any target' || (scope === 'own record' && target?.officerId === actor.officerId);
}

/**
 * The one permission check of Roll Call (spec §6), used by every API route and by the browser
 * to hide what the server would refuse. Returns false for no actor, an unknown action, a
 * session that may only change its password, or an officer whose profile is incomplete (except
 * what his own officer form needs: the lookups, reading his own record and changing its contact
 * fields).
 */
export function can(actor: Actor | null | undefined, action: Action, target?: Target): boolean {
  if (!actor) return false;
  if (actor.passwordChangeOnly) return false;
  if (actor.secondFactor) return false;
  if (actor.profileIncomplete && !completesOwnProfile(actor, action, target)) return false;
  const rule = (RULES as Record<string, (a: Actor, t?: Target) => boolean>)[action];
  return rule ? rule(actor, target) : false;
}
