import { test, expect, type Browser, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { demoServer, signIn as signInAs, DEMO_PASSWORD, openWhenIdle } from './demo';
import { heading, shot } from './guidePictures';
import dayjs from 'dayjs';
import { expectSound } from './pageChecks';

/**
 * Reaching officers where they look, on the demo organisation (America/New_York): on a 375-px
 * phone whose own clock is in Tokyo, the officer finds a detail on the events calendar at its
 * organisation time, signs up from its roster, makes his calendar feed on My Settings and reads
 * the detail in it at the same wall-clock time; a supervisor removes him and the feed then
 * carries it as CANCELLED; once he stops the feed its address answers 404. The new pages pass
 * axe and never scroll sideways; the guide's pictures are taken on the way.
 */

const demo = demoServer();
const PHONE = { width: 375, height: 740 };
const ORG_TZ = 'America/New_York';
/** The demo's detail three days ahead, 10:00-18:00 organisation time, with room on its roster. */
const DETAIL = 'Holiday traffic detail';

test.use({ trace: 'off' });

/** A MM/DD/YYYY day as dayjs (its ISO form: core dayjs reads no other without a plugin). */
const orgDay = (date: string) => dayjs(`${date.slice(6)}-${date.slice(0, 2)}-${date.slice(3, 5)}`);

/**
 * The list view shows Sunday to Saturday: true when the detail (three days after today) falls in
 * the next week, so the officer taps Next to reach it.
 */
const detailIsNextWeek = () => orgDay(demo.today).day() + 3 > 6;

/** A signed-in phone page of `login`, its browser clock in `timezoneId`. */
async function signedInPhone(browser: Browser, login: string, timezoneId = ORG_TZ): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, timezoneId });
  const page = await context.newPage();
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

/**
 * The first day after `today` (MM/DD/YYYY) whose noon in ORG_TZ has another UTC offset than
 * today's noon: the next daylight-saving change, as MM/DD/YYYY, read off the browser's own zone data.
 */
function nextClockChange(today: string): string {
  const offset = (d: dayjs.Dayjs) =>
    new Intl.DateTimeFormat('en-US', { timeZone: ORG_TZ, timeZoneName: 'shortOffset' }).formatToParts(d.toDate()).find((p) => p.type === 'timeZoneName')!.value;
  const noon = orgDay(today).hour(12);
  const now = offset(noon);
  for (let day = 1; day <= 370; day++) if (offset(noon.add(day, 'day')) !== now) return noon.add(day, 'day').format('MM/DD/YYYY');
  throw new Error(`${ORG_TZ} has no clock change within a year`);
}

/**
 * A detail a week past the next clock change, 10:00-14:00 organisation time, with the officer on
 * its roster (made through the API as the administrator): the feed must carry it at 10:00 too,
 * although its UTC offset differs from today's.
 */
async function signUpAfterClockChange(login: string): Promise<{ name: string; date: string }> {
  const admin = await apiHeaders('administrator');
  const date = orgDay(nextClockChange(demo.today)).add(7, 'day').format('MM/DD/YYYY');
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
  // the detail is three days ahead: this week's list or, late in the week, the next one
  const detailLink = officer.getByRole('link', { name: new RegExp(`^${DETAIL},`) });
  const detail = calendar.locator(detailLink);
  if (detailIsNextWeek()) await calendar.getByRole('button', { name: 'Next' }).click();
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
  if (detailIsNextWeek()) await calendar.getByRole('button', { name: 'Next' }).click();
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

  // The feed carries the detail at its organisation time, and a detail past the next clock
  // change at its own (the feed's VTIMEZONE must hold the change).
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
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
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
