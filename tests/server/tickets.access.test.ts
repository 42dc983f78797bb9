import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, type TestApp } from './helpers';
import { OFF, seedTicketWorld, ticketBody, tok } from './tickets.fixtures';

const NOW = '2026-03-20T16:00:00Z';
const NOT_YOURS = "You are not authorized to access another officer's tickets!";
let t: TestApp;
let ownTicket: number;
let otherTicket: number;

async function insert(officerId: number, as: number, o: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/timeTickets/insert', { token: await tok(t.app, as), body: ticketBody(officerId, o) });
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await seedTicketWorld(t.app);
  ownTicket = (await insert(OFF.owner, OFF.owner, { arrests: 1, reports: 2 })).body.hoursWorkedId;
  otherTicket = (await insert(OFF.other, OFF.other, { startDate: '03/17/2026', endDate: '03/17/2026', travelHours: 1, firs: 3 })).body.hoursWorkedId;
  await insert(OFF.other, OFF.other, { startDate: '03/16/2026', endDate: '03/16/2026', assignmentType: { assignmentTypeId: 7 }, precinct: { precinctId: 2 } });
  await insert(OFF.supervisor, OFF.supervisor, { startDate: '03/15/2026', endDate: '03/15/2026', startTime: '10:00', endTime: '12:30' });
});
afterAll(() => t.close());

describe('below level 5 an officer reaches only his own tickets', () => {
  it('refuses another officer on every endpoint with the spec message', async () => {
    const token = await tok(t.app, OFF.owner);
    const q = { officerId: String(OFF.other) };
    const answers = [
      await call(t.app, 'GET', `/api/timeTickets/getSingle/${otherTicket}`, { token }),
      await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: q }),
      await call(t.app, 'GET', '/api/timeTickets/getTotals', { token, query: q }),
      await call(t.app, 'GET', '/api/timeTickets/getDuplicateTickets', {
        token,
        query: { ...q, hoursWorkedId: '0', startDate: '03/17/2026', startTime: '08:00', endDate: '03/17/2026', endTime: '09:00' },
      }),
      await call(t.app, 'POST', '/api/timeTickets/insert', { token, body: ticketBody(OFF.other, { startDate: '03/10/2026', endDate: '03/10/2026' }) }),
      await call(t.app, 'PUT', '/api/timeTickets/update', { token, body: ticketBody(OFF.other, { hoursWorkedId: otherTicket }) }),
      await call(t.app, 'DELETE', '/api/timeTickets/delete', { token, body: [{ id: 0, deleteStatus: '' }, { id: otherTicket, deleteStatus: 'Y' }] }),
    ];
    for (const a of answers) expect({ status: a.status, message: a.body.message }).toEqual({ status: 403, message: NOT_YOURS });
  });

  it('scopes an unfiltered list to the officer himself', async () => {
    const res = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: await tok(t.app, OFF.owner) });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { hoursWorkedId: number }) => r.hoursWorkedId)).toEqual([ownTicket]);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('does not let level 3 log or read tickets (spec §6: no Time Tickets at level 3)', async () => {
    const res = await insert(OFF.restricted, OFF.restricted);
    expect(res.status).toBe(403);
    const token = await tok(t.app, OFF.restricted);
    const reads = [
      await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token }),
      await call(t.app, 'GET', '/api/timeTickets/getTotals', { token }),
      await call(t.app, 'GET', `/api/timeTickets/getSingle/${ownTicket}`, { token }),
    ];
    for (const r of reads) expect({ status: r.status, message: r.body.message }).toEqual({ status: 403, message: 'Unauthorized!' });
  });

  it('lets level 5 read but not write other tickets, and level 9 log for another officer', async () => {
    const sup = await tok(t.app, OFF.supervisor);
    expect((await call(t.app, 'GET', `/api/timeTickets/getSingle/${otherTicket}`, { token: sup })).status).toBe(200);
    const write = await call(t.app, 'PUT', '/api/timeTickets/update', { token: sup, body: ticketBody(OFF.other, { hoursWorkedId: otherTicket, startDate: '03/17/2026', endDate: '03/17/2026' }) });
    expect(write.status).toBe(403);
    const byAdmin = await insert(OFF.other, OFF.admin, { startDate: '03/12/2026', endDate: '03/12/2026' });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.enteredBy).toBe(OFF.admin);
    const del = await call(t.app, 'DELETE', '/api/timeTickets/delete', {
      token: await tok(t.app, OFF.admin),
      body: [{ id: 0, deleteStatus: '' }, { id: byAdmin.body.hoursWorkedId, deleteStatus: 'Y' }],
    });
    expect(del.body).toEqual({ deleted: 1 });
  });

  it('ignores audit comments below level 10 and keeps them on update', async () => {
    const ticket = await insert(OFF.owner, OFF.owner, { startDate: '03/11/2026', endDate: '03/11/2026', auditComments: 'mine' });
    expect(ticket.body.auditComments).toBe('');
    const aud = await call(t.app, 'PUT', '/api/timeTickets/update', {
      token: await tok(t.app, OFF.auditor),
      body: ticketBody(OFF.owner, { hoursWorkedId: ticket.body.hoursWorkedId, startDate: '03/11/2026', endDate: '03/11/2026', auditComments: 'Wrong precinct' }),
    });
    expect(aud.status).toBe(200);
    expect(aud.body.auditComments).toBe('Wrong precinct');
    const own = await call(t.app, 'PUT', '/api/timeTickets/update', {
      token: await tok(t.app, OFF.owner),
      body: ticketBody(OFF.owner, { hoursWorkedId: ticket.body.hoursWorkedId, startDate: '03/11/2026', endDate: '03/11/2026', description: 'Fixed', auditComments: '' }),
    });
    expect(own.body).toMatchObject({ description: 'Fixed', auditComments: 'Wrong precinct', updatedBy: OFF.owner });
    await call(t.app, 'DELETE', '/api/timeTickets/delete', { token: await tok(t.app, OFF.owner), body: [{ id: 0, deleteStatus: '' }, { id: ticket.body.hoursWorkedId, deleteStatus: 'Y' }] });
  });
});

