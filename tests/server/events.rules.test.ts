import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, addTicket, eventBody, signUp } from './events.fixtures';

/**
 * Security review regressions for events: an event with sign-ups or time tickets cannot be
 * changed under them, and a wall-clock time skipped by the spring-forward change is refused.
 */
let t: TestApp;
let admin: string;
let officer: string;
let loc: number;
let samePrecinct: number;
let otherPrecinct: number;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  await createOfficer(t.app, { officerId: 601, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 602, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 603, accessTypeId: 1 });
  admin = await tokenFor(t.app, 601);
  officer = await tokenFor(t.app, 602);
  loc = await addLocation(t.app, admin);
  samePrecinct = await addLocation(t.app, admin, { name: 'Mall annex', precinct: { precinctId: 5 } });
  otherPrecinct = await addLocation(t.app, admin, { name: 'HQ', precinct: { precinctId: 90 } });
});
afterAll(() => t.close());

const update = (eventId: number, over: Record<string, unknown>, locationId = loc) =>
  call(t.app, 'PUT', '/api/events/update', { token: admin, body: { ...eventBody(locationId, { startDate: '06/10/2030', endDate: '06/10/2030', ...over }), eventId } });

describe('changing an event that has sign-ups', () => {
  let ev: number;
  beforeAll(async () => {
    ev = await addEvent(t.app, admin, loc, { startDate: '06/10/2030', endDate: '06/10/2030', maxOfficers: 4 });
    expect((await signUp(t.app, officer, ev, 602)).status).toBe(201);
    expect((await signUp(t.app, await tokenFor(t.app, 603), ev, 603)).status).toBe(201);
  });

  it.each([
    ['event type', { eventType: { eventTypeId: 4 } }, 'This event has sign-ups or time tickets, so its event type cannot be changed.'],
    ['incentive hours', { incentiveHours: 5 }, 'This event has sign-ups or time tickets, so its incentive hours cannot be changed.'],
    ['max officers below the sign-ups', { maxOfficers: 1 }, 'Max officers cannot be less than the 2 officers already signed up.'],
  ])('refuses another %s (409) and changes nothing', async (_what, over, message) => {
    const res = await update(ev, { eventName: 'Renamed', ...over });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
    const now = await call(t.app, 'GET', `/api/events/getSingle/${ev}`, { token: admin });
    expect(now.body).toMatchObject({ eventName: 'Holiday traffic detail', eventType: { eventTypeId: 1 }, incentiveHours: 1, maxOfficers: 4 });
  });

  it('refuses a location in another precinct but allows one in the same precinct', async () => {
    const moved = await update(ev, {}, otherPrecinct);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('This event has sign-ups or time tickets, so it cannot move to a location in another precinct.');
    const same = await update(ev, {}, samePrecinct);
    expect(same.status).toBe(200);
    expect(same.body.location.locationId).toBe(samePrecinct);
  });

  it('allows the name, description, times and max officers down to the sign-ups', async () => {
    const res = await update(ev, { eventName: 'Parade detail', description: 'Moved an hour later.', startTime: '09:00', endTime: '17:00', maxOfficers: 2 }, samePrecinct);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventName: 'Parade detail', startTime: '09:00', endTime: '17:00', maxOfficers: 2, status: 'Fully Staffed', hasTickets: 'N' });
  });
});

describe('changing an event that has time tickets', () => {
  it('refuses moving its start or end (409) but accepts the same times again', async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '06/10/2030', endDate: '06/10/2030' });
    await addTicket(t.app, 602, ev);
    const single = await call(t.app, 'GET', `/api/events/getSingle/${ev}`, { token: admin });
    expect(single.body).toMatchObject({ hasChildren: 'Y', hasTickets: 'Y', signupCount: 1 });
    for (const over of [{ startTime: '07:00' }, { endTime: '17:00' }, { startDate: '06/11/2030', endDate: '06/11/2030' }]) {
      const res = await update(ev, over);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This event has time tickets, so its start and end cannot be changed.');
    }
    const incentive = await update(ev, { incentiveHours: 0 });
    expect(incentive.status).toBe(409);
    expect(incentive.body.message).toBe('This event has sign-ups or time tickets, so its incentive hours cannot be changed.');
    const same = await update(ev, { eventName: 'Renamed' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ eventName: 'Renamed', startTime: '08:00', endTime: '16:00' });
  });
});

describe('an event without sign-ups or tickets', () => {
  it('may change everything', async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '06/10/2030', endDate: '06/10/2030' });
    const res = await update(ev, { eventType: { eventTypeId: 9 }, incentiveHours: 3, startTime: '10:00', endTime: '12:00', maxOfficers: 1 }, otherPrecinct);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventType: { eventTypeId: 9 }, incentiveHours: 3, startTime: '10:00', maxOfficers: 1, precinct: { precinctId: 90 } });
  });
});

describe('times skipped by the spring-forward change (America/New_York, 03/08/2026)', () => {
  const MESSAGE = 'This time does not exist on that date because the clocks go forward. Please choose another time.';

  it.each([
    [{ startDate: '03/08/2026', endDate: '03/08/2026', startTime: '02:30', endTime: '04:00' }],
    [{ startDate: '03/08/2026', endDate: '03/08/2026', startTime: '02:00', endTime: '05:00' }],
    [{ startDate: '03/07/2026', endDate: '03/08/2026', startTime: '22:00', endTime: '02:45' }],
  ])('refuses %o (400) and adds nothing', async (over) => {
    const res = await call(t.app, 'POST', '/api/events/insert', { token: admin, body: eventBody(loc, { eventName: 'DST', ...over }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGE);
    const list = await call(t.app, 'GET', '/api/events/getMultiple', { token: admin, query: { sinceStartDate: '03/07/2026', untilStartDate: '03/08/2026' } });
    expect(list.body.slice(1)).toEqual([]);
  });

  it('accepts times around the gap (01:00 to 03:00 is one real hour)', async () => {
    const res = await call(t.app, 'POST', '/api/events/insert', {
      token: admin,
      body: eventBody(loc, { startDate: '03/08/2026', endDate: '03/08/2026', startTime: '01:00', endTime: '03:00' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ startTime: '01:00', endTime: '03:00' });
  });

  it('refuses a skipped time on update too', async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '03/08/2026', endDate: '03/08/2026', startTime: '04:00', endTime: '06:00' });
    const res = await call(t.app, 'PUT', '/api/events/update', {
      token: admin,
      body: { ...eventBody(loc, { startDate: '03/08/2026', endDate: '03/08/2026', startTime: '02:15', endTime: '06:00' }), eventId: ev },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGE);
  });
});
