import { test, expect, type Page, type Request } from '@playwright/test';
import { demoServer, signIn as signInAs } from './demo';
import { describeOverflow, measureOverflow } from './pageChecks';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);
/** The MM/DD/YYYY date `days` before `date`. */
const daysBefore = (date: string, days: number) => dayjs(date, 'MM/DD/YYYY', true).subtract(days, 'day').format('MM/DD/YYYY');

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);

const REASON = 'Hours do not match the roster. Please correct the 10-42.';

/** Every PUT /api/timeTickets/review the page sends, with its body. */
function recordReviews(page: Page): Array<{ ids: number[]; decision: string; reason?: string }> {
  const bodies: Array<{ ids: number[]; decision: string; reason?: string }> = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/timeTickets/review') bodies.push(r.postDataJSON() as (typeof bodies)[number]);
  });
  return bodies;
}

/** The queue's ticket rows at a desk. */
const queueRows = (page: Page) => page.getByRole('table', { name: 'Audit Queue' }).locator('tbody tr');

/**
 * Narrows the queue to the demo officer's tickets (A0101) with the type-ahead filter and returns
 * how many wait (the queue's X-Total-Count; the demo's generated officers have many more).
 */
async function onlyOfficer101(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/timeTickets/getQueue?') && r.url().includes('officerId=101'));
  await page.getByRole('combobox', { name: 'Officer' }).fill('Ortiz');
  await page.getByRole('option', { name: '(A0101) Ortiz, Olivia' }).click();
  return Number((await answer).headers()['x-total-count']);
}

/** The menu's 'N waiting' of the Audit Queue entry, as a number. */
async function menuWaiting(page: Page): Promise<number> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const group = nav.getByRole('button', { name: /^Time Tickets/ });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const link = nav.getByRole('link', { name: /Audit Queue/ });
  await expect(link).toContainText(/\d+ waiting/);
  return Number(/(\d+) waiting/.exec(await link.innerText())![1]);
}

/**
 * The auditor's morning at a desk (1280 px): home is the queue of the demo's unreviewed tickets,
 * each with the reasons it needs attention. By keyboard he accepts the second one (j, j, a),
 * undoes it, accepts it again, then selects two and flags them with one reason (x, j, x, f).
 * Every decision costs one request however many tickets it covers; an accept's goes after its
 * undo window, a flag's at once. The officer (101) reads the reason on his two tickets.
 */