describe('flags and totals', () => {
  it('lets only level 10 flag, in his own name, and drops flagged tickets from the totals', async () => {
    for (const id of [OFF.owner, OFF.supervisor, OFF.admin]) {
      const res = await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${otherTicket}`, { token: await tok(t.app, id), query: { flaggedBy: String(id) } });
      expect(res.status).toBe(403);
    }
    const aud = await tok(t.app, OFF.auditor);
    expect((await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${otherTicket}`, { token: aud, query: { flaggedBy: String(OFF.admin) } })).status).toBe(400);
    const before = await call(t.app, 'GET', '/api/timeTickets/getTotals', { token: aud, query: { officerId: String(OFF.other) } });
    expect(before.body).toMatchObject({ hoursWorked: 8, travelHours: 1, totalHours: 9, firs: 3, ticketCount: 2, flaggedCount: 0 });
    const flag = await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${otherTicket}`, { token: aud, query: { flaggedBy: String(OFF.auditor) } });
    expect(flag.status).toBe(200);
    expect(flag.body.flaggedBy).toMatchObject({ officerId: OFF.auditor, lastName: 'Auditor' });
    const after = await call(t.app, 'GET', '/api/timeTickets/getTotals', { token: aud, query: { officerId: String(OFF.other) } });
    expect(after.body).toMatchObject({ hoursWorked: 4, travelHours: 0, totalHours: 4, firs: 0, ticketCount: 2, flaggedCount: 1 });
    const clear = await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${otherTicket}`, { token: aud, query: { flaggedBy: '0' } });
    expect(clear.body.flaggedBy.officerId).toBe(0);
  });
});

