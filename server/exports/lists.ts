/**
 * The columns of the exports of the lists and reports other than time tickets: each the columns
 * its screen shows, with the labels the screen uses (src/domain/messages), dates MM/DD/YYYY and
 * times HH:mm in ORG_TIMEZONE, hours with 2 decimals.
 */
import { z } from 'zod';
import { rc } from '../../src/domain/messages';
import { COUNT_FIELDS } from '../../src/domain/tickets';
import { officerCode } from '../../src/domain/officerLabel';
import { eventStatus } from '../../src/domain/eventStatus';
import { fromInstant } from '../../src/domain/dates';
import type { eventJson } from '../../src/domain/schemas/events';
import type { SignupJson } from '../../src/domain/schemas/signups';
import type { ReportOfficerRow, ReportUploadRow, uploadJson } from '../../src/domain/schemas/uploads';
import type { OfficerListRow } from '../../src/domain/schemas/officers';
import type { StatisticsRow } from '../../src/domain/schemas/statistics';
import type { NonCompliantRow } from '../../src/domain/schemas/training';
import type { AuditLogRow } from '../../src/domain/schemas/auditLog';
import type { LosapReportRow } from '../../src/domain/schemas/losap';
import { col, officerName, type Column } from './columns';

type EventRow = z.infer<typeof eventJson>;
type UploadRow = z.infer<typeof uploadJson>;
const x = rc.exports.columns;
const ef = rc.events.fields;
const tf = rc.tickets.fields;

/** An instant (ISO) as 'MM/DD/YYYY HH:mm' in `tz`; '' for none. */
function localStamp(iso: string | null | undefined, tz: string): string {
  if (!iso) return '';
  const { date, time } = fromInstant(iso, tz);
  return `${date} ${time}`;
}

/** Events > Details (events/getMultiple): one event a row. */
export const eventColumns: Column<EventRow>[] = [
  col.integer<EventRow>(x.eventId, (e) => e.eventId),
  col.text<EventRow>(ef.eventName, (e) => e.eventName, 30),
  col.text<EventRow>(ef.eventType, (e) => e.eventType.eventTypeDescription, 18),
  col.date<EventRow>(ef.startDate, (e) => e.startDate),
  col.time<EventRow>(ef.startTime, (e) => e.startTime),
  col.date<EventRow>(ef.endDate, (e) => e.endDate),
  col.time<EventRow>(ef.endTime, (e) => e.endTime),
  col.text<EventRow>(ef.location, (e) => e.location.name, 24),
  col.text<EventRow>(ef.precinct, (e) => e.precinct.description, 18),
  col.integer<EventRow>(ef.maxOfficers, (e) => e.maxOfficers),
  col.integer<EventRow>(ef.signedUp, (e) => e.signupCount),
  col.text<EventRow>(ef.status, (e) => eventStatus(e.eventType.eventTypeId, e.signupCount, e.maxOfficers), 30),
  col.hours<EventRow>(ef.incentiveHours, (e) => e.incentiveHours),
  col.text<EventRow>(ef.description, (e) => e.description, 40),
];

/** A roster (signup/getMultiple): one sign-up a row, the event and the officer. */
export const signupColumns: Column<SignupJson>[] = [
  col.text<SignupJson>(rc.signups.fields.officerId, (r) => officerCode(r.officer.officerId), 10),
  col.text<SignupJson>(rc.signups.fields.lastName, (r) => r.officer.lastName, 18),
  col.text<SignupJson>(rc.signups.fields.firstName, (r) => r.officer.firstName, 16),
  col.text<SignupJson>(rc.signups.fields.mobile, (r) => r.officer.mobile, 14),
  col.text<SignupJson>(ef.eventName, (r) => r.event.eventName, 30),
  col.text<SignupJson>(ef.eventType, (r) => r.event.eventType.eventTypeDescription, 18),
  col.date<SignupJson>(ef.startDate, (r) => r.event.startDate),
  col.time<SignupJson>(ef.startTime, (r) => r.event.startTime),
  col.date<SignupJson>(ef.endDate, (r) => r.event.endDate),
  col.time<SignupJson>(ef.endTime, (r) => r.event.endTime),
];

