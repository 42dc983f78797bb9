import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, call, type TestApp } from './helpers';
import { OFF, addEvent, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

/** Fixed clock: 03/20/2026 noon in America/New_York. */
const NOW = '2026-03-20T16:00:00Z';
let t: TestApp;
let locationId: number;

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  ({ locationId } = await seedTicketWorld(t.app));
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(NOW);
  await t.app.ctx.db.execute(sql`delete from hours_worked`);
});

/** The spec's overlap message (§5), which every overlap refusal starts with. */
const OVERLAP = 'You already have existing tickets within this time frame!';

async function insert(officerId: number, as: number, o: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/timeTickets/insert', { token: await tok(t.app, as), body: ticketBody(officerId, o) });
}

describe('insert and read', () => {
  it('logs a ticket with server-computed hours and org-time-zone dates', async () => {
    const res = await insert(OFF.owner, OFF.owner, { travelHours: 1, arrests: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      officer: { officerId: OFF.owner, lastName: 'Owner' },
      startDate: '03/18/2026', startTime: '08:00', startDay: 'Wed', endTime: '12:00',
      hoursWorked: 4, travelHours: 1, totalHours: 5, arrests: 2,
      flaggedBy: { officerId: 0 }, event: { eventId: 0 }, enteredBy: OFF.owner, hasChildren: 'N',
    });
    const one = await call(t.app, 'GET', `/api/timeTickets/getSingle/${res.body.hoursWorkedId}`, { token: await tok(t.app, OFF.owner) });
    expect(one.status).toBe(200);
    expect(one.body.description).toBe('Patrol of the park');
  });

  it('refuses unknown fields, assignment type 5, bad counts and travel', async () => {
    expect((await insert(OFF.owner, OFF.owner, { bogus: 1 })).status).toBe(400);
    const t5 = await insert(OFF.owner, OFF.owner, { assignmentType: { assignmentTypeId: 5 } });
    expect(t5.status).toBe(400);
    expect((await insert(OFF.owner, OFF.owner, { arrests: -1 })).status).toBe(400);
    expect((await insert(OFF.owner, OFF.owner, { arrests: 1.5 })).status).toBe(400);
    expect((await insert(OFF.owner, OFF.owner, { travelHours: 2 })).status).toBe(400);
  });

  it('answers every §5 ticket message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ assignmentType: { assignmentTypeId: 0 } }, 'Must Select Assignment Type!'],
      [{ precinct: null }, 'Must Select Precinct!'],
      [{ assignmentType: { assignmentTypeId: 1 } }, 'Must Select Event!'],
      [{ startDate: '03/21/2026', endDate: '03/21/2026' }, 'Start Date cannot be in the future!'],
      [{ startDate: '03/20/2026', endDate: '03/21/2026', endTime: '01:00' }, 'End Date cannot be in the future!'],
      [{ startDate: '02/15/2026', endDate: '02/15/2026' }, 'Time ticket cannot be more than 30 days old!'],
      [{ endDate: '03/17/2026' }, 'End date must be after start date!'],
      [{ endTime: '07:00' }, 'End time must be after start time!'],
      [{ endTime: '20:15' }, 'Shift cannot be in excess of 12 hours!'],
      [{ startTime: '08:10' }, 'Time must be in 15 minute increments!'],
      [{ endTime: null }, 'Required field'],
      [{ startDate: '' }, 'Date is required'],
      [{ description: '  ' }, 'Description is required.'],
      [{ description: 'caf\u00e9' }, 'Description has non-ASCII characters. Please remove!'],
      [{ description: 'x'.repeat(5001) }, 'Description must be 5000 characters or fewer.'],
    ];
    for (const [o, message] of cases) {
      const res = await insert(OFF.owner, OFF.owner, o);
      expect({ o, status: res.status, message: res.body.message }).toEqual({ o, status: 400, message });
    }
    const noOfficer = await call(t.app, 'POST', '/api/timeTickets/insert', {
      token: await tok(t.app, OFF.owner),
      body: ticketBody(0),
    });
    expect(noOfficer.body.message).toBe('Must Select Officer!');
  });

  it('applies the event rules: type match, sign-up, one ticket per event, precinct from the event', async () => {
    const detail = await addEvent(t.app, locationId, { eventTypeId: 1, startAt: '2026-03-17T12:00:00Z', endAt: '2026-03-17T16:00:00Z', incentiveHours: 2, signups: [OFF.owner] });
    const training = await addEvent(t.app, locationId, { eventTypeId: 4, startAt: '2026-03-16T12:00:00Z', endAt: '2026-03-16T16:00:00Z', signups: [OFF.owner] });
    const notSigned = await addEvent(t.app, locationId, { eventTypeId: 1, startAt: '2026-03-15T12:00:00Z', endAt: '2026-03-15T16:00:00Z' });
    const base = { assignmentType: { assignmentTypeId: 1 }, precinct: { precinctId: 1 }, startDate: '03/17/2026', endDate: '03/17/2026' };
    expect((await insert(OFF.owner, OFF.owner, { ...base, event: { eventId: training } })).body.message).toBe('Assignment type much match event type!');
    expect((await insert(OFF.owner, OFF.owner, { ...base, event: { eventId: notSigned } })).body.message).toBe('You must be signed up for this event!');
    const ok = await insert(OFF.owner, OFF.owner, { ...base, event: { eventId: detail } });
    expect(ok.status).toBe(201);
    expect(ok.body.precinct.precinctId).toBe(3);
    expect(ok.body.totalHours).toBe(6);
    const again = await insert(OFF.owner, OFF.owner, { ...base, event: { eventId: detail }, startDate: '03/16/2026', endDate: '03/16/2026', assignmentType: { assignmentTypeId: 1 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already logged a ticket for this event!');
  });

  it('refuses overlapping tickets with 409 and lists them as duplicates', async () => {
    const first = await insert(OFF.owner, OFF.owner);
    const res = await insert(OFF.owner, OFF.owner, { startTime: '11:00', endTime: '13:00' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${OVERLAP} It overlaps your ticket of 03/18/2026 08:00 to 12:00 (Patrol).`);
    expect((await insert(OFF.owner, OFF.owner, { startTime: '12:00', endTime: '13:00' })).status).toBe(201);
    const dup = await call(t.app, 'GET', '/api/timeTickets/getDuplicateTickets', {
      token: await tok(t.app, OFF.owner),
      query: { hoursWorkedId: '0', officerId: String(OFF.owner), startDate: '03/18/2026', startTime: '09:00', endDate: '03/18/2026', endTime: '10:00' },
    });
    expect(dup.status).toBe(200);
    expect(dup.body.map((d: { hoursWorkedId: number }) => d.hoursWorkedId)).toEqual([first.body.hoursWorkedId]);
    const self = await call(t.app, 'GET', '/api/timeTickets/getDuplicateTickets', {
      token: await tok(t.app, OFF.owner),
      query: { hoursWorkedId: String(first.body.hoursWorkedId), officerId: String(OFF.owner), startDate: '03/18/2026', startTime: '09:00', endDate: '03/18/2026', endTime: '10:00' },
    });
    expect(self.body).toEqual([]);
  });
});

describe('an overlap refusal names the ticket it overlaps', () => {
  it('names an event ticket by its event, across midnight, in the time zone of the organisation', async () => {
    // 03/17/2026 22:00 to 03/18/2026 02:00 in New York (UTC-4 after the March change)
    const detail = await addEvent(t.app, locationId, { eventTypeId: 1, startAt: '2026-03-18T02:00:00Z', endAt: '2026-03-18T06:00:00Z', signups: [OFF.owner] });
    const night = { assignmentType: { assignmentTypeId: 1 }, event: { eventId: detail }, startDate: '03/17/2026', startTime: '22:00', endDate: '03/18/2026', endTime: '02:00' };
    expect((await insert(OFF.owner, OFF.owner, night)).status).toBe(201);
    const res = await insert(OFF.owner, OFF.owner, { startDate: '03/18/2026', startTime: '01:00', endTime: '03:00' });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 409,
      message: `${OVERLAP} It overlaps your ticket of 03/17/2026 22:00 to 03/18/2026 02:00 (Event type 1).`,
    });
  });

  it("says the officer's ticket, not yours, to an administrator logging for another officer", async () => {
    expect((await insert(OFF.owner, OFF.owner)).status).toBe(201);
    const res = await insert(OFF.owner, OFF.admin, { startTime: '11:45', endTime: '13:00' });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 409,
      message: `${OVERLAP} It overlaps the officer's ticket of 03/18/2026 08:00 to 12:00 (Patrol).`,
    });
  });

  it('names the ticket on update too, and never the ticket being changed', async () => {
    const first = await insert(OFF.owner, OFF.owner, { startTime: '06:00', endTime: '09:00' });
    const second = await insert(OFF.owner, OFF.owner, { startTime: '10:00', endTime: '12:00' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const res = await call(t.app, 'PUT', '/api/timeTickets/update', {
      token: await tok(t.app, OFF.owner),
      body: ticketBody(OFF.owner, { hoursWorkedId: second.body.hoursWorkedId, startTime: '08:00', endTime: '11:00' }),
    });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 409,
      message: `${OVERLAP} It overlaps your ticket of 03/18/2026 06:00 to 09:00 (Patrol).`,
    });
  });
});

describe('update checks and writes in one transaction', () => {
  it('leaves the stored ticket as it was when the update is refused (overlap, event rules)', async () => {
    const first = await insert(OFF.owner, OFF.owner);
    const second = await insert(OFF.owner, OFF.owner, { startTime: '13:00', endTime: '15:00', description: 'Second tour' });
    const token = await tok(t.app, OFF.owner);
    const update = (o: Record<string, unknown>) =>
      call(t.app, 'PUT', '/api/timeTickets/update', { token, body: ticketBody(OFF.owner, { hoursWorkedId: second.body.hoursWorkedId, ...o }) });
    const overlap = await update({ startTime: '11:00', endTime: '14:00', description: 'Moved' });
    expect({ status: overlap.status, message: overlap.body.message }).toEqual({
      status: 409,
      message: `${OVERLAP} It overlaps your ticket of 03/18/2026 08:00 to 12:00 (Patrol).`,
    });
    const noEvent = await update({ assignmentType: { assignmentTypeId: 1 }, event: { eventId: 999999 }, description: 'Moved' });
    expect({ status: noEvent.status, message: noEvent.body.message }).toEqual({ status: 400, message: 'Must Select Event!' });
    const stored = await call(t.app, 'GET', `/api/timeTickets/getSingle/${second.body.hoursWorkedId}`, { token });
    expect(stored.body).toMatchObject({ startTime: '13:00', endTime: '15:00', description: 'Second tour', assignmentType: { assignmentTypeId: 2 } });
    // its own time does not count as an overlap, the other ticket's does
    expect((await update({ startTime: '12:00', endTime: '16:00' })).status).toBe(200);
    expect(first.status).toBe(201);
    const unknown = await call(t.app, 'PUT', '/api/timeTickets/update', { token, body: ticketBody(OFF.owner, { hoursWorkedId: 999999 }) });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: 'Time ticket not found.' });
  });
});

