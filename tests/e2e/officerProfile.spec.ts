import { test, expect } from '@playwright/test';
import { demoServer, signIn } from './demo';

const demo = demoServer();

/**
 * A demo officer on a 375-px phone: the header shows the organisation's abbreviation, News is in
 * his menu, the latest news item waits on his landing page until he marks it read, and My Profile
 * saves a new phone number.
 */
test('an officer reads the latest news from his landing page and keeps his phone number on My Profile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, demo.url, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  // the default ORG_NAME 'County Auxiliary Police' as its initials, not cut off
  const header = page.getByRole('banner');
  await expect(header.getByText('CAP', { exact: true })).toBeVisible();
  await expect(header.getByText('County Auxiliary Police')).toBeHidden();

  const latest = page.getByRole('region', { name: 'Latest news' });
  await expect(latest.getByRole('heading', { name: 'Holiday deployment' })).toBeVisible();
  await latest.getByRole('button', { name: 'Mark as read' }).click();
  // read: it leaves the landing page (an older unread item may take its place)
  await expect(page.getByRole('heading', { name: 'Holiday deployment' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'News', exact: true }).click();
  await expect(page).toHaveURL(/NewsBrowse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsfeed' })).toBeVisible();
  await expect(page.getByText('Holiday deployment')).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  await expect(phone).not.toHaveValue('');
  await phone.fill('516-555-0142');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling of My Profile').toBeLessThanOrEqual(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('516-555-0142');
});
