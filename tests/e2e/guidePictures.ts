import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** Where the user guides' pictures live (docs/images), committed and taken again by every e2e run. */
const IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));

/** The page's h1 named `name`. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/**
 * Saves the viewport as docs/images/<name>.png once `shows` (what the guide says is on the page)
 * is visible and nothing is loading any more, so a renamed button or a moved page fails here
 * rather than leaving a guide that lies.
 */
export async function shot(page: Page, name: string, ...shows: Locator[]): Promise<void> {
  for (const l of shows) await expect(l).toBeVisible();
  // a loading indicator has no value; a bar with one (the LOSAP progress) is content
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`), animations: 'disabled' });
}
