import { test, expect, type Browser, type Page } from '@playwright/test';
import { demoServer, signIn as signInAs, openWhenIdle } from './demo';
import { heading, shot } from './guidePictures';

/**
 * The screenshots of the user guides (docs/*-guide.md), taken on the demo organisation so they
 * always show the app as it is: each role's journey through the pages its guide describes, at a
 * desk (1280 px) and a few on a 375-px phone. Before each picture the page must show what the
 * guide says it shows (its heading and the control the guide names), so a renamed button or a
 * moved page fails here rather than leaving a guide that lies. The pictures go to docs/images/
 * under fixed names and are committed; `npm run test:e2e` takes them again.
 */

const demo = demoServer();
const DESK = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

// the pictures are the record; a trace of this walk would only slow the run
test.use({ trace: 'off' });

/** A signed-in page of `login` in its own browser context at `viewport`. */
async function signedIn(browser: Browser, login: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAs(page, demo.url, login);
  return page;
}

/** Opens a menu group of the main menu (if closed) and follows one of its links. */
async function menu(page: Page, group: string, entry: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const button = nav.getByRole('button', { name: group });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await nav.getByRole('link', { name: entry, exact: true }).click();
}

test('the guides at a desk: officer, auditor, supervisor, administrator and roster administrator', async ({ browser }) => {
  test.setTimeout(120_000);
  const year = demo.today.slice(-4);

  // The officer: sign-in, his tickets, a ticket for an event, events and sign-ups, 159s, news, profile.
  const context = await browser.newContext({ viewport: DESK });
  const login = await context.newPage();
  await login.goto(`${demo.url}/secure/Login`);
  await shot(login, 'sign-in', heading(login, 'Sign in'), login.getByRole('button', { name: 'Sign in', exact: true }), login.getByText('Forgot your password?'));
  await context.close();

  const officer = await signedIn(browser, 'officer', DESK);
  await expect(officer).toHaveURL(/TimeTicketBrowse/);
  await shot(officer, 'officer-time-tickets', heading(officer, 'Time Tickets'), officer.getByRole('link', { name: 'Add', exact: true }), officer.getByRole('region', { name: 'Totals' }));
  // the chart comes when its place under the list nears the screen
  await officer.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const months = officer.locator('figure', { hasText: 'My hours by month' });
  await months.scrollIntoViewIfNeeded();
  await shot(officer, 'officer-hours-by-month', months.locator('svg').first());

  await officer.getByRole('link', { name: 'Add', exact: true }).click();
  await expect(heading(officer, 'Time Ticket')).toBeVisible();
  await officer.getByLabel('Assignment Type', { exact: true }).click();
  await officer.getByRole('option', { name: /^Detail$/ }).click();
  await officer.getByLabel('Event', { exact: true }).click();
  await officer.getByRole('option', { name: /Night patrol detail/ }).click();
  // choosing the event fills the precinct and the 10-41 and 10-42 from it
  await expect(officer.getByLabel('Precinct', { exact: true })).toHaveText('3rd Precinct');
  await expect(officer.getByLabel('10-41 Time', { exact: true })).toHaveValue('20:00');
  await expect(officer.getByLabel('10-42 Time', { exact: true })).toHaveValue('02:00');
  await shot(officer, 'officer-ticket-form', officer.getByRole('group', { name: 'Quick 10-41 date' }).getByRole('button', { name: 'Yesterday' }), officer.getByRole('button', { name: 'Save' }));

  await openWhenIdle(officer, demo.url, `/EventBrowse?eventTypeId=1&sinceStartDate=${demo.today}`);
  const rosterLink = officer.getByRole('link', { name: 'Roster: Holiday traffic detail' });
  await shot(officer, 'officer-events', heading(officer, 'Details'), rosterLink);
  await rosterLink.click();
  await shot(officer, 'officer-roster', heading(officer, 'Roster'), officer.getByRole('button', { name: 'Sign Up' }));

  await menu(officer, 'Events', 'My Sign-ups');
  await shot(officer, 'officer-my-signups', heading(officer, 'My Sign-ups'), officer.getByRole('table', { name: 'My Sign-ups: Upcoming' }));

  await openWhenIdle(officer, demo.url, '/UploadBrowse?uploadTypeId=1');
  await shot(officer, 'officer-159-board', heading(officer, '159 Board'), officer.getByRole('checkbox', { name: /^Read: / }).first());

  await openWhenIdle(officer, demo.url, '/NewsBrowse');
  await shot(officer, 'officer-news', heading(officer, 'Newsfeed'));

  await openWhenIdle(officer, demo.url, '/MyProfile');
  await shot(officer, 'officer-my-profile', heading(officer, 'My Profile'), officer.getByText('Kept by the roster administrator'), officer.getByRole('button', { name: 'Submit' }));

  await openWhenIdle(officer, demo.url, '/PasswordChange');
  await shot(officer, 'officer-change-password', heading(officer, 'Change Password'), officer.getByRole('button', { name: 'Submit' }));
  await officer.context().close();

  // The auditor: the queue with its reasons, and the flag dialog.
  const auditor = await signedIn(browser, 'auditor', DESK);
  await expect(auditor).toHaveURL(/\/AuditQueue$/);
  const rows = auditor.getByRole('table', { name: 'Audit Queue' }).locator('tbody tr');
  await shot(auditor, 'auditor-audit-queue', heading(auditor, 'Audit Queue'), rows.first(), auditor.getByText('Keys: j / k move, x selects, a accepts, f flags.'), auditor.getByRole('switch', { name: 'Needs attention only' }));
  await heading(auditor, 'Audit Queue').click();
  await auditor.keyboard.press('j');
  await auditor.keyboard.press('f');
  const flag = auditor.getByRole('dialog', { name: /^Flag the time ticket of / });
  await shot(auditor, 'auditor-flag-dialog', flag.getByRole('textbox', { name: 'Reason for the flag' }), flag.getByRole('button', { name: 'Flag' }));
  await flag.getByRole('button', { name: 'Cancel' }).click();
  await expect(flag).toBeHidden();

  // The roster administrator (level 10, the auditor's login in the demo): roster, officer, audit log.
  await openWhenIdle(auditor, demo.url, '/OfficerBrowse?excludeSeparated=Y');
  await shot(auditor, 'admin-roster', heading(auditor, 'Roster'), auditor.getByRole('textbox', { name: 'Search the roster' }), auditor.getByText('Show Separated Officers'));
  await openWhenIdle(auditor, demo.url, '/OfficerEdit/101');
  await shot(auditor, 'admin-officer-edit', heading(auditor, 'Edit Officer'), auditor.getByRole('combobox', { name: /^Access Level/ }), auditor.getByRole('button', { name: 'Reset password' }));
  await openWhenIdle(auditor, demo.url, '/AuditLogBrowse');
  await shot(auditor, 'admin-audit-log', heading(auditor, 'Audit Log'), auditor.getByRole('button', { name: 'Export' }));
  await auditor.context().close();

  // The supervisor (level 5): staffing a roster, statistics.
  const supervisor = await signedIn(browser, 'supervisor', DESK);
  await openWhenIdle(supervisor, demo.url, `/EventBrowse?eventTypeId=1&sinceStartDate=${demo.today}`);
  await supervisor.getByRole('link', { name: 'Roster: Holiday traffic detail' }).click();
  await shot(supervisor, 'supervisor-roster-staffing', heading(supervisor, 'Roster'), supervisor.getByRole('combobox', { name: 'Officer to add' }), supervisor.getByRole('button', { name: 'Add to roster' }));
  await openWhenIdle(supervisor, demo.url, `/Reports/StatisticsReport?assignedPct=1&sinceDate=01/01/${year}&untilDate=${demo.today}`);
  await shot(supervisor, 'supervisor-statistics', heading(supervisor, 'Statistics'), supervisor.getByRole('region', { name: 'Totals' }), supervisor.locator('figure svg').first());
  await supervisor.getByRole('button', { name: 'Export' }).click();
  await shot(supervisor, 'supervisor-export-menu', supervisor.getByRole('menuitem', { name: 'Excel (XLSX)' }));
  await supervisor.keyboard.press('Escape');
  await supervisor.context().close();

  // The administrator (level 9): events, locations, news, uploads and their reports.
  const admin = await signedIn(browser, 'administrator', DESK);
  await openWhenIdle(admin, demo.url, '/EventEdit?eventTypeId=1');
  await shot(admin, 'administrator-event-form', heading(admin, 'Add Event'), admin.getByLabel('Max Officers', { exact: true }), admin.getByLabel('Incentive Hours', { exact: true }));
  await openWhenIdle(admin, demo.url, '/LocationBrowse');
  await shot(admin, 'administrator-locations', heading(admin, 'Locations'), admin.getByRole('link', { name: 'Add', exact: true }));
  await openWhenIdle(admin, demo.url, '/NewsBrowse');
  await shot(admin, 'administrator-newsfeed', heading(admin, 'Newsfeed'), admin.getByRole('link', { name: 'Add', exact: true }));
  await openWhenIdle(admin, demo.url, '/UploadBrowse?uploadTypeId=1');
  const report = admin.getByRole('link', { name: /^Compliance report: / }).first();
  await shot(admin, 'administrator-159-board', heading(admin, '159 Board'), admin.getByRole('link', { name: 'Add', exact: true }), report);
  await report.click();
  await shot(admin, 'administrator-159-compliance', heading(admin, '159 Compliance Report'), admin.getByRole('button', { name: 'Print' }));
  await openWhenIdle(admin, demo.url, '/Reports/TrainingComplianceSearch');
  await shot(admin, 'administrator-training-compliance', heading(admin, 'Training Compliance'), admin.getByLabel('Precinct', { exact: true }));
  await admin.context().close();
});

