import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, type TestApp } from './helpers';
import { OFF, addEvent, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

const NOW = '2026-03-20T16:00:00Z';
let t: TestApp;
let locationId: number;

type Row = { hoursWorkedId: number; reviewState: string; attention: string[]; flaggedBy: { officerId: number }; auditComments: string; reviewedBy: number | null };

async function log(officerId: number, o: Record<string, unknown> = {}, as: number = officerId): Promise<number> {
  const res = await call(t.app, 'POST', '/api/timeTickets/insert', { token: await tok(t.app, as), body: ticketBody(officerId, o) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.hoursWorkedId;
}
const day = (d: number) => ({ startDate: `03/${String(d).padStart(2, '0')}/2026`, endDate: `03/${String(d).padStart(2, '0')}/2026` });
async function one(id: number): Promise<Row> {
  return (await call(t.app, 'GET', `/api/timeTickets/getSingle/${id}`, { token: await tok(t.app, OFF.auditor) })).body;
}
async function review(body: unknown, as: number = OFF.auditor) {
  return call(t.app, 'PUT', '/api/timeTickets/review', { token: await tok(t.app, as), body });
}
async function queue(query: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/api/timeTickets/getQueue', { token: await tok(t.app, OFF.auditor), query });
  expect(res.status).toBe(200);
  return { ids: (res.body as Row[]).map((r) => r.hoursWorkedId), rows: res.body as Row[], total: Number(res.headers['x-total-count']) };
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  ({ locationId } = await seedTicketWorld(t.app));
});
afterAll(() => t.close());

describe('review states', () => {
  it('a new ticket waits in the queue; accepting it takes it out, and the owner editing it puts it back', async () => {
    const id = await log(OFF.owner, day(2));
    expect((await one(id)).reviewState).toBe('unreviewed');
    expect((await queue()).ids).toContain(id);
    const before = (await call(t.app, 'GET', '/api/timeTickets/getQueueCount', { token: await tok(t.app, OFF.auditor) })).body.waiting;

    const res = await review({ ids: [id], decision: 'accept' });
    expect(res.status).toBe(200);
    expect(res.body.reviewed).toEqual([{ hoursWorkedId: id, reviewState: 'accepted' }]);
    expect(await one(id)).toMatchObject({ reviewState: 'accepted', reviewedBy: OFF.auditor });
    expect((await queue()).ids).not.toContain(id);
    expect((await call(t.app, 'GET', '/api/timeTickets/getQueueCount', { token: await tok(t.app, OFF.auditor) })).body.waiting).toBe(before - 1);

    const edit = await call(t.app, 'PUT', '/api/timeTickets/update', { token: await tok(t.app, OFF.owner), body: ticketBody(OFF.owner, { ...day(2), hoursWorkedId: id, description: 'Changed after review' }) });
    expect(edit.status).toBe(200);
    expect(edit.body.reviewState).toBe('unreviewed');
    expect((await queue()).ids).toContain(id);
  });

  it("flags many with one reason; the owner's correction returns them as corrected, still flagged, until the auditor lifts the flag", async () => {
    const a = await log(OFF.owner, day(3));
    const b = await log(OFF.owner, day(4));
    const res = await review({ ids: [a, b], decision: 'flag', reason: 'The 10-42 does not match the roster.' });
    expect(res.status).toBe(200);
    for (const id of [a, b]) {
      expect(await one(id)).toMatchObject({ reviewState: 'flagged', flaggedBy: { officerId: OFF.auditor }, auditComments: 'The 10-42 does not match the roster.' });
    }
    expect((await queue()).ids).not.toContain(a);
    // the owner sees the flag and its reason on his own list
    const own = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: await tok(t.app, OFF.owner) });
    expect(own.body.filter((r: Row) => r.flaggedBy.officerId === OFF.auditor).map((r: Row) => r.hoursWorkedId).sort()).toEqual([a, b].sort());

    await call(t.app, 'PUT', '/api/timeTickets/update', { token: await tok(t.app, OFF.owner), body: ticketBody(OFF.owner, { ...day(3), endTime: '11:00', hoursWorkedId: a }) });
    expect(await one(a)).toMatchObject({ reviewState: 'corrected', flaggedBy: { officerId: OFF.auditor } });
    expect((await queue()).rows.find((r) => r.hoursWorkedId === a)?.reviewState).toBe('corrected');

    expect((await review({ ids: [a], decision: 'accept' })).status).toBe(200);
    expect(await one(a)).toMatchObject({ reviewState: 'accepted', flaggedBy: { officerId: 0 } });
    expect(await one(b)).toMatchObject({ reviewState: 'flagged' });
  });

  it("an auditor's own edit of a reviewed ticket leaves it reviewed", async () => {
    const id = await log(OFF.owner, day(5));
    await review({ ids: [id], decision: 'accept' });
    const edit = await call(t.app, 'PUT', '/api/timeTickets/update', { token: await tok(t.app, OFF.auditor), body: { ...ticketBody(OFF.owner, { ...day(5), hoursWorkedId: id }), auditComments: 'Checked against the roster.' } });
    expect(edit.status).toBe(200);
    expect(edit.body.reviewState).toBe('accepted');
  });

  it("an auditor's own tickets are reviewed by another auditor: he cannot decide them, and his edits send them back", async () => {
    const own = await log(OFF.auditor, day(11));
    const res = await review({ ids: [own], decision: 'accept' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: 'Your own time tickets are reviewed by another auditor.' });
    expect((await review({ ids: [own], decision: 'accept' }, OFF.civilianAuditor)).status).toBe(200);
    const edit = await call(t.app, 'PUT', '/api/timeTickets/update', { token: await tok(t.app, OFF.auditor), body: ticketBody(OFF.auditor, { ...day(11), hoursWorkedId: own, endTime: '13:00' }) });
    expect(edit.body.reviewState).toBe('unreviewed');
  });

  it('refuses a decision on a ticket another auditor decided meanwhile', async () => {
    const id = await log(OFF.owner, day(12));
    expect((await review({ ids: [id], decision: 'flag', reason: 'Wrong precinct.' })).status).toBe(200);
    const late = await review({ ids: [id], decision: 'accept' }, OFF.civilianAuditor);
    expect({ status: late.status, message: late.body.message }).toEqual({ status: 409, message: 'A selected time ticket was reviewed meanwhile. Reload the queue.' });
    expect(await one(id)).toMatchObject({ reviewState: 'flagged', flaggedBy: { officerId: OFF.auditor } });
  });

  it('the flagTicket call of the spec sets the review state too', async () => {
    const id = await log(OFF.owner, day(6));
    const token = await tok(t.app, OFF.auditor);
    await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${id}`, { token, query: { flaggedBy: String(OFF.auditor) } });
    expect((await one(id)).reviewState).toBe('flagged');
    await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${id}`, { token, query: { flaggedBy: '0' } });
    expect((await one(id)).reviewState).toBe('accepted');
    // clearing a flag that was never set decides nothing
    const other = await log(OFF.owner, day(13));
    await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${other}`, { token, query: { flaggedBy: '0' } });
    expect((await one(other)).reviewState).toBe('unreviewed');
  });

  it('refuses a flag without a reason, and any decision below level 10, changing nothing', async () => {
    const id = await log(OFF.owner, day(7));
    const noReason = await review({ ids: [id], decision: 'flag' });
    expect({ status: noReason.status, message: noReason.body.message }).toEqual({ status: 400, message: 'Enter the reason for the flag.' });
    for (const as of [OFF.owner, OFF.supervisor, OFF.admin]) {
      const res = await review({ ids: [id], decision: 'accept' }, as);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: 'Unauthorized!' });
    }
    expect((await one(id)).reviewState).toBe('unreviewed');
  });

  it('is all or nothing: an unknown ticket among the ids changes none of them', async () => {
    const id = await log(OFF.owner, day(8));
    const res = await review({ ids: [id, 999999], decision: 'accept' });
    expect(res.status).toBe(404);
    expect((await one(id)).reviewState).toBe('unreviewed');
  });

  it('writes one audit entry per ticket with the change of state', async () => {
    const a = await log(OFF.owner, day(9));
    const b = await log(OFF.owner, day(10));
    await review({ ids: [a, b], decision: 'accept' });
    const log_ = await call(t.app, 'GET', '/api/auditLog/getMultiple', { token: await tok(t.app, OFF.auditor), query: { action: 'accept', entity: 'ticket' } });
    const entries = (log_.body as Array<{ entityId: string; changes: Record<string, { before: unknown; after: unknown }> }>).filter((e) => [String(a), String(b)].includes(e.entityId));
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(e.changes.reviewState).toEqual({ before: 'unreviewed', after: 'accepted' });
  });
});

describe('needs attention', () => {
  it('marks a shift over 10 hours, counts far above the median, a tour outside its event and a late entry', async () => {
    const o = OFF.other;
    // each tour is logged the day after it, except the late one
    const next = async (d: number, body: Record<string, unknown>) => {
      t.clock.set(`2026-03-${String(d + 1).padStart(2, '0')}T16:00:00Z`);
      return log(o, { ...day(d), ...body });
    };
    // five ordinary tours: his median of parking citations is 1, so 8 is far above it and 2 is not
    for (const d of [1, 2, 3, 4, 5]) await next(d, { parkingCitations: 1 });
    const long = await next(6, { startTime: '06:00', endTime: '17:00' });
    const busy = await next(7, { parkingCitations: 8 });
    const usual = await next(8, { parkingCitations: 2 });
    const eventId = await addEvent(t.app, locationId, { eventTypeId: 1, startAt: '2026-03-11T14:00:00Z', endAt: '2026-03-11T18:00:00Z', signups: [o] });
    const outside = await next(11, { assignmentType: { assignmentTypeId: 1 }, event: { eventId }, startTime: '09:00', endTime: '13:00' });
    const inside = await next(12, { startTime: '10:00', endTime: '12:00' });
    t.clock.set(NOW);
    const late = await log(o, { ...day(9), startTime: '13:00', endTime: '15:00' });
    const reasons = async (id: number) => (await one(id)).attention;
    expect(await reasons(long)).toEqual(['longShift']);
    expect(await reasons(busy)).toEqual(['countsAboveMedian']);
    expect(await reasons(usual)).toEqual([]);
    expect(await reasons(outside)).toEqual(['outsideEvent']);
    expect(await reasons(inside)).toEqual([]);
    expect(await reasons(late)).toEqual(['lateEntry']);

    const marked = await queue({ officerId: String(o), attention: 'Y' });
    expect(marked.ids).toEqual([long, busy, late, outside]); // oldest 10-41 first
    expect(marked.total).toBe(4);
    // fixing the tour clears its mark
    const fixed = await call(t.app, 'PUT', '/api/timeTickets/update', { token: await tok(t.app, o), body: ticketBody(o, { ...day(6), startTime: '06:00', endTime: '14:00', hoursWorkedId: long }) });
    expect(fixed.body.attention).toEqual([]);
  });

  it('filters the queue by officer, precinct, assignment type and period, and pages it', async () => {
    const all = await queue({ officerId: String(OFF.other) });
    const page = await queue({ officerId: String(OFF.other), _start: '1', _end: '3' });
    expect(page.ids).toEqual(all.ids.slice(1, 3));
    expect(page.total).toBe(all.total);
    expect((await queue({ officerId: String(OFF.other), sinceDate: '03/06/2026', untilDate: '03/07/2026' })).total).toBe(2);
    expect((await queue({ officerId: String(OFF.other), assignmentTypeId: '1' })).total).toBe(1);
    expect((await queue({ precinctId: '2', officerId: String(OFF.other) })).total).toBe(0);
  });
});
