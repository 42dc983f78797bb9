import { test, expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { demoServer, signIn as signInAs, DEMO_PASSWORD, openWhenIdle } from './demo';
import { heading, shot } from './guidePictures';
import { expectSound } from './pageChecks';

/**
 * Reaching officers where they look, on the demo organisation (America/New_York): on a 375-px
 * phone whose own clock is in Tokyo, the officer finds a detail on the events calendar at its
 * organisation time, signs up from its roster, makes his calendar feed on My Settings and reads
 * the detail in it at the same wall-clock time; a supervisor removes him and the feed then
 * carries it as CANCELLED; once he stops the feed its address answers 404. The new pages pass
 * axe and never scroll sideways; the guide's pictures are taken on the way. The server's and the
 * browsers' clocks start at one known instant a week before a daylight-saving change, so the
 * journey crosses one whatever day it runs.
 */

/**
 * The server's and the browsers' clock at the start (both then run at the real rate): Saturday
 * 03/06/2027, noon in New York (EST, UTC-5), eight days before US daylight saving starts on
 * Sunday 03/14/2027.
 */
const NOW = new Date('2027-03-06T17:00:00Z');
const TODAY = '03/06/2027';
/** A day a week past that change (EDT, UTC-4). */
const AFTER_CHANGE = '03/21/2027';

const demo = demoServer({ clockStart: NOW });
const PHONE = { width: 375, height: 740 };
const ORG_TZ = 'America/New_York';
/**
 * The demo's detail three days ahead (Tuesday 03/09/2027), 10:00-18:00 organisation time, with
 * room on its roster. The calendar's list shows Sunday to Saturday: from Saturday it is in the next week.
 */
const DETAIL = 'Holiday traffic detail';

test.use({ trace: 'off' });

/** A new page in a browser context of `options` whose clock starts at NOW, as the server's did, and runs on (timers too). */
async function pageAtNow(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  await context.clock.install({ time: NOW });
  return context.newPage();
}

/** A signed-in phone page of `login`, its browser clock in `timezoneId`. */
async function signedInPhone(browser: Browser, login: string, timezoneId = ORG_TZ): Promise<Page> {
  const page = await pageAtNow(browser, { viewport: PHONE, timezoneId });
  await signInAs(page, demo.url, login);
  return page;
}

/** GET of the feed address on the test's server (PUBLIC_URL may name another host): status and body. */
async function readFeed(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(new URL(new URL(url).pathname, demo.url));
  return { status: res.status, text: await res.text() };
}

/** The VEVENT of the feed whose SUMMARY holds `name`, with its start and end as ORG_TZ wall-clock 'HH:mm' and its STATUS. */
function eventInFeed(ics: string, name: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  // the feed carries its VTIMEZONE: register it so TZID-ed times convert to the right instant
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getAllSubcomponents('vevent').find((v) => String(v.getFirstPropertyValue('summary')).includes(name));
  if (!vevent) return undefined;
  const event = new ICAL.Event(vevent);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: ORG_TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    start: clock.format(event.startDate.toJSDate()),
    end: clock.format(event.endDate.toJSDate()),
    status: String(vevent.getFirstPropertyValue('status') ?? ''),
  };
}

/** The signed-in user's API headers, through the sign-in call. */
async function apiHeaders(login: string): Promise<Record<string, string>> {
  const auth = await fetch(`${demo.url}/api/authenticate`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: login, password: DEMO_PASSWORD }) });
  expect(auth.status).toBe(200);
  return { Authorization: `Bearer ${((await auth.json()) as { jwt: string }).jwt}`, 'Content-Type': 'application/json' };
}

/** The UTC offset of ORG_TZ at `instant` ('GMT-5'), from this process's zone data. */
const utcOffset = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ORG_TZ, timeZoneName: 'shortOffset' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')!.value;

/**
 * A detail a week past the clock change (AFTER_CHANGE), 10:00-14:00 organisation time, with the
 * officer on its roster (made through the API as the administrator): the feed must carry it at
 * 10:00 too, although its UTC offset differs from today's.
 */
