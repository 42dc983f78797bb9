/**
 * Time ticket wire shapes (spec §3 TimeTicket, §7 time ticket calls), shared by the server
 * (request validation, OpenAPI) and the browser (form transform). Dates MM/DD/YYYY, times HH:mm
 * in ORG_TIMEZONE; hours are decimal hours.
 */
import './jitless';
import { z } from 'zod';
import { wholeNumber, wholeNumberText } from './common';
import { US_DATE, HHMM_TIME, usDateText, hhmmText, instantText } from './wire';
import { format, rc } from '../messages';
import { HIDDEN_ASSIGNMENT_TYPE_ID, LIMITS } from '../constants';
import { compareDates, isExistingLocalTime, isOnTimeStep, isValidDate, isValidTime } from '../dates';
import { hasNoBidiControls, isAscii } from '../validators';
import {
  COUNT_FIELDS, editWindowDays, isInsideWindow, needsEvent, shiftLimitHours, ticketHours, tourOverlapsEvent, type EventWindow,
} from '../tickets';
import { spanShape } from './span';
import { ATTENTION_REASONS, REVIEW_DECISIONS, REVIEW_STATES } from '../ticketReview';

const m = rc.tickets;
const id = wholeNumberText(0);
const optId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
const flag = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['Y', 'N']).optional());
const optDate = z.preprocess((v) => (v === '' ? undefined : v), z.string().max(10).meta(US_DATE).optional());
const count = z.number({ message: m.countInvalid }).int(m.countInvalid).min(0, m.countInvalid).default(0);

/**
 * Body of POST /timeTickets/insert and PUT /timeTickets/update (update needs hoursWorkedId).
 * Top level is strict (unknown fields -> 400); nested references keep only their id.
 */
export const ticketInputSchema = z
  .object({
    hoursWorkedId: z.number().int().min(0).optional(),
    officer: z.object({ officerId: z.number().int().min(0) }).nullish(),
    assignmentType: z.object({ assignmentTypeId: z.number().int().min(0) }).nullish(),
    precinct: z.object({ precinctId: z.number().int().min(0) }).nullish(),
    event: z.object({ eventId: z.number().int().min(0).nullish() }).nullish(),
    startDate: z.string().max(10).meta(US_DATE).nullish(),
    startTime: z.string().max(5).meta(HHMM_TIME).nullish(),
    endDate: z.string().max(10).meta(US_DATE).nullish(),
    endTime: z.string().max(5).meta(HHMM_TIME).nullish(),
    travelHours: z.union([z.literal(0), z.literal(1)], { message: m.travelZeroOrOne }).default(0),
    description: z.string().max(20000).nullish(),
    auditComments: z.string().max(20000).nullish(),
    ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, count])) as Record<(typeof COUNT_FIELDS)[number], typeof count>,
  })
  .strict();
export type TicketInput = z.infer<typeof ticketInputSchema>;

/** What the ticket rules know besides the ticket itself (spec §4, §5). */
export interface TicketRulesContext {
  /** Access level of the user saving the ticket (edit window, shift limit). */
  accessLevel: number;
  /** Today, MM/DD/YYYY in ORG_TIMEZONE. */
  today: string;
  /** ORG_TIMEZONE, an IANA zone name. */
  tz: string;
  /**
   * The current instant by the server's clock. When given, a 10-41 or 10-42 later than it is
   * refused (not only a later date); without it only the dates are compared.
   */
  now?: Date;
  /** The selected event's time, when known (the form); the server checks it after loading the event. */
  event?: EventWindow | null;
  /**
   * Wording of the missing-field messages: 'field' (default, the form) gives the spec §5 field
   * messages ('Must select officer', 'Required', ...); 'alert' (the API) the §5 alerts
   * ('Must Select Officer!', 'Required field', ...). The rule messages are the same in both.
   */
  wording?: 'field' | 'alert';
  /**
   * History brought in by an import (server/imports/tickets.ts): the edit window does not apply,
   * so tickets of any past year are checked by every other rule.
   */
  history?: boolean;
}

interface TicketIssue {
  path: string[];
  message: string;
}

/** Where the message of a reference field goes in the nested body (and in the form). */
const REF_PATHS = {
  officer: ['officer', 'officerId'],
  assignmentType: ['assignmentType', 'assignmentTypeId'],
  precinct: ['precinct', 'precinctId'],
  event: ['event', 'eventId'],
};

