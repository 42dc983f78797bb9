import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, createOfficer, tokenFor, call, type TestApp } from './helpers';
import { addEvent, addLocation } from './events.fixtures';
import * as s from '../../server/db/schema';
import { pgErrorCode } from '../../server/errors';

/** The rules that live in the database itself, whatever code writes to it (DEVELOPERS.md). */
let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-01-15T15:00:00Z') });
  await createOfficer(t.app, { officerId: 701, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 702, accessTypeId: 1 });
  const admin = await tokenFor(t.app, 701);
  eventId = await addEvent(t.app, admin, await addLocation(t.app, admin), { startDate: '06/10/2030', endDate: '06/10/2030' });
});
afterAll(() => t.close());

const ticket = (o: Partial<typeof s.hoursWorked.$inferInsert> = {}) => ({
  officerId: 702,
  assignmentTypeId: 2,
  precinctId: 1,
  startAt: new Date('2030-01-10T14:00:00Z'),
  endAt: new Date('2030-01-10T18:00:00Z'),
  hoursWorked: 4,
  ...o,
});
const codeOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e) => pgErrorCode(e));

describe('database invariants', () => {
  it('refuses overlapping tickets of one officer (exclusion constraint)', async () => {
    await t.app.ctx.db.insert(s.hoursWorked).values(ticket());
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values(ticket({ startAt: new Date('2030-01-10T17:00:00Z'), endAt: new Date('2030-01-10T19:00:00Z') })))).toBe('23P01');
    // Back to back is fine.
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values(ticket({ startAt: new Date('2030-01-10T18:00:00Z'), endAt: new Date('2030-01-10T19:00:00Z') })))).toBe('ok');
  });

  it('refuses a ticket for an event without the sign-up, and keeps the sign-up while the ticket exists', async () => {
    const forEvent = ticket({ assignmentTypeId: 1, eventId, startAt: new Date('2030-06-10T13:00:00Z'), endAt: new Date('2030-06-10T15:00:00Z') });
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values(forEvent))).toBe('23503');
    await t.app.ctx.db.insert(s.eventSignup).values({ eventId, officerId: 702 });
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values(forEvent))).toBe('ok');
    expect(await codeOf(t.app.ctx.db.delete(s.eventSignup).where(eq(s.eventSignup.officerId, 702)))).toBe('23503');
    // A second ticket for the same event is refused too (one ticket per officer per event).
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values({ ...forEvent, startAt: new Date('2030-06-10T16:00:00Z'), endAt: new Date('2030-06-10T17:00:00Z') }))).toBe('23505');
  });

  it('refuses impossible values (check constraints)', async () => {
    const later = { startAt: new Date('2030-01-11T14:00:00Z'), endAt: new Date('2030-01-11T18:00:00Z') };
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values(ticket({ ...later, travelHours: 2 })))).toBe('23514');
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values(ticket({ ...later, arrests: -1 })))).toBe('23514');
    expect(await codeOf(t.app.ctx.db.insert(s.hoursWorked).values(ticket({ startAt: later.endAt, endAt: later.startAt })))).toBe('23514');
  });

  it('answers a removal of a sign-up with a ticket as a clear 409 through the API', async () => {
    const sup = await tokenFor(t.app, 701);
    const res = await call(t.app, 'DELETE', '/api/signup/delete', { token: sup, query: { eventId: String(eventId) }, body: [{ id: 0, deleteStatus: '' }, { id: 702, deleteStatus: 'Y' }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This officer has logged a time ticket for this event and cannot be removed from the roster.');
  });
});
