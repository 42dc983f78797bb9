import { test, expect, type Page } from '@playwright/test';
import { demoServer, signIn as signInAs } from './demo';

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);

/**
 * Opens an in-app page by address once the current page has no request in flight: a page load
 * that interrupts the session check (GET /api/session) signs the user out (reported to the lead).
 */
async function open(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${demo.url}/secure${path}`);
}

/** Types a MM/DD/YYYY date or HH:mm time into a picker field by keyboard. */
async function typeInto(page: Page, label: string, digits: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.press('Home');
  await input.pressSequentially(digits);
}

/** an administrator adds a location and an event; an officer signs up on a phone-sized screen. */
test('administrator adds a location and an event; an officer signs up after confirming', async ({ page, browser }) => {
  // three people's sign-ins and pages in one journey: 40-50 s alone, over the default 90 s beside
  // the other worker on a slow machine
  test.setTimeout(180_000);
  await signIn(page, 'administrator');
  await open(page, '/LocationEdit');
  await page.getByLabel('Name', { exact: true }).fill('E2E Hall');
  await page.getByLabel('Address', { exact: true }).fill('1 Test Way');
  await page.getByLabel('City', { exact: true }).fill('Mineola');
  await page.getByLabel('Zip', { exact: true }).fill('11501');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must select state')).toBeVisible();
  await page.getByLabel('State', { exact: true }).click();
  await page.getByRole('option', { name: 'NY - New York' }).click();
  await page.getByLabel('Precinct', { exact: true }).click();
  await page.getByRole('option', { name: '1st Precinct' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/secure\/LocationBrowse$/);
  await expect(page.getByText('Location saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'E2E Hall' })).toBeVisible();

  await open(page, '/EventEdit?eventTypeId=1&sinceStartDate=01/01/2030');
  await page.getByLabel('Event Name', { exact: true }).fill('E2E detail');
  // added from the Details list: the event type is chosen already (defect 5)
  await expect(page.getByLabel('Event Type', { exact: true })).toHaveText('Details');
  await page.getByLabel('Location', { exact: true }).click();
  await page.getByRole('option', { name: 'E2E Hall (Mineola)' }).click();
  await expect(page.getByLabel('Precinct', { exact: true })).toHaveValue('1st Precinct');
  await typeInto(page, 'Start Date', '06012030');
  await typeInto(page, 'Start Time', '0800');
  await typeInto(page, 'End Date', '06012030');
  await typeInto(page, 'End Time', '0700');
  await page.getByLabel('Max Officers', { exact: true }).fill('1');
  await page.getByLabel('Description', { exact: true }).fill('End to end.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('End Time must be after Start Time!')).toBeVisible();
  await typeInto(page, 'End Time', '1600');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/secure\/EventBrowse\?eventTypeId=1&sinceStartDate=01%2F01%2F2030$/);
  await expect(page.getByText('Event saved.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'E2E detail' });
  await expect(row.getByText('UNCOVERED')).toBeVisible();
  await expect(row.getByText('0 of 1')).toBeVisible();

  // An officer on a phone signs up after confirming; the roster then is full.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const officer = await phone.newPage();
  await signIn(officer, 'officer');
  await open(officer, '/EventBrowse?eventTypeId=1&sinceStartDate=01/01/2030');
  // a phone lists events as cards
  await officer.getByRole('listitem').filter({ hasText: 'E2E detail' }).getByRole('link', { name: /^Roster/ }).click();
  await officer.getByRole('button', { name: 'Sign Up' }).click();
  await officer.getByRole('dialog').getByRole('button', { name: /Confirm/ }).click();
  await expect(officer.getByText('You are signed up.')).toBeVisible();
  await expect(officer.getByText('A0101', { exact: true })).toBeVisible();
  await expect(officer.getByTestId('event-status')).toHaveText('Fully Staffed');
  await expect(officer.getByText('You are signed up for this event.')).toBeVisible();
  await expect(officer.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  const scrollWidth = await officer.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375 + 1);
  await phone.close();

  // A supervisor on a phone finds the roster full: Sign Up disabled with the note (defect 6).
  const phone2 = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const supervisor = await phone2.newPage();
  await signIn(supervisor, 'supervisor');
  await open(supervisor, '/EventBrowse?eventTypeId=1&sinceStartDate=01/01/2030');
  await supervisor.getByRole('listitem').filter({ hasText: 'E2E detail' }).getByRole('link', { name: /^Roster/ }).click();
  await expect(supervisor.getByText('This roster is full!')).toBeVisible();
  await expect(supervisor.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  await expect(supervisor.getByRole('listitem').filter({ hasText: 'A0101' }).getByRole('button', { name: /Remove from roster/ })).toBeVisible();
  await phone2.close();

  // The administrator cannot remove the event now that it has a sign-up.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'E2E detail' }).getByRole('button', { name: /Remove/ })).toHaveCount(0);
});

/** Defect 8: Event Search offers the quick ranges Prior Month, MTD and YTD. */
test('event search fills the dates from a quick range and lists the events of that range', async ({ page }) => {
  await signIn(page, 'officer');
  await open(page, '/EventSearch');
  await page.getByRole('button', { name: 'YTD' }).click();
  await expect(page.getByLabel('Since Date', { exact: true })).toHaveValue(/^01\/01\/\d{4}$/);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/secure\/EventBrowse\?sinceStartDate=01%2F01%2F\d{4}&untilStartDate=\d\d%2F\d\d%2F\d{4}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
});

/** My Sign-ups: the officer finds the event he signed up for, with what it is about and what it earns. */
test('an officer opens My Sign-ups from the menu and reads his sign-up with its description', async ({ page }) => {
  await signIn(page, 'officer');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const events = nav.getByRole('button', { name: 'Events' });
  if ((await events.getAttribute('aria-expanded')) !== 'true') await events.click();
  await nav.getByRole('link', { name: 'My Sign-ups' }).click();
  await expect(page).toHaveURL(/\/secure\/MySignups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Sign-ups' })).toBeVisible();
  // the demo signs officer 101 up for the CPR class a week ahead and a night detail five days back
  const upcoming = page.getByRole('table', { name: 'My Sign-ups: Upcoming' });
  const cpr = upcoming.getByRole('row').filter({ hasText: 'CPR recertification' });
  await expect(cpr).toContainText('Annual CPR/AED recertification class.');
  await expect(cpr).toContainText('Training');
  await expect(cpr).toContainText('Auxiliary Headquarters, 1490 Franklin Ave, Mineola 11501-4801');
  await expect(cpr).toContainText(/\d\d\/\d\d\/\d{4} 19:00 – 22:00/);
  await expect(upcoming).not.toContainText('Night patrol detail');
  await page.getByRole('button', { name: 'Show past sign-ups' }).click();
  const past = page.getByRole('table', { name: 'My Sign-ups: Past' });
  await expect(past.getByRole('row').filter({ hasText: 'Night patrol detail' })).toContainText('Parking field patrol (ends after midnight).');
});

/** A supervisor staffs a roster: picks an officer by typing, adds him, and finds him with the roster search. */
test('a supervisor adds an officer to a roster from the type-ahead picker', async ({ page }) => {
  await signIn(page, 'supervisor');
  await open(page, `/EventBrowse?eventTypeId=1&sinceStartDate=${demo.today}`);
  await page.getByRole('link', { name: 'Roster: Holiday traffic detail' }).click();
  // the roster's header says what the event is about
  await expect(page.getByTestId('event-description')).toHaveText('Traffic and crowd control at the mall entrances.');
  await page.getByRole('combobox', { name: 'Officer to add' }).fill('rey');
  await page.getByRole('option', { name: '(A0103) Reyes, Ray' }).click();
  await page.getByRole('button', { name: 'Add to roster' }).click();
  await expect(page.getByText('(A0103) Reyes, Ray is signed up.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'A0103' })).toContainText('Reyes');
  await page.getByRole('textbox', { name: 'Search the roster' }).fill('reyes');
  await expect(page.getByRole('row').filter({ hasText: 'A0105' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'A0103' })).toBeVisible();
});
