import { test, expect, type Page } from '@playwright/test';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
test.beforeAll(async () => {
  server = await startServer({ demo: true, env: { DEMO_PASSWORD: 'Demo2026' } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, login: string) {
  await page.goto(`${server.url}/secure/`);
  await expect(page).toHaveURL(/\/secure\/Login$/);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.locator('input[name="password"]').fill('Demo2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/Login$/);
}

/** Types a MM/DD/YYYY date or HH:mm time into a picker field by keyboard. */
async function typeInto(page: Page, label: string, digits: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.press('Home');
  await input.pressSequentially(digits);
}

/** Issue 3: an administrator adds a location and an event; an officer signs up on a phone-sized screen. */
test('administrator adds a location and an event; an officer signs up after confirming', async ({ page, browser }) => {
  await signIn(page, 'administrator');
  await page.goto(`${server.url}/secure/LocationEdit`);
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
  await expect(page.getByRole('link', { name: 'E2E Hall' })).toBeVisible();

  await page.goto(`${server.url}/secure/EventEdit?eventTypeId=1&sinceStartDate=01/01/2030`);
  await page.getByLabel('Event Name', { exact: true }).fill('E2E detail');
  await page.getByLabel('Event Type', { exact: true }).click();
  await page.getByRole('option', { name: 'Details' }).click();
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
  const row = page.getByRole('row').filter({ hasText: 'E2E detail' });
  await expect(row.getByText('UNCOVERED')).toBeVisible();
  await expect(row.getByText('0 of 1')).toBeVisible();

  // An officer on a phone signs up after confirming; the roster then is full.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const officer = await phone.newPage();
  await signIn(officer, 'officer');
  await officer.goto(`${server.url}/secure/EventBrowse?eventTypeId=1&sinceStartDate=01/01/2030`);
  await officer.getByRole('row').filter({ hasText: 'E2E detail' }).getByRole('link', { name: 'Roster' }).click();
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

  // The administrator cannot remove the event now that it has a sign-up.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'E2E detail' }).getByRole('button', { name: /Remove/ })).toHaveCount(0);
});
