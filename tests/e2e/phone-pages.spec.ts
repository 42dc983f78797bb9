import { test, expect, type Page } from '@playwright/test';
import { demoServer, signIn as signInAs } from './demo';

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);

test.use({ viewport: { width: 375, height: 740 } });

/**
 * Opens an in-app page by address once the current page has no request in flight: a page load
 * that interrupts the session check (GET /api/session) signs the user out (reported to the lead).
 */
async function open(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${demo.url}/secure${path}`);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(0);
}

test('a failed sign-in says so once and keeps keyboard focus in the password field', async ({ page }) => {
  await page.goto(`${demo.url}/secure/Login`);
  await page.getByLabel(/^Login/).fill('officer');
  await page.getByLabel(/^Password/).fill('wrong');
  await page.getByLabel(/^Password/).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials!' })).toBeVisible();
  await expect(page.getByText('Invalid credentials!')).toHaveCount(1);
  await expect(page.getByLabel(/^Password/)).toBeFocused();
});

test('on a phone, lists and forms show their heading in the page and never scroll the page sideways', async ({ page }) => {
  await signIn(page, 'administrator');
  const pages: [string, string][] = [
    ['/EventBrowse?eventTypeId=1', 'Details'],
    ['/EventSignupBrowse?eventId=1&eventTypeId=1', 'Roster'],
    ['/EventEdit?eventTypeId=1', 'Add Event'],
    ['/EventSearch', 'Event Search'],
    ['/LocationBrowse', 'Locations'],
    ['/LocationEdit', 'Add Location'],
  ];
  for (const [path, heading] of pages) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    // forms show their fields, lists their cards (no tables on a phone)
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox').or(main.getByRole('listitem')).first()).toBeVisible();
    await expect(main.getByRole('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  }
});

test('on a phone, an officer signs up from the roster and keyboard focus lands on the confirmation note', async ({ page }) => {
  await signIn(page, 'officer');
  await open(page, '/EventBrowse?eventTypeId=1');
  await page.getByRole('listitem').filter({ hasText: 'Holiday traffic detail' }).getByRole('link', { name: /^Roster/ }).click();
  await expect(page.getByTestId('event-name')).toHaveText('Holiday traffic detail');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const note = page.getByText('You are signed up for this event.');
  await expect(note).toBeFocused();
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  await expectNoSidewaysScroll(page);
});
