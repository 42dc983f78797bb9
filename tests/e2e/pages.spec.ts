import fs from 'node:fs';
import { test, expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { startServer, type E2EServer } from './server';
import { measureOverflow, axeViolations, isSerious, describeOverflow, describeAxe, type Overflow, type AxeFinding } from './pageChecks';
import { menuEntries, type MenuEntry } from '../../src/custom/menuEntries';
import { can, type Actor } from '../../src/domain/access';

/**
 * Every page of the app, walked at 375 × 812 and 1280 × 800: each level's menu and the pages its
 * lists open in one click (a roster, the add and edit forms the level may use, the ticket summary
 * and the reports of level 5+). On each page:
 * - neither the page nor any scroll box in it is wider inside than its room (measured in the page);
 * - axe-core finds no serious or critical violation;
 * - the browser console shows no error;
 * - a full-page screenshot goes to test-results/screens/<level>-<width>-<page>.png for review
 *   (git-ignored; Playwright empties test-results at the start of each run, so they are always
 *   the last run's), with the level's findings in test-results/screens/<level>.json.
 * The officer (the fewest controls, and most of the users), the restricted officer (his own short
 * menu) and the auditor walk every page they have. Apart from the restricted level, what a level
 * may do grows with it (src/domain/access.ts), so the auditor's page shows every control the
 * supervisor's and the administrator's do; those two walk only a page the auditor does not have.
 * One server for the file; per level one sign-in at each width, both widths walked side by side;
 * failures are soft, so one run lists them all.
 */

const PASSWORD = 'Demo2026';
const SCREENS = 'test-results/screens';
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
/** The demo logins and their access levels (server/db/demo.ts). */
const LEVELS: Record<string, Actor> = {
  officer: { officerId: 101, accessLevel: 1 },
  restricted: { officerId: 103, accessLevel: 3 },
  supervisor: { officerId: 105, accessLevel: 5 },
  administrator: { officerId: 109, accessLevel: 9 },
  auditor: { officerId: 110, accessLevel: 10 },
};

/** Ids of demo records the one-click pages open, read from the API once. */
interface DemoIds {
  today: string;
  /** 'Holiday traffic detail', a coming detail with sign-ups. */
  eventId: number;
  locationId: number;
  /** The officer's flagged ticket (the one with the most on screen) and the supervisor's own. */
  flaggedTicketId: number;
  supervisorTicketId: number;
}

let server: E2EServer;
let ids: DemoIds;

test.beforeAll(async () => {
  server = await startServer({ demo: true, env: { DEMO_PASSWORD: PASSWORD } });
  ids = await demoIds(server.url);
  fs.mkdirSync(SCREENS, { recursive: true });
});
test.afterAll(async () => {
  await server?.stop();
});

async function demoIds(url: string): Promise<DemoIds> {
  const auth = await fetch(`${url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'auditor', password: PASSWORD }),
  });
  const { jwt } = (await auth.json()) as { jwt: string };
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}/api${path}`, { headers: { Authorization: `Bearer ${jwt}` } });
    expect(res.status, `GET ${path}`).toBe(200);
    return (await res.json()) as T;
  };
  const { today } = await get<{ today: string }>('/config');
  const events = await get<{ eventId: number; eventName: string }[]>('/events/getMultiple?eventTypeId=1');
  const locations = await get<{ locationId: number }[]>('/locations/getMultiple');
  type Ticket = { hoursWorkedId: number; flaggedBy: { officerId: number } };
  const officerTickets = await get<Ticket[]>('/timeTickets/getMultiple?officerId=101');
  const supervisorTickets = await get<Ticket[]>('/timeTickets/getMultiple?officerId=105');
  return {
    today,
    eventId: events.find((e) => e.eventName === 'Holiday traffic detail')!.eventId,
    locationId: locations[0].locationId,
    flaggedTicketId: officerTickets.find((t) => t.flaggedBy.officerId > 0)!.hoursWorkedId,
    supervisorTicketId: supervisorTickets[0].hoursWorkedId,
  };
}

interface PageToCheck {
  /** Short name for messages and file names: the menu entry's key or the one-click page. */
  name: string;
  /** Path and query under /secure. */
  path: string;
}

/** The demo ids before beforeAll has read them: enough to name a level's pages (pagesOf), not to open them. */
const NO_IDS: DemoIds = { today: '01/01/2000', eventId: 0, locationId: 0, flaggedTicketId: 0, supervisorTicketId: 0 };

/**
 * The level's menu (as src/custom/menuEntries.ts builds it, so new pages join as they land) and its
 * one-click pages, each address once (the menu's News and Newsfeed are one page).
 */
