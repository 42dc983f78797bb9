/**
 * The ticket form's values (the API ticket shape, spec §3) -> the insert/update body, and the
 * form's validation: the shared ticket rules schema (spec §5) over that body. Pure.
 */
import { COUNT_FIELDS, needsEvent, parseCount } from '../../domain/tickets';
import { ticketRulesSchema, type TicketInput, type TicketRulesContext } from '../../domain/schemas/tickets';
import { zodFormErrors } from '../../common/zodFormErrors';

export interface TicketFormValues {
  hoursWorkedId?: number;
  officer?: { officerId?: number | string | null } | null;
  assignmentType?: { assignmentTypeId?: number | string | null } | null;
  precinct?: { precinctId?: number | string | null } | null;
  event?: { eventId?: number | string | null } | null;
  startDate?: string | null;
  startTime?: string | null;
  endDate?: string | null;
  endTime?: string | null;
  travelHours?: number | boolean | null;
  description?: string | null;
  auditComments?: string | null;
  [key: string]: unknown;
}

/** A picker's id as a number; '' / null / missing / not a number -> 0 (nothing selected). */
function idOf(v: unknown): number {
  const n = v === '' || v === null || v === undefined ? 0 : Number(v);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The POST insert / PUT update body (spec §7): ids as numbers (0 = none), the event only for
 * assignment types 1, 4, 9, 11, travel 0 or 1, counts parsed as typed (parseCount), trimmed text;
 * audit comments only when `withAuditComments` (the user may write them, level 10).
 */
export function toTicketInput(v: TicketFormValues, withAuditComments: boolean): TicketInput {
  const assignmentTypeId = idOf(v.assignmentType?.assignmentTypeId);
  return {
    ...(v.hoursWorkedId ? { hoursWorkedId: v.hoursWorkedId } : {}),
    officer: { officerId: idOf(v.officer?.officerId) },
    assignmentType: { assignmentTypeId },
    precinct: { precinctId: idOf(v.precinct?.precinctId) },
    event: { eventId: needsEvent(assignmentTypeId) ? idOf(v.event?.eventId) : 0 },
    startDate: v.startDate ?? '',
    startTime: v.startTime ?? '',
    endDate: v.endDate ?? '',
    endTime: v.endTime ?? '',
    travelHours: v.travelHours ? 1 : 0,
    description: (v.description ?? '').trim(),
    ...(withAuditComments ? { auditComments: (v.auditComments ?? '').trim() } : {}),
    ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, parseCount(v[c] as string | number | null | undefined)])) as Record<
      (typeof COUNT_FIELDS)[number],
      number
    >),
  };
}

/**
 * Form-level validation: ticketRulesSchema(ctx) over the body the form would send, as nested
 * errors for react-admin's Form ({officer: {officerId: 'Must select officer'}}). The spec §5
 * field messages ('Must select officer', 'Must select assignment type', 'Must select precinct',
 * 'Date is required', 'Required', 'Description is required.') come first, on every empty field;
 * when none is missing, the first broken rule on its field. {} when the ticket passes.
 */
export function validateTicketForm(v: TicketFormValues, ctx: TicketRulesContext): Record<string, unknown> {
  return zodFormErrors(ticketRulesSchema(ctx), toTicketInput(v, true));
}
