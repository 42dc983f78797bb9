import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, signUp } from './events.fixtures';

let t: TestApp;
let admin: string;
let supervisor: string;
let officer: string;
let restricted: string;
let loc: number;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  await createOfficer(t.app, { officerId: 401, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 402, accessTypeId: 5 });
  await createOfficer(t.app, { officerId: 403, accessTypeId: 1, lastName: 'Smith', firstName: 'Jo', mobile: '516-555-0403' });
  await createOfficer(t.app, { officerId: 404, accessTypeId: 3 });
  await createOfficer(t.app, { officerId: 405, accessTypeId: 1 });
  admin = await tokenFor(t.app, 401);
  supervisor = await tokenFor(t.app, 402);
  officer = await tokenFor(t.app, 403);
  restricted = await tokenFor(t.app, 404);
  loc = await addLocation(t.app, admin);
});
afterAll(() => t.close());

describe('sign-ups (spec §2 roster, §4 Signup, §5, §8)', () => {
  it('signs an officer up himself and lists him on the roster', async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '06/10/2030', endDate: '06/10/2030' });
    const res = await signUp(t.app, officer, ev, 403);
    expect(res.status).toBe(201);
    const roster = await call(t.app, 'GET', '/api/signup/getMultiple', { token: officer, query: { eventId: String(ev) } });
    expect(roster.status).toBe(200);
    expect(roster.body).toEqual([
      expect.objectContaining({
        eventSignupId: { eventId: ev, officerId: 403 },
        officer: { officerId: 403, lastName: 'Smith', firstName: 'Jo', mobile: '516-555-0403' },
        event: expect.objectContaining({ eventId: ev, startDate: '06/10/2030', startTime: '08:00' }),
      }),
    ]);
    const dup = await signUp(t.app, officer, ev, 403);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Duplicate record - unique constraint violated!');
  });

  it('refuses level 3 and an officer signing up somebody else; lets level 5 do it', async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '06/11/2030', endDate: '06/11/2030' });
    const r3 = await signUp(t.app, restricted, ev, 404);
    expect(r3.status).toBe(403);
    expect(r3.body.message).toBe('Unauthorized!');
    const other = await signUp(t.app, officer, ev, 405);
    expect(other.status).toBe(403);
    const sup = await signUp(t.app, supervisor, ev, 405);
    expect(sup.status).toBe(201);
  });

  it('refuses a sign-up overlapping another of his events with the 409 message', async () => {
    const first = await addEvent(t.app, admin, loc, { startDate: '06/12/2030', endDate: '06/12/2030', startTime: '08:00', endTime: '12:00' });
    const overlapping = await addEvent(t.app, admin, loc, { startDate: '06/12/2030', endDate: '06/12/2030', startTime: '11:45', endTime: '14:00' });
    const after = await addEvent(t.app, admin, loc, { startDate: '06/12/2030', endDate: '06/12/2030', startTime: '12:00', endTime: '14:00' });
    expect((await signUp(t.app, officer, first, 403)).status).toBe(201);
    const res = await signUp(t.app, officer, overlapping, 403);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You are already signed up for another event within this time frame!');
    expect((await signUp(t.app, officer, after, 403)).status).toBe(201);
  });

  it("answers 'This roster is full!' when every slot is taken", async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '06/13/2030', endDate: '06/13/2030', maxOfficers: 1 });
    expect((await signUp(t.app, supervisor, ev, 405)).status).toBe(201);
    const res = await signUp(t.app, officer, ev, 403);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This roster is full!');
    const single = await call(t.app, 'GET', `/api/events/getSingle/${ev}`, { token: officer });
    expect(single.body).toMatchObject({ signupCount: 1, status: 'Fully Staffed' });
  });

  it('lets only level 5+ remove an officer from a roster', async () => {
    const ev = await addEvent(t.app, admin, loc, { startDate: '06/14/2030', endDate: '06/14/2030' });
    await signUp(t.app, officer, ev, 403);
    const body = [{ id: 0, deleteStatus: '' }, { id: 403, deleteStatus: 'Y' }];
    const own = await call(t.app, 'DELETE', '/api/signup/delete', { token: officer, query: { eventId: String(ev) }, body });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Unauthorized!');
    const sup = await call(t.app, 'DELETE', '/api/signup/delete', { token: supervisor, query: { eventId: String(ev) }, body });
    expect(sup.status).toBe(200);
    expect(sup.body.deleted).toBe(1);
    const roster = await call(t.app, 'GET', '/api/signup/getMultiple', { token: officer, query: { eventId: String(ev) } });
    expect(roster.body).toEqual([]);
  });

  it('404s an unknown event and refuses a malformed body', async () => {
    expect((await signUp(t.app, officer, 99999, 403)).status).toBe(404);
    const bad = await call(t.app, 'POST', '/api/signup/insert', { token: officer, body: { event: { eventId: 1 }, officer: { officerId: 403 }, extra: 1 } });
    expect(bad.status).toBe(400);
  });
});

/** Twenty officers race for the last two slots: exactly two get in (spec §5 'This roster is full!'). */
async function raceForLastTwoSlots(app: TestApp) {
  const adminId = 9001;
  await createOfficer(app.app, { officerId: adminId, accessTypeId: 9 });
  const token = await tokenFor(app.app, adminId);
  const location = await addLocation(app.app, token);
  const ev = await addEvent(app.app, token, location, { startDate: '07/04/2030', endDate: '07/04/2030', maxOfficers: 5 });
  for (const id of [9101, 9102, 9103]) {
    await createOfficer(app.app, { officerId: id, accessTypeId: 1 });
    expect((await signUp(app.app, await tokenFor(app.app, id), ev, id)).status).toBe(201);
  }
  const racers = Array.from({ length: 20 }, (_, i) => 9200 + i);
  const tokens: string[] = [];
  for (const id of racers) {
    await createOfficer(app.app, { officerId: id, accessTypeId: 1 });
    tokens.push(await tokenFor(app.app, id));
  }
  const results = await Promise.all(racers.map((id, i) => signUp(app.app, tokens[i], ev, id)));
  const ok = results.filter((r) => r.status === 201);
  const full = results.filter((r) => r.status === 409 && r.body.message === 'This roster is full!');
  expect(ok).toHaveLength(2);
  expect(full).toHaveLength(18);
  const roster = await call(app.app, 'GET', '/api/signup/getMultiple', { token, query: { eventId: String(ev) } });
  expect(roster.body).toHaveLength(5);
}

describe('concurrent sign-ups on the default database', () => {
  it('twenty officers racing for the last two slots leave exactly two sign-ups', async () => {
    await raceForLastTwoSlots(t);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('concurrent sign-ups on PostgreSQL', () => {
  let pg: TestApp;
  beforeAll(async () => {
    pg = await startTestApp({ usePostgres: true, now: new Date('2030-05-15T12:00:00Z') });
  });
  afterAll(() => pg?.close());

  it('twenty officers racing for the last two slots leave exactly two sign-ups', async () => {
    expect(pg.kind).toBe('postgres');
    await raceForLastTwoSlots(pg);
  });
});
