import { EVENT_TYPE, UPLOAD_TYPE } from '../src/domain/constants';
import type { Call } from './apiClient';
import type { BenchLogin, Fixtures } from './fixtures';

/** One API call of the bench: what the browser sends for a screen, and who sends it. */
export interface BenchCall {
  /** Stable key (JSON, reference route name). */
  key: string;
  /** What the row of the table says. */
  label: string;
  login: BenchLogin;
  call: Call;
  /** Under load with autocannon (req/s, p50, p99, ratio to the reference). */
  load: boolean;
  /** A heavy report: also its single-request server time on the full data. */
  heavy: boolean;
}

/**
 * The query string as the browser's dataProvider builds it (filters, then _sort, _order,
 * _start, _end; URLSearchParams encoding).
 */
const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/**
 * The calls measured, each the request a screen sends (src/providers/dataProvider.ts
 * getList; the pages' filters, default sort and page of 100):
 * - Time Tickets > Current YTD: the officer's tickets 01/01..today, newest 10-41 first;
 * - the summary by officer for a year (summarizeFlag=Y, by officer id) and its footer totals;
 * - Reports > Statistics for the biggest detachment over a year;
 * - Events > Details of last month;
 * - the officer's 159 board (newest first, with his sign-offs) and one 159's compliance report;
 * - Reports > Training Compliance for the 10 newest training events, all precincts (Run Report);
 * - the events calendar of last month, and the calendar feed of the login with most sign-ups;
 * - the auditors' queue, "needs attention" only, its first page (oldest first);
 * - GET /api/session (the check before every navigation).
 */
export function benchCalls(f: Fixtures): BenchCall[] {
  const officerId = f.sessions.ytd.officerId;
  const calls: BenchCall[] = [
    {
      key: 'ytdTickets',
      label: `YTD tickets (${f.ytdLogin}, ${f.ytdTickets})`,
      login: 'ytd',
      call: { method: 'GET', path: `/api/timeTickets/getMultiple?${qs({ officerId, ...f.ytd, _sort: 'startDate', _order: 'DESC', _start: 0, _end: 100 })}` },
      load: true,
      heavy: false,
    },
    {
      key: 'summaryYear',
      label: 'summary by officer, year',
      login: 'auditor',
      call: { method: 'GET', path: `/api/timeTickets/getMultiple?${qs({ ...f.year, summarizeFlag: 'Y', _sort: 'officerId', _order: 'ASC', _start: 0, _end: 100 })}` },
      load: true,
      heavy: true,
    },
    {
      key: 'totalsYear',
      label: 'footer totals, all officers, year',
      login: 'auditor',
      call: { method: 'GET', path: `/api/timeTickets/getTotals?${qs({ ...f.year })}` },
      load: false,
      heavy: true,
    },
    {
      key: 'statistics',
      label: `statistics, detachment ${f.detachment}, year`,
      login: 'supervisor',
      call: { method: 'GET', path: `/api/statistics/getStatistics?${qs({ assignedPct: f.detachment, ...f.year })}` },
      load: true,
      heavy: true,
    },
    {
      key: 'eventsMonth',
      label: 'details of last month',
      login: 'officer',
      call: {
        method: 'GET',
        path: `/api/events/getMultiple?${qs({ eventTypeId: EVENT_TYPE.DETAILS, sinceStartDate: f.month.sinceDate, untilStartDate: f.month.untilDate })}`,
      },
      load: true,
      heavy: false,
    },
    {
      key: 'board159',
      label: "officer's 159 board",
      login: 'officer',
      call: {
        method: 'GET',
        path: `/api/uploads/getMultiple?${qs({ uploadTypeId: UPLOAD_TYPE.BOARD_159, officerId: f.sessions.officer.officerId, _sort: 'dateEntered', _order: 'DESC', _start: 0, _end: 100 })}`,
      },
      load: true,
      heavy: false,
    },
  ];
  calls.push({
    key: 'calendarMonth',
    label: 'events calendar, last month',
    login: 'officer',
    call: { method: 'GET', path: `/api/events/calendar?${qs({ from: f.month.sinceDate, to: f.month.untilDate })}` },
    load: true,
    heavy: false,
  });
  // the feed is public (its token is the credential); the session header the bench adds changes nothing it reads
  calls.push({
    key: 'calendarFeed',
    label: `calendar feed, ${f.feed.signups} sign-ups`,
    login: f.feed.login,
    call: { method: 'GET', path: f.feed.path },
    load: true,
    heavy: false,
  });
  calls.push({
    key: 'auditQueue',
    label: "auditors' queue, needs attention",
    login: 'auditor',
    call: { method: 'GET', path: `/api/timeTickets/getQueue?${qs({ attention: 'Y', _start: 0, _end: 100 })}` },
    load: true,
    heavy: false,
  });
  if (f.uploadId) {
    calls.push({
      key: 'compliance159',
      label: '159 compliance report',
      login: 'administrator',
      call: { method: 'GET', path: `/api/uploads/downloadReport?${qs({ uploadId: f.uploadId, _sort: 'lastName', _order: 'ASC', _start: 0, _end: 100 })}` },
      load: true,
      heavy: true,
    });
  }
  if (f.trainingEventIds.length) {
    calls.push({
      key: 'training',
      label: `training compliance, ${f.trainingEventIds.length} events`,
      login: 'administrator',
      call: { method: 'POST', path: '/api/events/getNonCompliantOfficers', body: f.trainingEventIds.map((eventId) => ({ eventId })) },
      load: true,
      heavy: true,
    });
  }
  calls.push({ key: 'session', label: 'GET /api/session', login: 'officer', call: { method: 'GET', path: '/api/session' }, load: true, heavy: false });
  return calls;
}
