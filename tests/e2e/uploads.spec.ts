import fs from 'node:fs';
import { test, expect, type Browser, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { demoServer, signIn as signInAs } from './demo';
import { axeViolations, describeAxe, describeOverflow, isSerious, measureOverflow } from './pageChecks';
import { minimalPdf } from '../../server/db/demoPdf';

dayjs.extend(customParseFormat);
const daysBefore = (date: string, days: number) => dayjs(date, 'MM/DD/YYYY', true).subtract(days, 'day').format('MM/DD/YYYY');
const SIGNOFF = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
const OLD_159_ALERT = "You have unread 159's that are older than 30 days!";

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);

/** A fresh browser context signed in as `login`. */
async function session(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
  await signIn(page, login);
  return page;
}

/** Follows a top-level menu entry, or one in a group. */
async function menu(page: Page, entry: string, group?: string) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  if (group) {
    const button = nav.getByRole('button', { name: group });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }
  await nav.getByRole('link', { name: entry, exact: true }).click();
}

/** Adds a 159 through the API as the administrator (the test's way to seed one with an old date). */
async function add159(description: string, dateEntered: string, filename: string) {
  const auth = await fetch(`${demo.url}/api/authenticate`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'administrator', password: 'Demo2026' }) });
  const { jwt } = (await auth.json()) as { jwt: string };
  const form = new FormData();
  form.append('jsonBodyData', JSON.stringify({ uploadType: { uploadTypeId: 1 }, dateEntered, description }));
  form.append('file', new Blob([new Uint8Array(minimalPdf(description, ['Seeded by the e2e test.']))], { type: 'application/pdf' }), filename);
  const res = await fetch(`${demo.url}/api/uploads/insert`, { method: 'POST', headers: { Authorization: `Bearer ${jwt}` }, body: form });
  expect(res.status).toBe(201);
}

/**
 * An administrator uploads a PDF 159; an officer signs in, is sent to the 159
 * board (his unread count is above 0), downloads it and ticks it read; the administrator's
 * compliance report shows that officer signed off and the others UNREAD.
 */
