/**
 * The columns of the time ticket exports: the list's columns plus what a ticket import template
 * reads (precinct, event, description, the flag and its reason), and the summary by officer's.
 */
import type { Ticket } from '../../src/domain/schemas/tickets';
import { COUNT_FIELDS } from '../../src/domain/tickets';
import { officerCode } from '../../src/domain/officerLabel';
import { rc } from '../../src/domain/messages';
import { col, officerName, type Column } from './columns';

const f = rc.tickets.fields;
const x = rc.exports.columns;

const counts: Column<Ticket>[] = COUNT_FIELDS.map((c) => col.integer<Ticket>(f[c], (t) => t[c]));
const hours: Column<Ticket>[] = [
  col.hours<Ticket>(f.worked, (t) => t.hoursWorked),
  col.hours<Ticket>(f.travel, (t) => t.travelHours),
  col.hours<Ticket>(f.total, (t) => t.totalHours),
];

/** One ticket a row: officer, the tour (10-41/10-42 date and time), what it was, hours, counts, the flag. */
export const ticketColumns: Column<Ticket>[] = [
  col.text<Ticket>(x.officerId, (t) => officerCode(t.officer.officerId), 10),
  col.text<Ticket>(x.officerName, (t) => officerName(t.officer), 26),
  col.date<Ticket>(f.startDate, (t) => t.startDate),
  col.time<Ticket>(f.startTime, (t) => t.startTime),
  col.date<Ticket>(f.endDate, (t) => t.endDate),
  col.time<Ticket>(f.endTime, (t) => t.endTime),
  col.text<Ticket>(f.assignmentType, (t) => t.assignmentType.description, 20),
  col.text<Ticket>(f.precinctWorked, (t) => t.precinct.description, 20),
  col.text<Ticket>(f.event, (t) => t.event.eventName, 28),
  col.text<Ticket>(f.description, (t) => t.description, 48),
  ...hours,
  ...counts,
  col.text<Ticket>(f.flagged, (t) => (t.flaggedBy.officerId ? x.yes : x.no), 8),
  col.text<Ticket>(x.flaggedBy, (t) => (t.flaggedBy.officerId ? officerName(t.flaggedBy) : ''), 22),
  col.text<Ticket>(x.flagReason, (t) => (t.flaggedBy.officerId ? t.auditComments : ''), 40),
];

/** One officer a row (summary by officer): officer, assigned precinct, summed hours and counts of unflagged tickets. */
export const summaryColumns: Column<Ticket>[] = [
  col.text<Ticket>(x.officerId, (t) => officerCode(t.officer.officerId), 10),
  col.text<Ticket>(x.officerName, (t) => officerName(t.officer), 26),
  col.text<Ticket>(f.assignedPct, (t) => t.precinct.description, 20),
  ...hours,
  ...counts,
];
