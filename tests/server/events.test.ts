import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, eventBody, signUp } from './events.fixtures';
import { eq } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { eventStatus } from '../../src/domain/eventStatus';

let t: TestApp;
let admin: string;
let officer: string;
let restricted: string;
let loc: number;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  await createOfficer(t.app, { officerId: 301, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 302, accessTypeId: 1 });
  await createOfficer(t.app, { officerId: 303, accessTypeId: 3 });
  admin = await tokenFor(t.app, 301);
  officer = await tokenFor(t.app, 302);
  restricted = await tokenFor(t.app, 303);
  loc = await addLocation(t.app, admin);
});
afterAll(() => t.close());

describe('event staffing status (spec §4)', () => {
  it('words details and other types as the spec says', () => {
    expect(eventStatus(1, 0, 4)).toBe('UNCOVERED');
    expect(eventStatus(1, 1, 4)).toBe('Partially Staffed - 3 Slot(s) Available');
    expect(eventStatus(1, 4, 4)).toBe('Fully Staffed');
    expect(eventStatus(4, 0, 2)).toBe('2 Slot(s) Available');
    expect(eventStatus(11, 2, 2)).toBe('Full');
  });
});

describe('events API (spec §3, §5 event edit, §7)', () => {
  it('adds an event at level 9 and answers it as Event JSON', async () => {
    const res = await call(t.app, 'POST', '/api/events/insert', { token: admin, body: eventBody(loc) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      eventName: 'Holiday traffic detail',
      startDate: '06/01/2030',
      startTime: '08:00',
      startDay: 'Sat',
      endTime: '16:00',
      eventType: { eventTypeId: 1, eventTypeDescription: 'Details' },
      location: { locationId: loc, name: 'Roosevelt Field', precinct: { precinctId: 5, abbr: '05' } },
      precinct: { precinctId: 5, description: '5th Precinct' },
      maxOfficers: 4,
      incentiveHours: 1,
      signupCount: 0,
      hasChildren: 'N',
      status: 'UNCOVERED',
    });
    expect(res.body.eventFullDescription.slice(3, 5)).toBe('05');
    expect(res.body.eventFullDescription).toBe('PCT05 - Holiday traffic detail - 06/01/2030 08:00');
  });

  it('stores times in ORG_TIMEZONE (America/New_York)', async () => {
    const id = await addEvent(t.app, admin, loc, { startDate: '01/10/2030', endDate: '01/10/2030', startTime: '23:00', endTime: '23:45' });
    const [row] = await t.app.ctx.db.select().from(s.event).where(eq(s.event.eventId, id));
    expect(new Date(row.startAt).toISOString()).toBe('2030-01-11T04:00:00.000Z');
  });

  it('keeps an HTML event name as given', async () => {
    const name = '<b>Parade</b> <img src=x onerror=alert(1)>';
    const id = await addEvent(t.app, admin, loc, { eventName: name });
    const res = await call(t.app, 'GET', `/api/events/getSingle/${id}`, { token: officer });
    expect(res.body.eventName).toBe(name);
  });

  it('refuses a level 1 officer adding, changing or removing events', async () => {
    const id = await addEvent(t.app, admin, loc);
    expect((await call(t.app, 'POST', '/api/events/insert', { token: officer, body: eventBody(loc) })).status).toBe(403);
    const upd = await call(t.app, 'PUT', '/api/events/update', { token: officer, body: { ...eventBody(loc), eventId: id } });
    expect(upd.status).toBe(403);
    expect(upd.body.message).toBe('Unauthorized!');
    const del = await call(t.app, 'DELETE', '/api/events/delete', { token: officer, body: [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }] });
    expect(del.status).toBe(403);
  });

  it.each([
    [{ eventName: '' }, 'Event name is required'],
    [{ endDate: '05/31/2030' }, 'End Date must be after Start Date!'],
    [{ endTime: '08:00' }, 'End Time must be after Start Time!'],
    [{ endTime: '07:00' }, 'End Time must be after Start Time!'],
    [{ endDate: '06/02/2030', endTime: '08:15' }, 'Event cannot be in excess of 24 hours!'],
    [{ location: { locationId: 0 } }, 'Location Required!'],
    [{ eventType: { eventTypeId: 0 } }, 'Event Type Required!'],
    [{ eventType: { eventTypeId: 2 } }, 'Event Type Required!'],
    [{ maxOfficers: 0 }, 'Max officers must be > 0!'],
    [{ maxOfficers: null }, 'Max officers must be > 0!'],
    [{ incentiveHours: -1 }, 'Incentive hours must be 0 or more'],
    [{ incentiveHours: null }, 'Incentive hours are required'],
    [{ description: ' ' }, 'Description is required'],
    [{ description: 'Caf\u00e9 duty' }, 'Description has non-ASCII characters. Please remove!'],
    [{ description: 'x'.repeat(536) }, 'Must be 535 characters or fewer'],
    [{ startDate: '' }, 'date is required'],
    [{ endDate: '' }, 'date is required'],
    [{ startTime: '08:10' }, 'Time must be in 15 minute increments!'],
    [{ endTime: '16:05' }, 'Time must be in 15 minute increments!'],
    [{ startTime: '' }, 'Required field'],
  ])('refuses %o with "%s"', async (over, message) => {
    const res = await call(t.app, 'POST', '/api/events/insert', { token: admin, body: eventBody(loc, over) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts an event of exactly 24 hours across midnight', async () => {
    const res = await call(t.app, 'POST', '/api/events/insert', { token: admin, body: eventBody(loc, { endDate: '06/02/2030', endTime: '08:00' }) });
    expect(res.status).toBe(201);
  });

  it('refuses unknown fields and an unknown location', async () => {
    const extra = await call(t.app, 'POST', '/api/events/insert', { token: admin, body: { ...eventBody(loc), signupCount: 99 } });
    expect(extra.status).toBe(400);
    const noLoc = await call(t.app, 'POST', '/api/events/insert', { token: admin, body: eventBody(99999) });
    expect(noLoc.status).toBe(400);
  });

  it('changes an event and 404s an unknown one', async () => {
    const id = await addEvent(t.app, admin, loc);
    const res = await call(t.app, 'PUT', '/api/events/update', { token: admin, body: { ...eventBody(loc, { maxOfficers: 9, eventType: { eventTypeId: 4 } }), eventId: id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventId: id, maxOfficers: 9, status: '9 Slot(s) Available' });
    const missing = await call(t.app, 'PUT', '/api/events/update', { token: admin, body: { ...eventBody(loc), eventId: 99999 } });
    expect(missing.status).toBe(404);
    expect((await call(t.app, 'GET', '/api/events/getSingle/99999', { token: admin })).status).toBe(404);
  });
});

describe('event list (spec §5 event search, §7 getMultiple)', () => {
  let a: number;
  let b: number;
  let other: number;
  beforeAll(async () => {
    const loc2 = await addLocation(t.app, admin, { name: 'HQ', precinct: { precinctId: 90 } });
    a = await addEvent(t.app, admin, loc, { eventName: 'List A', startDate: '07/01/2031', endDate: '07/01/2031', maxOfficers: 2 });
    b = await addEvent(t.app, admin, loc2, { eventName: 'List B', startDate: '07/03/2031', endDate: '07/03/2031', eventType: { eventTypeId: 4 }, maxOfficers: 1 });
    other = await addEvent(t.app, admin, loc, { eventName: 'List C', startDate: '08/01/2031', endDate: '08/01/2031' });
    await signUp(t.app, officer, a, 302);
    await signUp(t.app, admin, b, 301);
  });
  const list = (query: Record<string, string>) => call(t.app, 'GET', '/api/events/getMultiple', { token: officer, query });

  it('puts the placeholder first and filters by date window, type and precinct', async () => {
    const res = await list({ sinceStartDate: '07/01/2031', untilStartDate: '07/31/2031' });
    expect(res.status).toBe(200);
    expect(res.body[0].eventId).toBe(0);
    expect(res.body.slice(1).map((e: { eventId: number }) => e.eventId)).toEqual([a, b]);
    const training = await list({ sinceStartDate: '07/01/2031', eventTypeId: '4' });
    expect(training.body.slice(1).map((e: { eventId: number }) => e.eventId)).toEqual([b]);
    const hq = await list({ sinceStartDate: '07/01/2031', precinctId: '90', eventTypeId: '0' });
    expect(hq.body.slice(1).map((e: { eventId: number }) => e.eventId)).toEqual([b]);
  });

  it('reports signupCount, status and hasChildren', async () => {
    const res = await list({ sinceStartDate: '07/01/2031', untilStartDate: '07/03/2031' });
    const [, ea, eb] = res.body;
    expect(ea).toMatchObject({ signupCount: 1, maxOfficers: 2, status: 'Partially Staffed - 1 Slot(s) Available', hasChildren: 'Y' });
    expect(eb).toMatchObject({ signupCount: 1, maxOfficers: 1, status: 'Full', hasChildren: 'Y' });
  });

  it('limits to the events an officer signed up for, and adds the event of a ticket', async () => {
    const mine = await list({ sinceStartDate: '07/01/2031', officerId: '302' });
    expect(mine.body.slice(1).map((e: { eventId: number }) => e.eventId)).toEqual([a]);
    // A ticket needs its sign-up (hw_event_signup_fk); its event shows even outside the date window.
    await t.app.ctx.db.insert(s.eventSignup).values({ eventId: other, officerId: 302 });
    await t.app.ctx.db.insert(s.hoursWorked).values({
      hoursWorkedId: 5001,
      officerId: 302,
      assignmentTypeId: 1,
      precinctId: 5,
      eventId: other,
      startAt: new Date('2031-08-01T12:00:00Z'),
      endAt: new Date('2031-08-01T14:00:00Z'),
      hoursWorked: 2,
    });
    const withTicket = await list({ sinceStartDate: '07/01/2031', untilStartDate: '07/31/2031', officerId: '302', hoursWorkedId: '5001' });
    expect(withTicket.body.slice(1).map((e: { eventId: number }) => e.eventId)).toEqual([a, other]);
  });

  it.each([
    [{ untilStartDate: '07/01/2031' }, 'Cannot enter until date without since date!'],
    [{ sinceStartDate: '08/01/2031', untilStartDate: '07/01/2031' }, 'Since date must be <= until date!'],
    [{ sinceStartDate: '13/45/2031' }, 'Invalid date - use MM/DD/YYYY'],
  ])('refuses %o with "%s"', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('lets a restricted (level 3) user read the detail list', async () => {
    const res = await call(t.app, 'GET', '/api/events/getMultiple', { token: restricted, query: { eventTypeId: '1', sinceStartDate: '07/01/2031' } });
    expect(res.status).toBe(200);
  });

  it('refuses to remove an event with sign-ups or tickets, removing nothing', async () => {
    const free = await addEvent(t.app, admin, loc, { eventName: 'Free', startDate: '09/01/2031', endDate: '09/01/2031' });
    const res = await call(t.app, 'DELETE', '/api/events/delete', {
      token: admin,
      body: [{ id: 0, deleteStatus: '' }, { id: free, deleteStatus: 'Y' }, { id: a, deleteStatus: 'Y' }],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This event has sign-ups or time tickets and cannot be removed.');
    expect((await call(t.app, 'GET', `/api/events/getSingle/${free}`, { token: admin })).status).toBe(200);
    const ticketOnly = await call(t.app, 'DELETE', '/api/events/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: other, deleteStatus: 'Y' }] });
    expect(ticketOnly.status).toBe(409);
    const ok = await call(t.app, 'DELETE', '/api/events/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: free, deleteStatus: 'Y' }] });
    expect(ok.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/events/getSingle/${free}`, { token: admin })).status).toBe(404);
  });
});
