import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pdfPagesText, unzip } from '../pdfText';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { ticketBody } from './tickets.fixtures';
import { eventBody } from './events.fixtures';
import * as s from '../../server/db/schema';
import { pgErrorCode } from '../../server/errors';
import { format, rc } from '../../src/domain/messages';

/**
 * The LOSAP year end of 2026, told as it happens (decision 024), America/New_York:
 *
 *  01/10/2027  the chief (level 9) opens the review of 2026 (2027 is refused: not over);
 *              Adams and Cole attest, Baker disputes; certifying is refused while he does;
 *              the chief resolves his dispute.
 *  02/05/2027  the chief certifies 2026: every write into its tickets, events and past rosters is
 *              refused (409, the certified message), by the routes and by the database; 2027 is not.
 *  02/06/2027  the auditor (level 10) reopens 2026 with a reason and corrects Cole's ticket:
 *              Cole's attestation reads 'changed', Adams's stands.
 *
 * 2026 tickets (10-41 local, default hours rule, 100 hours):
 *  Adams  03/10 10:00-16:00 Patrol 6h; 07/15 10:00-14:00 Desk Duty 4h  -> Patrol 6, Desk Duty 4, total 10
 *  Baker  04/01 10:00-15:00 Patrol 5h + 1 travel                         -> Patrol 6, total 6
 *  Cole   05/05 10:00-13:00 Patrol 3h                                    -> Patrol 3, total 3
 * An event of 09/10/2026 (incentive 2 hours) has Baker on its roster.
 */
const ADAMS = 801;
const BAKER = 802;
const COLE = 803;
const RESTRICTED = 804;
const SUPERVISOR = 805;
const GONE = 806;
const CHIEF = 809;
const AUDITOR = 810;
const y = rc.losap.yearEnd;
const FROZEN = rc.losap.errors.frozen;
let t: TestApp;
let locationId: number;
let eventId: number;
const tickets: Record<string, number> = {};

async function ticket(officerId: number, startIso: string, endIso: string, hours: number, assignmentTypeId: number, o: Partial<typeof s.hoursWorked.$inferInsert> = {}) {
  const [row] = await t.app.ctx.db
    .insert(s.hoursWorked)
    .values({ officerId, assignmentTypeId, precinctId: 3, startAt: new Date(startIso), endAt: new Date(endIso), hoursWorked: hours, description: 'Year-end fixture', ...o })
    .returning({ id: s.hoursWorked.hoursWorkedId });
  return row.id;
}

/** A call as officer `as` (a fresh session at the test clock's time). */
async function as(officerId: number, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { body?: unknown; query?: Record<string, string> } = {}) {
  return call(t.app, method, url, { token: await tokenFor(t.app, officerId), ...opts });
}

/** The PDF's text items in reading order, joined by new lines. */
const pdfText = async (bytes: Uint8Array): Promise<string> => (await pdfPagesText(bytes)).flat().join('\n');

async function statementOf(officerId: number): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/losap/statement', query: { officerId: String(officerId), year: '2026' }, headers: { authorization: `Bearer ${await tokenFor(t.app, CHIEF)}` } });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

/** The review row of one officer. */
async function reviewRow(officerId: number) {
  const res = await as(CHIEF, 'GET', '/api/losap/review', { query: { year: '2026', _start: '0', _end: '200' } });
  expect(res.status).toBe(200);
  return (res.body as Array<{ officerId: number; status: string }>).find((r) => r.officerId === officerId);
}

/** The update body of a fixture ticket (local times of its 10-41 and 10-42), overridable. */
const ticketUpdate = (hoursWorkedId: number, officerId: number, date: string, start: string, end: string, assignmentTypeId: number, o: Record<string, unknown> = {}) =>
  ticketBody(officerId, { hoursWorkedId, assignmentType: { assignmentTypeId }, precinct: { precinctId: 3 }, startDate: date, startTime: start, endDate: date, endTime: end, ...o });

const conflictOf = (message: string) => ({ statusCode: 409, error: 'Conflict', message });