function pagesOf(login: string, actor: Actor, ids: DemoIds): PageToCheck[] {
  const flat = (entries: MenuEntry[]): PageToCheck[] => entries.flatMap((e) => (e.children ? flat(e.children) : [{ name: e.key, path: e.to! }]));
  const pages = flat(menuEntries(actor));
  const year = Number(ids.today.slice(-4));
  pages.push({ name: 'eventRoster', path: `/EventSignupBrowse?eventId=${ids.eventId}` });
  if (can(actor, 'ticket:write')) {
    pages.push({ name: 'ticketAdd', path: '/TimeTicketEdit' });
    const own = login === 'supervisor' ? ids.supervisorTicketId : ids.flaggedTicketId;
    pages.push({ name: 'ticketEdit', path: `/TimeTicketEdit/${own}` });
  }
  if (can(actor, 'ticket:search-any')) {
    pages.push({ name: 'ticketSummary', path: `/TimeTicketBrowse?sinceDate=01/01/${year}&untilDate=${ids.today}&summarizeFlag=Y` });
  }
  if (can(actor, 'report:statistics')) {
    pages.push({ name: 'statisticsReport', path: `/Reports/StatisticsReport?assignedPct=1&sinceDate=01/01/${year}&untilDate=${ids.today}` });
  }
  if (can(actor, 'report:training')) {
    pages.push({ name: 'trainingSessions', path: `/Reports/TrainingComplianceBrowse?eventTypeId=4&sinceStartDate=01/01/${year - 1}` });
  }
  if (can(actor, 'event:write')) {
    pages.push({ name: 'eventAdd', path: '/EventEdit?eventTypeId=1' });
    pages.push({ name: 'eventEdit', path: `/EventEdit/${ids.eventId}` });
  }
  if (can(actor, 'location:write')) {
    pages.push({ name: 'locationAdd', path: '/LocationEdit' });
    pages.push({ name: 'locationEdit', path: `/LocationEdit/${ids.locationId}` });
  }
  if (can(actor, 'news:write')) pages.push({ name: 'newsAdd', path: '/NewsEdit' });
  if (can(actor, 'upload:write')) pages.push({ name: 'uploadAdd', path: '/UploadEdit?uploadTypeId=1' });
  if (can(actor, 'upload:report')) {
    pages.push({ name: 'downloadsOf159', path: '/DownloadReport?uploadId=1' });
    pages.push({ name: 'downloadsOfOfficer', path: `/DownloadReport?officerId=${LEVELS.officer.officerId}` });
  }
  if (can(actor, 'officer:write')) {
    pages.push({ name: 'officerAdd', path: '/OfficerEdit' });
    pages.push({ name: 'officerEdit', path: `/OfficerEdit/${LEVELS.officer.officerId}` });
  }
  return pages.filter((p, i) => pages.findIndex((q) => q.path === p.path) === i);
}

/** The levels that walk every page they have (see the top of the file). */
const WALK_ALL = new Set(['officer', 'restricted', 'auditor']);
const AUDITOR_PAGES = new Set(pagesOf('auditor', LEVELS.auditor, NO_IDS).map((p) => p.name));

/** The pages `login` walks: all of them, or for the supervisor and administrator those the auditor does not have. */
function walkedPages(login: string, actor: Actor, ids: DemoIds): PageToCheck[] {
  const pages = pagesOf(login, actor, ids);
  return WALK_ALL.has(login) ? pages : pages.filter((p) => !AUDITOR_PAGES.has(p.name));
}

/**
 * Signs in and waits for the home page to settle: leaving a page while its session check is in
 * flight signs the user out (the aborted check clears the session), so no page is left early.
 */
async function signIn(page: Page, login: string, settled: () => Promise<boolean>) {
  await page.goto(`${server.url}/secure/Login`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/Login$/);
  await expect(page.getByTestId('header-identity')).toBeVisible();
  await expect.poll(settled, { message: 'the home page settles', timeout: 20_000, intervals: [100] }).toBe(true);
}

/** Quiet time that counts as settled: no request in flight or answered and no change to the DOM for this long (ms). */
const QUIET_MS = 500;

/**
 * Keeps track of what a page is still doing: requests in flight and the time of the last network
 * event (Node side), and the time of the last DOM change (a MutationObserver in the page), so that
 * `open()` measures a page only once it has settled, however slow the machine.
 */
