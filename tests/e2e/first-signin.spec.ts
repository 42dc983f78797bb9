import { test, expect } from '@playwright/test';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** Issue 2, first acceptance bullet: first start, admin signs in, changes password, lands home, logs out. */
test('the super user signs in for the first time, changes the password and logs out', async ({ page }) => {
  const password = /sign in as 'admin' with password (\w+)/.exec(server.output())?.[1];
  expect(password, 'the first start prints the generated admin password').toBeTruthy();

  await page.goto(`${server.url}/secure/`);
  await expect(page).toHaveURL(/\/secure\/Login$/);
  await expect(page).toHaveTitle('County Auxiliary Police');

  await page.getByLabel(/^Login/).fill('admin');
  await page.getByLabel(/^Password/).fill(password!);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/secure\/PasswordChange$/);
  await page.getByLabel(/^Current Password/).fill(password!);
  await page.getByLabel(/^New Password/).fill('Welcome2026');
  await page.getByLabel(/^Verify Password/).fill('Welcome2026');
  await page.getByRole('button', { name: /submit|change/i }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();

  // Home redirects the super user (exempt, no unread 159s) to his time tickets for the year.
  await expect(page).toHaveURL(/\/secure\/TimeTicket/);
  await expect(page.getByTestId('header-identity')).toHaveText('(A0001) Administrator, System');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/secure\/Login$/);

  // The new password works; the generated one does not.
  await page.getByLabel(/^Login/).fill('admin');
  await page.getByLabel(/^Password/).fill(password!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByText('Invalid credentials!')).toBeVisible();
});


test('a second server on the same data dir refuses to start', async () => {
  const dataDir = /Database: pglite in (\S+)/.exec(server.output())?.[1];
  expect(dataDir).toBeTruthy();
  await expect(startServer({ env: { DATA_DIR: dataDir! } })).rejects.toThrow(/already in use by another Roll Call server/);
});
