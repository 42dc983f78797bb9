import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent } from './tickets.fixtures';
import * as s from '../../server/db/schema';

/**
 * Training compliance (spec §2 Training Compliance, §5 Run Report, §7 POST
 * /events/getNonCompliantOfficers). Three training events T1-T3 are chosen; T4 is not.
 *
 *  601 ticket for T1                        -> attended, left out
 *  602 flagged ticket for T3                -> attended (the flag is about hours), left out
 *  603 ticket for T4 only (not chosen)      -> listed
 *  604 signed up for T2, no ticket          -> listed (a sign-up is not attendance)
 *  605 nothing                              -> listed
 *  606 separated 03/01/2026                 -> left out
 *  607 separates 12/31/2026 (future)        -> listed
 *  608 nothing, assigned to precinct 5      -> listed, but not for precinct 3
 *  609 separated today (03/20/2026)         -> left out (separated as of today)
 *  690 the administrator asking, HQ         -> listed (he has no ticket either)
 *    1 the super user (exempt officer)      -> left out
 */
const NOW = '2026-03-20T16:00:00Z';
const ADMIN = 690;
let t: TestApp;
let admin: string;
const chosen: number[] = [];
let unchosen: number;

async function attended(officerId: number, eventId: number, flaggedBy: number | null = null) {
  await t.app.ctx.db.insert(s.eventSignup).values({ eventId, officerId }).onConflictDoNothing();
  await t.app.ctx.db.insert(s.hoursWorked).values({
    officerId,
    assignmentTypeId: 4,
    precinctId: 3,
    eventId,
    startAt: new Date(`2026-03-0${chosen.length + 1}T14:00:00Z`),
    endAt: new Date(`2026-03-0${chosen.length + 1}T16:00:00Z`),
    hoursWorked: 2,
    flaggedBy,
    reviewState: flaggedBy ? 'flagged' : 'unreviewed',
    description: 'Training',
  });
}

const report = (body: unknown, o: { token?: string; precinctId?: string } = {}) =>
  call(t.app, 'POST', '/api/events/getNonCompliantOfficers', { token: o.token ?? admin, body, query: o.precinctId ? { precinctId: o.precinctId } : undefined });
const ids = (rows: Array<{ officerId: number }>) => rows.map((r) => r.officerId);

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  for (const id of [601, 602, 603, 604, 605]) await createOfficer(t.app, { officerId: id, accessTypeId: 1, precinctId: 3 });
  await createOfficer(t.app, { officerId: 606, accessTypeId: 1, precinctId: 3, separationDate: '2026-03-01' });
  await createOfficer(t.app, { officerId: 607, accessTypeId: 1, precinctId: 3, separationDate: '2026-12-31' });
  await createOfficer(t.app, { officerId: 608, accessTypeId: 1, precinctId: 5 });
  await createOfficer(t.app, { officerId: 609, accessTypeId: 1, precinctId: 3, separationDate: '2026-03-20' });
  await createOfficer(t.app, { officerId: ADMIN, accessTypeId: 9, precinctId: 90 });
  const [loc] = await t.app.ctx.db
    .insert(s.location)
    .values({ name: 'Academy', address: '1 Academy Rd', city: 'Mineola', stateId: 33, zip: '11501', precinctId: 3 })
    .returning();
  for (let day = 1; day <= 4; day++) {
    const id = await addEvent(t.app, loc.locationId, { eventTypeId: 4, startAt: `2026-03-0${day}T14:00:00Z`, endAt: `2026-03-0${day}T16:00:00Z` });
    if (day <= 3) chosen.push(id);
    else unchosen = id;
  }
  await attended(601, chosen[0]);
  await attended(602, chosen[2], ADMIN);
  await attended(603, unchosen);
  await t.app.ctx.db.insert(s.eventSignup).values({ eventId: chosen[1], officerId: 604 });
  admin = await tokenFor(t.app, ADMIN);
});
afterAll(() => t.close());

describe('POST /api/events/getNonCompliantOfficers', () => {
  it('lists exactly the active officers with no ticket for any of three chosen training events', async () => {
    // The chosen rows as the training compliance list shows them (GET /api/events/getMultiple), placeholder included.
    const list = await call(t.app, 'GET', '/api/events/getMultiple', { token: admin, query: { eventTypeId: '4', sinceStartDate: '03/01/2026', untilStartDate: '03/03/2026' } });
    const rows = list.body.filter((e: { eventId: number }) => e.eventId === 0 || chosen.includes(e.eventId));
    expect(rows.filter((e: { eventId: number }) => e.eventId > 0)).toHaveLength(3);
    const res = await report(rows);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([603, 604, 605, 607, 608, ADMIN]);
    expect(res.body[0]).toEqual({ officerId: 603, lastName: 'Last603', firstName: 'First603', mobile: '516-555-0101' });
  });

  it('keeps to the chosen precinct when one is given', async () => {
    const res = await report(chosen.map((eventId) => ({ eventId })), { precinctId: '3' });
    expect(ids(res.body)).toEqual([603, 604, 605, 607]);
  });

  it('counts each chosen event: choosing only T4 lists those who did not attend it', async () => {
    const res = await report([{ eventId: unchosen }]);
    expect(ids(res.body)).toEqual([601, 602, 604, 605, 607, 608, ADMIN]);
  });

  it("answers 400 'Must check at least one row!' without a chosen event, 404 for an unknown one", async () => {
    for (const body of [[], [{ eventId: 0 }], undefined]) {
      const res = await report(body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Must check at least one row!' });
    }
    const unknown = await report([{ eventId: chosen[0] }, { eventId: 99999 }]);
    expect(unknown.status).toBe(404);
  });

  it('is for level 9 and above', async () => {
    await createOfficer(t.app, { officerId: 695, accessTypeId: 5 });
    expect((await report([{ eventId: chosen[0] }], { token: await tokenFor(t.app, 695) })).status).toBe(403);
    await createOfficer(t.app, { officerId: 696, accessTypeId: 10 });
    expect((await report([{ eventId: chosen[0] }], { token: await tokenFor(t.app, 696) })).status).toBe(200);
  });
});