async function signUpAfterClockChange(login: string): Promise<{ name: string; date: string }> {
  const admin = await apiHeaders('administrator');
  const date = AFTER_CHANGE;
  // the zone data agree that the clocks change in between: noon today is EST, noon that day EDT
  expect([utcOffset(NOW), utcOffset(new Date('2027-03-21T16:00:00Z'))]).toEqual(['GMT-5', 'GMT-4']);
  const name = 'Patrol after the clocks change';
  const locations = (await (await fetch(`${demo.url}/api/locations/getMultiple`, { headers: admin })).json()) as Array<{ locationId: number }>;
  const made = await fetch(`${demo.url}/api/events/insert`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      eventName: name, eventType: { eventTypeId: 1 }, location: { locationId: locations.find((l) => l.locationId > 0)!.locationId },
      startDate: date, startTime: '10:00', endDate: date, endTime: '14:00', maxOfficers: 2, incentiveHours: 0, description: 'On the far side of the clock change.',
    }),
  });
  expect(made.status).toBe(201);
  const { eventId } = (await made.json()) as { eventId: number };
  const mine = await apiHeaders(login);
  const { user } = (await (await fetch(`${demo.url}/api/session`, { headers: mine })).json()) as { user: { officerId: number } };
  const signed = await fetch(`${demo.url}/api/signup/insert`, { method: 'POST', headers: mine, body: JSON.stringify({ event: { eventId }, officer: { officerId: user.officerId } }) });
  expect(signed.status).toBe(201);
  return { name, date };
}