describe('flagging with the reason (defect 3)', () => {
  it('stores the optional auditComments body with the flag, so the owner reads the EXPLANATION; no body keeps working', async () => {
    const aud = await tok(t.app, OFF.auditor);
    const flag = (flaggedBy: number, body?: unknown) =>
      call(t.app, 'PUT', `/api/timeTickets/flagTicket/${ownTicket}`, { token: aud, query: { flaggedBy: String(flaggedBy) }, body });
    const flagged = await flag(OFF.auditor, { auditComments: '  Wrong precinct: you worked in the 2nd.  ' });
    expect(flagged.status).toBe(200);
    expect(flagged.body).toMatchObject({ flaggedBy: { officerId: OFF.auditor }, auditComments: 'Wrong precinct: you worked in the 2nd.' });
    const owner = await call(t.app, 'GET', `/api/timeTickets/getSingle/${ownTicket}`, { token: await tok(t.app, OFF.owner) });
    expect(owner.body).toMatchObject({ flaggedBy: { officerId: OFF.auditor }, auditComments: 'Wrong precinct: you worked in the 2nd.' });
    // clearing, and flagging again without a body (legacy clients, spec §7), keep the reason
    expect((await flag(0)).body).toMatchObject({ flaggedBy: { officerId: 0 }, auditComments: 'Wrong precinct: you worked in the 2nd.' });
    expect((await flag(OFF.auditor)).body).toMatchObject({ flaggedBy: { officerId: OFF.auditor }, auditComments: 'Wrong precinct: you worked in the 2nd.' });
    // a bad reason changes nothing
    const nonAscii = await flag(0, { auditComments: 'caf\u00e9' });
    expect({ status: nonAscii.status, message: nonAscii.body.message }).toEqual({ status: 400, message: 'Audit Comments have non-ASCII characters. Please remove!' });
    const long = await flag(0, { auditComments: 'x'.repeat(5001) });
    expect({ status: long.status, message: long.body.message }).toEqual({ status: 400, message: 'Audit Comments must be 5000 characters or fewer.' });
    expect((await flag(0, { auditComments: 'ok', other: 1 })).status).toBe(400);
    const still = await call(t.app, 'GET', `/api/timeTickets/getSingle/${ownTicket}`, { token: aud });
    expect(still.body.flaggedBy.officerId).toBe(OFF.auditor);
    // only auditors flag, with or without a reason
    const bySupervisor = await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${ownTicket}`, {
      token: await tok(t.app, OFF.supervisor), query: { flaggedBy: String(OFF.supervisor) }, body: { auditComments: 'No' },
    });
    expect(bySupervisor.status).toBe(403);
    await flag(0);
  });

  it('shows the optional body in the OpenAPI document', async () => {
    const docs = await call(t.app, 'GET', '/api/docs/json');
    const body = docs.body.paths['/api/timeTickets/flagTicket/{id}'].put.requestBody;
    expect(body.content['application/json'].schema).toMatchObject({ type: 'object', nullable: true, properties: { auditComments: { type: 'string', maxLength: 5000 } } });
  });
});

describe('list: filters, sorting, paging and summary mode', () => {
  it('sorts and pages in SQL with X-Total-Count', async () => {
    const token = await tok(t.app, OFF.auditor);
    const res = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { _sort: 'hoursWorked', _order: 'ASC', _start: '0', _end: '2' } });
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.body.map((r: { hoursWorked: number }) => r.hoursWorked)).toEqual([2.5, 4]);
    const page2 = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { _sort: 'startDate', _order: 'DESC', _start: '2', _end: '4' } });
    expect(page2.body.map((r: { startDate: string }) => r.startDate)).toEqual(['03/16/2026', '03/15/2026']);
    expect((await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { _sort: 'password' } })).status).toBe(400);
  });

  it('filters by dates, assignment type, precincts and arrests', async () => {
    const token = await tok(t.app, OFF.auditor);
    const ids = async (query: Record<string, string>) =>
      (await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query })).body.map((r: { startDate: string }) => r.startDate).sort();
    expect(await ids({ sinceDate: '03/16/2026', untilDate: '03/17/2026' })).toEqual(['03/16/2026', '03/17/2026']);
    expect(await ids({ assignmentTypeId: '7' })).toEqual(['03/16/2026']);
    expect(await ids({ precinctId: '2' })).toEqual(['03/16/2026']);
    expect(await ids({ assignedPct: '2' })).toEqual(['03/16/2026', '03/17/2026']);
    expect(await ids({ arrestFlag: 'Y' })).toEqual(['03/18/2026']);
    const bad = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { untilDate: '03/17/2026' } });
    expect(bad.body.message).toBe('Cannot enter until date without since date!');
    const order = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { sinceDate: '03/18/2026', untilDate: '03/17/2026' } });
    expect(order.body.message).toBe('Since date must be <= until date!');
  });

  it('summarises one row per officer with his assigned precinct', async () => {
    const token = await tok(t.app, OFF.auditor);
    await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${otherTicket}`, { token, query: { flaggedBy: String(OFF.auditor) } });
    const res = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { summarizeFlag: 'Y', _sort: 'officerId', _order: 'ASC' } });
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body.map((r: { officer: { officerId: number } }) => r.officer.officerId)).toEqual([OFF.owner, OFF.other, OFF.supervisor]);
    expect(res.body[1]).toMatchObject({ precinct: { precinctId: 2 }, hoursWorked: 4, travelHours: 0, firs: 0, ticketCount: 2, flaggedCount: 1, startDate: '03/16/2026', endDate: '03/17/2026' });
    expect(res.body[0]).toMatchObject({ hoursWorked: 4, arrests: 1, reports: 2, precinct: { precinctId: 1 } });
    const byHours = await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token, query: { summarizeFlag: 'Y', _sort: 'hoursWorked', _order: 'ASC', _start: '0', _end: '1' } });
    expect(byHours.body).toHaveLength(1);
    expect(byHours.body[0].officer.officerId).toBe(OFF.supervisor);
    await call(t.app, 'PUT', `/api/timeTickets/flagTicket/${otherTicket}`, { token, query: { flaggedBy: '0' } });
  });
});

