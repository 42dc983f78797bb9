import { test, expect, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { demoServer, openWhenIdle, signIn as signInAs } from './demo';
import { shot } from './guidePictures';
import { typeInto, choose } from './formInputs';

dayjs.extend(customParseFormat);
/** The MM/DD/YYYY date `days` before `date`. */
const daysBefore = (date: string, days: number) => dayjs(date, 'MM/DD/YYYY', true).subtract(days, 'day').format('MM/DD/YYYY');

const demo = demoServer();
const PHONE = { width: 375, height: 812 };
const OVERLAP = 'You already have existing tickets within this time frame!';

/** Logs a 10:00-14:00 patrol in the 1st Precinct on `day` through the form (Add from the list). */
async function logPatrol(page: Page, day: string, description: string) {
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Time Ticket', exact: true, level: 1 })).toBeVisible();
  await choose(page, 'Assignment Type', 'Patrol');
  await choose(page, 'Precinct', '1st Precinct');
  await typeInto(page, '10-41 Date', day);
  await typeInto(page, '10-41 Time', '10:00');
  await typeInto(page, '10-42 Date', day);
  await typeInto(page, '10-42 Time', '14:00');
  await page.getByLabel('Description', { exact: true }).fill(description);
  await page.getByRole('button', { name: 'Save' }).click();
  // the toast opens under the pointer, and a hovered toast never hides (the next one waits behind
  // it): the pointer leaves, as a finger lifts
  await page.mouse.move(1, 1);
}

/** The card of the outbox entry whose 10-41 is `day 10:00`. */
const outboxCard = (page: Page, day: string): Locator =>
  page.getByRole('list', { name: /waiting to send$/ }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${day} 10:00` }) });

/** The card of a saved ticket whose 10-41 is `day 10:00` in the list of time tickets. */
const ticketCard = (page: Page, day: string): Locator =>
  page.getByRole('list', { name: 'Time Tickets' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`${day} 10:00$`) }) });

/**
 * An officer on a 375-px phone logs tickets without signal: a ticket saved offline waits in his
 * outbox and is sent once when the connection returns, even when the first answer is lost on the
 * way back (the idempotency key: exactly one ticket on the server); a ticket that overlaps one
 * entered meanwhile from another device stays with the server's refusal; Logout asks about it and
 * keeps it for his next sign-in.
 */
test('an officer logs tickets without signal on a phone; they are sent once when it returns', async ({ browser }) => {
  // the worker's install waits for an idle page and downloads the precache: minutes on a busy CI machine
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const sentDay = daysBefore(demo.today, 7);
  const overlapDay = daysBefore(demo.today, 9);
  const listAddress = `/TimeTicketBrowse?officerId=101&sinceDate=${daysBefore(demo.today, 10)}`;

  await signInAs(page, demo.url, 'officer');
  await openWhenIdle(page, demo.url, listAddress);
  await expect(page.getByRole('list', { name: 'Time Tickets' })).toBeVisible();
  // the service worker controls the page: a reload without signal can open the app
  // (registered once the page is idle, then its precache downloads: slow on a busy machine)
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 60_000 }).toBe(true);
  // the form's code, lookups and events were asked after sign-in
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => sessionStorage.getItem('jwt'));
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${demo.url}/api${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers } });
  const ticketsOn = async (day: string, description: string) => {
    const rows = (await (await api(`/timeTickets/getMultiple?officerId=101&sinceDate=${day}&untilDate=${day}`)).json()) as Array<{ description: string }>;
    return rows.filter((r) => r.description === description).length;
  };

  // Offline: the form works from the cache; the ticket waits on the device.
  await context.setOffline(true);
  await logPatrol(page, sentDay, 'E2E offline patrol.');
  await expect(page.getByText('Saved on this device. It will be sent when the connection returns.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/secure${listAddress.replace(/\?/, '\\?')}$`));
  await expect(page.getByText(/^You are offline\./).first()).toBeVisible();
  const waiting = outboxCard(page, sentDay);
  await expect(waiting).toContainText('Waiting to send');
  await expect(waiting).toContainText('E2E offline patrol.');
  await expect(waiting).toContainText('4.00');
  await shot(page, 'ticket-offline-waiting', waiting);

  // a reload without signal opens the app (the shell from the service worker), his list as
  // fetched (the persisted cache, with when) and the ticket still waiting (the outbox)
  await page.reload();
  await expect(outboxCard(page, sentDay)).toContainText('Waiting to send');
  await expect(page.getByText(/^Offline: as fetched \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();
  // the app's address without signal (an installed app opened in a basement) goes on to his list
  await page.goto(`${demo.url}/secure/`);
  await expect(page).toHaveURL(/\/secure\/TimeTicketBrowse\?/);
  await expect(page.getByRole('heading', { name: 'Time Tickets', level: 1 })).toBeVisible();
  await page.goto(`${demo.url}/secure${listAddress}`);
  await expect(outboxCard(page, sentDay)).toContainText('Waiting to send');

  // Back online, the first answer is lost after the server has made the ticket: the entry keeps
  // waiting, and the retry with the same key makes no second ticket.
  let dropped = false;
  await context.route('**/api/timeTickets/insert', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('failed');
  });
  await context.setOffline(false);
  await expect.poll(() => dropped).toBe(true);
  await expect(outboxCard(page, sentDay)).toContainText('Waiting to send');
  // he comes back to the app: it sends again
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByText('1 ticket saved offline was sent')).toBeVisible();
  await expect(outboxCard(page, sentDay)).toHaveCount(0);
  await expect(ticketCard(page, sentDay)).toContainText('E2E offline patrol.');
  expect(await ticketsOn(sentDay, 'E2E offline patrol.'), 'exactly one ticket on the server').toBe(1);

  // Offline again; meanwhile a ticket overlapping it is entered from another device.
  await context.setOffline(true);
  await logPatrol(page, overlapDay, 'E2E offline overlap.');
  await expect(outboxCard(page, overlapDay)).toContainText('Waiting to send');
  const other = await api('/timeTickets/insert', {
    method: 'POST',
    body: JSON.stringify({
      officer: { officerId: 101 }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, event: { eventId: 0 },
      startDate: overlapDay, startTime: '11:00', endDate: overlapDay, endTime: '13:00', travelHours: 0, description: 'E2E from another device.',
      parkingCitations: 0, firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0,
    }),
  });
  expect(other.status).toBe(201);
  await context.setOffline(false);
  const refused = outboxCard(page, overlapDay);
  await expect(refused).toContainText('Not sent');
  await expect(refused).toContainText(OVERLAP);
  await expect(refused.getByRole('link', { name: `Edit ${overlapDay} 10:00` })).toBeVisible();
  await expect(refused.getByRole('button', { name: `Discard ${overlapDay} 10:00` })).toBeVisible();
  expect(await ticketsOn(overlapDay, 'E2E offline overlap.')).toBe(0);
  await shot(page, 'ticket-offline-not-sent', refused);

  // Logout asks; kept, the ticket is there after his next sign-in.
  await page.getByRole('button', { name: 'Logout' }).click();
  const question = page.getByRole('dialog', { name: 'Tickets not yet sent' });
  await expect(question).toContainText('You have 1 ticket on this device that has not been sent.');
  await expect(question.getByRole('button', { name: 'Keep for my next sign-in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Login$/);
  await signInAs(page, demo.url, 'officer');
  await openWhenIdle(page, demo.url, listAddress);
  await expect(outboxCard(page, overlapDay)).toContainText(OVERLAP);
  await context.close();
});