/** Every missing required field of the body, in form order, with its §5 message. */
function missingFields(b: TicketInput, alert: boolean): TicketIssue[] {
  const issues: TicketIssue[] = [];
  const add = (path: string[], field: string, api: string) => issues.push({ path, message: alert ? api : field });
  const eventType = needsEvent(b.assignmentType?.assignmentTypeId);
  const eventId = b.event?.eventId;
  if (!b.officer?.officerId) add(REF_PATHS.officer, m.mustSelectOfficerField, m.mustSelectOfficer);
  if (!b.assignmentType?.assignmentTypeId) add(REF_PATHS.assignmentType, m.mustSelectAssignmentTypeField, m.mustSelectAssignmentType);
  if (!b.precinct?.precinctId && !(eventType && eventId)) add(REF_PATHS.precinct, m.mustSelectPrecinctField, m.mustSelectPrecinct);
  if (eventType && !eventId) add(REF_PATHS.event, m.mustSelectEventInline, m.mustSelectEvent);
  for (const end of ['start', 'end'] as const) {
    if (!b[`${end}Date`]) add([`${end}Date`], m.dateRequired, m.dateRequired);
    if (!b[`${end}Time`]) add([`${end}Time`], m.required, m.requiredField);
  }
  if (!b.description?.trim()) add(['description'], m.descriptionRequired, m.descriptionRequired);
  return issues;
}

/**
 * The first broken §5 rule of a body whose required fields are all present, in the order the
 * form shows them: assignment type 5, each date and time (valid, 15-minute step, not skipped by
 * the spring-forward change), no 10-41/10-42 in the future, edit window, end after start, shift
 * limit, tour overlaps the event (when ctx.event is known), description and audit comments
 * (ASCII, at most 5000 characters). Null when none is broken.
 */
function firstBrokenRule(b: TicketInput, ctx: TicketRulesContext): TicketIssue | null {
  const issue = (path: string[], message: string) => ({ path, message });
  const assignmentTypeId = b.assignmentType?.assignmentTypeId ?? 0;
  if (assignmentTypeId === HIDDEN_ASSIGNMENT_TYPE_ID) return issue(REF_PATHS.assignmentType, m.hiddenAssignmentType);
  const startDate = b.startDate ?? '';
  const startTime = b.startTime ?? '';
  const endDate = b.endDate ?? '';
  const endTime = b.endTime ?? '';
  for (const [date, time, end] of [[startDate, startTime, 'start'], [endDate, endTime, 'end']] as const) {
    if (!isValidDate(date)) return issue([`${end}Date`], rc.validation.invalidDate);
    if (!isValidTime(time)) return issue([`${end}Time`], rc.validation.invalidTime);
    if (!isOnTimeStep(time)) return issue([`${end}Time`], rc.validation.timeStep);
    if (!isExistingLocalTime(date, time, ctx.tz)) return issue([`${end}Time`], rc.validation.nonexistentTime);
  }
  const { start, end, hours } = ticketHours(startDate, startTime, endDate, endTime, ctx.tz);
  const afterNow = (at: Date) => !!ctx.now && at.getTime() > ctx.now.getTime();
  if (compareDates(startDate, ctx.today) > 0 || afterNow(start)) return issue(['startDate'], m.startInFuture);
  if (compareDates(endDate, ctx.today) > 0 || afterNow(end)) return issue(['endDate'], m.endInFuture);
  if (!ctx.history && !isInsideWindow(startDate, ctx.today, ctx.accessLevel)) {
    return issue(['startDate'], format(m.tooOld, { days: editWindowDays(ctx.accessLevel) }));
  }
  const order = compareDates(endDate, startDate);
  if (order < 0) return issue(['endDate'], m.endDateBeforeStart);
  if (hours <= 0) return issue(['endTime'], order === 0 ? m.endTimeBeforeStart : m.endDateBeforeStart);
  const limit = shiftLimitHours(assignmentTypeId, ctx.accessLevel);
  if (hours > limit) return issue(['endTime'], format(m.shiftTooLong, { hours: limit }));
  if (needsEvent(assignmentTypeId) && ctx.event && !tourOverlapsEvent(start, end, ctx.event)) return issue(REF_PATHS.event, m.notDuringEvent);
  const description = (b.description ?? '').trim();
  if (!hasNoBidiControls(description)) return issue(['description'], rc.validation.bidiControl);
  if (!isAscii(description)) return issue(['description'], m.descriptionAscii);
  if (description.length > LIMITS.TICKET_DESCRIPTION) return issue(['description'], m.descriptionTooLong);
  const audit = b.auditComments ?? '';
  if (!hasNoBidiControls(audit)) return issue(['auditComments'], rc.validation.bidiControl);
  if (!isAscii(audit)) return issue(['auditComments'], m.auditCommentsAscii);
  if (audit.length > LIMITS.AUDIT_COMMENTS) return issue(['auditComments'], m.auditCommentsTooLong);
  return null;
}