test('an officer on a phone signs up from the calendar, reads it in his feed, then it is cancelled and the feed stopped', async ({ browser }) => {
  test.setTimeout(180_000);
  // his phone's clock is in Tokyo: the calendar must still show the organisation's times
  const officer = await signedInPhone(browser, 'officer', 'Asia/Tokyo');
  // the server's day is the injected one (its clock, and the demo seeded around it), and so is the phone's
  expect(demo.today).toBe(TODAY);
  expect(await officer.evaluate((tz) => new Date().toLocaleDateString('en-US', { timeZone: tz }), ORG_TZ)).toBe('3/6/2027');

  // The calendar from the menu: a list of the week on a phone (once the home redirect has
  // landed, or it would carry him away from the calendar again).
  await expect(officer).toHaveURL(/\/TimeTicketBrowse\?/);
  await officer.waitForLoadState('networkidle');
  await officer.getByRole('button', { name: 'Open menu' }).click();
  const nav = officer.getByRole('navigation', { name: 'Main menu' });
  const events = nav.getByRole('button', { name: 'Events' });
  if ((await events.getAttribute('aria-expanded')) !== 'true') await events.click();
  await nav.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(officer).toHaveURL(/\/secure\/EventCalendar$/);
  await expect(heading(officer, 'Events Calendar')).toBeVisible();
  const calendar = officer.getByRole('region', { name: 'Events calendar' });
  // the detail is three days ahead, on Tuesday: in the next week's list
  const detailLink = officer.getByRole('link', { name: new RegExp(`^${DETAIL},`) });
  const detail = calendar.locator(detailLink);
  await calendar.getByRole('button', { name: 'Next' }).click();
  await expect(detail).toBeVisible();
  const row = calendar.locator('tr', { has: detailLink });
  await expect(row).toContainText('10:00');
  await expect(row).toContainText('18:00');
  await expect(row).toContainText(/Partially Staffed|UNCOVERED/);
  await expect(row).not.toContainText('Signed up');
  await expectSound(officer, '/EventCalendar');
  await shot(officer, 'phone-officer-calendar', heading(officer, 'Events Calendar'), detail);

  // A tap opens the roster, where he signs up as on the lists.
  await detail.click();
  await expect(officer).toHaveURL(/\/secure\/EventSignupBrowse\?eventId=\d+$/);
  await officer.getByRole('button', { name: 'Sign Up' }).click();
  await officer.getByRole('dialog').getByRole('button', { name: /Confirm/ }).click();
  await expect(officer.getByText('You are signed up.')).toBeVisible();
  // back on the calendar the detail is marked as his, in words
  await officer.goBack();
  await expect(heading(officer, 'Events Calendar')).toBeVisible();
  await calendar.getByRole('button', { name: 'Next' }).click();
  await expect(calendar.locator('tr', { has: detailLink })).toContainText('Signed up');

  // My Settings from the header: make the feed and read its address from the page.
  await officer.getByRole('link', { name: 'My Settings' }).click();
  await expect(heading(officer, 'My Settings')).toBeVisible();
  await expect(officer.getByText(/shown only once/)).toBeVisible();
  await officer.getByRole('button', { name: 'Make feed address' }).click();
  const address = officer.getByRole('textbox', { name: 'Feed address' });
  await expect(address).toHaveValue(/\/api\/calendarFeed\/\S+$/);
  const url = await address.inputValue();
  await expect(officer.getByRole('img', { name: 'QR code of the feed address' })).toBeVisible();
  await expectSound(officer, '/MySettings');
  await shot(officer, 'phone-officer-my-settings', heading(officer, 'My Settings'), address);

  // The feed carries the detail at its organisation time, and a detail past the clock change
  // at its own (the feed's VTIMEZONE must hold the change).
  const afterChange = await signUpAfterClockChange('officer');
  const first = await readFeed(url);
  expect(first.status).toBe(200);
  const signed = eventInFeed(first.text, DETAIL);
  expect(signed, 'the detail is in his feed').toBeDefined();
  expect(signed).toMatchObject({ start: '10:00', end: '18:00' });
  expect(signed!.status).not.toBe('CANCELLED');
  expect(eventInFeed(first.text, afterChange.name), `the detail of ${afterChange.date}`).toMatchObject({ start: '10:00', end: '14:00' });

  // A supervisor removes him from the roster: the feed keeps the detail, cancelled.
  const supervisor = await signedInPhone(browser, 'supervisor');
  await openWhenIdle(supervisor, demo.url, `/EventBrowse?eventTypeId=1&sinceStartDate=${demo.today}`);
  await supervisor.getByRole('listitem').filter({ hasText: DETAIL }).getByRole('link', { name: /^Roster/ }).click();
  await supervisor.getByRole('listitem').filter({ hasText: 'A0101' }).getByRole('button', { name: /Remove from roster/ }).click();
  await supervisor.getByRole('dialog').getByRole('button', { name: /Confirm/ }).click();
  await expect(supervisor.getByRole('listitem').filter({ hasText: 'A0101' })).toHaveCount(0);
  await supervisor.context().close();
  const cancelled = eventInFeed((await readFeed(url)).text, DETAIL);
  expect(cancelled, 'the removal stays in the feed').toBeDefined();
  expect(cancelled!.status).toBe('CANCELLED');

  // The bell opens its list by keyboard and names its count.
  const bell = officer.getByRole('button', { name: /^Notices, \d+ unread$/ });
  await bell.focus();
  await officer.keyboard.press('Enter');
  await expect(officer.getByRole('menu', { name: 'Notices' })).toBeVisible();
  await shot(officer, 'phone-officer-notices', officer.getByRole('menu', { name: 'Notices' }));
  await officer.keyboard.press('Escape');

  // He stops the feed: its address then answers 404.
  await officer.getByRole('button', { name: 'Stop this feed' }).click();
  await expect(officer.getByText('The feed address was stopped; it no longer works.')).toBeVisible();
  expect((await readFeed(url)).status).toBe(404);
  await officer.context().close();
});

test('a supervisor makes a details feed for one precinct at a desk', async ({ browser }) => {
  const page = await pageAtNow(browser, { viewport: { width: 1280, height: 800 } });
  const context = page.context();
  await signInAs(page, demo.url, 'supervisor');
  await openWhenIdle(page, demo.url, '/MySettings');
  const details = page.getByRole('region', { name: 'Details (supervisors)' });
  await details.getByRole('combobox', { name: 'Precinct' }).click();
  await page.getByRole('option', { name: '3rd Precinct' }).click();
  await details.getByRole('button', { name: 'Make feed address' }).click();
  const url = await details.getByRole('textbox', { name: 'Feed address' }).inputValue();
  const feed = await readFeed(url);
  expect(feed.status).toBe(200);
  // the demo's details at Roosevelt Field Mall are in the 3rd Precinct; the parade (1st) is not
  expect(eventInFeed(feed.text, DETAIL)).toBeDefined();
  expect(eventInFeed(feed.text, 'Memorial Day Parade')).toBeUndefined();
  await shot(page, 'supervisor-details-feed', heading(page, 'My Settings'), details.getByRole('textbox', { name: 'Feed address' }));
  await context.close();
});
