import { dayjs, quickRange } from '../src/domain/dates';
import { DATE_FORMAT, EVENT_TYPE, UPLOAD_TYPE } from '../src/domain/constants';
import { json, signIn, type SignedIn } from './apiClient';

/** The demo logins the scale seed always creates (and `npm run demo`), one per access level that reads tickets. */
export const BENCH_LOGINS = ['officer', 'supervisor', 'administrator', 'auditor'] as const;
/** Who sends a call: a demo login, or 'ytd', the seeded officer with the most tickets this year. */
export type BenchLogin = (typeof BENCH_LOGINS)[number] | 'ytd';

export interface Range {
  sinceDate: string;
  untilDate: string;
}

/** What the bench's calls are about, found in the seeded data through the API. Dates MM/DD/YYYY. */
export interface Fixtures {
  /** The organisation's today (GET /api/config). */
  today: string;
  /** 01/01 of this year to today: the Current YTD screen. */
  ytd: Range;
  /** The 12 months up to today: "a year" of the reports. */
  year: Range;
  /** Last calendar month: the events of a month. */
  month: Range;
  sessions: Record<BenchLogin, SignedIn>;
  /** The login whose Current YTD is measured (the officer with the most tickets this year who can sign in) and his ticket count. */
  ytdLogin: string;
  ytdTickets: number;
  /**
   * A range of that officer's tickets holding at least 200 (YTD, else from 01/01 of an earlier
   * year; all his tickets when he has fewer) and their number: the list shown 200 rows per page.
   */
  list200: Range & { tickets: number };
  /** The detachment (assigned precinct) with the most officers in the year's summary: statistics and training compliance. */
  detachment: number;
  /** The newest 159 (null without one). */
  uploadId: number | null;
  /** Up to 10 training events of the year, newest first. */
  trainingEventIds: number[];
  /** 10-41 date of the oldest of them (the training search's since date, so the list shows just these). */
  trainingSince: string;
  /**
   * The private calendar feed of the officer with the most sign-ups among the demo and YTD logins
   * (made through POST /api/mySettings/feeds): its path and how many sign-ups it carries.
   */
  feed: { login: BenchLogin; path: string; signups: number };
}

const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The number of tickets getMultiple reports (X-Total-Count) for a query, as the given session. */
async function ticketCount(url: string, s: SignedIn, filter: Record<string, string | number>): Promise<number> {
  const { headers } = await json<unknown[]>(url, { method: 'GET', path: `/api/timeTickets/getMultiple?${qs({ ...filter, _start: 0, _end: 1 })}` }, s.token);
  return Number(headers.get('x-total-count') ?? 0);
}

/**
 * The officer with the most tickets in `range` (summary by officer, read as the auditor) who can
 * sign in with `password` and read his tickets (a last login on file, a complete profile); his
 * login comes from his record (GET /api/officer/getSingle, level 10). Tries the 20 busiest.
 */
async function busiestOfficer(url: string, auditor: SignedIn, range: Range, password: string) {
  const counts: Array<{ officerId: number; ticketCount: number }> = [];
  for (let start = 0; ; start += 200) {
    const { data, headers } = await json<Array<{ officer: { officerId: number }; ticketCount: number }>>(
      url,
      { method: 'GET', path: `/api/timeTickets/getMultiple?${qs({ ...range, summarizeFlag: 'Y', _sort: 'officerId', _order: 'ASC', _start: start, _end: start + 200 })}` },
      auditor.token,
    );
    counts.push(...data.map((r) => ({ officerId: r.officer.officerId, ticketCount: r.ticketCount })));
    if (!data.length || start + 200 >= Number(headers.get('x-total-count') ?? 0)) break;
  }
  counts.sort((a, b) => b.ticketCount - a.ticketCount);
  for (const c of counts.slice(0, 20)) {
    const { data: officer } = await json<{ login: string }>(url, { method: 'GET', path: `/api/officer/getSingle/${c.officerId}` }, auditor.token);
    const session = await signIn(url, officer.login, password).catch(() => null);
    if (!session) continue;
    const readable = await ticketCount(url, session, { officerId: c.officerId, ...range }).catch(() => -1);
    if (readable === c.ticketCount) return { ytdLogin: officer.login, ytdTickets: c.ticketCount, ytdSession: session };
  }
  throw new Error('No officer with tickets this year can sign in with the seed password');
}