test('a 159 from upload to sign-off: the board, the download, the read box and the compliance report', async ({ page, browser }) => {
  const description = '159-10: E2E radio drill';
  await signIn(page, 'administrator');
  await expect(page).toHaveURL(/\/secure\/TimeTicketBrowse\?/); // home has sent him on: the demo's 159s are read
  await menu(page, '159');
  await expect(page).toHaveURL(/\/secure\/UploadBrowse\?uploadTypeId=1$/);
  await expect(page.getByRole('heading', { level: 1, name: '159 Board' })).toBeVisible();
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/secure\/UploadEdit\?uploadTypeId=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Upload' })).toBeVisible();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(demo.today);
  await page.getByLabel('Description', { exact: true }).fill(description);
  await page.getByLabel('Choose File').setInputFiles({ name: 'radio-drill.pdf', mimeType: 'application/pdf', buffer: minimalPdf('159-10 Radio Drill', ['Radio drill on Saturday.']) });
  await expect(page.getByText(/^radio-drill\.pdf \(\d+ K?B\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Upload saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/secure\/UploadBrowse\?uploadTypeId=1$/);
  await expect(page.getByRole('link', { name: `Compliance report: ${description}` })).toBeVisible();

  // The officer: home sends him to the board, he downloads the 159 and ticks it read.
  const officer = await session(browser, 'officer');
  await expect(officer).toHaveURL(/\/secure\/UploadBrowse\?uploadTypeId=1$/);
  await expect(officer.getByRole('heading', { level: 1, name: '159 Board' })).toBeVisible();
  const downloading = officer.waitForEvent('download');
  await officer.getByRole('button', { name: 'Download radio-drill.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('radio-drill.pdf');
  expect(fs.readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
  const box = officer.getByRole('checkbox', { name: `Read: ${description}` });
  await expect(box).not.toBeChecked();
  await box.click(); // checked once the server has signed it off
  await expect(box).toBeChecked();
  await expect(box).toBeDisabled(); // only the super user may untick
  const row = officer.getByRole('row').filter({ has: box });
  await expect(row.getByText(SIGNOFF)).toBeVisible();
  // with every 159 read, home goes to the time tickets again
  await officer.goto(`${demo.url}/secure/`);
  await expect(officer).toHaveURL(/\/secure\/TimeTicketBrowse\?/);

  // The administrator's compliance report of the new 159.
  await page.reload();
  await page.getByRole('link', { name: `Compliance report: ${description}` }).click();
  await expect(page).toHaveURL(/\/secure\/DownloadReport\?uploadId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '159 Compliance Report' })).toBeVisible();
  const report = page.getByRole('table', { name: '159 Compliance Report' });
  const status = (name: string) => report.getByRole('row').filter({ has: page.getByRole('link', { name }) }).getByRole('cell').last();
  await expect(status('(A0101) Ortiz, Olivia')).toHaveText(SIGNOFF);
  for (const other of ['(A0105) Sullivan, Sam', '(A0109) Abrams, Alex', '(A0110) Adler, Audrey']) await expect(status(other)).toHaveText('UNREAD');
  await expect(report.getByRole('link', { name: /Reyes, Ray/ })).toHaveCount(0); // level 3 has no 159 board

  // Printable: on paper no app bar, menu or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('header')).toBeHidden();
  await expect(report).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

/**
 * On a phone the 159 board is a list of cards, and the Ten Code Refresher works by keyboard and
 * fits. (Every page as such is walked at both widths by pages.spec.ts.)
 */
test('on a phone the 159 board is cards, and the Ten Code Refresher works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'administrator');
  await page.goto(`${demo.url}/secure/UploadBrowse?uploadTypeId=1`);
  await expect(page.getByRole('list', { name: '159 Board' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.goto(`${demo.url}/secure/Forms`);
  await page.getByRole('button', { name: 'Ten Code Refresher' }).focus();
  await page.keyboard.press('Enter');
  const quiz = page.getByRole('dialog', { name: 'Ten Code Refresher' });
  await expect(quiz.getByRole('textbox', { name: 'Code' })).toBeFocused();
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  await expect(quiz.getByText('Code must be numeric. Try again!')).toBeVisible();
  expect((await measureOverflow(page)).map(describeOverflow), 'no sideways scroll with the quiz open').toEqual([]);
  expect((await axeViolations(page)).filter(isSerious).map(describeAxe), 'no serious axe finding with the quiz open').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(quiz).toBeHidden();
});

/**
 * Spec §4 forced redirect: an officer with a 159 unread for 31 days who opens LOSAP Notices is
 * alerted and sent to the 159 board; once he has read it, LOSAP Notices opens.
 */
test("an officer with a 159 unread for 31 days is turned back from LOSAP Notices with the spec's alert", async ({ page }) => {
  const description = '159-00: Overdue notice';
  await add159(description, daysBefore(demo.today, 31), 'overdue.pdf');
  await signIn(page, 'supervisor');
  await expect(page).toHaveURL(/\/secure\/UploadBrowse\?uploadTypeId=1$/);
  await menu(page, 'LOSAP Notices');
  await expect(page.getByText(OLD_159_ALERT)).toBeVisible();
  await expect(page).toHaveURL(/\/secure\/UploadBrowse\?uploadTypeId=1$/);
  await expect(page.getByRole('heading', { level: 1, name: '159 Board' })).toBeVisible();

  const overdue = page.getByRole('checkbox', { name: `Read: ${description}` });
  await overdue.click();
  await expect(overdue).toBeChecked();
  await menu(page, 'LOSAP Notices');
  await expect(page).toHaveURL(/\/secure\/UploadBrowse\?uploadTypeId=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LOSAP Notices' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download losap-points.pdf' })).toBeVisible();
});
