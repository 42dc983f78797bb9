import { test, expect, type Page, type Request } from '@playwright/test';
import { demoServer, signIn } from './demo';

/**
 * In Chromium against the real build on the demo organisation: which API calls the landing page
 * makes at each demo level, after signing in and on a reload.
 */
const demo = demoServer();

/**
 * The demo logins, their access levels and where each lands; `flagged`: the landing list holds a
 * flagged ticket of his own, whose auditor contacts are asked for once the rows are shown;
 * `rows`: the landing page's rows, which come after its heading (the queue's filters and rows are
 * asked for once the auditor's access level is known).
 */
const LEVELS = [
  { login: 'officer', level: 1, lands: /TimeTicketBrowse/, flagged: true },
  { login: 'restricted', level: 3, lands: /EventBrowse/ },
  { login: 'supervisor', level: 5, lands: /TimeTicketBrowse/ },
  { login: 'administrator', level: 9, lands: /TimeTicketBrowse/ },
  { login: 'auditor', level: 10, lands: /AuditQueue/, rows: (page: Page) => page.getByRole('checkbox', { name: /^Select / }).first() },
];

/**
 * The /api requests `page` makes from now on. With `newDocument`, only those of the document the
 * next navigation commits: a late call of the page being left (its chart asks when the browser is
 * idle, which a busy machine can put after the network has been quiet) is not the new page's.
 */
function recordApiCalls(page: Page, { newDocument = false } = {}): Request[] {
  const requests: Request[] = [];
  let committed = !newDocument;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committed = true;
  });
  page.on('request', (r: Request) => {
    if (committed && new URL(r.url()).pathname.startsWith('/api/')) requests.push(r);
  });
  return requests;
}

/** A request as 'METHOD /api/path?query'. */
function nameOf(r: Request): string {
  const url = new URL(r.url());
  return `${r.method()} ${url.pathname}${url.search}`;
}
const namesOf = (requests: Request[]) => requests.map(nameOf);

const SESSION_CHECK = 'GET /api/session';
/** Calls made twice; session checks are counted by `checksTooSoon`, as a slow machine may rightly repeat one. */
const duplicates = (calls: string[]) => calls.filter((c, i) => c !== SESSION_CHECK && calls.indexOf(c) !== i);

/** A session check answered this recent (ms) answers the next one: the app's own window. */
const RECHECK_AFTER_MS = 10_000;

/**
 * The answered session checks among `requests`, each as when it was sent and when its answer
 * ended (ms, the browser's own clock), in the order sent.
 */
const sessionChecks = (requests: Request[]) =>
  requests
    .filter((r) => nameOf(r) === SESSION_CHECK)
    .map((r) => r.timing())
    .filter((t) => t.responseEnd >= 0)
    .map((t) => ({ sentAt: t.startTime, answeredAt: t.startTime + t.responseEnd }));

/**
 * The session checks sent while an earlier answer was still within the app's window: none is
 * expected. On a fast machine that means one check; a machine slow enough to take longer than the
 * window may rightly make two.
 */
const checksTooSoon = (checks: ReturnType<typeof sessionChecks>) =>
  checks.flatMap((c, i) => {
    const gap = i > 0 ? c.sentAt - checks[i - 1].answeredAt : Infinity;
    return gap < RECHECK_AFTER_MS ? [`check ${i + 1} sent ${Math.round(gap)} ms after the answer to check ${i}`] : [];
  });

/** The whole officer list (pickers), as opposed to the auditors' contact list (accessTypeId=10). */
const wholeOfficerList = (calls: string[]) => calls.filter((c) => c.startsWith('GET /api/officer/getMultiple') && !c.includes('accessTypeId=10'));

/** The flag block's contact list heading (spec §2). */
const AUDITOR_CONTACTS = 'Please contact one of the following auditors:';

for (const { login, level, lands, flagged, rows } of LEVELS) {
  test(`${login} (level ${level}): the landing page asks each thing once, and no officer list below level 5`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const signInRequests = recordApiCalls(page);
    await signIn(page, demo.url, login);
    await expect(page).toHaveURL(lands);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the page's last call (the auditor contacts) can come after a quiet half second of network
    if (flagged) await expect(page.getByText(AUDITOR_CONTACTS).first()).toBeVisible();
    if (rows) await expect(rows(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const afterSignIn = namesOf(signInRequests);
    const checksAfterSignIn = sessionChecks(signInRequests);
    expect(duplicates(afterSignIn), `after signing in: ${afterSignIn.join(', ')}`).toEqual([]);
    expect(checksAfterSignIn.length, 'a session check after signing in').toBeGreaterThan(0);
    expect(checksTooSoon(checksAfterSignIn), 'after signing in').toEqual([]);

    // the landing page loaded afresh (a reload, a bookmark): one session check, nothing twice.
    // The session check's answer is held back until the list has been asked (at most 10 s): the
    // list's own request must not wait for it.
    const reloadRequests = recordApiCalls(page, { newDocument: true });
    const listing = lands.source.includes('TimeTicket');
    let listAskedFirst = false;
    if (listing) {
      const listAsked = page.waitForRequest((r) => nameOf(r).startsWith('GET /api/timeTickets/getMultiple'), { timeout: 10_000 });
      await page.route('**/api/session', async (route) => {
        listAskedFirst = await listAsked.then(() => true, () => false);
        await route.continue();
      });
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (flagged) await expect(page.getByText(AUDITOR_CONTACTS).first()).toBeVisible();
    if (rows) await expect(rows(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const calls = namesOf(reloadRequests);
    const checksOnReload = sessionChecks(reloadRequests);
    expect(duplicates(calls), `on reload: ${calls.join(', ')}`).toEqual([]);
    expect(checksOnReload.length, 'a session check on reload').toBeGreaterThan(0);
    expect(checksTooSoon(checksOnReload), 'on reload').toEqual([]);
    if (level < 5) {
      expect(wholeOfficerList(afterSignIn), 'no officer list after sign-in').toEqual([]);
      expect(wholeOfficerList(calls), 'no officer list on reload').toEqual([]);
    }
    // the list's own request starts before the session check has even been answered
    if (listing) expect(listAskedFirst, 'the list asked while the session check waited for its answer').toBe(true);
    expect(errors, 'no console error').toEqual([]);
  });
}
