import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { rc } from '../../src/domain/messages';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, eventBody, signUp } from './events.fixtures';

/**
 * The private calendar feeds and the events calendar as an officer's calendar app and the
 * calendar page see them: local times across a daylight-saving change, UIDs that stay, SEQUENCE
 * that rises with an edit, CANCELLED after a removal (and gone 30 days later), 404 once revoked,
 * 304 on a conditional fetch, and 'details' only for supervisors.
 */
const PUBLIC_URL = 'https://rollcall.example.org';
const TZ = 'America/New_York';
// US daylight saving starts on Sunday 03/10/2030: one event in the week before, one in the week after,
// and the app's clock (server/clock.ts) on the Tuesday before it, noon in New York, so the answers
// do not depend on the day the test runs.
const NOW = new Date('2030-03-05T17:00:00Z');
const BEFORE_DST = { startDate: '03/07/2030', endDate: '03/07/2030', startTime: '18:00', endTime: '20:00' };
const AFTER_DST = { startDate: '03/14/2030', endDate: '03/14/2030', startTime: '18:00', endTime: '20:00' };

let t: TestApp;
let admin: string;
let officer: string;
let supervisor: string;
let restricted: string;
let locationId: number;
let beforeId: number;
let afterId: number;
let trainingId: number;

interface Entry {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  start: string;
  startTz: string;
  startUtc: string;
  location: string;
  url: string;
}

/** Parses a feed with ical.js, its VTIMEZONE registered, into one plain entry per VEVENT. */
function parseFeed(text: string): Entry[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  const vtz = cal.getFirstSubcomponent('vtimezone');
  expect(vtz?.getFirstPropertyValue('tzid')).toBe(TZ);
  ICAL.TimezoneService.register(vtz!);
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status')),
      summary: e.summary,
      start: e.startDate.toString(),
      startTz: String(v.getFirstProperty('dtstart')?.getParameter('tzid')),
      startUtc: e.startDate.toJSDate().toISOString(),
      location: e.location,
      url: String(v.getFirstPropertyValue('url')),
    };
  });
}

/** GET of a feed URL (the app's address stripped), without a session. */
function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return call(t.app, 'GET', url.slice(PUBLIC_URL.length), { headers });
}

async function makeFeed(token: string, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/mySettings/feeds', { token, body });
}

