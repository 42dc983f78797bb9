import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, addTicket, signUp } from './events.fixtures';

/**
 * Security review regressions for sign-ups: no self sign-up once an event has started, no
 * removal of an officer who logged a ticket for the event, and nobody reads another officer's
 * sign-ups below level 5.
 */
let t: TestApp;
let admin: string;
let supervisor: string;
let officer: string;
let other: string;
let restricted: string;
let loc: number;
// the app clock: 05/15/2030 08:00 in America/New_York
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  await createOfficer(t.app, { officerId: 501, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 502, accessTypeId: 5 });
  await createOfficer(t.app, { officerId: 503, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 504, accessTypeId: 1, mobile: '516-555-0504' });
  await createOfficer(t.app, { officerId: 505, accessTypeId: 3 });
  admin = await tokenFor(t.app, 501);
  supervisor = await tokenFor(t.app, 502);
  officer = await tokenFor(t.app, 503);
  other = await tokenFor(t.app, 504);
  restricted = await tokenFor(t.app, 505);
  loc = await addLocation(t.app, admin);
});
afterAll(() => t.close());

const CLOSED = 'This event has already started. Sign-ups are closed.';

describe('sign-up for an event that has already started', () => {
  it('refuses an officer signing himself up for a past event (409) and puts nobody on the roster', async () => {
    const past = await addEvent(t.app, admin, loc, { startDate: '05/10/2030', endDate: '05/10/2030', incentiveHours: 4 });
    const res = await signUp(t.app, officer, past, 503);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CLOSED);
    const roster = await call(t.app, 'GET', '/api/signup/getMultiple', { token: officer, query: { eventId: String(past) } });
    expect(roster.body).toEqual([]);
  });

  it('closes at the start instant: an event starting now is refused, one starting in 15 minutes is open', async () => {
    const now = await addEvent(t.app, admin, loc, { startDate: '05/15/2030', endDate: '05/15/2030', startTime: '08:00', endTime: '09:00' });
    const soon = await addEvent(t.app, admin, loc, { startDate: '05/15/2030', endDate: '05/15/2030', startTime: '08:15', endTime: '08:45', eventType: { eventTypeId: 4 } });
    const refused = await signUp(t.app, other, now, 504);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CLOSED);
    expect((await signUp(t.app, officer, soon, 503)).status).toBe(201);
    t.clock.advanceMinutes(15);
    try {
      const late = await signUp(t.app, await tokenFor(t.app, 504), soon, 504);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(CLOSED);
    } finally {
      t.clock.set('2030-05-15T12:00:00Z');
    }
  });

  it('lets a supervisor add somebody else to a past event (roster correction) but not himself', async () => {
    const past = await addEvent(t.app, admin, loc, { startDate: '05/11/2030', endDate: '05/11/2030' });
    expect((await signUp(t.app, supervisor, past, 504)).status).toBe(201);
    const self = await signUp(t.app, supervisor, past, 502);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(CLOSED);
    const adminSelf = await signUp(t.app, admin, past, 501);
    expect(adminSelf.status).toBe(409);
    expect(adminSelf.body.message).toBe(CLOSED);
  });

  it('still refuses an officer signing somebody else up for a past event (403)', async () => {
    const past = await addEvent(t.app, admin, loc, { startDate: '05/12/2030', endDate: '05/12/2030' });
    const res = await signUp(t.app, officer, past, 504);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Unauthorized!');
  });
});

describe('removing an officer who logged a time ticket for the event', () => {
  it('refuses (409) and removes nobody, even with others in the same request', async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '06/20/2030', endDate: '06/20/2030' });
    expect((await signUp(t.app, officer, ev, 503)).status).toBe(201);
    expect((await signUp(t.app, other, ev, 504)).status).toBe(201);
    await addTicket(t.app, 503, ev);
    const roster = await call(t.app, 'GET', '/api/signup/getMultiple', { token: supervisor, query: { eventId: String(ev) } });
    expect(roster.body.map((r: { officer: { officerId: number }; hasChildren: string }) => [r.officer.officerId, r.hasChildren])).toEqual([
      [503, 'Y'],
      [504, 'N'],
    ]);
    const query = { eventId: String(ev) };
    const both = await call(t.app, 'DELETE', '/api/signup/delete', {
      token: supervisor,
      query,
      body: [{ id: 0, deleteStatus: '' }, { id: 504, deleteStatus: 'Y' }, { id: 503, deleteStatus: 'Y' }],
    });
    expect(both.status).toBe(409);
    expect(both.body.message).toBe('This officer has logged a time ticket for this event and cannot be removed from the roster.');
    const after = await call(t.app, 'GET', '/api/signup/getMultiple', { token: supervisor, query });
    expect(after.body).toHaveLength(2);
    const free = await call(t.app, 'DELETE', '/api/signup/delete', { token: supervisor, query, body: [{ id: 0, deleteStatus: '' }, { id: 504, deleteStatus: 'Y' }] });
    expect(free.status).toBe(200);
    expect(free.body.deleted).toBe(1);
  });
});

describe('reading sign-ups (GET /api/signup/getMultiple)', () => {
  let ev: number;
  beforeAll(async () => {
    ev = await addEvent(t.app, admin, loc, { startDate: '06/21/2030', endDate: '06/21/2030' });
    await signUp(t.app, officer, ev, 503);
    await signUp(t.app, other, ev, 504);
  });
  const list = (token: string, query: Record<string, string>) => call(t.app, 'GET', '/api/signup/getMultiple', { token, query });

  it('refuses a request with neither an event nor an officer (400), at any level', async () => {
    for (const token of [officer, restricted, admin]) {
      const res = await list(token, {});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Choose an event or an officer to list sign-ups for.');
    }
    const zeros = await list(officer, { eventId: '0', officerId: '0' });
    expect(zeros.status).toBe(400);
  });

  it("refuses another officer's sign-ups below level 5 (403), with or without an event", async () => {
    const byOfficer = await list(officer, { officerId: '504' });
    expect(byOfficer.status).toBe(403);
    expect(byOfficer.body.message).toBe('Unauthorized!');
    const restrictedOther = await list(restricted, { officerId: '504' });
    expect(restrictedOther.status).toBe(403);
    const withEvent = await list(officer, { eventId: String(ev), officerId: '504' });
    expect(withEvent.status).toBe(403);
  });

  it('lists his own sign-ups to an officer, and anyone\'s to a supervisor', async () => {
    const own = await list(officer, { officerId: '503' });
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((r: { officer: { officerId: number } }) => r.officer.officerId === 503)).toBe(true);
    const sup = await list(supervisor, { officerId: '504' });
    expect(sup.status).toBe(200);
    expect(sup.body.every((r: { officer: { officerId: number } }) => r.officer.officerId === 504)).toBe(true);
  });

  it("keeps an event's roster readable by every signed-in user, level 3 included", async () => {
    for (const token of [officer, restricted]) {
      const res = await list(token, { eventId: String(ev) });
      expect(res.status).toBe(200);
      expect(res.body.map((r: { officer: { officerId: number; mobile: string } }) => r.officer.officerId)).toEqual([503, 504]);
    }
    expect((await call(t.app, 'GET', '/api/signup/getMultiple', { query: { eventId: String(ev) } })).status).toBe(401);
  });
});
