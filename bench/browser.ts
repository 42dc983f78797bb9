import { chromium, type Page, type Response } from '@playwright/test';
import type { Fixtures } from './fixtures';

/** One click-to-rendered figure measured in Chromium. */
export interface ClickTiming {
  /** From the click to the last expected row in the page, ms. */
  ms: number;
  /** Rows rendered when the clock stopped. */
  rows: number;
}

export interface BrowserResult {
  /** Time Tickets > Current YTD: the first page (up to 100 rows, the default page size). */
  ytdFirstPage: ClickTiming;
  /** The officer's ticket list over fixtures.list200 (as Time Tickets > Search shows it) switched to 200 rows per page. */
  list200: (ClickTiming & { sinceDate: string; untilDate: string }) | null;
  /** Reports > Training Compliance: Run Report with 10 events ticked. */
  trainingReport: ClickTiming | null;
}

/** Rows of a react-admin table (a ticket's detail row is not counted). */
const ROW = 'table tbody tr.RaDatagrid-row';

async function signInPage(page: Page, url: string, login: string, password: string): Promise<void> {
  await page.goto(`${url}/secure/Login`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: /logout/i }).waitFor();
}

/**
 * Clicks, waits for the answer of the API call `apiPath` (the list's data) and then until the
 * page shows as many rows as that answer holds (`expected` from the answer, at most `pageSize`);
 * returns the time from the click to the last row, ms (Date.now around the click and a
 * requestAnimationFrame-polled check in the page).
 */
async function timeClick(page: Page, click: () => Promise<void>, apiPath: string, expected: (r: Response) => Promise<number>, pageSize: number): Promise<ClickTiming> {
  const answer = page.waitForResponse((r) => r.url().includes(apiPath) && r.request().method() !== 'OPTIONS', { timeout: 120_000 });
  // a click that fails first leaves this wait pending: its own error is the one to report
  answer.catch(() => {});
  const started = Date.now();
  await click();
  const n = Math.min(await expected(await answer), pageSize);
  await page.waitForFunction(({ sel, n }) => document.querySelectorAll(sel).length >= n, { sel: ROW, n }, { polling: 'raf', timeout: 120_000 });
  const ms = Date.now() - started;
  return { ms, rows: await page.locator(ROW).count() };
}

const totalCount = async (r: Response) => Number((await r.headerValue('x-total-count')) ?? 0);
const arrayLength = async (r: Response) => ((await r.json()) as unknown[]).length;

async function measureYtd(page: Page, url: string, f: Fixtures, password: string): Promise<Pick<BrowserResult, 'ytdFirstPage' | 'list200'>> {
  await signInPage(page, url, f.ytdLogin, password);
  // Signing in lands on this same list (the app prefetches it), where clicking Current YTD asks
  // nothing new: start from another page, freshly loaded, so the click fetches and renders the list.
  await page.goto(`${url}/secure/Forms`);
  await page.getByRole('button', { name: /logout/i }).waitFor();
  const ytdLink = page.getByRole('link', { name: 'Current YTD' });
  if (!(await ytdLink.isVisible())) await page.getByText('Time Tickets', { exact: true }).first().click();
  const ytdFirstPage = await timeClick(page, () => ytdLink.click(), '/api/timeTickets/getMultiple', totalCount, 100);

  const { sinceDate, untilDate } = f.list200;
  const query = new URLSearchParams({ officerId: String(f.sessions.ytd.officerId), sinceDate, untilDate });
  await page.goto(`${url}/secure/TimeTicketBrowse?${query}`);
  await page.locator(ROW).nth(Math.min(f.list200.tickets, 100) - 1).waitFor({ timeout: 120_000 });
  const perPage = page.getByRole('combobox', { name: /rows per page/i });
  if (f.list200.tickets <= 100 || !(await perPage.count())) return { ytdFirstPage, list200: null };
  await perPage.first().click();
  const rows200 = await timeClick(page, () => page.getByRole('option', { name: '200', exact: true }).click(), '/api/timeTickets/getMultiple', totalCount, 200);
  return { ytdFirstPage, list200: { ...rows200, sinceDate, untilDate } };
}

async function measureTraining(page: Page, url: string, f: Fixtures, password: string): Promise<ClickTiming | null> {
  await signInPage(page, url, 'administrator', password);
  const query = new URLSearchParams({ eventTypeId: '4', sinceStartDate: f.trainingSince, untilStartDate: f.today });
  await page.goto(`${url}/secure/Reports/TrainingComplianceBrowse?${query}`);
  await page.locator(ROW).first().waitFor({ timeout: 120_000 });
  const boxes = page.locator(`${ROW} input[type="checkbox"]`);
  const count = await boxes.count();
  if (!count) return null;
  for (let i = Math.max(0, count - 10); i < count; i++) await boxes.nth(i).check();
  return timeClick(page, () => page.getByRole('button', { name: 'Run Report' }).click(), '/api/events/getNonCompliantOfficers', arrayLength, 100);
}

/**
 * The front-end figures in headless Chromium (/usr/bin/chromium, 1280x800, a desk):
 * Time Tickets > Current YTD of the fixtures' YTD login (from the menu click to the first page
 * of up to 100 rows), his ticket list over fixtures.list200 switched to 200 rows per page and Reports > Training Compliance > Run Report with the 10 newest training events
 * ticked (searched from the oldest one's date, so the list holds about those) (as the administrator, all precincts). Each from a fresh sign-in.
 */
export async function measureBrowser(url: string, f: Fixtures, password: string): Promise<BrowserResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const ytdContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const ytd = await measureYtd(await ytdContext.newPage(), url, f, password);
    await ytdContext.close();
    const trainingContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const trainingReport = await measureTraining(await trainingContext.newPage(), url, f, password);
    await trainingContext.close();
    return { ...ytd, trainingReport };
  } finally {
    await browser.close();
  }
}
