import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import { demoServer, signIn as signInAs, openWhenIdle } from './demo';
import { shot } from './guidePictures';
import { expectSound } from './pageChecks';
import { typeInto } from './formInputs';

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);
const FROZEN = 'This LOSAP year has been certified and can no longer be changed.';

/** The officer attests his record of `year` from the notice on his ticket list. */
async function attestFromNotice(page: Page, year: number) {
  await expect(page.getByText(`The review of your LOSAP year ${year} is open: check your record and attest it.`)).toBeVisible();
  await page.getByRole('link', { name: 'Check my record' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `My LOSAP year ${year}` })).toBeVisible();
  await page.getByRole('button', { name: 'I certify this record is true' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`I certify that this record of my LOSAP year ${year} is true.`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Your record of ${year} is attested.`)).toBeVisible();
  await expect(page.getByText(/^Attested \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'I certify this record is true' })).toHaveCount(0);
}

/**
 * Last year's LOSAP year end, from the review to the lock and back (docs/decisions/024): the
 * chief (administrator, level 9) opens the review; the officer attests from the notice on his
 * ticket list; the supervisor disputes (a comment is required); certify waits while the dispute
 * is open; the chief resolves it, the supervisor attests, the chief certifies; a ticket of that
 * year is then refused with the lock's words; the auditor (level 10) reopens with a reason; the
 * audit log holds each step. Last year has always ended, so the real clock serves. Takes the
 * guide's pictures of the chief's page and the officer's year.
 */
test('LOSAP year end: review, attest, dispute, resolve, certify, lock, reopen', async ({ page }) => {
  test.setTimeout(300_000);
  const year = Number(demo.today.slice(6)) - 1;

  // The chief opens last year's review from the menu.
  await signIn(page, 'administrator');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const admin = nav.getByRole('button', { name: 'Administrative Functions' });
  if ((await admin.getAttribute('aria-expanded')) !== 'true') await admin.click();
  await nav.getByRole('link', { name: 'LOSAP Year End', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'LOSAP Year End' })).toBeVisible();
  await expect(page.getByText('Open: the review has not started')).toBeVisible();
  await page.getByRole('button', { name: `Open the review of ${year}` }).click();
  await expect(page.getByText(`The review of the LOSAP year ${year} is open.`)).toBeVisible();
  await expect(page.getByText('Under review: officers attest their records')).toBeVisible();

  // Officer A attests from the notice on his ticket list, on a 375-px phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  await attestFromNotice(page, year);
  await expectSound(page, 'My LOSAP year at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Officer B disputes: the comment is required.
  await signIn(page, 'supervisor');
  await openWhenIdle(page, demo.url, `/MyLosapYear?year=${year}`);
  await page.getByRole('button', { name: 'Dispute the record' }).click();
  const dispute = page.getByRole('dialog', { name: 'Dispute the record' });
  await dispute.getByRole('button', { name: 'Dispute the record' }).click();
  await expect(dispute.getByText('Say what is wrong with the record.')).toBeVisible();
  await dispute.getByLabel(/What is wrong with the record/).fill('The 12/20 storm deployment is missing.');
  await dispute.getByRole('button', { name: 'Dispute the record' }).click();
  await expect(page.getByText('Your dispute is sent to the administrators.')).toBeVisible();
  await expect(page.getByText('Your dispute is with the administrators; you can attest once it is resolved.')).toBeVisible();

  // Certify waits while the dispute is open; the chief resolves it.
  await signIn(page, 'administrator');
  // the disputed rows only: the page reads as the guide shows it, and stays light for axe
  await openWhenIdle(page, demo.url, `/LosapYearEnd?year=${year}&status=disputed`);
  const certify = page.getByRole('button', { name: `Certify the year ${year}` });
  await expect(certify).toBeDisabled();
  await expect(page.getByText('The year cannot be certified while a dispute is open (1 open).')).toBeVisible();
  await expect(page.getByText(/^\d+ officers: 1 attested, \d+ not attested, 1 disputed$/)).toBeVisible();
  const review = page.getByRole('table', { name: 'LOSAP Year End' });
  const sullivan = review.locator('tbody tr', { hasText: 'Sullivan, Sam' });
  await expect(sullivan).toContainText('Disputed');
  await expect(sullivan).toContainText('The 12/20 storm deployment is missing.');
  await expect(review.locator('tbody tr')).toHaveCount(1);
  await expectSound(page, 'LOSAP Year End under review');
  await shot(page, 'losap-year-end-review', sullivan.getByRole('button', { name: /Resolve the dispute/ }), certify);
  await sullivan.getByRole('button', { name: /Resolve the dispute/ }).click();
  const resolve = page.getByRole('dialog', { name: /Resolve the dispute/ });
  await resolve.getByLabel(/How the dispute was resolved/).fill('The deployment was entered on the 159; ticket added.');
  await resolve.getByRole('button', { name: 'Resolve the dispute' }).click();
  await expect(page.getByText('The dispute is resolved; the officer is asked to attest again.')).toBeVisible();
  await expect(certify).toBeEnabled();

  // Officer B reads the resolution and attests.
  await signIn(page, 'supervisor');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  await expect(page.getByText('The deployment was entered on the 159; ticket added.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Check my record' }).click();
  await expect(page.getByText('The deployment was entered on the 159; ticket added.')).toBeVisible();
  await shot(page, 'losap-my-year', page.getByRole('button', { name: 'I certify this record is true' }), page.getByRole('region', { name: 'LOSAP progress' }));
  await page.getByRole('button', { name: 'I certify this record is true' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Your record of ${year} is attested.`)).toBeVisible();

  // The chief certifies, told how many have not attested.
  await signIn(page, 'administrator');
  await openWhenIdle(page, demo.url, `/LosapYearEnd?year=${year}`);
  await page.getByRole('button', { name: `Certify the year ${year}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(new RegExp(`Certify the LOSAP year ${year}\\? Its tickets, events and past rosters will be locked\\. \\d+ officers have not attested\\.`));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`The LOSAP year ${year} is certified.`)).toBeVisible();
  await expect(page.getByText(/^Certified on \d{2}\/\d{2}\/\d{4} by Abrams, Alex$/)).toBeVisible();
  // the sponsor's file, through the export blocks
  await page.getByRole('button', { name: "Sponsor's file" }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`-${year}\\.csv$`));
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toMatch(/Sullivan"?,"?Sam/);
  await expect(page.getByRole('button', { name: 'Reopen the year' })).toHaveCount(0);

  // A ticket in the certified year is refused with the lock's words (the auditor's edit window
  // of 365 days reaches 12/31 of last year, so the lock, not the window, answers).
  await signIn(page, 'auditor');
  await openWhenIdle(page, demo.url, '/TimeTicketEdit?officerId=110');
  await page.getByLabel('Assignment Type', { exact: true }).click();
  await page.getByRole('option', { name: 'Patrol' }).click();
  await page.getByLabel('Precinct', { exact: true }).click();
  await page.getByRole('option', { name: '1st Precinct' }).click();
  await typeInto(page, '10-41 Date', `12/31/${year}`);
  await typeInto(page, '10-41 Time', '10:00');
  await typeInto(page, '10-42 Date', `12/31/${year}`);
  await typeInto(page, '10-42 Time', '14:00');
  await page.getByLabel('Description', { exact: true }).fill('E2E patrol in a certified year.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(FROZEN)).toBeVisible();

  // Level 10 reopens the year with a reason.
  await openWhenIdle(page, demo.url, `/LosapYearEnd?year=${year}`);
  await page.getByRole('button', { name: 'Reopen the year' }).click();
  const reopen = page.getByRole('dialog', { name: 'Reopen the year' });
  await reopen.getByRole('button', { name: 'Reopen the year' }).click();
  await expect(reopen.getByText('Give a reason for reopening the year.')).toBeVisible();
  await reopen.getByLabel(/Reason for reopening/).fill('A detail of 12/31 was left out.');
  await reopen.getByRole('button', { name: 'Reopen the year' }).click();
  await expect(page.getByText(`The LOSAP year ${year} is reopened.`)).toBeVisible();
  await expect(page.getByText('Under review: officers attest their records')).toBeVisible();
  await expect(page.getByText(/^Reopened on \d{2}\/\d{2}\/\d{4}: A detail of 12\/31 was left out\.$/)).toBeVisible();

  // The audit log holds each step.
  await openWhenIdle(page, demo.url, '/AuditLogBrowse');
  await page.getByLabel('Record', { exact: true }).fill('losapYear');
  const log = page.getByRole('table');
  for (const action of ['openReview', 'certify', 'reopen']) await expect(log.getByRole('cell', { name: action, exact: true })).toBeVisible();
  await page.getByLabel('Record', { exact: true }).fill('losapAttestation');
  for (const action of ['attest', 'dispute', 'resolve']) await expect(log.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
});
