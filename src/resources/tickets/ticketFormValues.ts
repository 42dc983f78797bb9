/**
 * The ticket form's values (the API ticket shape, spec §3) <-> the insert/update body, and the
 * form's validation (spec §5 field messages, then the shared checkTicket rules). Pure.
 */
import { rc } from '../../domain/messages';
import { COUNT_FIELDS, checkTicket, needsEvent, parseCount, type TicketCheckContext, type TicketFields } from '../../domain/tickets';
import type { TicketInput } from '../../domain/schemas/tickets';

const m = rc.tickets;

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

const num = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v));

/** The rule view of the form values. */
export function formFields(v: TicketFormValues): TicketFields {
  return {
    officerId: num(v.officer?.officerId),
    assignmentTypeId: num(v.assignmentType?.assignmentTypeId),
    precinctId: num(v.precinct?.precinctId),
    eventId: num(v.event?.eventId),
    startDate: v.startDate ?? '',
    startTime: v.startTime ?? '',
    endDate: v.endDate ?? '',
    endTime: v.endTime ?? '',
    travelHours: v.travelHours ? 1 : 0,
    description: v.description ?? '',
    auditComments: v.auditComments ?? '',
    ...Object.fromEntries(COUNT_FIELDS.map((c) => [c, parseCount(v[c] as string | number | null | undefined)])),
  };
}

/** The POST insert / PUT update body (trimmed text; audit comments only when the user may write them). */
export function toTicketInput(v: TicketFormValues, withAuditComments: boolean): TicketInput {
  const f = formFields(v);
  const eventId = needsEvent(f.assignmentTypeId) ? f.eventId ?? 0 : 0;
  return {
    ...(v.hoursWorkedId ? { hoursWorkedId: v.hoursWorkedId } : {}),
    officer: { officerId: f.officerId ?? 0 },
    assignmentType: { assignmentTypeId: f.assignmentTypeId ?? 0 },
    precinct: { precinctId: f.precinctId ?? 0 },
    event: { eventId },
    startDate: f.startDate,
    startTime: f.startTime,
    endDate: f.endDate,
    endTime: f.endTime,
    travelHours: f.travelHours === 1 ? 1 : 0,
    description: (f.description ?? '').trim(),
    ...(withAuditComments ? { auditComments: (f.auditComments ?? '').trim() } : {}),
    ...(Object.fromEntries(COUNT_FIELDS.map((c) => [c, f[c] ?? 0])) as Record<(typeof COUNT_FIELDS)[number], number>),
  };
}

const FIELD_PATHS: Record<string, string> = {
  officer: 'officer.officerId',
  assignmentType: 'assignmentType.assignmentTypeId',
  precinct: 'precinct.precinctId',
  event: 'event.eventId',
};

function setPath(target: Record<string, unknown>, path: string, value: string) {
  const keys = path.split('.');
  let o = target;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
  o[keys[keys.length - 1]] = value;
}

/**
 * Form-level validation: the spec §5 field messages ('Must select officer', 'Must select
 * assignment type', 'Must select precinct', 'Date is required', 'Required', 'Description is
 * required.') first; when they pass, the first checkTicket alert on its field. Returns nested
 * errors for react-admin's Form.
 */
export function validateTicketForm(v: TicketFormValues, ctx: TicketCheckContext): Record<string, unknown> {
  const f = formFields(v);
  const errors: Record<string, unknown> = {};
  if (!f.officerId) setPath(errors, FIELD_PATHS.officer, m.mustSelectOfficerField);
  if (!f.assignmentTypeId) setPath(errors, FIELD_PATHS.assignmentType, m.mustSelectAssignmentTypeField);
  if (!f.precinctId && !(needsEvent(f.assignmentTypeId) && f.eventId)) setPath(errors, FIELD_PATHS.precinct, m.mustSelectPrecinctField);
  if (needsEvent(f.assignmentTypeId) && !f.eventId) setPath(errors, FIELD_PATHS.event, m.mustSelectEventInline);
  for (const d of ['startDate', 'endDate'] as const) if (!f[d]) setPath(errors, d, m.dateRequired);
  for (const d of ['startTime', 'endTime'] as const) if (!f[d]) setPath(errors, d, m.required);
  if (!f.description?.trim()) setPath(errors, 'description', m.descriptionRequired);
  if (Object.keys(errors).length) return errors;
  const problem = checkTicket(f, ctx);
  if (problem) setPath(errors, FIELD_PATHS[problem.field] ?? problem.field, problem.message);
  return errors;
}