/**
 * The time ticket rules of spec §5 that need no database, as one zod schema over the nested
 * insert/update body (ticketInputSchema plus refinements). Issues carry the path of their field
 * (['officer', 'officerId'], ['startDate'], ['precinct', 'precinctId'], ...), so
 * zodFormErrors(ticketRulesSchema(ctx), body) gives the form its nested errors and the API answers
 * the first issue's message with 400.
 * Order: first every missing required field (officer, assignment type, precinct unless the event
 * gives it, event for types 1/4/9/11, dates 'Date is required', times, description 'Description
 * is required.'), worded per ctx.wording; when none is missing, the first broken rule only
 * (firstBrokenRule: assignment type 5, date/time format, 15-minute step, spring-forward gap,
 * future, edit window, end after start, shift limit 12/15 hours, event time, ASCII and lengths).
 * Times skipped by the spring-forward change are refused, never moved. The server adds the
 * checks that need the database (event type, sign-up, one ticket per event, overlap) in
 * saveTicket (server/db/repositories/tickets.ts).
 */
export function ticketRulesSchema(ctx: TicketRulesContext) {
  return ticketInputSchema.superRefine((b, refinement) => {
    const missing = missingFields(b, ctx.wording === 'alert');
    for (const i of missing) refinement.addIssue({ code: 'custom', path: i.path, message: i.message });
    if (missing.length) return;
    const broken = firstBrokenRule(b, ctx);
    if (broken) refinement.addIssue({ code: 'custom', path: broken.path, message: broken.message });
  });
}

/** Sort keys of getMultiple (spec §2), mapped to SQL by the repository. */
export const TICKET_SORT_KEYS = ['officerId', 'assignedPct', 'startDate', 'endDate', 'hoursWorked', 'travelHours', 'totalHours', 'assignmentTypeDescr', ...COUNT_FIELDS] as const;
export type TicketSortKey = (typeof TICKET_SORT_KEYS)[number];

/** Filters of getMultiple and getTotals (spec §7). Empty strings count as absent. */
export const ticketFilterSchema = z.object({
  officerId: optId,
  sinceDate: optDate,
  untilDate: optDate,
  assignmentTypeId: optId,
  precinctId: optId,
  assignedPct: optId,
  summarizeFlag: flag,
  arrestFlag: flag,
  hoursWorkedId: optId,
  eventId: optId,
});
export type TicketFilter = z.infer<typeof ticketFilterSchema>;

/** getMultiple query: the filters plus react-admin's _sort/_order/_start/_end. */
export const ticketListQuerySchema = ticketFilterSchema.extend({
  _sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TICKET_SORT_KEYS).optional()),
  _order: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC']).optional()),
  _start: wholeNumberText(0).optional(),
  _end: wholeNumberText(0).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** getDuplicateTickets query (spec §7). */
export const duplicateQuerySchema = z.object({
  hoursWorkedId: wholeNumberText(0).default(0),
  officerId: wholeNumberText(1),
  startDate: usDateText(),
  startTime: hhmmText(),
  endDate: usDateText(),
  endTime: hhmmText(),
});

/** flagTicket: path id, query flaggedBy (the auditor's own id to flag, 0 to clear). */
export const flagParamsSchema = z.object({ id: wholeNumberText(1) });
export const flagQuerySchema = z.object({ flaggedBy: wholeNumberText(0) });
/** A flag's reason as the auditor types it: trimmed, ASCII, at most 5000 characters. */
const flagReason = () =>
  z
    .string()
    .trim()
    .max(LIMITS.AUDIT_COMMENTS, m.auditCommentsTooLong)
    .refine(isAscii, m.auditCommentsAscii)
    .describe('Why the ticket is flagged; shown to its owner under EXPLANATION');

/**
 * flagTicket's optional body: the auditor's reason, stored with the flag as the ticket's audit
 * comments (the owner reads it under EXPLANATION, spec §2). Trimmed; ASCII only, at most 5000
 * characters. Without a body (Fastify passes null) the call is the spec §7 one ('no body') and
 * the comments are kept.
 */
export const flagBodySchema = z
  .object({
    auditComments: flagReason(),
  })
  .strict()
  .nullish()
  .describe('Optional: send no body to flag or clear as before (spec §7); when flagging, auditComments is stored with the flag');