/** The 159 board (uploads/getMultiple): one document a row, with the asked officer's sign-off. */
export function uploadColumns(tz: string): Column<UploadRow>[] {
  const uf = rc.uploads.fields;
  return [
    col.integer<UploadRow>(x.uploadId, (u) => u.uploadId),
    col.date<UploadRow>(uf.dateEntered, (u) => u.dateEntered),
    col.text<UploadRow>(uf.uploadType, (u) => u.uploadType.uploadTypeDescription, 18),
    col.text<UploadRow>(uf.description, (u) => u.description, 40),
    col.text<UploadRow>(uf.filename, (u) => u.filename ?? u.linkUrl, 28),
    col.text<UploadRow>(uf.signoffTimestamp, (u) => localStamp(u.signoffTimestamp, tz), 18),
  ];
}

/** The 159 compliance report of one document: one officer a row. */
export const reportOfficerColumns: Column<ReportOfficerRow>[] = [
  col.text<ReportOfficerRow>(x.officerId, (r) => officerCode(r.officerId), 10),
  col.text<ReportOfficerRow>(x.lastName, (r) => r.lastName, 18),
  col.text<ReportOfficerRow>(x.firstName, (r) => r.firstName, 16),
  col.text<ReportOfficerRow>(rc.uploads.fields.precinct, (r) => r.precinct?.description, 18),
  col.text<ReportOfficerRow>(rc.uploads.fields.status, (r) => r.status, 18),
];

/** The 159 compliance report of one officer: one 159 a row. */
export const reportUploadColumns: Column<ReportUploadRow>[] = [
  col.integer<ReportUploadRow>(x.uploadId, (r) => r.uploadId),
  col.date<ReportUploadRow>(rc.uploads.fields.dateEntered, (r) => r.dateEntered),
  col.text<ReportUploadRow>(rc.uploads.fields.description, (r) => r.description, 40),
  col.text<ReportUploadRow>(rc.uploads.fields.status, (r) => r.status, 18),
];

/**
 * The officer list: id, name, mobile, rank, separation date; at level 10 (`roster`) also the
 * roster's precinct, last login, access level, unread 159s and flagged tickets.
 */
export function officerColumns(roster: boolean, tz: string): Column<OfficerListRow>[] {
  const of = rc.officers.fields;
  const base: Column<OfficerListRow>[] = [
    col.text<OfficerListRow>(of.officerId, (o) => officerCode(o.officerId), 10),
    col.text<OfficerListRow>(of.lastName, (o) => o.lastName, 18),
    col.text<OfficerListRow>(of.firstName, (o) => o.firstName, 16),
    col.text<OfficerListRow>(of.mobile, (o) => o.mobile, 14),
    col.text<OfficerListRow>(of.rank, (o) => o.rank?.description, 16),
    col.date<OfficerListRow>(of.separationDate, (o) => o.separationDate),
  ];
  if (!roster) return base;
  const list = rc.officers.list;
  return [
    ...base,
    col.text<OfficerListRow>(of.precinct, (o) => o.precinct?.description, 18),
    col.date<OfficerListRow>(of.lastLoginDate, (o) => (o.lastLoginDate ? fromInstant(o.lastLoginDate, tz).date : null), 14),
    col.text<OfficerListRow>(of.accessType, (o) => o.accessType?.description, 18),
    col.text<OfficerListRow>(list.unread159s, (o) => (o.exempt ? list.notApplicable : String(o.unreadMemos ?? 0)), 12),
    col.integer<OfficerListRow>(tf.flagged, (o) => o.flaggedCount ?? 0),
  ];
}

