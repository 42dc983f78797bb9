import { test, expect } from '@playwright/test';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** First start: the super user signs in, changes the password, lands home, logs out and signs in again. */
test('the super user signs in for the first time, changes the password and logs out', async ({ page }) => {
  const password = /sign in as 'admin' with password (\w+)/.exec(server.output())?.[1];
  expect(password, 'the first start prints the generated admin password').toBeTruthy();

  await page.goto(`${server.url}/secure/`);
  await expect(page).toHaveURL(/\/secure\/Login$/);
  await expect(page).toHaveTitle('County Auxiliary Police');

  await page.getByLabel(/^Login/).fill('admin');
  await page.getByLabel(/^Password/).fill(password!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/secure\/PasswordChange$/);
  // He types 15 characters where the spec allows 12: the fields keep the first 12 as he types,
  // and the same 15 keystrokes at sign-in open his account.
  const typed = 'Welcome2026Abcd';
  await page.getByLabel(/^Current Password/).fill(password!);
  await page.getByLabel(/^New Password/).pressSequentially(typed);
  await page.getByLabel(/^Verify Password/).pressSequentially(typed);
  await expect(page.getByLabel(/^New Password/)).toHaveValue(typed.slice(0, 12));
  await page.getByRole('button', { name: /submit|change/i }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();

  // Home sends the super user (level 10, no unread 159s) to the auditors' queue.
  await expect(page).toHaveURL(/\/secure\/AuditQueue/);
  await expect(page.getByTestId('header-identity')).toHaveText('(A0001) Administrator, System');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/secure\/Login$/);

  // The generated password no longer works; the same 15 characters typed at sign-in do.
  await page.getByLabel(/^Login/).fill('admin');
  await page.getByLabel(/^Password/).fill(password!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('main').getByText('Invalid credentials!')).toBeVisible();
  await page.getByLabel(/^Password/).fill(typed);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/secure\/AuditQueue/);
});

test('a second server on the same data dir refuses to start', async () => {
  const dataDir = /Database: pglite in (\S+)/.exec(server.output())?.[1];
  expect(dataDir).toBeTruthy();
  await expect(startServer({ env: { DATA_DIR: dataDir! } })).rejects.toThrow(/already in use by another Roll Call server/);
});