const officerRef = z.object({
  officerId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  separationDate: usDateText().nullable(),
  rank: z.object({ rankId: z.number(), description: z.string() }).nullable(),
  accessType: z.object({ accessTypeId: z.number() }),
});

/** One time ticket as the API answers it (spec §3). In summary mode one row per officer. */
export const ticketSchema = z.object({
  hoursWorkedId: z.number(),
  officer: officerRef,
  assignmentType: z.object({ assignmentTypeId: z.number(), description: z.string() }),
  precinct: z.object({ precinctId: z.number(), description: z.string() }),
  event: z.object({ eventId: z.number(), eventName: z.string().nullable(), incentiveHours: z.number() }),
  ...spanShape,
  hoursWorked: z.number(),
  travelHours: z.number(),
  totalHours: z.number(),
  description: z.string(),
  ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, z.number()])) as Record<(typeof COUNT_FIELDS)[number], z.ZodNumber>,
  flaggedBy: z.object({ officerId: z.number(), firstName: z.string(), lastName: z.string() }),
  auditComments: z.string(),
  enteredBy: z.number().nullable(),
  updatedBy: z.number().nullable(),
  createdTimestamp: instantText(),
  updatedTimestamp: instantText(),
  locked: z.boolean(),
  /** Where the ticket stands in the auditors' queue (src/domain/ticketReview.ts), who last decided and when (ISO instant). */
  reviewState: z.enum(REVIEW_STATES),
  reviewedBy: z.number().nullable(),
  reviewedAt: z.string().nullable(),
  /** Why it needs an auditor's attention, worked out when it was saved; empty when nothing stands out. */
  attention: z.array(z.enum(ATTENTION_REASONS)),
  hasChildren: z.enum(['Y', 'N']),
  /** Summary rows only: tickets summed and flagged tickets left out of the sums. */
  ticketCount: z.number().optional(),
  flaggedCount: z.number().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * A row of the summary by officer (getMultiple with summarizeFlag=Y, spec §2): one per officer
 * with the sums; it is no single ticket, so it has no timestamps of its own ('').
 */
export const ticketSummaryRowSchema = ticketSchema
  .extend({ createdTimestamp: z.literal(''), updatedTimestamp: z.literal('') })
  .describe('A summary row (summarizeFlag=Y): one officer, sums, ticketCount and flaggedCount');

/** A row of GET /api/timeTickets/getMultiple: a ticket, or a summary row (for the OpenAPI document). */
export const ticketListRowSchema = z.union([ticketSchema, ticketSummaryRowSchema]);

/** getTotals answer: sums over unflagged matching tickets, plus counts (spec §2 footer, §4). */
export const ticketTotalsSchema = z.object({
  hoursWorked: z.number(),
  travelHours: z.number(),
  totalHours: z.number(),
  ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, z.number()])) as Record<(typeof COUNT_FIELDS)[number], z.ZodNumber>,
  ticketCount: z.number(),
  flaggedCount: z.number(),
});
export type TicketTotals = z.infer<typeof ticketTotalsSchema>;

/**
 * GET getQueue (the auditors' queue): the filters an auditor narrows the queue by, attention=Y
 * for the tickets pre-marked as needing attention, and the page (_start/_end, at most 200 rows).
 */
export const ticketQueueQuerySchema = z.object({
  officerId: optId,
  sinceDate: optDate,
  untilDate: optDate,
  assignmentTypeId: optId,
  precinctId: optId,
  eventId: optId,
  attention: flag,
  _start: wholeNumberText(0).optional(),
  _end: wholeNumberText(0).optional(),
});
export type TicketQueueQuery = z.infer<typeof ticketQueueQuerySchema>;

/**
 * PUT review: one decision for 1 to 200 tickets of the queue. accept lifts any flag; flag needs
 * the reason, stored as each ticket's audit comments (the owner reads it under EXPLANATION).
 */
export const ticketReviewSchema = z
  .object({
    ids: z.array(wholeNumber(1)).min(1, rc.review.nothingSelected).max(200, rc.review.tooMany).describe('The tickets (hoursWorkedId) the decision is for'),
    decision: z.enum(REVIEW_DECISIONS),
    reason: flagReason().optional(),
  })
  .strict()
  .refine((b) => b.decision !== 'flag' || !!b.reason, { message: rc.review.reasonRequired, path: ['reason'] });
export type TicketReview = z.infer<typeof ticketReviewSchema>;

/** The answer of PUT review: the tickets as they now stand. */
export const ticketReviewResultSchema = z.object({
  reviewed: z.array(z.object({ hoursWorkedId: z.number(), reviewState: z.enum(REVIEW_STATES) })),
});