beforeAll(async () => {
  t = await startTestApp({
    now: new Date('2027-01-10T17:00:00Z'),
    build: {
      // a writer that asks nothing first: the database's lock answers for it
      extraApiRoutes: (api) => {
        api.post('/test/touchTicket/:id', { schema: { hide: true } }, async (request) => {
          const id = Number((request.params as { id: string }).id);
          await api.ctx.db.update(s.hoursWorked).set({ description: 'Touched' }).where(eq(s.hoursWorked.hoursWorkedId, id));
          return { ok: true };
        });
      },
    },
  });
  await createOfficer(t.app, { officerId: ADAMS, accessTypeId: 1, precinctId: 3, lastName: 'Adams', firstName: 'Ann' });
  await createOfficer(t.app, { officerId: BAKER, accessTypeId: 1, precinctId: 4, lastName: 'Baker', firstName: 'Bob' });
  await createOfficer(t.app, { officerId: COLE, accessTypeId: 1, precinctId: 4, lastName: 'Cole', firstName: 'Cy' });
  await createOfficer(t.app, { officerId: RESTRICTED, accessTypeId: 3, lastName: 'Reed' });
  await createOfficer(t.app, { officerId: SUPERVISOR, accessTypeId: 5, lastName: 'Stone' });
  await createOfficer(t.app, { officerId: GONE, accessTypeId: 1, lastName: 'Gone', separationDate: '2026-06-01' });
  await createOfficer(t.app, { officerId: CHIEF, accessTypeId: 9, lastName: 'Chase', firstName: 'Carl' });
  await createOfficer(t.app, { officerId: AUDITOR, accessTypeId: 10, lastName: 'Young', firstName: 'Yael' });
  tickets.adamsPatrol = await ticket(ADAMS, '2026-03-10T14:00:00Z', '2026-03-10T20:00:00Z', 6, 2);
  tickets.adamsDesk = await ticket(ADAMS, '2026-07-15T14:00:00Z', '2026-07-15T18:00:00Z', 4, 7);
  tickets.baker = await ticket(BAKER, '2026-04-01T14:00:00Z', '2026-04-01T19:00:00Z', 5, 2, { travelHours: 1 });
  tickets.cole = await ticket(COLE, '2026-05-05T14:00:00Z', '2026-05-05T17:00:00Z', 3, 2);
  const [loc] = await t.app.ctx.db.insert(s.location).values({ name: 'Park', address: '1 Park Ave', city: 'Mineola', stateId: 1, zip: '11501', precinctId: 3 }).returning();
  locationId = loc.locationId;
  const [ev] = await t.app.ctx.db
    .insert(s.event)
    .values({ eventName: 'Fair', startAt: new Date('2026-09-10T14:00:00Z'), endAt: new Date('2026-09-10T18:00:00Z'), eventTypeId: 11, locationId, maxOfficers: 5, incentiveHours: 2, description: 'County fair' })
    .returning();
  eventId = ev.eventId;
  await t.app.ctx.db.insert(s.eventSignup).values({ eventId, officerId: BAKER });
});
afterAll(() => t.close());

