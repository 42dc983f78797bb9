/**
 * What the signed-in officer may do with one time ticket in the browser (spec §4 edit window and
 * locked tickets, §6 who writes whose tickets), from the shared rules of src/domain. The server
 * repeats every check. Pure.
 */
import { can, type Actor } from '../../domain/access';
import { format, rc } from '../../domain/messages';
import { editWindowDays, isInsideWindow } from '../../domain/tickets';

const m = rc.tickets;

/** The fields of a ticket these rules look at. */
export interface TicketAccessFields {
  officer: { officerId: number };
  startDate: string;
  locked: boolean;
}

/**
 * Why `actor` may not change or remove the ticket today, in the catalog's words: another
 * officer's ticket below level 9, a locked ticket, or a 10-41 date outside the 30/365-day window.
 * Null when he may. `today` is MM/DD/YYYY in ORG_TIMEZONE.
 */
export function whyReadOnly(actor: Actor, t: TicketAccessFields, today: string): string | null {
  if (!can(actor, 'ticket:write', { officerId: t.officer.officerId })) return m.writeOwnOnly;
  if (t.locked) return m.locked;
  if (!isInsideWindow(t.startDate, today, actor.accessLevel)) return format(m.tooOld, { days: editWindowDays(actor.accessLevel) });
  return null;
}

/** True while `actor` may edit and remove the ticket (its 10-41 links to the form, Remove shows). */
export function isChangeable(actor: Actor, t: TicketAccessFields, today: string): boolean {
  return whyReadOnly(actor, t, today) === null;
}

/** True when the ticket is the signed-in officer's own (he reads the owner's notices and advice, spec §8). */
export function isOwnTicket(actor: Actor, t: { officer: { officerId: number } }): boolean {
  return t.officer.officerId === actor.officerId;
}