describe('officers read side', () => {
  it('lists officers for pickers with a placeholder first, allow-listed orderBy', async () => {
    const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: await tok(t.app, OFF.owner), query: { excludeSeparated: 'Y', orderBy: 'last_name,first_name', accessTypeId: '10' } });
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ officerId: 0, lastName: '', firstName: '' });
    const ids = res.body.slice(1).map((o: { officerId: number }) => o.officerId);
    expect(ids).toContain(OFF.auditor);
    expect(ids).not.toContain(OFF.separatedAuditor);
    expect(res.body.find((o: { officerId: number }) => o.officerId === OFF.auditor)).toMatchObject({ rank: { rankId: 3 }, mobile: '516-555-0101' });
    const bad = await call(t.app, 'GET', '/api/officer/getMultiple', { token: await tok(t.app, OFF.owner), query: { orderBy: 'password_hash' } });
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'GET', '/api/officer/getMultiple', { token: await tok(t.app, OFF.restricted) })).status).toBe(403);
  });

  it('returns one officer to himself or to level 10, never with password material', async () => {
    const own = await call(t.app, 'GET', `/api/officer/getSingle/${OFF.owner}`, { token: await tok(t.app, OFF.owner) });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ officerId: OFF.owner, lastName: 'Owner', rank: { rankId: 1 } });
    expect(JSON.stringify(own.body)).not.toMatch(/hash/i);
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${OFF.other}`, { token: await tok(t.app, OFF.owner) })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/officer/getSingle/${OFF.other}`, { token: await tok(t.app, OFF.auditor) })).status).toBe(200);
  });
});
