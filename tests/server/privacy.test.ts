import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, eventBody, locationBody, signUp } from './events.fixtures';
import { officerBody } from './officers.fixtures';
import * as s from '../../server/db/schema';

/**
 * Another officer's sign-ups through the event list, every officer's
 * mobile number at level 1, and bidirectional control characters in names and descriptions.
 */
let t: TestApp;
const tokens: Record<number, string> = {};
let eventId: number;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  const levels: Array<[number, number]> = [[101, 1], [102, 1], [103, 3], [104, 3], [105, 1], [106, 5], [107, 9], [108, 10], [109, 10]];
  for (const [id, level] of levels) {
    await createOfficer(t.app, { officerId: id, accessTypeId: level, mobile: `516-555-0${id}` });
    tokens[id] = await tokenFor(t.app, id);
  }
  const loc = await addLocation(t.app, tokens[107]);
  eventId = await addEvent(t.app, tokens[107], loc, { startDate: '06/10/2030', endDate: '06/10/2030' });
  expect((await signUp(t.app, tokens[105], eventId, 105)).status).toBe(201);
  expect((await signUp(t.app, tokens[106], eventId, 103)).status).toBe(201);
});
afterAll(() => t.close());

describe("another officer's events (defect 3)", () => {
  const events = (viewer: number, officerId: number) =>
    call(t.app, 'GET', '/api/events/getMultiple', { token: tokens[viewer], query: { officerId: String(officerId) } });
  const signups = (viewer: number, officerId: number) =>
    call(t.app, 'GET', '/api/signup/getMultiple', { token: tokens[viewer], query: { officerId: String(officerId) } });

  it('refuses levels 1 and 3 the events another officer signed up for, as the sign-up list does', async () => {
    for (const viewer of [101, 103]) {
      const ev = await events(viewer, 105);
      const su = await signups(viewer, 105);
      expect(ev.status).toBe(403);
      expect(ev.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Unauthorized!' });
      expect(su.status).toBe(403);
    }
  });

  it('lets an officer list his own events, and level 5+ anybody’s', async () => {
    const own = await events(105, 105);
    expect(own.status).toBe(200);
    expect(own.body.map((e: { eventId: number }) => e.eventId)).toEqual([0, eventId]);
    expect((await events(103, 103)).status).toBe(200);
    for (const viewer of [106, 107, 108]) {
      const res = await events(viewer, 105);
      expect(res.status).toBe(200);
      expect(res.body.map((e: { eventId: number }) => e.eventId)).toEqual([0, eventId]);
    }
  });

  it("does not reveal the event of another officer's ticket below level 5 (hoursWorkedId)", async () => {
    const [ticket] = await t.app.ctx.db
      .insert(s.hoursWorked)
      .values({ officerId: 105, assignmentTypeId: 1, precinctId: 1, eventId, startAt: new Date('2030-06-10T13:00:00Z'), endAt: new Date('2030-06-10T15:00:00Z'), hoursWorked: 2 })
      .returning({ id: s.hoursWorked.hoursWorkedId });
    // a window after the event: only the ticket's event can bring it into the list
    const withTicket = async (viewer: number) => {
      const res = await call(t.app, 'GET', '/api/events/getMultiple', { token: tokens[viewer], query: { sinceStartDate: '07/01/2030', hoursWorkedId: String(ticket.id) } });
      expect(res.status).toBe(200);
      return res.body.map((e: { eventId: number }) => e.eventId);
    };
    expect(await withTicket(101)).toEqual([0]);
    expect(await withTicket(105)).toEqual([0, eventId]);
    for (const viewer of [106, 107, 108]) expect(await withTicket(viewer)).toEqual([0, eventId]);
  });

  it('still lists events without an officer filter at every level', async () => {
    for (const viewer of [101, 103]) expect((await call(t.app, 'GET', '/api/events/getMultiple', { token: tokens[viewer] })).status).toBe(200);
  });
});

describe('mobile numbers in officer lists (defect 5)', () => {
  type Row = { officerId: number; mobile?: string | null };
  const list = async (viewer: number, query: Record<string, string> = {}) => {
    const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: tokens[viewer], query });
    expect(res.status).toBe(200);
    return new Map((res.body as Row[]).filter((r) => r.officerId > 0).map((r) => [r.officerId, r.mobile ?? null]));
  };

  it('shows level 1 only his own mobile and the auditors’ (the flagged-ticket contact list)', async () => {
    const rows = await list(101);
    expect(rows.get(101)).toBe('516-555-0101');
    expect(rows.get(108)).toBe('516-555-0108');
    expect(rows.get(109)).toBe('516-555-0109');
    for (const other of [102, 105, 106, 107]) expect(rows.get(other)).toBeNull();
    const auditors = await list(101, { accessTypeId: '10', excludeSeparated: 'Y', orderBy: 'last_name,first_name' });
    expect([auditors.get(108), auditors.get(109)]).toEqual(['516-555-0108', '516-555-0109']);
  });

  it('does not let level 1 sort by the numbers it cannot see', async () => {
    const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: tokens[101], query: { _sort: 'mobile', _order: 'ASC' } });
    expect(res.status).toBe(200);
    const withMobile = (res.body as Row[]).filter((r) => r.officerId > 0 && r.mobile);
    expect(withMobile.map((r) => r.officerId).sort()).toEqual([101, 108, 109]);
  });

  it('shows every mobile from level 5 up', async () => {
    for (const viewer of [106, 107, 108]) {
      const rows = await list(viewer);
      for (const id of [101, 102, 105, 106, 107]) expect(rows.get(id)).toBe(`516-555-0${id}`);
    }
  });

  it('keeps refusing the list to level 3', async () => {
    expect((await call(t.app, 'GET', '/api/officer/getMultiple', { token: tokens[103] })).status).toBe(403);
  });
});