test('an auditor clears the queue by keyboard; the officer reads the flag reason', async ({ page, browser }) => {
  const reviews = recordReviews(page);
  let keys = 0;
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };

  await signIn(page, 'auditor');
  await expect(page).toHaveURL(/\/secure\/AuditQueue$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Queue' })).toBeVisible();
  const allWaiting = await menuWaiting(page);
  const rows = queueRows(page);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText('Keys: j / k move, x selects, a accepts, f flags.')).toBeVisible();
  const waiting = await onlyOfficer101(page);
  expect(waiting, 'the demo ships unreviewed tickets of officer 101').toBeGreaterThanOrEqual(4);
  await expect(rows).toHaveCount(waiting);
  for (const reason of ['Counts far above his usual', 'Entered over 7 days late']) {
    const chip = rows.getByText(reason, { exact: true });
    await expect(chip).toBeVisible();
    await expect(chip.locator('xpath=ancestor-or-self::*[@title][1]')).toHaveAttribute('title', /./);
  }
  await page.screenshot({ path: 'test-results/desk-audit-queue.png', fullPage: true });
  // the keys act on the queue, not on the filter just used
  await page.getByRole('heading', { level: 1, name: 'Audit Queue' }).click();

  // j, j, a: the second ticket leaves at once; Undo brings it back and nothing is sent
  const second = (await rows.nth(1).getAttribute('data-queue-id'))!;
  await press('j');
  await press('j');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(1)).toBeFocused();
  await press('a');
  await expect(rows).toHaveCount(waiting - 1);
  await page.getByRole('button', { name: 'Undo' }).click();
  // a pointer resting on a notification holds it open (MUI): move it away for the next one
  await page.mouse.move(0, 0);
  await expect(rows).toHaveCount(waiting);
  await expect(rows.nth(1)).toHaveAttribute('data-queue-id', second);
  expect(reviews).toEqual([]);

  // accepted for good this time: its request waits for the undo window, while the auditor goes on
  await press('a');
  await expect(rows).toHaveCount(waiting - 1);

  // x, j, x, f: two tickets selected, one reason, one request for both, sent at once
  await press('x');
  await press('j');
  await press('x');
  await press('f');
  const dialog = page.getByRole('dialog', { name: 'Flag 2 time tickets' });
  await dialog.getByRole('textbox', { name: 'Reason for the flag' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Flag' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(waiting - 3);
  const flags = () => reviews.filter((r) => r.decision === 'flag');
  expect(flags()).toEqual([{ ids: [expect.any(Number), expect.any(Number)], decision: 'flag', reason: REASON }]);

  // meanwhile the officer reads the reason on his two tickets
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await signIn(officer, 'officer');
  await officer.goto(`${demo.url}/secure/TimeTicketBrowse?officerId=101&sinceDate=${daysBefore(demo.today, 30)}`);
  await expect(officer.getByText(REASON)).toHaveCount(2);
  await officerContext.close();

  // the accept went once its window had passed; the menu counts three fewer
  await expect.poll(() => reviews.length, { timeout: 15_000 }).toBe(2);
  expect(reviews.filter((r) => r.decision === 'accept')).toEqual([{ ids: [Number(second)], decision: 'accept' }]);
  await expect.poll(() => menuWaiting(page)).toBe(allWaiting - 3);

  // three tickets cleared: about a keystroke each (after the j, j and the undone a), never more requests than tickets
  const cleared = reviews.reduce((n, r) => n + r.ids.length, 0);
  expect(cleared).toBe(3);
  expect(keys - 3, 'keystrokes per ticket cleared').toBeLessThanOrEqual(2 * cleared);
  expect(reviews.length).toBeLessThanOrEqual(cleared);
});

/** The same decisions on a 375-px phone: cards with Accept and Flag, nothing scrolls sideways. */
test('an auditor accepts and flags from the cards on a 375-px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const reviews = recordReviews(page);
  await signIn(page, 'auditor');
  await expect(page).toHaveURL(/\/secure\/AuditQueue$/);
  const cards = page.getByRole('list', { name: 'Audit Queue' }).locator(':scope > li');
  await expect(cards.first()).toBeVisible();
  // the filters are folded on a phone
  await page.getByRole('button', { name: 'Filters' }).click();
  const before = await onlyOfficer101(page);
  expect(before, 'tickets of officer 101 still wait').toBeGreaterThanOrEqual(2);
  await expect(cards).toHaveCount(before);
  const overflow = await measureOverflow(page);
  expect(overflow.map(describeOverflow), 'no sideways scroll').toEqual([]);
  // the latest news comes over the bottom of the screen; the last card can still be scrolled out from under it
  await expect(page.getByRole('region', { name: 'Latest news' })).toBeVisible();
  await cards.last().getByRole('button', { name: /^Accept / }).click({ trial: true, timeout: 5_000 });

  await cards.first().getByRole('button', { name: /^Flag / }).click();
  const dialog = page.getByRole('dialog', { name: /^Flag the time ticket of / });
  await dialog.getByRole('textbox', { name: 'Reason for the flag' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Flag' }).click();
  await expect(cards).toHaveCount(before - 1);

  await cards.first().getByRole('button', { name: /^Accept / }).click();
  await expect(cards).toHaveCount(before - 2);
  await expect.poll(() => reviews.length, { timeout: 15_000 }).toBe(2);
  expect(reviews.map((r) => [r.decision, r.ids.length])).toEqual([['flag', 1], ['accept', 1]]);
  await page.screenshot({ path: 'test-results/phone-audit-queue.png', fullPage: true });
  await context.close();
});