/** Statistics of one detachment: one precinct worked at a row. */
export const statisticsColumns: Column<StatisticsRow>[] = [
  col.integer<StatisticsRow>(rc.statistics.fields.precinctId, (r) => r.precinctId),
  col.text<StatisticsRow>(rc.statistics.fields.pctName, (r) => r.pctName, 20),
  col.hours<StatisticsRow>(rc.statistics.fields.allHours, (r) => r.allHours),
  col.hours<StatisticsRow>(rc.statistics.fields.detailHours, (r) => r.detailHours),
  col.integer<StatisticsRow>(rc.statistics.fields.detailsWorked, (r) => r.detailsWorked),
  ...COUNT_FIELDS.map((c) => col.integer<StatisticsRow>(tf[c], (r) => r[c])),
];

/** Training compliance: one officer who attended none of the chosen events a row. */
export const nonCompliantColumns: Column<NonCompliantRow>[] = [
  col.text<NonCompliantRow>(rc.training.fields.officerId, (r) => officerCode(r.officerId), 10),
  col.text<NonCompliantRow>(rc.training.fields.name, (r) => officerName(r), 26),
  col.text<NonCompliantRow>(rc.training.fields.mobile, (r) => r.mobile, 14),
];

/** The audit log: one entry a row; `at` ISO in UTC as the screen shows it, changes as JSON text. */
export const auditColumns: Column<AuditLogRow>[] = [
  col.text<AuditLogRow>(rc.audit.fields.at, (r) => r.at, 24),
  col.integer<AuditLogRow>(rc.audit.fields.actorId, (r) => r.actorId),
  col.text<AuditLogRow>(rc.audit.fields.actor, (r) => r.actorName, 22),
  col.text<AuditLogRow>(rc.audit.fields.actorLogin, (r) => r.actorLogin, 14),
  col.text<AuditLogRow>(rc.audit.fields.action, (r) => r.action, 12),
  col.text<AuditLogRow>(rc.audit.fields.entity, (r) => r.entity, 14),
  col.text<AuditLogRow>(rc.audit.fields.entityId, (r) => r.entityId, 12),
  col.text<AuditLogRow>(rc.audit.fields.outcome, (r) => r.outcome, 10),
  col.integer<AuditLogRow>(rc.audit.fields.repeatCount, (r) => r.repeatCount),
  col.text<AuditLogRow>(rc.audit.fields.changes, (r) => (r.changes ? JSON.stringify(r.changes) : ''), 40),
  col.text<AuditLogRow>(rc.audit.fields.details, (r) => r.details, 40),
  col.text<AuditLogRow>(rc.audit.fields.requestId, (r) => r.requestId, 20),
];

/** The LOSAP Progress report: one active officer a row, his year's total against the threshold and the pace. */
export const losapProgressColumns: Column<LosapReportRow>[] = (() => {
  const lf = rc.losap.fields;
  const yesNo = (v: boolean) => (v ? rc.losap.report.yes : rc.losap.report.no);
  return [
    col.text<LosapReportRow>(lf.officerId, (r) => officerCode(r.officerId), 10),
    col.text<LosapReportRow>(lf.officer, (r) => officerName(r), 24),
    col.text<LosapReportRow>(lf.precinct, (r) => r.precinct, 18),
    col.text<LosapReportRow>(lf.rank, (r) => r.rank, 14),
    col.hours<LosapReportRow>(lf.total, (r) => r.total),
    col.hours<LosapReportRow>(lf.threshold, (r) => r.threshold),
    col.hours<LosapReportRow>(lf.pace, (r) => r.pace),
    col.text<LosapReportRow>(lf.atRisk, (r) => yesNo(r.atRisk), 8),
    col.text<LosapReportRow>(lf.qualifies, (r) => yesNo(r.qualifies), 10),
    col.hours<LosapReportRow>(lf.hoursAtRisk, (r) => r.atRiskHours),
  ];
})();