/**
 * Signs in the four demo logins with `password` and picks, through the API as the browser would
 * see it: the officer with most year-to-date tickets (see busiestOfficer), the biggest detachment, the newest 159 and
 * the 10 newest training events of the year. Throws when a login cannot sign in.
 */
export async function findFixtures(url: string, password: string): Promise<Fixtures> {
  const { data: config } = await json<{ today: string }>(url, { method: 'GET', path: '/api/config' });
  const today = config.today;
  const t = dayjs(today, DATE_FORMAT, true);
  const ytd = quickRange('ytd', today);
  const year = { sinceDate: t.subtract(1, 'year').add(1, 'day').format(DATE_FORMAT), untilDate: today };
  const month = quickRange('priorMonth', today);

  const sessions = {} as Record<BenchLogin, SignedIn>;
  for (const login of BENCH_LOGINS) sessions[login] = await signIn(url, login, password);

  const { ytdLogin, ytdTickets, ytdSession } = await busiestOfficer(url, sessions.auditor, ytd, password);
  sessions.ytd = ytdSession;
  let list200 = { ...ytd, tickets: ytdTickets };
  for (let back = 1; list200.tickets < 200 && back <= 12; back++) {
    const range = { sinceDate: t.startOf('year').subtract(back, 'year').format(DATE_FORMAT), untilDate: today };
    list200 = { ...range, tickets: await ticketCount(url, ytdSession, { officerId: ytdSession.officerId, ...range }) };
  }

  const auditor = sessions.auditor;
  const { data: summary } = await json<Array<{ precinct?: { precinctId: number } | null }>>(
    url,
    { method: 'GET', path: `/api/timeTickets/getMultiple?${qs({ ...year, summarizeFlag: 'Y', _start: 0, _end: 200 })}` },
    auditor.token,
  );
  const perPct = new Map<number, number>();
  for (const r of summary) {
    const pct = r.precinct?.precinctId;
    if (pct) perPct.set(pct, (perPct.get(pct) ?? 0) + 1);
  }
  const detachment = [...perPct.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 1;

  const { data: uploads } = await json<Array<{ uploadId: number }>>(
    url,
    { method: 'GET', path: `/api/uploads/getMultiple?${qs({ uploadTypeId: UPLOAD_TYPE.BOARD_159, _sort: 'dateEntered', _order: 'DESC', _start: 0, _end: 1 })}` },
    auditor.token,
  );

  const { data: events } = await json<Array<{ eventId: number; startDate: string }>>(
    url,
    { method: 'GET', path: `/api/events/getMultiple?${qs({ eventTypeId: EVENT_TYPE.TRAINING, sinceStartDate: year.sinceDate, untilStartDate: today })}` },
    auditor.token,
  );
  const training = events.filter((e) => e.eventId > 0).slice(-10);
  const trainingEventIds = training.map((e) => e.eventId).reverse();

  const feed = await busiestFeed(url, sessions);
  return { today, ytd, year, month, sessions, ytdLogin, ytdTickets, list200, detachment, uploadId: uploads[0]?.uploadId ?? null, trainingEventIds, trainingSince: training[0]?.startDate ?? year.sinceDate, feed };
}

/**
 * The signed-in bench login with the most sign-ups (GET /api/signup/getMultiple?officerId) gets a
 * 'signups' calendar feed; returns who, its path under the server and its sign-up count.
 */
async function busiestFeed(url: string, sessions: Record<BenchLogin, SignedIn>): Promise<Fixtures['feed']> {
  let best: { login: BenchLogin; signups: number } = { login: 'ytd', signups: -1 };
  for (const login of Object.keys(sessions) as BenchLogin[]) {
    const s = sessions[login];
    const { data } = await json<unknown[]>(url, { method: 'GET', path: `/api/signup/getMultiple?${qs({ officerId: s.officerId })}` }, s.token);
    if (data.length > best.signups) best = { login, signups: data.length };
  }
  const { data: made } = await json<{ url: string }>(url, { method: 'POST', path: '/api/mySettings/feeds', body: { scope: 'signups' } }, sessions[best.login].token);
  return { login: best.login, path: new URL(made.url).pathname, signups: best.signups };
}