test('the guides on a 375-px phone: the officer logs a ticket, the auditor decides on cards', async ({ browser }) => {
  const officer = await signedIn(browser, 'officer', PHONE);
  await expect(officer).toHaveURL(/TimeTicketBrowse/);
  await expect(officer.getByRole('table')).toHaveCount(0);
  await shot(officer, 'phone-officer-time-tickets', heading(officer, 'Time Tickets'), officer.getByRole('link', { name: 'Add', exact: true }));

  await officer.getByRole('button', { name: 'Open menu' }).click();
  await shot(officer, 'phone-menu', officer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Profile' }));
  await officer.keyboard.press('Escape');
  await expect(officer.getByRole('navigation', { name: 'Main menu' })).toBeHidden();

  await officer.getByRole('link', { name: 'Add', exact: true }).click();
  await officer.getByRole('group', { name: 'Quick 10-41 date' }).getByRole('button', { name: 'Yesterday' }).click();
  await expect(officer.getByLabel('10-41 Date', { exact: true })).not.toHaveValue('');
  await shot(officer, 'phone-officer-ticket-form', heading(officer, 'Time Ticket'), officer.getByRole('button', { name: 'Today' }));
  await officer.context().close();

  const auditor = await signedIn(browser, 'auditor', PHONE);
  const cards = auditor.getByRole('list', { name: 'Audit Queue' }).locator(':scope > li');
  await shot(auditor, 'phone-auditor-audit-queue', heading(auditor, 'Audit Queue'), cards.first().getByRole('button', { name: /^Accept / }), cards.first().getByRole('button', { name: /^Flag / }));
  await auditor.context().close();
});