beforeAll(async () => {
  t = await startTestApp({ now: NOW, env: { PUBLIC_URL, ORG_TIMEZONE: TZ, FEED_RATE_LIMIT: '10000' } });
  await createOfficer(t.app, { officerId: 901, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 101, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 102, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 3 });
  await createOfficer(t.app, { officerId: 501, accessTypeId: 5 });
  admin = await tokenFor(t.app, 901);
  officer = await tokenFor(t.app, 101);
  supervisor = await tokenFor(t.app, 501);
  restricted = await tokenFor(t.app, 301);
  locationId = await addLocation(t.app, admin, { precinct: { precinctId: 5 } });
  beforeId = await addEvent(t.app, admin, locationId, { ...BEFORE_DST, eventName: 'Spring detail A' });
  afterId = await addEvent(t.app, admin, locationId, { ...AFTER_DST, eventName: 'Spring detail B' });
  trainingId = await addEvent(t.app, admin, locationId, { ...AFTER_DST, eventName: 'CPR class', eventType: { eventTypeId: 4 } });
  for (const id of [beforeId, afterId]) expect((await signUp(t.app, admin, id, 101)).status).toBe(201);
  expect((await signUp(t.app, admin, afterId, 102)).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('the sign-ups feed', () => {
  let url: string;
  let first: Entry[];

  it('gives a long secret URL once, and the feed lists his sign-ups at their local times across the DST change', async () => {
    expect((await call(t.app, 'GET', '/api/config')).body.today).toBe('03/05/2030');
    const made = await makeFeed(officer, { scope: 'signups' });
    expect(made.status).toBe(201);
    url = made.body.url;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendarFeed/[A-Za-z0-9_-]{43}$`));
    expect(made.body).toMatchObject({ scope: 'signups', precinctId: null, eventTypeId: null, lastFetchedAt: null });

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    first = parseFeed(res.text);
    expect(first.map((e) => e.summary)).toEqual(['Spring detail A', 'Spring detail B']);
    // 6 pm on both evenings, in the org's zone: 23:00 UTC before the change, 22:00 UTC after it
    expect(first.map((e) => [e.start, e.startTz])).toEqual([
      ['2030-03-07T18:00:00', TZ],
      ['2030-03-14T18:00:00', TZ],
    ]);
    expect(first.map((e) => e.startUtc)).toEqual(['2030-03-07T23:00:00.000Z', '2030-03-14T22:00:00.000Z']);
    expect(first[0]).toMatchObject({
      uid: `rollcall-signup-${beforeId}-101@rollcall.example.org`,
      sequence: 0,
      status: 'CONFIRMED',
      url: `${PUBLIC_URL}/secure/EventSignupBrowse?eventId=${beforeId}`,
    });
    expect(first[0].location).toContain('Roosevelt Field');
    expect(first[0].location).toContain('630 Old Country Rd');
    // the fetch is remembered on My Settings
    const settings = await call(t.app, 'GET', '/api/mySettings', { token: officer });
    expect(settings.body.feeds[0].lastFetchedAt).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('answers 304 to a conditional fetch of an unchanged feed (ETag, or Last-Modified alone)', async () => {
    const res = await fetchFeed(url);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const byTag = await fetchFeed(url, { 'if-none-match': String(res.headers.etag) });
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe('');
    const byDate = await fetchFeed(url, { 'if-modified-since': String(res.headers['last-modified']) });
    expect(byDate.status).toBe(304);
    expect((await fetchFeed(url, { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('keeps the UID and raises SEQUENCE when the event is edited', async () => {
    const etag = String((await fetchFeed(url)).headers.etag);
    const edit = await call(t.app, 'PUT', '/api/events/update', {
      token: admin,
      body: { ...eventBody(locationId, { ...BEFORE_DST, eventName: 'Spring detail A', startTime: '17:00' }), eventId: beforeId },
    });
    expect(edit.status).toBe(200);
    const res = await fetchFeed(url, { 'if-none-match': etag });
    expect(res.status).toBe(200);
    const [a] = parseFeed(res.text);
    expect(a.uid).toBe(first[0].uid);
    expect(a.sequence).toBe(1);
    expect(a.start).toBe('2030-03-07T17:00:00');
  });

  it('carries the event as CANCELLED after he is taken off its roster, and drops it 30 days later', async () => {
    const removed = await call(t.app, 'DELETE', '/api/signup/delete', {
      token: supervisor,
      query: { eventId: String(afterId) },
      body: [{ id: 0, deleteStatus: '' }, { id: 101, deleteStatus: 'Y' }],
    });
    expect(removed.status).toBe(200);
    const b = parseFeed((await fetchFeed(url)).text).find((e) => e.uid === first[1].uid);
    expect(b).toMatchObject({ status: 'CANCELLED', sequence: 1 });

    const now = t.clock.current;
    t.clock.advanceMinutes(31 * 24 * 60);
    try {
      const later = parseFeed((await fetchFeed(url)).text);
      expect(later.map((e) => e.summary)).toEqual(['Spring detail A']);
    } finally {
      t.clock.current = now;
    }
  });

  it('answers 404 once revoked or replaced, and for any unknown token', async () => {
    const again = await makeFeed(officer, { scope: 'signups' });
    expect(again.status).toBe(201);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(again.body.url)).status).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/mySettings/feeds/signups', { token: officer })).status).toBe(204);
    const gone = await fetchFeed(again.body.url);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await call(t.app, 'DELETE', '/api/mySettings/feeds/signups', { token: officer })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/calendarFeed/not-a-token')).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/calendarFeed/${'x'.repeat(201)}`)).status).toBe(414);
  });
});

