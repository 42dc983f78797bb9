import { test, expect, type Locator, type Page } from '@playwright/test';
import { demoServer, signIn as signInAs } from './demo';
import { describeOverflow, measureOverflow } from './pageChecks';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { typeInto, choose } from './formInputs';

dayjs.extend(customParseFormat);
/** The MM/DD/YYYY date `days` before `date`. */
const daysBefore = (date: string, days: number) => dayjs(date, 'MM/DD/YYYY', true).subtract(days, 'day').format('MM/DD/YYYY');

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);

/** Opens a menu group (if closed) and follows one of its links. */
async function menu(page: Page, group: string, entry: string) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const button = nav.getByRole('button', { name: group });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await nav.getByRole('link', { name: entry }).click();
}

/** The main row of the ticket whose 10-41 is `date time`. */
function ticketRow(page: Page, date: string, time: string): Locator {
  return page.getByRole('table', { name: 'Time Tickets' }).locator('tbody tr').filter({ has: page.getByRole('cell', { name: new RegExp(`${date} ${time}$`) }) });
}

/** Worked, travel and total of the Totals card under the list, as numbers (hours with 2 decimals). */
async function cardTotals(page: Page): Promise<{ worked: number; travel: number; total: number }> {
  const card = page.getByRole('region', { name: 'Totals' });
  const value = async (label: string) => {
    const text = (await card.locator('dt').filter({ hasText: new RegExp(`^${label}:$`) }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
    expect(text, `${label} has 2 decimals`).toMatch(/^\d+\.\d{2}$/);
    return Number(text);
  };
  return { worked: await value('Worked'), travel: await value('Travel'), total: await value('Total') };
}

/** Neither the page nor any scroll box in it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await measureOverflow(page);
  expect(overflow.map(describeOverflow), `no sideways scroll ${where}`).toEqual([]);
}

/**
 * An officer logs a 4-hour patrol ticket and a ticket for an event he signed
 * up for, sees both with totals, edits one, removes one; an auditor flags the other with a
 * comment; the officer then sees the one-ticket notice, the flagged block and totals without it.
 *
 * The demo already holds tickets of officer 101 (one of them flagged, 20 days back): the officer
 * works in a list searched from 5 days back, so only the demo's unflagged tour of 2 days back is
 * in it, and totals are checked by the difference the new tickets make.
 */
test('officer logs, edits and removes tickets; auditor flags one with a comment; officer sees the notice and totals without it', async ({ page, browser }) => {
  // two users and some thirty pages: 49 s on a quiet machine, over 90 s on a slow shared one
  test.setTimeout(180_000);
  const eventDay = daysBefore(demo.today, 5); // the demo 'Night patrol detail' (20:00-02:00) officer 101 signed up for
  const nextDay = daysBefore(demo.today, 4);
  const patrolDay = daysBefore(demo.today, 3);

  await signIn(page, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  await menu(page, 'Time Tickets', 'Search');
  await expect(page).toHaveURL(/\/secure\/TimeTicketSearch$/);
  await typeInto(page, 'Since Date', eventDay);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/secure/TimeTicketBrowse\\?officerId=101&sinceDate=${eventDay}$`));
  await expect(page.getByRole('heading', { name: 'Time Tickets', level: 1 })).toBeVisible();
  const before = await cardTotals(page);
  await expect(page.getByText(/You have (an error|errors) in/)).toHaveCount(0);

  // A 4-hour patrol.
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/secure/TimeTicketEdit\\?officerId=101&sinceDate=${eventDay}$`));
  await expect(page.getByRole('heading', { name: 'Time Ticket', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText('Officer: (A0101) Ortiz, Olivia', { exact: true })).toBeVisible();
  await choose(page, 'Assignment Type', 'Patrol');
  await choose(page, 'Precinct', '1st Precinct');
  await typeInto(page, '10-41 Date', patrolDay);
  await typeInto(page, '10-41 Time', '10:00');
  await typeInto(page, '10-42 Date', patrolDay);
  await typeInto(page, '10-42 Time', '14:00');
  await page.getByLabel('Description', { exact: true }).fill('E2E sector patrol.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/secure/TimeTicketBrowse\\?officerId=101&sinceDate=${eventDay}$`));
  const patrol = ticketRow(page, patrolDay, '10:00');
  await expect(patrol).toContainText('(A0101) Ortiz, Olivia');
  await expect(patrol).toContainText(`${patrolDay} 14:00`);
  await expect(patrol).toContainText('Patrol');
  await expect(patrol.getByRole('cell')).toContainText(['4.00', '0.00', '4.00']);

  // The event he signed up for: the event picker, the precinct copied from the event.
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await choose(page, 'Assignment Type', /^Detail$/);
  await choose(page, 'Event', /Night patrol detail/);
  await expect(page.getByLabel('Precinct', { exact: true })).toHaveText('3rd Precinct');
  await typeInto(page, '10-41 Date', eventDay);
  await typeInto(page, '10-41 Time', '20:00');
  await typeInto(page, '10-42 Date', nextDay);
  await typeInto(page, '10-42 Time', '02:00');
  await page.getByLabel('Description', { exact: true }).fill('E2E night detail at the mall.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/secure\/TimeTicketBrowse\?/);
  const detail = ticketRow(page, eventDay, '20:00');
  await expect(detail).toContainText(`${nextDay} 02:00`);
  await expect(detail).toContainText('Detail');
  await expect(detail.getByRole('cell')).toContainText(['6.00', '0.00', '6.00']);
  await expect(page.getByText('E2E sector patrol.')).toBeVisible();
  await expect(page.getByText('E2E night detail at the mall.')).toBeVisible();
  await expect.poll(() => cardTotals(page)).toEqual({ worked: before.worked + 10, travel: before.travel, total: before.total + 10 });

  // Edit the patrol: 10-42 at 14:30 and the travel hour.
  await patrol.getByRole('link', { name: `${patrolDay} 10:00` }).click();
  await expect(page).toHaveURL(/\/secure\/TimeTicketEdit\/\d+\?officerId=101&sinceDate=/);
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('E2E sector patrol.');
  await typeInto(page, '10-42 Time', '14:30');
  await page.getByLabel('Travel (1 hour)').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/secure/TimeTicketBrowse\\?officerId=101&sinceDate=${eventDay}$`));
  await expect(patrol).toContainText(`${patrolDay} 14:30`);
  await expect(patrol.getByRole('cell')).toContainText(['4.50', '1.00', '5.50']);
  await expect.poll(() => cardTotals(page)).toEqual({ worked: before.worked + 10.5, travel: before.travel + 1, total: before.total + 11.5 });

  // On a desk screen every column, Remove included, shows without scrolling the table or the page sideways.
  const table = page.getByRole('table', { name: 'Time Tickets' });
  await expect(table.getByRole('columnheader', { name: 'Reports' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'at 1280 px');
  await expect(detail.getByRole('button', { name: /^Remove/ })).toBeInViewport();

  // Remove the event ticket, after the confirmation with its description.
  await detail.getByRole('button', { name: /^Remove/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete the following?');
  await expect(dialog).toContainText('E2E night detail at the mall.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(detail).toHaveCount(0);
  await expect(page.getByText('E2E night detail at the mall.')).toHaveCount(0);
  await expect.poll(() => cardTotals(page)).toEqual({ worked: before.worked + 4.5, travel: before.travel + 1, total: before.total + 5.5 });

  // The auditor flags the patrol and explains why.
  const auditorContext = await browser.newContext();
  const auditor = await auditorContext.newPage();
  await signIn(auditor, 'auditor');
  await expect(auditor).toHaveURL(/AuditQueue/);
  await menu(auditor, 'Time Tickets', 'Search');
  await expect(auditor).toHaveURL(/\/secure\/TimeTicketSearch$/);
  await typeInto(auditor, 'Since Date', eventDay);
  // the type-ahead officer picker: her id finds her among all the officers
  await auditor.getByLabel('Officer', { exact: true }).fill('A0101');
  await auditor.getByRole('option', { name: '(A0101) Ortiz, Olivia' }).click();
  await auditor.getByRole('button', { name: 'Submit' }).click();
  await expect(auditor).toHaveURL(new RegExp(`/secure/TimeTicketBrowse\\?officerId=101&sinceDate=${eventDay}$`));
  const flag = auditor.getByRole('checkbox', { name: `Flagged ${patrolDay} 10:00` });
  await expect(flag).not.toBeChecked();
  await flag.click(); // asks the reason first; the box ticks once the server has flagged the ticket
  const ask = auditor.getByRole('dialog', { name: `Flag the ticket of ${patrolDay} 10:00` });
  await ask.getByLabel('Audit Comments').fill('Roster shows 10:00-12:00 for this patrol. Please correct the 10-42.');
  await ask.getByRole('button', { name: 'Flag' }).click();
  await expect(ask).toHaveCount(0);
  await expect(flag).toBeChecked();
  const seen = auditor.getByRole('alert').filter({ hasText: 'THIS TICKET HAS BEEN FLAGGED' });
  await expect(seen).toContainText("THIS TICKET HAS BEEN FLAGGED DUE TO ENTRY ERRORS AND WILL NOT BE COUNTED TOWARD THE OFFICER'S ANNUAL LOSAP HOURS.");
  await expect(seen).toContainText('Roster shows 10:00-12:00 for this patrol. Please correct the 10-42.');
  await expect(seen).not.toContainText('You may delete this ticket');
  await auditorContext.close();

  // The officer sees the notice, the flagged block with the explanation, and totals without it.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'You have an error in a ticket that needs to be corrected' })).toBeVisible();
  await expect(page.getByText('You have an error in a ticket that needs to be corrected', { exact: true })).toBeVisible();
  const block = page.getByRole('alert').filter({ hasText: 'THIS TICKET HAS BEEN FLAGGED' });
  await expect(block).toHaveCount(1);
  await expect(block).toContainText('THIS TICKET HAS BEEN FLAGGED DUE TO ENTRY ERRORS AND WILL NOT BE COUNTED TOWARD YOUR ANNUAL LOSAP HOURS.');
  await expect(block).toContainText('Flagged by Audrey Adler');
  await expect(block.getByRole('listitem').filter({ hasText: 'Auxiliary Lieutenant Audrey Adler A0110' })).toBeVisible();
  await expect(block.getByText('EXPLANATION', { exact: true })).toBeVisible();
  await expect(block).toContainText('Roster shows 10:00-12:00 for this patrol. Please correct the 10-42.');
  await expect(block).toContainText('You may delete this ticket and enter it again correctly');
  await page.screenshot({ path: 'test-results/officer-flagged-ticket.png', fullPage: true });
  await expect(patrol.getByRole('cell')).toContainText(['4.50', '1.00', '5.50']);
  await expect.poll(() => cardTotals(page)).toEqual(before);
});

/** the officer adds a ticket on a 375-px phone (labels reachable, Save works) and finds it as a card. */
test('an officer adds a ticket on a 375-px phone', async ({ browser }) => {
  const day = daysBefore(demo.today, 1);
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await phone.newPage();
  await signIn(page, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  await page.getByRole('button', { name: /open menu/i }).click();
  await menu(page, 'Time Tickets', 'Current YTD');
  await expect(page).toHaveURL(/TimeTicketBrowse\?officerId=101&sinceDate=/);
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/secure\/TimeTicketEdit\?/);

  for (const label of ['Assignment Type', 'Precinct', '10-41 Date', '10-41 Time', '10-42 Date', '10-42 Time', 'Description', 'Arrests']) {
    const field = page.getByLabel(label, { exact: true }).first();
    await field.scrollIntoViewIfNeeded();
    await expect(field, `${label} is on screen`).toBeInViewport();
    const box = (await field.boundingBox())!;
    expect(box.x, `${label} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${label} ends inside the screen`).toBeLessThanOrEqual(375);
  }
  await choose(page, 'Assignment Type', 'Community Outreach');
  await choose(page, 'Precinct', '2nd Precinct');
  await typeInto(page, '10-41 Date', day);
  await typeInto(page, '10-41 Time', '09:00');
  await typeInto(page, '10-42 Date', day);
  await typeInto(page, '10-42 Time', '11:15');
  await page.getByLabel('Description', { exact: true }).fill('E2E phone outreach.');
  await page.getByLabel('Pedestrian Educations', { exact: true }).fill('3');
  await expectNoSidewaysScroll(page, 'in the form at 375 px');
  await page.screenshot({ path: 'test-results/phone-ticket-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();

  // The list is cards on a phone: the new ticket's card shows its figures and counts, nothing scrolls sideways.
  await expect(page).toHaveURL(/\/secure\/TimeTicketBrowse\?officerId=101&sinceDate=/);
  const cards = page.getByRole('list', { name: 'Time Tickets' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = cards.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`${day} 09:00$`) }) });
  const figure = (label: string) => card.locator('dt').filter({ hasText: new RegExp(`^${label}:$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('10-42')).toHaveText(new RegExp(`${day} 11:15$`));
  await expect(figure('Category')).toHaveText('Community Outreach');
  await expect(figure('Worked')).toHaveText('2.25');
  await expect(figure('Travel')).toHaveText('0.00');
  await expect(figure('Total')).toHaveText('2.25');
  await expect(figure('Pedestrian Educations')).toHaveText('3');
  await expect(card).toContainText('E2E phone outreach.');
  await expect(card.getByRole('link', { name: new RegExp(`^Edit ${day} 09:00$`) })).toBeVisible();
  await expect(card.getByRole('button', { name: new RegExp(`^Remove ${day} 09:00$`) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'in the card list at 375 px');
  await page.screenshot({ path: 'test-results/phone-ticket-list.png', fullPage: true });
  await phone.close();
});

/**
 * Last night's patrol takes fewer taps than the 18 it took before the ticket form's shortcuts
 * (menu 2, Add 1, Assignment Type 2, Precinct 2, 10-41 Date 2, 10-41 Time 2, 10-42 Date 2,
 * 10-42 Time 2, Description 2, Save 1). Counted: every click is a tap and every run of typing
 * is one keystroke group. Now Yesterday sets the 10-41 date in one tap and the 10-42 date
 * follows (the next day, since the 10-42 time is earlier); the ticket is really saved.
 */
test('an officer logs last night\'s patrol in fewer than 18 taps', async ({ page }) => {
  const config = (await (await fetch(`${demo.url}/api/config`)).json()) as { orgTimezone: string; today: string };
  // 02:00 today must be over (the 10-42 cannot be in the future); just after midnight the tour ends at 00:00
  const orgHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: config.orgTimezone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const [start, end] = orgHour >= 3 ? ['22:00', '02:00'] : ['20:00', '00:00'];
  const yesterday = daysBefore(config.today, 1);
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  const type = async (target: Locator, text: string) => {
    taps += 1;
    await target.pressSequentially(text);
  };
  const fill = async (target: Locator, text: string) => {
    taps += 1;
    await target.fill(text);
  };
  const field = (label: string) => page.getByLabel(label, { exact: true });

  await signIn(page, 'officer');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const group = nav.getByRole('button', { name: 'Time Tickets' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await tap(group);
  await tap(nav.getByRole('link', { name: 'Current YTD' }));
  await expect(page).toHaveURL(/TimeTicketBrowse\?officerId=101&sinceDate=/);
  await tap(page.getByRole('link', { name: 'Add', exact: true }));
  await tap(field('Assignment Type'));
  await tap(page.getByRole('option', { name: 'Patrol', exact: true }));
  await tap(field('Precinct'));
  await tap(page.getByRole('option', { name: '1st Precinct' }));
  await tap(page.getByRole('group', { name: 'Quick 10-41 date' }).getByRole('button', { name: 'Yesterday' }));
  await tap(field('10-41 Time'));
  await type(field('10-41 Time'), start.replace(':', ''));
  await tap(field('10-42 Time'));
  await type(field('10-42 Time'), end.replace(':', ''));
  await expect(field('10-41 Date')).toHaveValue(yesterday);
  await expect(field('10-41 Time')).toHaveValue(start);
  await expect(field('10-42 Date')).toHaveValue(config.today);
  await expect(field('10-42 Time')).toHaveValue(end);
  await tap(field('Description'));
  await fill(field('Description'), 'E2E last night patrol.');
  await tap(page.getByRole('button', { name: 'Save' }));
  await expect(page).toHaveURL(/\/secure\/TimeTicketBrowse\?officerId=101&sinceDate=/);
  expect(taps, 'taps and keystroke groups').toBeLessThan(18);

  // the saved ticket: yesterday's 10-41 to today's 10-42, four hours
  const token = await page.evaluate(() => sessionStorage.getItem('jwt'));
  const res = await page.request.get(`${demo.url}/api/timeTickets/getMultiple`, {
    params: { officerId: '101', sinceDate: yesterday, untilDate: yesterday },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const saved = ((await res.json()) as Array<Record<string, unknown>>).filter((r) => r.description === 'E2E last night patrol.');
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ startDate: yesterday, startTime: start, endDate: config.today, endTime: end, hoursWorked: 4 });
});