describe('the LOSAP year end of 2026', () => {
  it('refuses the year end below level 9, and a reopening below level 10', async () => {
    for (const who of [ADAMS, SUPERVISOR]) {
      expect((await as(who, 'GET', '/api/losap/yearEnd', { query: { year: '2026' } })).status).toBe(403);
      expect((await as(who, 'GET', '/api/losap/review', { query: { year: '2026' } })).status).toBe(403);
      expect((await as(who, 'POST', '/api/losap/yearEnd/open', { body: { year: 2026 } })).status).toBe(403);
      expect((await as(who, 'POST', '/api/losap/yearEnd/certify', { body: { year: 2026 } })).status).toBe(403);
      expect((await as(who, 'POST', '/api/losap/resolve', { body: { year: 2026, officerId: BAKER, comment: 'x' } })).status).toBe(403);
      expect((await as(who, 'GET', '/api/losap/exportSponsorFile', { query: { year: '2026' } })).status).toBe(403);
    }
    const reopen = await as(CHIEF, 'POST', '/api/losap/yearEnd/reopen', { body: { year: 2026, reason: 'x' } });
    expect(reopen.status).toBe(403);
    expect(reopen.body).toMatchObject({ statusCode: 403, message: rc.errors.unauthorized });
    // level 3 neither attests nor reads an attestation
    expect((await as(RESTRICTED, 'POST', '/api/losap/attest', { body: { year: 2026 } })).status).toBe(403);
    expect((await as(RESTRICTED, 'GET', '/api/losap/attestation', { query: { year: '2026' } })).status).toBe(403);
    // another officer's attestation: level 9+
    const other = await as(ADAMS, 'GET', '/api/losap/attestation', { query: { year: '2026', officerId: String(BAKER) } });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(rc.tickets.notYourTicket);
  });

  it('is open before its review: nothing to attest, the current year cannot be opened', async () => {
    const state = await as(CHIEF, 'GET', '/api/losap/yearEnd');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ year: 2026, state: 'open', certifiedAt: null });
    expect((await as(ADAMS, 'POST', '/api/losap/attest', { body: { year: 2026 } })).body).toEqual(conflictOf(format(y.errors.notInReview, { year: 2026 })));
    const current = await as(CHIEF, 'POST', '/api/losap/yearEnd/open', { body: { year: 2027 } });
    expect(current.body).toEqual(conflictOf('The LOSAP year 2027 is not over yet; its review opens on 01/01/2028.'));
  });

  it('opens the review of 2026 once', async () => {
    const res = await as(CHIEF, 'POST', '/api/losap/yearEnd/open', { body: { year: 2026 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: 2026, state: 'review', reviewOpenedAt: '2027-01-10T17:00:00.000Z' });
    // the officers of the year: everyone active on 12/31/2026 but the exempt accounts (Gone left in June)
    expect(res.body.counts).toMatchObject({ attested: 0, disputed: 0 });
    expect(res.body.counts.notAttested).toBe(res.body.counts.officers);
    expect((await as(CHIEF, 'POST', '/api/losap/yearEnd/open', { body: { year: 2026 } })).body).toEqual(conflictOf(format(y.errors.alreadyOpen, { year: 2026 })));
    expect((await as(CHIEF, 'GET', '/api/losap/exportSponsorFile', { query: { year: '2026' } })).body).toEqual(conflictOf(format(y.errors.notCertified, { year: 2026 })));
  });

  it('takes attestations and disputes of the officers of the year', async () => {
    const a = await as(ADAMS, 'POST', '/api/losap/attest', { body: { year: 2026 } });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ year: 2026, officerId: ADAMS, yearState: 'review', status: 'attested', attestedAt: '2027-01-10T17:00:00.000Z' });
    expect((await as(COLE, 'POST', '/api/losap/attest', { body: { year: 2026 } })).body.status).toBe('attested');
    const blank = await as(BAKER, 'POST', '/api/losap/dispute', { body: { year: 2026, comment: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(y.errors.commentRequired);
    const b = await as(BAKER, 'POST', '/api/losap/dispute', { body: { year: 2026, comment: 'My fair detail of 09/10 is missing.' } });
    expect(b.body).toMatchObject({ officerId: BAKER, status: 'disputed', comment: 'My fair detail of 09/10 is missing.', disputedAt: '2027-01-10T17:00:00.000Z' });
    // the super user's account is exempt from LOSAP: not an officer of the year
    const gone = await as(1, 'POST', '/api/losap/attest', { body: { year: 2026 } });
    expect(gone.status).toBe(403);
    expect(gone.body.message).toBe(format(y.errors.notInYear, { year: 2026 }));
    // his own attestation, read back; the chief reads anyone's
    expect((await as(ADAMS, 'GET', '/api/losap/attestation', { query: { year: '2026' } })).body.status).toBe('attested');
    expect((await as(CHIEF, 'GET', '/api/losap/attestation', { query: { year: '2026', officerId: String(BAKER) } })).body.status).toBe('disputed');
  });

  it('refuses to certify while a dispute is open, and resolves it at level 9', async () => {
    expect((await as(CHIEF, 'POST', '/api/losap/yearEnd/certify', { body: { year: 2026 } })).body).toEqual(
      conflictOf('The year cannot be certified while a dispute is open (1 open).'),
    );
    expect((await as(CHIEF, 'POST', '/api/losap/resolve', { body: { year: 2026, officerId: ADAMS, comment: 'Nothing to do' } })).body).toEqual(
      conflictOf(format(y.errors.notDisputed, { year: 2026 })),
    );
    const res = await as(CHIEF, 'POST', '/api/losap/resolve', { body: { year: 2026, officerId: BAKER, comment: 'The fair was a 2025 event; no change.' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ officerId: BAKER, status: 'resolved', resolvedBy: 'Chase, Carl', resolution: 'The fair was a 2025 event; no change.' });
  });

  it('lists the review with each officer’s categories and status, filtered by status', async () => {
    const adams = await reviewRow(ADAMS);
    expect(adams).toMatchObject({
      total: 10, threshold: 100, qualifies: false, status: 'attested', attestedAt: '2027-01-10T17:00:00.000Z',
      byCategory: [{ name: 'Patrol', value: 6, cap: null, capped: false }, { name: 'Desk Duty', value: 4, cap: null, capped: false }],
    });
    expect(await reviewRow(GONE)).toBeUndefined();
    const resolved = await as(CHIEF, 'GET', '/api/losap/review', { query: { year: '2026', status: 'resolved' } });
    expect(resolved.headers['x-total-count']).toBe('1');
    expect(resolved.body).toEqual([expect.objectContaining({ officerId: BAKER, status: 'resolved', comment: 'My fair detail of 09/10 is missing.', byCategory: [{ name: 'Patrol', value: 6, cap: null, capped: false }] })]);
    const attested = await as(CHIEF, 'GET', '/api/losap/review', { query: { year: '2026', status: 'attested', _sort: 'name' } });
    expect(attested.body.map((r: { officerId: number }) => r.officerId)).toEqual([ADAMS, COLE]);
  });

  it('keeps tickets editable under review, even the auditor’s old ones', async () => {
    const res = await as(AUDITOR, 'PUT', '/api/timeTickets/update', { body: ticketUpdate(tickets.cole, COLE, '05/05/2026', '10:00', '13:00', 2, { description: 'Checked at the review' }) });
    expect(res.status).toBe(200);
    expect((await reviewRow(COLE))?.status).toBe('attested');
  });

  it('certifies 2026 (counting who has not attested) and freezes its rules', async () => {
    t.clock.set('2027-02-05T17:00:00Z');
    const res = await as(CHIEF, 'POST', '/api/losap/yearEnd/certify', { body: { year: 2026 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: 2026, state: 'certified', certifiedAt: '2027-02-05T17:00:00.000Z', certifiedBy: 'Chase, Carl' });
    expect(res.body.counts).toMatchObject({ attested: 2, disputed: 0, notAttested: res.body.counts.officers - 2 });
    const rules = await as(CHIEF, 'GET', '/api/losap/rules', { query: { year: '2026' } });
    expect(rules.body).toMatchObject({ frozen: true, stored: true, rule: 'hours', threshold: 100 });
    expect((await as(CHIEF, 'POST', '/api/losap/attest', { body: { year: 2026 } })).body).toEqual(conflictOf(format(y.errors.notInReview, { year: 2026 })));
  });

  it('refuses every ticket write into the certified year with the certified message', async () => {
    const create = await as(ADAMS, 'POST', '/api/timeTickets/insert', { body: ticketBody(ADAMS, { startDate: '12/01/2026', endDate: '12/01/2026' }) });
    expect(create.body).toEqual(conflictOf(FROZEN));
    // the auditor's window (365 days) holds this 205-day-old ticket; the certified year does not
    const edit = await as(AUDITOR, 'PUT', '/api/timeTickets/update', { body: ticketUpdate(tickets.adamsDesk, ADAMS, '07/15/2026', '10:00', '14:00', 7, { description: 'Late correction' }) });
    expect(edit.body).toEqual(conflictOf(FROZEN));
    const del = await as(ADAMS, 'DELETE', '/api/timeTickets/delete', { body: [{ id: 0, deleteStatus: '' }, { id: tickets.adamsPatrol, deleteStatus: 'Y' }] });
    expect(del.body).toEqual(conflictOf(FROZEN));
    const flag = await as(AUDITOR, 'PUT', `/api/timeTickets/flagTicket/${tickets.adamsPatrol}`, { query: { flaggedBy: String(AUDITOR) } });
    expect(flag.body).toEqual(conflictOf(FROZEN));
    const review = await as(AUDITOR, 'PUT', '/api/timeTickets/review', { body: { ids: [tickets.baker], decision: 'accept' } });
    expect(review.body).toEqual(conflictOf(FROZEN));
    const [row] = await t.app.ctx.db.select().from(s.hoursWorked).where(eq(s.hoursWorked.hoursWorkedId, tickets.adamsDesk));
    expect(row).toMatchObject({ description: 'Year-end fixture', flaggedBy: null });
  });

  it('refuses changing its events and past rosters', async () => {
    const ev = eventBody(locationId, { eventId, eventName: 'Fair', eventType: { eventTypeId: 11 }, startDate: '09/10/2026', startTime: '10:00', endDate: '09/10/2026', endTime: '14:00', maxOfficers: 5, incentiveHours: 2, description: 'Renamed' });
    expect((await as(CHIEF, 'PUT', '/api/events/update', { body: ev })).body).toEqual(conflictOf(FROZEN));
    expect((await as(CHIEF, 'DELETE', '/api/events/delete', { body: [{ id: 0, deleteStatus: '' }, { id: eventId, deleteStatus: 'Y' }] })).body).toEqual(conflictOf(FROZEN));
    expect((await as(CHIEF, 'POST', '/api/signup/insert', { body: { event: { eventId }, officer: { officerId: COLE } } })).body).toEqual(conflictOf(FROZEN));
    const remove = await as(CHIEF, 'DELETE', '/api/signup/delete', { query: { eventId: String(eventId) }, body: [{ id: 0, deleteStatus: '' }, { id: BAKER, deleteStatus: 'Y' }] });
    expect(remove.body).toEqual(conflictOf(FROZEN));
  });

  it('refuses a write straight in SQL in the database, and answers a path that did not ask with the same 409', async () => {
    const refused = await t.app.ctx.db
      .execute(sql`update hours_worked set description = 'Straight' where hours_worked_id = ${tickets.baker}`)
      .then(() => null, (err: unknown) => err);
    expect(pgErrorCode(refused)).toBe('RCY01');
    const deleted = await t.app.ctx.db.delete(s.eventSignup).where(eq(s.eventSignup.eventId, eventId)).then(() => null, (err: unknown) => err);
    expect(pgErrorCode(deleted)).toBe('RCY01');
    const res = await as(AUDITOR, 'POST', `/api/test/touchTicket/${tickets.baker}`);
    expect(res.body).toEqual(conflictOf(FROZEN));
  });

  it('leaves the next year alone', async () => {
    const res = await as(ADAMS, 'POST', '/api/timeTickets/insert', { body: ticketBody(ADAMS, { startDate: '02/01/2027', endDate: '02/01/2027' }) });
    expect(res.status).toBe(201);
    const del = await as(ADAMS, 'DELETE', '/api/timeTickets/delete', { body: [{ id: 0, deleteStatus: '' }, { id: res.body.hoursWorkedId, deleteStatus: 'Y' }] });
    expect(del.body).toEqual({ deleted: 1 });
  });

  it('prints the attestation and the certification on the statements', async () => {
    const adams = await statementOf(ADAMS);
    expect(adams).toContain('Attestation: Attested 01/10/2027');
    expect(adams).toContain('Certification: Certified on 02/05/2027 by Chase, Carl');
    const baker = await statementOf(BAKER);
    expect(baker).toContain(`Attestation: ${y.statuses.resolved}`);
    // the ZIP of every statement prints the same (it reads the year once and the attestations a page at a time)
    const zip = await t.app.inject({ method: 'GET', url: '/api/losap/statements', query: { year: '2026' }, headers: { authorization: `Bearer ${await tokenFor(t.app, CHIEF)}` } });
    expect(zip.statusCode).toBe(200);
    const entries = await unzip(zip.rawPayload);
    const inZip = async (officerId: number) => pdfText(entries.find((e) => e.name === `losap-statement-2026-A0${officerId}.pdf`)!.data);
    expect(await inZip(ADAMS)).toBe(adams);
    expect(await inZip(BAKER)).toBe(baker);
  });

  it('writes the sponsor’s file of the certified year with each category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/losap/exportSponsorFile', query: { year: '2026', format: 'csv' }, headers: { authorization: `Bearer ${await tokenFor(t.app, CHIEF)}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="losap-sponsor-file-2026.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Officer Id,Officer Code,Last Name,First Name,Precinct,Rank,Patrol,Desk Duty,Total,Threshold,Qualifies,Attested,Attestation,Certified');
    const row = (last: string) => lines.find((l) => l.split(',')[2] === last);
    expect(row('Adams')).toBe(`${ADAMS},A0${ADAMS},Adams,Ann,3rd Precinct,${row('Adams')!.split(',')[5]},6.00,4.00,10.00,100.00,N,01/10/2027,Attested,02/05/2027`);
    expect(row('Baker')?.split(',').slice(6)).toEqual(['6.00', '0.00', '6.00', '100.00', 'N', '', 'Resolved', '02/05/2027']);
    expect(row('Cole')?.split(',').slice(6)).toEqual(['3.00', '0.00', '3.00', '100.00', 'N', '01/10/2027', 'Attested', '02/05/2027']);
    expect(row('Gone')).toBeUndefined();
    expect(res.headers['x-total-count']).toBe(String(lines.length - 1));
  });

  it('is reopened at level 10 with a reason; a corrected officer attests again, the others stand', async () => {
    t.clock.set('2027-02-06T17:00:00Z');
    const blank = await as(AUDITOR, 'POST', '/api/losap/yearEnd/reopen', { body: { year: 2026, reason: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(y.errors.reasonRequired);
    const res = await as(AUDITOR, 'POST', '/api/losap/yearEnd/reopen', { body: { year: 2026, reason: 'Cole’s May tour ended at 14:00.' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'review', reopenedAt: '2027-02-06T17:00:00.000Z', reopenReason: 'Cole’s May tour ended at 14:00.', certifiedAt: null });
    expect((await as(AUDITOR, 'POST', '/api/losap/yearEnd/reopen', { body: { year: 2026, reason: 'Again' } })).body).toEqual(conflictOf(format(y.errors.notCertified, { year: 2026 })));
    // the rules stay frozen
    expect((await as(CHIEF, 'GET', '/api/losap/rules', { query: { year: '2026' } })).body.frozen).toBe(true);
    const edit = await as(AUDITOR, 'PUT', '/api/timeTickets/update', { body: ticketUpdate(tickets.cole, COLE, '05/05/2026', '10:00', '14:00', 2) });
    expect(edit.status).toBe(200);
    expect((await reviewRow(COLE))?.status).toBe('changed');
    expect((await reviewRow(ADAMS))?.status).toBe('attested');
    expect((await as(COLE, 'GET', '/api/losap/attestation', { query: { year: '2026' } })).body.status).toBe('changed');
    const again = await as(COLE, 'POST', '/api/losap/attest', { body: { year: 2026 } });
    expect(again.body).toMatchObject({ status: 'attested', attestedAt: '2027-02-06T17:00:00.000Z' });
  });

  it('keeps each step in the audit log', async () => {
    const rows = await t.app.ctx.db
      .select({ action: s.auditLog.action, entity: s.auditLog.entity, entityId: s.auditLog.entityId, actorId: s.auditLog.actorId, details: s.auditLog.details })
      .from(s.auditLog)
      .where(and(inArray(s.auditLog.entity, ['losapYear', 'losapAttestation']), eq(s.auditLog.outcome, 'success')))
      .orderBy(s.auditLog.auditLogId);
    expect(rows.map((r) => `${r.action} ${r.entityId} by ${r.actorId}`)).toEqual([
      `openReview 2026 by ${CHIEF}`,
      `attest 2026/${ADAMS} by ${ADAMS}`,
      `attest 2026/${COLE} by ${COLE}`,
      `dispute 2026/${BAKER} by ${BAKER}`,
      `resolve 2026/${BAKER} by ${CHIEF}`,
      `certify 2026 by ${CHIEF}`,
      `reopen 2026 by ${AUDITOR}`,
      `attest 2026/${COLE} by ${COLE}`,
    ]);
    expect(rows.find((r) => r.action === 'reopen')?.details).toBe('Cole’s May tour ended at 14:00.');
  });
});

describe('the year end under a point schedule (2025)', () => {
  /**
   * Adams in 2025: Patrol 8 hours (1 point per 2 hours, capped at 3 -> 3, capped) and one Desk
   * Duty ticket (2 points a ticket) -> 5 points. The review, the attestation and the statement must
   * read the same figures: the statement's "Attested" shows the key the review's SQL stored equals
   * the progress's figuresKey.
   */
  it('reads the capped categories in the review and keeps the attestation standing on the statement', async () => {
    await ticket(ADAMS, '2025-03-10T14:00:00Z', '2025-03-10T22:00:00Z', 8, 2);
    await ticket(ADAMS, '2025-04-10T14:00:00Z', '2025-04-10T16:00:00Z', 2, 7);
    const rules = await as(AUDITOR, 'PUT', '/api/losap/rules', {
      body: {
        year: 2025, rule: 'points', threshold: 4,
        categories: [
          { name: 'Patrol', unit: 'hours', points: 1, perHours: 2, minHours: 0, cap: 3, assignmentTypeIds: [2], eventTypeIds: [] },
          { name: 'Desk', unit: 'ticket', points: 2, minHours: 0, cap: null, assignmentTypeIds: [7], eventTypeIds: [] },
        ],
      },
    });
    expect(rules.status).toBe(200);
    expect((await as(CHIEF, 'POST', '/api/losap/yearEnd/open', { body: { year: 2025 } })).status).toBe(200);
    expect((await as(ADAMS, 'POST', '/api/losap/attest', { body: { year: 2025 } })).body.status).toBe('attested');
    const res = await as(CHIEF, 'GET', '/api/losap/review', { query: { year: '2025', status: 'attested' } });
    expect(res.body).toEqual([
      expect.objectContaining({
        officerId: ADAMS, total: 5, qualifies: true, status: 'attested',
        byCategory: [{ name: 'Patrol', value: 3, cap: 3, capped: true }, { name: 'Desk', value: 2, cap: null, capped: false }],
      }),
    ]);
    const pdf = await t.app.inject({ method: 'GET', url: '/api/losap/statement', query: { officerId: String(ADAMS), year: '2025' }, headers: { authorization: `Bearer ${await tokenFor(t.app, CHIEF)}` } });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Attestation: Attested 02/06/2027');
    expect(text).toContain(`Certification: ${rc.losap.statement.notCertified}`);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('a certification racing a ticket write (PostgreSQL)', () => {
  let p: TestApp;
  let id: number;
  beforeAll(async () => {
    p = await startTestApp({ now: new Date('2027-01-10T17:00:00Z') });
    await createOfficer(p.app, { officerId: ADAMS, accessTypeId: 1, lastName: 'Adams' });
    await createOfficer(p.app, { officerId: CHIEF, accessTypeId: 9, lastName: 'Chase' });
    [{ id }] = await p.app.ctx.db
      .insert(s.hoursWorked)
      .values({ officerId: ADAMS, assignmentTypeId: 2, precinctId: 3, startAt: new Date('2026-03-10T14:00:00Z'), endAt: new Date('2026-03-10T20:00:00Z'), hoursWorked: 6 })
      .returning({ id: s.hoursWorked.hoursWorkedId });
    const open = await call(p.app, 'POST', '/api/losap/yearEnd/open', { token: await tokenFor(p.app, CHIEF), body: { year: 2026 } });
    expect(open.status).toBe(200);
  });
  afterAll(() => p.close());

  it('waits for a write already made into the year, then refuses the next one', async () => {
    // the session first: making one writes rows the ticket's own triggers also write
    const token = await tokenFor(p.app, CHIEF);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const writing = p.app.ctx.db.transaction(async (tx) => {
      await tx.update(s.hoursWorked).set({ description: 'Written before the certification' }).where(eq(s.hoursWorked.hoursWorkedId, id));
      written();
      await held;
    });
    await wrote;
    let done = false;
    const certify = call(p.app, 'POST', '/api/losap/yearEnd/certify', { token, body: { year: 2026 } }).finally(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(done).toBe(false);
    release();
    await writing;
    expect((await certify).body.state).toBe('certified');
    const [row] = await p.app.ctx.db.select({ description: s.hoursWorked.description }).from(s.hoursWorked).where(eq(s.hoursWorked.hoursWorkedId, id));
    expect(row.description).toBe('Written before the certification');
    const after = await p.app.ctx.db.update(s.hoursWorked).set({ description: 'After' }).where(eq(s.hoursWorked.hoursWorkedId, id)).then(() => null, (err: unknown) => err);
    expect(pgErrorCode(after)).toBe('RCY01');
  });
});