async function trackActivity(context: BrowserContext, page: Page): Promise<() => Promise<boolean>> {
  await context.addInitScript(() => {
    const w = window as unknown as { lastDomChange: number };
    w.lastDomChange = performance.now();
    new MutationObserver(() => (w.lastDomChange = performance.now())).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const pending = new Set<Request>();
  let lastNetwork = Date.now();
  const started = (r: Request) => {
    pending.add(r);
    lastNetwork = Date.now();
  };
  const ended = (r: Request) => {
    pending.delete(r);
    lastNetwork = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    if (pending.size || Date.now() - lastNetwork < QUIET_MS) return false;
    const sinceDomChange = await page.evaluate(() => performance.now() - (window as unknown as { lastDomChange: number }).lastDomChange);
    // a loading indicator has no value; a bar with one (the LOSAP progress) is content
    return sinceDomChange >= QUIET_MS && (await page.locator('[role="progressbar"]:not([aria-valuenow])').count()) === 0;
  };
}

/** Opens a page and waits until it has settled (see trackActivity); answers where it landed and its h1. */
async function open(page: Page, path: string, settled: () => Promise<boolean>): Promise<{ url: string; heading: string | null }> {
  await page.goto(`${server.url}/secure${path}`);
  await expect.poll(settled, { message: `${path} settles`, timeout: 20_000, intervals: [100] }).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  const h1 = page.getByRole('heading', { level: 1 });
  const heading = (await h1.count()) ? await h1.first().innerText() : null;
  return { url: decodeURI(page.url().replace(`${server.url}/secure`, '')), heading };
}

interface PageResult {
  level: string;
  width: number;
  page: string;
  url: string;
  /** The page's h1, or null when it has none. */
  heading: string | null;
  overflow: Overflow[];
  /** Every axe violation; the test fails on the serious and critical ones. */
  axe: AxeFinding[];
}

/** Signs in as `login` at one viewport, then opens, photographs and checks each page in turn, adding to `results`. */
async function walk(browser: Browser, login: string, pages: PageToCheck[], viewport: { width: number; height: number }, results: PageResult[]) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const settled = await trackActivity(context, page);
  // every console error and uncaught exception of the walk (none, e.g. no CSP report of zod's eval probe)
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  try {
    await signIn(page, login, settled);
    expect.soft(consoleErrors.splice(0), `${login} at ${viewport.width} px signing in: console errors`).toEqual([]);
    for (const p of pages) {
      await test.step(`${p.name} at ${viewport.width} px`, async () => {
        const { url, heading } = await open(page, p.path, settled);
        expect.soft(consoleErrors.splice(0), `${login} at ${viewport.width} px on ${p.name}: console errors`).toEqual([]);
        const where = `${login} at ${viewport.width} px on ${p.name} (${url})`;
        expect(url, `${where}: still signed in`).not.toMatch(/^\/Login/);
        await page.screenshot({ path: `${SCREENS}/${login}-${viewport.width}-${p.name}.png`, fullPage: true, animations: 'disabled' });
        const overflow = await measureOverflow(page);
        const axe = await axeViolations(page);
        results.push({ level: login, width: viewport.width, page: p.name, url, heading, overflow, axe });
        expect.soft(overflow.map(describeOverflow), `${where}: boxes wider inside than their room`).toEqual([]);
        expect.soft(axe.filter(isSerious).map(describeAxe), `${where}: serious or critical axe violations`).toEqual([]);
      });
    }
  } finally {
    await context.close();
  }
}

// Our own screenshots and findings are the record; a trace of some 40 page visits would only slow the run.
test.use({ trace: 'off' });
// The levels' walks are the longest of the suite: each may go to either worker (each worker starts
// its own server for the file), so neither worker is left with all of them.
test.describe.configure({ mode: 'parallel' });

for (const [login, actor] of Object.entries(LEVELS)) {
  // a level with nothing of its own to walk has no test (today the supervisor and administrator)
  if (walkedPages(login, actor, NO_IDS).length === 0) continue;
  test(`${login}: every page fits 375 and 1280 px without sideways scrolling and has no serious axe violations`, async ({ browser }) => {
    const pages = walkedPages(login, actor, ids);
    test.setTimeout(30_000 + pages.length * 15_000);
    // Both widths at once, each in its own browser context and session: the browser does the work, on two cores.
    const results: PageResult[] = [];
    const walks = await Promise.allSettled(VIEWPORTS.map((viewport) => walk(browser, login, pages, viewport, results)));
    results.sort((a, b) => a.width - b.width);
    fs.writeFileSync(`${SCREENS}/${login}.json`, JSON.stringify(results, null, 2));
    for (const w of walks) if (w.status === 'rejected') throw w.reason;
  });
}
