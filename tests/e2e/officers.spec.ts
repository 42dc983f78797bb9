import { test, expect, type Page } from '@playwright/test';
import { demoServer, signIn as signInAs } from './demo';
import { axeViolations, describeAxe, describeOverflow, isSerious, measureOverflow } from './pageChecks';

const demo = demoServer();
const signIn = (page: Page, login: string, password?: string) => signInAs(page, demo.url, login, password);

/** Opens an in-app page by address once the current page has no request in flight (see events.spec.ts). */
async function open(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  await page.goto(`${demo.url}/secure${path}`);
}

/** The form field labelled `label`, react-admin's required mark (' *') aside. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));
}

/** Types a MM/DD/YYYY date into a picker field by keyboard. */
async function typeDate(page: Page, label: string, digits: string) {
  const input = field(page, label);
  await input.click();
  await input.press('Home');
  await input.pressSequentially(digits);
}

async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The level-10 roster administrator (demo 'auditor') adds an officer with
 * every field; the new officer signs in, must change his password and lands home; the roster shows
 * him with his last login; an officer with time tickets cannot be removed, and the roster says why.
 */
test('the roster administrator adds an officer who signs in, changes his password and appears on the roster', async ({ page, browser }) => {
  // three people's sign-ins and pages in one journey: 40-50 s alone, over the default 90 s beside
  // the other worker on a slow machine
  test.setTimeout(180_000);
  await signIn(page, 'auditor');
  await open(page, '/OfficerBrowse?excludeSeparated=Y');
  await expect(page.getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/secure\/OfficerEdit\?excludeSeparated=Y$/);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  await field(page, 'Officer ID').fill('0');
  await expect(page.getByText('Officer ID must be > 0')).toBeVisible();
  await field(page, 'Officer ID').fill('777');
  await field(page, 'Login').fill('pnew');
  await field(page, 'Password').fill('Start2026');
  await field(page, 'Password Expire Interval').fill('90');
  await field(page, 'First Name').fill('P4t');
  await expect(page.getByText('Numbers not allowed in first name!')).toBeVisible();
  await field(page, 'First Name').fill('Pat');
  await field(page, 'Middle').fill('Q');
  await field(page, 'Last Name').fill('Newman');
  await choose(page, 'Precinct', '1st Precinct');
  await typeDate(page, 'Appointment Date', '02012026');
  await choose(page, 'Rank', 'Auxiliary Police Officer');
  await field(page, 'Address').fill('2 Elm St');
  await field(page, 'City').fill('Hempstead');
  await choose(page, 'State', 'NY - New York');
  await field(page, 'Postal Code').fill('11550');
  await field(page, 'Phone').fill('5165550200');
  await expect(page.getByText('Invalid phone number format - must be 999-999-9999')).toBeVisible();
  await field(page, 'Phone').fill('516-555-0200');
  await field(page, 'Mobile').fill('516-555-0201');
  await field(page, 'Home Email').fill('pat@example.org');
  await field(page, 'Dept Email').fill('pnew@aux.example.org');
  await choose(page, 'Access Level', 'Officer');
  await field(page, 'Badge Number').fill('777');
  await field(page, 'Handcuff Number').fill('778');
  await field(page, 'Drivers License #').fill('N1234567');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Officer saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/secure\/OfficerBrowse\?excludeSeparated=Y$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Newman, Pat' }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText('');

  // The new officer: a first sign-in must change the password, then lands home.
  const context = await browser.newContext();
  const officer = await context.newPage();
  await officer.goto(`${demo.url}/secure/Login`);
  await officer.getByRole('textbox', { name: 'Login' }).fill('pnew');
  await officer.locator('input[name="password"]').fill('Start2026');
  await officer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(officer).toHaveURL(/\/secure\/PasswordChange$/);
  await officer.getByLabel(/^Current Password/).fill('Start2026');
  await officer.getByLabel(/^New Password/).fill('Newman2026');
  await officer.getByLabel(/^Verify Password/).fill('Newman2026');
  await officer.getByRole('button', { name: /submit|change/i }).click();
  await expect(officer.getByText('Password updated!')).toBeVisible();
  await expect(officer).not.toHaveURL(/PasswordChange|Login/);
  await expect(officer.getByRole('button', { name: /logout/i })).toBeVisible();
  await context.close();

  // The roster now shows his last login (today).
  await page.reload();
  await expect(row.getByRole('cell').nth(4)).toContainText(demo.today);

  // Olivia Ortiz has time tickets: no Remove, and the row says why.
  const ortiz = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ortiz, Olivia' }) });
  await expect(ortiz.getByText('Has records: enter a separation date instead')).toBeVisible();
  await expect(ortiz.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  // ...and the server refuses her removal with the same explanation.
  const token = await page.evaluate(() => sessionStorage.getItem('jwt'));
  const refused = await page.request.delete(`${demo.url}/api/officer/delete`, {
    headers: { Authorization: `Bearer ${token}` },
    data: [{ id: 0, deleteStatus: '' }, { id: 101, deleteStatus: 'Y' }],
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toMatch(/cannot be removed/);

  // ID keeps the filter on the way to the edit page and back.
  await row.getByRole('link', { name: '777' }).click();
  await expect(page).toHaveURL(/\/secure\/OfficerEdit\/777\?excludeSeparated=Y$/);
  await expect(page.getByText('A0777')).toBeVisible();
  // Saving an existing record never sets its password: no Password field, Reset password mails a temporary one.
  await expect(field(page, 'Login')).toHaveValue('pnew');
  await expect(field(page, 'Password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the password of Pat Newman?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('A temporary password has been e-mailed to the officer.')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/secure\/OfficerBrowse\?excludeSeparated=Y$/);
});

/**
 * The page the e-mail confirmation link opens works without a session on a 375-px phone and by
 * keyboard: Confirm sends the token, and a link that is not (or no longer) valid says so.
 */
test('/ConfirmEmail says when a confirmation link is not valid, on a phone and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${demo.url}/secure/ConfirmEmail?token=not-a-real-token`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm E-mail Address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/^This confirmation link is invalid, already used or expired\./);
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  expect((await measureOverflow(page)).map(describeOverflow)).toEqual([]);
  expect((await axeViolations(page)).filter(isSerious).map(describeAxe)).toEqual([]);
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/secure\/Login$/);
});

/**
 * On a phone the roster is a list of cards; the training compliance report asks for a session
 * before it runs, and its results fit a phone and a desk with no serious axe finding. (Every page
 * as such is walked at both widths by pages.spec.ts.)
 */
test('on a phone the roster is cards, and the training compliance results fit a phone and a desk', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'auditor');
  const year = Number(demo.today.slice(-4));
  await open(page, '/OfficerBrowse?excludeSeparated=Y');
  await expect(page.getByRole('list', { name: 'Roster' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await open(page, `/Reports/TrainingComplianceBrowse?eventTypeId=4&sinceStartDate=01/01/${year - 1}`);
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByText('Must check at least one row!')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Choose / }).first().check();
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Officers That Did Not Attend Any Of The Following Training Sessions:' })).toBeVisible();
  for (const size of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect((await measureOverflow(page)).map(describeOverflow), `no sideways scroll on the results at ${size.width} px`).toEqual([]);
    expect((await axeViolations(page)).filter(isSerious).map(describeAxe), `no serious axe finding on the results at ${size.width} px`).toEqual([]);
  }
});
