import { expect, type Page } from '@playwright/test';

/**
 * Types a MM/DD/YYYY date or HH:mm time into a picker field by keyboard: with every section
 * selected (Ctrl+A; Home would set a section to its lowest value), the digits fill month, day,
 * year / hours, minutes in turn.
 */
export async function typeInto(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(value.replace(/\D/g, ''));
  await expect(input).toHaveValue(value);
}

/** Chooses an option of a react-admin select by its label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}
