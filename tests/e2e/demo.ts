import { test, expect, type Page } from '@playwright/test';
import { startServer, type E2EServer } from './server';

/** Password of every demo login (npm run demo: officer, restricted, supervisor, administrator, auditor). */
export const DEMO_PASSWORD = 'Demo2026';

/** The demo server of a spec file: its base URL and the organisation's today (MM/DD/YYYY), set once beforeAll has run. */
export interface DemoServer {
  url: string;
  today: string;
  server?: E2EServer;
}

/**
 * Starts one demo-organisation server for the spec file (before its tests, on a fresh temporary
 * DATA_DIR and a free port) and stops it after them. Call at the top level of a spec. With
 * `clockStart` the server's clock starts at that instant (startServer), and the demo is seeded
 * around it; the spec sets its browsers' clocks to match (`context.clock.install`).
 */
export function demoServer(opts: { clockStart?: Date } = {}): DemoServer {
  const demo: DemoServer = { url: '', today: '' };
  test.beforeAll(async () => {
    demo.server = await startServer({ demo: true, env: { DEMO_PASSWORD }, clockStart: opts.clockStart });
    demo.url = demo.server.url;
    demo.today = ((await (await fetch(`${demo.url}/api/config`)).json()) as { today: string }).today;
  });
  test.afterAll(async () => {
    await demo.server?.stop();
  });
  return demo;
}

/**
 * Signs `login` in through /Login and waits until the signed-in header offers Logout (the home
 * redirect may still be moving on), so the next navigation never cuts the session check short.
 */
export async function signIn(page: Page, baseUrl: string, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/secure/Login`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/Login$/);
  await expect(page.getByRole('button', { name: /logout/i })).toBeVisible();
}

/**
 * Opens an address of the app (under /secure) once nothing is in flight: leaving a page while its
 * session check is on its way signs the user out.
 */
export async function openWhenIdle(page: Page, baseUrl: string, address: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.goto(`${baseUrl}/secure${address}`);
}
