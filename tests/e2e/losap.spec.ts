import { test, expect, type Page } from '@playwright/test';
import { demoServer, signIn } from './demo';
import { axeViolations, describeAxe, describeOverflow, isSerious, measureOverflow } from './pageChecks';

const demo = demoServer();

/** The page neither scrolls sideways nor has a serious or critical axe-core violation. */
async function expectSound(page: Page, what: string) {
  expect((await measureOverflow(page)).map(describeOverflow), `${what}: sideways overflow`).toEqual([]);
  expect((await axeViolations(page)).filter(isSerious).map(describeAxe), `${what}: axe`).toEqual([]);
}

/**
 * On a 375-px phone, by keyboard: the roster administrator turns next year's LOSAP rules into a
 * point schedule (one category of patrol hours, capped), is told in plain words when the
 * threshold is above the caps, saves; a supervisor opens Reports > LOSAP Progress as cards.
 */
test('LOSAP rules by keyboard at 375 px, and the LOSAP Progress report', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, demo.url, 'auditor');
  const year = Number(demo.today.slice(6)) + 1;
  await page.goto(`${demo.url}/secure/LosapRules?year=${year}`);
  await expect(page.getByRole('heading', { level: 1, name: 'LOSAP Rules' })).toBeVisible();
  await expect(page.getByText(`No rules are stored for ${year}`)).toBeVisible();
  await expectSound(page, 'LOSAP Rules, default');

  await page.getByRole('radio', { name: /^Points/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /^Points/ })).toBeChecked();
  const threshold = page.getByRole('spinbutton', { name: 'Points to qualify' });
  await threshold.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('50');
  // react-admin's iterator adds a category
  await page.getByRole('button', { name: 'Add' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Category name' }).focus();
  await page.keyboard.type('Patrol');
  await page.getByRole('spinbutton', { name: 'Points per unit' }).fill('1');
  await page.getByRole('spinbutton', { name: /^Cap/ }).fill('20');
  const types = page.getByRole('combobox', { name: 'Assignment types' });
  await types.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Patrol' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The threshold (50) is above the sum of the caps (20): no officer could qualify.')).toBeVisible();
  // the form moves focus to the first field in error: the threshold
  await expect(threshold).toBeFocused();
  await expectSound(page, 'LOSAP Rules, point schedule');

  await threshold.fill('15');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`The LOSAP rules of ${year} are saved.`)).toBeVisible();

  await signIn(page, demo.url, 'supervisor');
  await page.goto(`${demo.url}/secure/Reports/LosapProgress`);
  await expect(page.getByRole('heading', { level: 1, name: 'LOSAP Progress' })).toBeVisible();
  await expect(page.getByText(/ \(A?\d+\)$/).first()).toBeVisible();
  await expectSound(page, 'LOSAP Progress report');
});