describe('bidirectional control characters (defect 5)', () => {
  const RLO = '\u202E';
  const message = 'Text direction control characters (such as the right-to-left override) are not allowed. Please remove them!';
  const counts = async () => ({
    officers: (await t.app.ctx.db.select({ n: count() }).from(s.officer))[0].n,
    events: (await t.app.ctx.db.select({ n: count() }).from(s.event))[0].n,
    locations: (await t.app.ctx.db.select({ n: count() }).from(s.location))[0].n,
    news: (await t.app.ctx.db.select({ n: count() }).from(s.news))[0].n,
  });

  it('refuses them in names and descriptions with a clear 400, and stores nothing', async () => {
    const before = await counts();
    const admin = tokens[107];
    const roster = tokens[108];
    const cases: Array<[string, string, string, unknown, string]> = [
      ['officer last name', '/api/officer/insert', roster, officerBody(900, { lastName: `Smith${RLO}gnirts` }), 'lastName'],
      ['officer first name (isolate)', '/api/officer/insert', roster, officerBody(901, { firstName: 'Jo\u2067hn' }), 'firstName'],
      ['event name', '/api/events/insert', admin, eventBody(1, { eventName: `Detail ${RLO}fdp.exe` }), 'eventName'],
      ['event description', '/api/events/insert', admin, eventBody(1, { description: `Bring ${RLO}vest` }), 'description'],
      ['location name', '/api/locations/insert', admin, locationBody({ name: `Mall\u202B` }), 'name'],
      ['news title', '/api/news/insert', admin, { dateEntered: '05/15/2030', shortDesc: `Notice ${RLO}`, newsText: 'Text' }, 'shortDesc'],
      ['news text (mark)', '/api/news/insert', admin, { dateEntered: '05/15/2030', shortDesc: 'Notice', newsText: 'Text\u200F' }, 'newsText'],
    ];
    for (const [name, url, token, body, field] of cases) {
      const res = await call(t.app, 'POST', url, { token, body });
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(message);
      expect(res.body.field, name).toBe(field);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses them when an officer changes his own contact fields", async () => {
    const mine = await call(t.app, 'GET', '/api/officer/getSingle/101', { token: tokens[101] });
    const res = await call(t.app, 'PUT', '/api/officer/update', { token: tokens[101], body: { ...mine.body, homeCity: `Mineola${RLO}` } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('still accepts ordinary accented names', async () => {
    const res = await call(t.app, 'POST', '/api/officer/insert', { token: tokens[108], body: officerBody(902, { lastName: 'Muñoz', firstName: 'Zoë' }) });
    expect(res.status).toBe(201);
  });
});
