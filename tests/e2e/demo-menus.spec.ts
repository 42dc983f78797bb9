import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { demoServer, signIn as signInAs } from './demo';

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);

/** An entry's label: the first line of its text (the Audit Queue entry adds 'N waiting' under it). */
const labelOf = async (entry: Locator) => (await entry.innerText()).split('\n')[0].trim();

/** Every menu entry as 'Group > Entry' or 'Entry', opening each group. */
async function menuOf(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const out: string[] = [];
  const regions: string[] = [];
  for (const group of await nav.locator('[aria-controls]').all()) {
    const name = await labelOf(group);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    const region = `[id="${await group.getAttribute('aria-controls')}"]`;
    regions.push(`${region} a`);
    await expect(nav.locator(region).getByRole('link').first()).toBeVisible();
    for (const link of await nav.locator(region).getByRole('link').all()) out.push(`${name} > ${await labelOf(link)}`);
  }
  // the links outside every group, told apart by place rather than address (News and
  // Administrative Functions > Newsfeed both open /NewsBrowse)
  const ungrouped = regions.length ? nav.locator(`a:not(${regions.join(', ')})`) : nav.getByRole('link');
  for (const link of await ungrouped.all()) out.push(await labelOf(link));
  return out.sort();
}

const ticketsAndEvents = [
  'Time Tickets > Current YTD', 'Time Tickets > Search',
  'Events > Details', 'Events > Training', 'Events > Administrative', 'Events > Special', 'Events > Search', 'Events > Calendar', 'Events > My Sign-ups',
];

const boards = ['Forms', '159', 'LOSAP Notices', 'News'];
const adminFunctions = ['Administrative Functions > Locations', 'Administrative Functions > Newsfeed', 'Administrative Functions > LOSAP Year End'];
const statistics = 'Reports > Statistics';
const training = 'Reports > Training Compliance';
const losapProgress = 'Reports > LOSAP Progress';
const losapRules = 'Administrative Functions > LOSAP Rules';
const roster = 'Administrative Functions > Roster';
const auditLog = 'Administrative Functions > Audit Log';

const expected: Record<string, { menu: string[]; home: RegExp }> = {
  officer: { menu: [...ticketsAndEvents, ...boards, 'My Profile', 'Change Password'], home: /TimeTicketBrowse/ },
  restricted: { menu: ['Detail List'], home: /EventBrowse\?.*eventTypeId=1/ },
  supervisor: { menu: [...ticketsAndEvents, ...boards, statistics, losapProgress, 'My Profile', 'Change Password'], home: /TimeTicketBrowse/ },
  administrator: { menu: [...ticketsAndEvents, ...boards, statistics, training, losapProgress, ...adminFunctions, 'My Profile', 'Change Password'], home: /TimeTicketBrowse/ },
  auditor: { menu: [...ticketsAndEvents, 'Time Tickets > Audit Queue', ...boards, statistics, training, losapProgress, ...adminFunctions, roster, auditLog, losapRules, 'Administrative Functions > Import', 'My Profile', 'Change Password'], home: /\/AuditQueue$/ },
};

for (const [login, want] of Object.entries(expected)) {
  test(`demo login '${login}' lands home and sees its level's menu`, async ({ page }) => {
    await signIn(page, login);
    await expect(page).toHaveURL(want.home);
    await expect(page.getByTestId('header-identity')).toContainText(/^\(A0\d{3}\) /);
    expect(await menuOf(page)).toEqual([...want.menu].sort());
  });
}

test('the menu and header work on a 375-px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'officer');
  await expect(page).toHaveURL(/TimeTicketBrowse/);
  await page.getByRole('button', { name: /open menu/i }).click();
  await page.getByRole('button', { name: 'Events' }).click();
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/EventBrowse\?.*eventTypeId=1/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/phone-events.png' });
});

/** The page's name in the app bar (react-admin's title portal; hidden on a phone, where the h1 names the page). */
const appBarTitle = (page: Page) => page.locator('#react-admin-title');

/** Sideways overflow of the page (px); 0 when it fits. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const size of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
  test(`Change Password from the menu and Not Found keep the signed-in layout at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, 'officer');
    await expect(page).toHaveURL(/TimeTicketBrowse/);
    if (size.width < 600) await page.getByRole('button', { name: /open menu/i }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Change Password' }).click();

    // defect 7: header with identity and Logout, and the menu, around the form
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
    await expect(page.getByTestId('header-identity')).toContainText(/^\(A0\d{3}\) /);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    if (size.width >= 900) {
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await expect(appBarTitle(page)).toHaveText('Change Password');
    }
    expect(await pageOverflow(page), 'no sideways scrolling of the page').toBeLessThanOrEqual(0);
    const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    expect(contrast.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    await page.screenshot({ path: `test-results/shell-password-change-${size.width}.png`, fullPage: true });

    await page.goto(`${demo.url}/secure/NoSuchPage`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    if (size.width >= 900) await expect(appBarTitle(page)).toHaveText('Not Found');
    expect(await pageOverflow(page), 'no sideways scrolling of the page').toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/shell-not-found-${size.width}.png`, fullPage: true });
  });
}
