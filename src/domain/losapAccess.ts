/**
 * Who may do what with LOSAP (spec §6 levels), built on the one permission check `can` of
 * ./access, for the server routes and the browser alike. Kept beside it until its rules move
 * into RULES: reading progress follows reading tickets, since progress is the tickets' sum.
 */
import { can, type Actor } from './access';
import { ACCESS } from './constants';

/** An officer's LOSAP progress: his own at every level but 3; anyone's at level 5+ (as 'ticket:read'). */
export const canReadLosapProgress = (a: Actor | null | undefined, officerId?: number) => can(a, 'ticket:read', officerId === undefined ? undefined : { officerId });

/** The LOSAP Progress report of every officer: level 5+ (as the ticket summary by officer). */
export const canReadLosapReport = (a: Actor | null | undefined) => can(a, 'ticket:search-any');

/** Read the year's rules: everybody with the full menu (the rules are the program's terms). */
export const canReadLosapRules = (a: Actor | null | undefined) => can(a, 'menu:full');

/** Change the year's rules (LOSAP Rules page): level 10. */
export const canEditLosapRules = (a: Actor | null | undefined) => can(a, 'menu:full') && !!a && a.accessLevel >= ACCESS.AUDITOR;