describe('the details feed', () => {
  it('is refused below level 5 (403) and bad bodies are 400', async () => {
    const refused = await makeFeed(officer, { scope: 'details' });
    expect(refused.status).toBe(403);
    expect((await makeFeed(supervisor, { scope: 'weekly' })).status).toBe(400);
    expect((await makeFeed(supervisor, { scope: 'details', precinctId: 'five' })).status).toBe(400);
    expect((await makeFeed(supervisor, { scope: 'details', precinctId: 99999 })).status).toBe(400);
    expect((await makeFeed(supervisor, { scope: 'details', extra: 1 })).status).toBe(400);
    // the feed carries details only: another event type would make a feed that is always empty
    const training = await makeFeed(supervisor, { scope: 'details', eventTypeId: 4 });
    expect(training.status).toBe(400);
    expect(training.body.message).toBe(rc.calendar.errors.detailsFeedType);
  });

  it("lists every detail of its precinct for a supervisor, with the roster's staffing", async () => {
    const made = await makeFeed(supervisor, { scope: 'details', precinctId: 5 });
    expect(made.status).toBe(201);
    const entries = parseFeed((await fetchFeed(made.body.url)).text);
    expect(entries.map((e) => e.uid)).toEqual([`rollcall-detail-${beforeId}@rollcall.example.org`, `rollcall-detail-${afterId}@rollcall.example.org`]);
    const other = await makeFeed(supervisor, { scope: 'details', precinctId: 1 });
    expect(parseFeed((await fetchFeed(other.body.url)).text)).toEqual([]);
  });
});

describe('GET /api/events/calendar', () => {
  const month = { from: '03/01/2030', to: '03/31/2030' };

  it('lists the events of the range with status and his own sign-ups', async () => {
    const res = await call(t.app, 'GET', '/api/events/calendar', { token: officer, query: month });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((e: { id: number }) => [e.id, e]));
    expect([...byId.keys()]).toEqual([beforeId, afterId, trainingId]);
    expect(byId.get(beforeId)).toMatchObject({ start: '2030-03-07T17:00', end: '2030-03-07T20:00', signedUp: true, signupCount: 1, status: 'Partially Staffed - 3 Slot(s) Available' });
    expect(byId.get(afterId)).toMatchObject({ start: '2030-03-14T18:00', signedUp: false, signupCount: 1 });
    expect(byId.get(trainingId)).toMatchObject({ signedUp: false, signupCount: 0, status: '4 Slot(s) Available' });
    const filtered = await call(t.app, 'GET', '/api/events/calendar', { token: officer, query: { ...month, eventTypeId: '4' } });
    expect(filtered.body.map((e: { id: number }) => e.id)).toEqual([trainingId]);
  });

  it('shows level 3 details only, as his Detail List', async () => {
    const res = await call(t.app, 'GET', '/api/events/calendar', { token: restricted, query: month });
    expect(res.body.map((e: { id: number }) => e.id)).toEqual([beforeId, afterId]);
  });

  it('includes an event that overlaps the first day, and refuses bad ranges with 400', async () => {
    const one = await call(t.app, 'GET', '/api/events/calendar', { token: officer, query: { from: '03/14/2030', to: '03/14/2030' } });
    expect(one.body.map((e: { id: number }) => e.id)).toEqual([afterId, trainingId]);
    for (const query of [
      { from: '13/45/2030', to: '03/31/2030' },
      { from: '03/31/2030', to: '03/01/2030' },
      { from: '01/01/2030', to: '03/31/2030' },
      { from: '03/01/2030' },
      { ...month, precinctId: 'x' },
    ]) {
      const res = await call(t.app, 'GET', '/api/events/calendar', { token: officer, query: query as Record<string, string> });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    const long = await call(t.app, 'GET', '/api/events/calendar', { token: officer, query: { from: '01/01/2030', to: '03/31/2030' } });
    expect(long.body.message).toBe('Calendar range must be 62 days or fewer!');
  });
});