describe('window, shift length and future dates by level', () => {
  it('lets levels 1 and 5 back-date 30 days and level 10 365 days', async () => {
    for (const level of [OFF.owner, OFF.supervisor]) {
      expect((await insert(level, level, { startDate: '02/19/2026', endDate: '02/19/2026' })).status).toBe(201);
      const old = await insert(level, level, { startDate: '02/18/2026', endDate: '02/18/2026' });
      expect(old.body.message).toBe('Time ticket cannot be more than 30 days old!');
    }
    expect((await insert(OFF.auditor, OFF.auditor, { startDate: '03/21/2025', endDate: '03/21/2025' })).status).toBe(201);
    const old = await insert(OFF.auditor, OFF.auditor, { startDate: '03/20/2025', endDate: '03/20/2025' });
    expect(old.body.message).toBe('Time ticket cannot be more than 365 days old!');
  });

  it('limits shifts to 12 hours, 15 for assignment type 3 at level 5+', async () => {
    const long = { assignmentType: { assignmentTypeId: 3 }, startTime: '06:00', endTime: '21:00' };
    expect((await insert(OFF.owner, OFF.owner, long)).body.message).toBe('Shift cannot be in excess of 12 hours!');
    expect((await insert(OFF.supervisor, OFF.supervisor, long)).status).toBe(201);
    expect((await insert(OFF.auditor, OFF.auditor, { ...long, endTime: '21:15' })).body.message).toBe('Shift cannot be in excess of 15 hours!');
    expect((await insert(OFF.auditor, OFF.auditor, { startTime: '06:00', endTime: '18:15' })).body.message).toBe('Shift cannot be in excess of 12 hours!');
  });

  it('refuses future dates at every level', async () => {
    for (const id of [OFF.owner, OFF.supervisor, OFF.auditor]) {
      const res = await insert(id, id, { startDate: '03/21/2026', endDate: '03/21/2026' });
      expect(res.body.message).toBe('Start Date cannot be in the future!');
    }
  });

  it('refuses update and delete once the window has closed, at level 1 but not 10', async () => {
    const own = await insert(OFF.owner, OFF.owner, { startDate: '03/01/2026', endDate: '03/01/2026' });
    const audited = await insert(OFF.auditor, OFF.auditor, { startDate: '03/01/2026', endDate: '03/01/2026' });
    t.clock.set('2026-04-05T16:00:00Z');
    const upd = await call(t.app, 'PUT', '/api/timeTickets/update', {
      token: await tok(t.app, OFF.owner),
      body: ticketBody(OFF.owner, { hoursWorkedId: own.body.hoursWorkedId, startDate: '04/01/2026', endDate: '04/01/2026' }),
    });
    expect(upd.body.message).toBe('Time ticket cannot be more than 30 days old!');
    const del = await call(t.app, 'DELETE', '/api/timeTickets/delete', {
      token: await tok(t.app, OFF.owner),
      body: [{ id: 0, deleteStatus: '' }, { id: own.body.hoursWorkedId, deleteStatus: 'Y' }],
    });
    expect(del.status).toBe(400);
    const del10 = await call(t.app, 'DELETE', '/api/timeTickets/delete', {
      token: await tok(t.app, OFF.auditor),
      body: [{ id: 0, deleteStatus: '' }, { id: audited.body.hoursWorkedId, deleteStatus: 'Y' }],
    });
    expect(del10.body).toEqual({ deleted: 1 });
    const none = await call(t.app, 'DELETE', '/api/timeTickets/delete', { token: await tok(t.app, OFF.owner), body: [{ id: 0, deleteStatus: '' }] });
    expect({ status: none.status, message: none.body.message }).toEqual({ status: 400, message: 'Nothing selected to remove.' });
  });
});

describe('daylight-saving tours count their real length', () => {
  it('00:00-04:00 on the fall-back night is 5.00 hours', async () => {
    t.clock.set('2026-11-10T16:00:00Z');
    const res = await insert(OFF.owner, OFF.owner, { startDate: '11/01/2026', startTime: '00:00', endDate: '11/01/2026', endTime: '04:00' });
    expect(res.status).toBe(201);
    expect(res.body.hoursWorked).toBe(5);
  });
  it('00:00-04:00 on the spring-forward night is 3.00 hours', async () => {
    const res = await insert(OFF.owner, OFF.owner, { startDate: '03/08/2026', startTime: '00:00', endDate: '03/08/2026', endTime: '04:00' });
    expect(res.status).toBe(201);
    expect(res.body.hoursWorked).toBe(3);
  });
});
