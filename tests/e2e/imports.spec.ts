import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { demoServer, signIn as signInAs } from './demo';
import { OFFICER_HEADERS, officerImportRow } from '../importRows';
import { axeViolations, describeAxe, describeOverflow, isSerious, measureOverflow } from './pageChecks';

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);
const IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));

const HEADERS = OFFICER_HEADERS;

/** Officer ids well above the demo's (101-110) and its generated officers (from 1001). */
const BASE_ID = 8000;

/** One complete officer row, id BASE_ID + i; `over` replaces cells by header. */
function officerRow(i: number, over: Record<string, string> = {}): Record<string, string> {
  const id = BASE_ID + i;
  // letters only: a last name takes no digits
  const lastName = `Imported${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
  return officerImportRow(i, { id, login: `e2eimport${id}`, lastName, badge: 6000 + i, handcuff: 7000 + i }, over);
}

/** 50 officers, 3 of them bad: line 12 without a last name, line 25 a login line 24 holds, line 40 an unknown precinct. */
function fiftyWithThreeBad(): Array<Record<string, string>> {
  const rows = Array.from({ length: 50 }, (_, i) => officerRow(i));
  rows[10] = officerRow(10, { 'Last Name': '' });
  rows[23] = officerRow(23, { Login: rows[22].Login.toUpperCase() });
  rows[38] = officerRow(38, { Precinct: '42nd Precinct' });
  return rows;
}

const ROSTER = {
  name: 'legacy-roster.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(stringify([HEADERS, ...fiftyWithThreeBad().map((r) => HEADERS.map((h) => r[h]))], { record_delimiter: 'windows' })),
};

/** The value shown after a LabeledValues label ('New:') inside `scope`. */
const countIn = (scope: Locator, label: string) => scope.locator('dt', { hasText: new RegExp(`^${label}:$`) }).locator('xpath=following-sibling::dd[1]');

/**
 * Next, and the stepper's current step moving on. Each step opens with a collapse animation that
 * moves the buttons below it; on a loaded machine a click can begin on Next and end beside it as
 * it moves (the button is focused, nothing clicked), so the click is made again until the step
 * changes. It is only made again while the step is unchanged, so a step is never skipped.
 */
async function next(page: Page) {
  const current = page.locator('.MuiStepLabel-label.Mui-active');
  const before = await current.textContent();
  await expect(async () => {
    if ((await current.textContent()) === before) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(current).not.toHaveText(before ?? '', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Steps 1 to 3 with the roster file: officers, the upload and its inspection, the automatic mapping. */
async function uploadRoster(page: Page) {
  await expect(page.getByRole('radio', { name: 'Officers' })).toBeChecked();
  await next(page);
  await page.getByLabel('Choose the file').setInputFiles(ROSTER);
  await expect(page.getByText('File: legacy-roster.csv')).toBeVisible();
  await expect(page.getByText('The first rows of the file')).toBeVisible();
  await next(page);
  // every required field found its column by itself
  await expect(page.getByRole('combobox', { name: /^Last Name/ })).toHaveText('Last Name');
  await expect(page.getByText(/^Choose the column of/)).toHaveCount(0);
  await next(page);
}

/**
 * The roster administrator (demo login 'auditor', level 10) imports 50 officers of which 3 are
 * bad: the dry run refuses exactly those 3 with the rules' own messages, the error file holds
 * them with their errors, the import writes the 47 in a background job followed to its end, and
 * the same file again, on a phone, finds all 47 unchanged. An administrator (level 9) has no
 * Import entry and is refused at /Import.
 */
test('a roster administrator imports 50 officers with 3 bad rows; a level-9 administrator may not', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'auditor');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const admin = nav.getByRole('button', { name: 'Administrative Functions' });
  if ((await admin.getAttribute('aria-expanded')) !== 'true') await admin.click();
  await nav.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/secure\/Import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import', exact: true })).toBeVisible();

  await uploadRoster(page);

  // the dry run: exactly the 3 bad rows, with the rules' messages
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const refused = page.getByRole('table', { name: 'Refused rows' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused.locator('tbody tr')).toHaveText([
    /^12\s*Last Name: Required$/,
    /^25\s*Login: Duplicate record - unique constraint violated!$/,
    /^40\s*Unknown Precinct: "42nd Precinct"$/,
  ]);
  const dryRun = page.getByRole('group', { name: 'Check (dry run)' });
  await expect(countIn(dryRun, 'New')).toHaveText('47');
  await expect(countIn(dryRun, 'Refused')).toHaveText('3');
  await expect(page.getByRole('combobox', { name: 'Precinct "42nd Precinct" (rows: 1)' })).toHaveText('Leave refused');
  expect((await axeViolations(page)).filter(isSerious).map(describeAxe), 'no serious axe finding on the dry run').toEqual([]);

  // the picture of the administrator's guide: the dry run's report
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(IMAGES, 'admin-import.png'), animations: 'disabled' });

  // the error file: the original columns plus Errors, those 3 rows
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the error file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^officers-import-errors.*\.csv$/);
  const table = parse(await readFile((await file.path())!), { bom: true }) as string[][];
  expect(table[0]).toEqual([...HEADERS, 'Errors']);
  expect(table.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
    [`A${BASE_ID + 10}`, 'Last Name: Required'],
    [`A${BASE_ID + 23}`, 'Login: Duplicate record - unique constraint violated!'],
    [`A${BASE_ID + 38}`, 'Unknown Precinct: "42nd Precinct"'],
  ]);

  // the import: a job followed to its end
  await next(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const result = page.getByRole('region', { name: 'Latest import' });
  await expect(result.getByText(/The import is finished\./)).toBeVisible({ timeout: 60_000 });
  await expect(countIn(result, 'New')).toHaveText('47');
  await expect(countIn(result, 'Refused')).toHaveText('3');
  await expect(result.getByRole('button', { name: 'Download the error file' })).toBeVisible();

  await context.close();

  // on a phone, the page opened again shows that import as the latest; the same file again
  // finds the 47 unchanged and the 3 still refused, its report as cards, nothing scrolling sideways
  const phone = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await signIn(phone, 'auditor');
  await phone.waitForLoadState('networkidle');
  await phone.goto(`${demo.url}/secure/Import`);
  const latest = phone.getByRole('region', { name: 'Latest import' });
  await expect(countIn(latest, 'New')).toHaveText('47');
  expect((await measureOverflow(phone)).map(describeOverflow), 'no sideways scroll on /Import at 375 px').toEqual([]);
  await uploadRoster(phone);
  await phone.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(phone.getByRole('list', { name: 'Refused rows' }).getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  const recheck = phone.getByRole('group', { name: 'Check (dry run)' });
  await expect(countIn(recheck, 'Unchanged')).toHaveText('47');
  await expect(countIn(recheck, 'New')).toHaveText('0');
  expect((await measureOverflow(phone)).map(describeOverflow), 'no sideways scroll on the dry run at 375 px').toEqual([]);
  expect((await axeViolations(phone)).filter(isSerious).map(describeAxe), 'no serious axe finding on the dry run at 375 px').toEqual([]);
  await next(phone);
  await phone.getByRole('button', { name: 'Import', exact: true }).click();
  const again = phone.getByRole('region', { name: 'Latest import' });
  await expect(again.getByText(/The import is finished\./)).toBeVisible({ timeout: 60_000 });
  await expect(countIn(again, 'Unchanged')).toHaveText('47');
  await expect(countIn(again, 'New')).toHaveText('0');
  await expect(countIn(again, 'Refused')).toHaveText('3');
  await phone.context().close();

  // a level-9 administrator: no Import entry, and the address refused
  const other = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(other, 'administrator');
  const otherNav = other.getByRole('navigation', { name: 'Main menu' });
  const otherAdmin = otherNav.getByRole('button', { name: 'Administrative Functions' });
  if ((await otherAdmin.getAttribute('aria-expanded')) !== 'true') await otherAdmin.click();
  await expect(otherNav.getByRole('link', { name: 'Locations', exact: true })).toBeVisible();
  await expect(otherNav.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0);
  await other.waitForLoadState('networkidle');
  await other.goto(`${demo.url}/secure/Import`);
  await expect(other.getByRole('heading', { level: 1, name: 'Unauthorized!' })).toBeVisible();
  await expect(other.getByRole('radiogroup', { name: 'What to import' })).toHaveCount(0);
  await other.context().close();
});
