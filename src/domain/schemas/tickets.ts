/**
 * Time ticket wire shapes (spec §3 TimeTicket, §7 time ticket calls), shared by the server
 * (request validation, OpenAPI) and the browser (form transform). Dates MM/DD/YYYY, times HH:mm
 * in ORG_TIMEZONE; hours are decimal hours.
 */
import { z } from 'zod';
import { rc } from '../messages';
import { COUNT_FIELDS } from '../tickets';
import { spanShape } from './span';

const m = rc.tickets;
const id = z.coerce.number().int().min(0);
const optId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
const flag = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['Y', 'N']).optional());
const optDate = z.preprocess((v) => (v === '' ? undefined : v), z.string().max(10).optional());
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
    startDate: z.string().max(10).nullish(),
    startTime: z.string().max(5).nullish(),
    endDate: z.string().max(10).nullish(),
    endTime: z.string().max(5).nullish(),
    travelHours: z.union([z.literal(0), z.literal(1)], { message: m.travelZeroOrOne }).default(0),
    description: z.string().max(20000).nullish(),
    auditComments: z.string().max(20000).nullish(),
    ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, count])) as Record<(typeof COUNT_FIELDS)[number], typeof count>,
  })
  .strict();
export type TicketInput = z.infer<typeof ticketInputSchema>;

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
  _start: z.coerce.number().int().min(0).optional(),
  _end: z.coerce.number().int().min(0).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** getDuplicateTickets query (spec §7). */
export const duplicateQuerySchema = z.object({
  hoursWorkedId: z.coerce.number().int().min(0).default(0),
  officerId: z.coerce.number().int().min(1),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
});

/** flagTicket: path id, query flaggedBy (the auditor's own id to flag, 0 to clear). */
export const flagParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const flagQuerySchema = z.object({ flaggedBy: z.coerce.number().int().min(0) });

/** DELETE body: [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}] (spec §7). */
export const deleteBodySchema = z
  .array(z.object({ id: z.number().int().min(0), deleteStatus: z.string().max(1).optional().default('') }).strict())
  .max(1000);

const officerRef = z.object({
  officerId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  separationDate: z.string().nullable(),
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
  createdTimestamp: z.string(),
  updatedTimestamp: z.string(),
  locked: z.boolean(),
  hasChildren: z.enum(['Y', 'N']),
  /** Summary rows only: tickets summed and flagged tickets left out of the sums. */
  ticketCount: z.number().optional(),
  flaggedCount: z.number().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

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
