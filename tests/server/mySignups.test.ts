import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, signUp } from './events.fixtures';
import * as s from '../../server/db/schema';
import { mySignupsFilters } from '../../src/resources/events/mySignupsQuery';

/**
 * /MySignups reads the officer's own sign-ups with the event details through the existing
 * GET /api/events/getMultiple?officerId (with the page's two date windows): these tests hold that
 * call to what the page needs and to 'own sign-ups only' below level 5.
 */
let t: TestApp;
let admin: string;
let officer: string;
let other: string;
let parade: number;
let pastDetail: number;
let notMine: number;
const TODAY = '05/15/2030';
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T16:00:00Z') });
  await createOfficer(t.app, { officerId: 401, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 402, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 403, accessTypeId: 1 });
  admin = await tokenFor(t.app, 401);
  officer = await tokenFor(t.app, 402);
  other = await tokenFor(t.app, 403);
  const loc = await addLocation(t.app, admin, { name: 'Eisenhower Park', address: '1899 Hempstead Tpke', city: 'East Meadow', zip: '11554' });
  parade = await addEvent(t.app, admin, loc, {
    eventName: '<b>Memorial Day Parade</b>',
    startDate: '05/26/2030', startTime: '08:00', endDate: '05/26/2030', endTime: '14:00',
    incentiveHours: 2, description: 'Parade route posts. Report to the staging area by 07:45.',
  });
  pastDetail = await addEvent(t.app, admin, loc, {
    eventName: 'Night patrol detail', startDate: '05/10/2030', startTime: '20:00', endDate: '05/11/2030', endTime: '02:00', incentiveHours: 0,
  });
  notMine = await addEvent(t.app, admin, loc, { eventName: 'County fair', eventType: { eventTypeId: 11 }, startDate: '05/20/2030', endDate: '05/20/2030' });
  expect((await signUp(t.app, officer, parade, 402)).status).toBe(201);
  // a sign-up for an event that has started can only be made by a supervisor (roster correction)
  await t.app.ctx.db.insert(s.eventSignup).values({ eventId: pastDetail, officerId: 402 });
  expect((await signUp(t.app, other, notMine, 403)).status).toBe(201);
});
afterAll(() => t.close());

const ids = (body: Array<{ eventId: number }>) => body.slice(1).map((e) => e.eventId);
const asQuery = (f: Record<string, string | number>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)]));

describe('My Sign-ups: GET /api/events/getMultiple?officerId (own sign-ups with the event details)', () => {
  const windows = mySignupsFilters(402, TODAY);

  it("answers the officer's upcoming sign-ups with name, type, date and times, location with address, incentive hours and description", async () => {
    const res = await call(t.app, 'GET', '/api/events/getMultiple', { token: officer, query: asQuery(windows.upcoming) });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([parade]);
    expect(res.body[1]).toMatchObject({
      eventName: '<b>Memorial Day Parade</b>',
      eventType: { eventTypeDescription: 'Details' },
      startDate: '05/26/2030',
      startTime: '08:00',
      endDate: '05/26/2030',
      endTime: '14:00',
      location: { name: 'Eisenhower Park', address: '1899 Hempstead Tpke', city: 'East Meadow', zip: '11554' },
      incentiveHours: 2,
      description: 'Parade route posts. Report to the staging area by 07:45.',
    });
  });

  it('answers the past sign-ups (started before today) in the other window', async () => {
    const res = await call(t.app, 'GET', '/api/events/getMultiple', { token: officer, query: asQuery(windows.past) });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([pastDetail]);
    expect(res.body[1]).toMatchObject({ startDate: '05/10/2030', startTime: '20:00', endDate: '05/11/2030', endTime: '02:00' });
  });

  it("refuses another officer's sign-ups below level 5 (403 'Unauthorized!') and anybody not signed in (401)", async () => {
    const theirs = mySignupsFilters(403, TODAY).upcoming;
    const refused = await call(t.app, 'GET', '/api/events/getMultiple', { token: officer, query: asQuery(theirs) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Unauthorized!');
    const anonymous = await call(t.app, 'GET', '/api/events/getMultiple', { query: asQuery(windows.upcoming) });
    expect(anonymous.status).toBe(401);
    // his own answer never holds an event he did not sign up for
    const own = await call(t.app, 'GET', '/api/events/getMultiple', { token: other, query: asQuery(theirs) });
    expect(ids(own.body)).toEqual([notMine]);
  });
});
