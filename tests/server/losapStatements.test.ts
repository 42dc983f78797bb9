import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPagesText, unzip } from '../pdfText';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import * as s from '../../server/db/schema';
import { rc } from '../../src/domain/messages';

/**
 * The year-end LOSAP statement (PDF) and every officer's statements as one ZIP. Clock: 01/10/2027
 * in America/New_York, so 2026 is a closed year. Officer A's 2026 tickets (10-41 local; total =
 * worked + travel):
 *
 *  10-41 (local)          worked travel total  counted
 *  01/05 08:00-12:00      4      1      5      yes (January)
 *  03/10 10:00-16:00      6      -      6      yes (March)
 *  06/01 08:00-20:00      12     -      12     no: FLAGGED (06/01/2026 on the statement)
 *  11/20 10:00-18:00      8      -      8      yes (November)
 *  12/31 20:00-23:00      3      -      3      yes (December: 01/01/2027 01:00 UTC)
 *
 * Default hours rule (100): total 5 + 6 + 8 + 3 = 22, does not qualify.
 */
const NOW = '2027-01-10T17:00:00Z';
const A = 701;
const B = 702;
const RESTRICTED = 703;
const SUPERVISOR = 705;
const CHIEF = 709;
const AUDITOR = 710;
const SEPARATED = 711;
let t: TestApp;
const tokens: Record<number, string> = {};

async function ticket(officerId: number, startIso: string, endIso: string, hours: number, o: Partial<typeof s.hoursWorked.$inferInsert> = {}) {
  await t.app.ctx.db.insert(s.hoursWorked).values({
    officerId, assignmentTypeId: 2, precinctId: 3, startAt: new Date(startIso), endAt: new Date(endIso), hoursWorked: hours, description: 'LOSAP statement fixture', ...o,
  });
}

/** GET as `as`, the raw bytes kept. */
async function raw(as: number, url: string, query: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${tokens[as]}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() as { message: string } };
}

/** The PDF's text items in reading order, whitespace trimmed, empty ones dropped. */
const pdfText = async (bytes: Uint8Array): Promise<string[]> => (await pdfPagesText(bytes)).flat();


const statement = (as: number, query: Record<string, string>) => raw(as, '/api/losap/statement', query);

beforeAll(async () => {
  t = await startTestApp({ now: new Date(NOW) });
  await createOfficer(t.app, { officerId: A, accessTypeId: 1, precinctId: 3, lastName: 'Adams', firstName: 'Ann' });
  await createOfficer(t.app, { officerId: B, accessTypeId: 1, precinctId: 4, lastName: 'Baker', firstName: 'Bob' });
  await createOfficer(t.app, { officerId: RESTRICTED, accessTypeId: 3, precinctId: 4, lastName: 'Reed' });
  await createOfficer(t.app, { officerId: SUPERVISOR, accessTypeId: 5, precinctId: 4, lastName: 'Stone' });
  await createOfficer(t.app, { officerId: CHIEF, accessTypeId: 9, precinctId: 4, lastName: 'Chase' });
  await createOfficer(t.app, { officerId: AUDITOR, accessTypeId: 10, precinctId: 4, lastName: 'Young' });
  await createOfficer(t.app, { officerId: SEPARATED, accessTypeId: 1, precinctId: 3, lastName: 'Gone', separationDate: '2026-02-01' });
  await ticket(A, '2026-01-05T13:00:00Z', '2026-01-05T17:00:00Z', 4, { travelHours: 1 });
  await ticket(A, '2026-03-10T14:00:00Z', '2026-03-10T20:00:00Z', 6);
  await ticket(A, '2026-06-01T12:00:00Z', '2026-06-02T00:00:00Z', 12, { flaggedBy: AUDITOR, reviewState: 'flagged' });
  await ticket(A, '2026-11-20T15:00:00Z', '2026-11-20T23:00:00Z', 8);
  await ticket(A, '2027-01-01T01:00:00Z', '2027-01-01T04:00:00Z', 3);
  await ticket(B, '2026-03-01T14:00:00Z', '2026-03-01T18:00:00Z', 4);
  for (const id of [A, B, RESTRICTED, SUPERVISOR, CHIEF, AUDITOR]) tokens[id] = await tokenFor(t.app, id);
});
afterAll(() => t.close());

describe('LOSAP year-end statement', () => {
  it('is a PDF with the officer, the year, each month’s hours, the flagged ticket left out, the total and the verdict', async () => {
    const res = await statement(A, { year: '2026' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="losap-statement-2026-A0701.pdf"');
    const text = await pdfText(res.bytes);
    const all = text.join('\n');
    expect(text).toContain(t.app.ctx.config.ORG_NAME);
    expect(all).toContain('Officer: Adams, Ann (A0701)');
    expect(all).toContain('Year: 2026');
    const month = (name: string) => text[text.indexOf(`${name} 2026`) + 1];
    expect([month('January'), month('February'), month('March'), month('June'), month('November'), month('December')]).toEqual(['5.00', '0.00', '6.00', '0.00', '8.00', '3.00']);
    expect(all).toContain('Flagged tickets left out (12.00 hours)');
    expect(all).toContain('06/01/2026');
    expect(all).toContain('Total: 22.00 hours of 100.00');
    expect(all).toContain(rc.losap.statement.doesNotQualify);
    expect(all).toContain(rc.losap.statement.notAttested);
    expect(all).toContain(rc.losap.statement.notCertified);
    expect(all).toContain(rc.losap.statement.memberSignature);
    expect(all).toContain(rc.losap.statement.chiefSignature);
  });

  it('prints the same total as the progress answer, and the verdict under a lower threshold', async () => {
    const progress = await call(t.app, 'GET', '/api/losap/progress', { token: tokens[A], query: { year: '2026' } });
    expect(progress.body.total).toBe(22);
    const put = await call(t.app, 'PUT', '/api/losap/rules', { token: tokens[AUDITOR], body: { year: 2026, rule: 'hours', threshold: 20, categories: [] } });
    expect(put.status).toBe(200);
    const all = (await pdfText((await statement(A, { year: '2026' })).bytes)).join('\n');
    expect(all).toContain(`Total: 22.00 hours of 20.00`);
    expect(all).toContain(rc.losap.statement.qualifies);
  });

  it('prints a point schedule’s categories with their caps applied, as the progress answer gives them', async () => {
    const schedule = {
      year: 2026, rule: 'points', threshold: 2,
      categories: [{ name: 'Patrol', unit: 'hours', points: 1, perHours: 4, minHours: 0, cap: 2, assignmentTypeIds: [2], eventTypeIds: [] }],
    };
    expect((await call(t.app, 'PUT', '/api/losap/rules', { token: tokens[AUDITOR], body: schedule })).status).toBe(200);
    const progress = await call(t.app, 'GET', '/api/losap/progress', { token: tokens[A], query: { year: '2026' } });
    // 22 patrol hours: 5 whole 4-hour units, capped at 2
    expect(progress.body.byCategory).toEqual([{ name: 'Patrol', value: 2, cap: 2, capped: true }]);
    const text = await pdfText((await statement(A, { year: '2026' })).bytes);
    expect(text[text.indexOf('Patrol') + 1]).toBe('2.00 (capped at 2.00)');
    expect(text.join('\n')).toContain('Total: 2.00 points of 2.00');
    expect(text).toContain(rc.losap.statement.qualifies);
    await call(t.app, 'PUT', '/api/losap/rules', { token: tokens[AUDITOR], body: { year: 2026, rule: 'hours', threshold: 100, categories: [] } });
  });

  it('refuses another officer’s statement below level 9 and gives it at level 9', async () => {
    expect((await statement(B, { officerId: String(A), year: '2026' })).status).toBe(403);
    const supervisor = await statement(SUPERVISOR, { officerId: String(A), year: '2026' });
    expect(supervisor.status).toBe(403);
    expect(supervisor.json().message).toBe(rc.tickets.notYourTicket);
    const restricted = await statement(RESTRICTED, { year: '2026' });
    expect(restricted.status).toBe(403);
    expect(restricted.json().message).toBe(rc.errors.unauthorized);
    const chief = await statement(CHIEF, { officerId: String(A), year: '2026' });
    expect(chief.status).toBe(200);
    expect((await pdfText(chief.bytes)).join('\n')).toContain('Officer: Adams, Ann (A0701)');
    expect((await statement(CHIEF, { officerId: '9999', year: '2026' })).status).toBe(404);
  });
});

describe('LOSAP statements ZIP', () => {
  it('streams one statement PDF per active officer of the year', async () => {
    const res = await raw(CHIEF, '/api/losap/statements', { year: '2026' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="losap-statements-2026.zip"');
    const entries = await unzip(res.bytes);
    const report = await call(t.app, 'GET', '/api/losap/progressReport', { token: tokens[CHIEF], query: { year: '2026', _start: '0', _end: '200' } });
    const active = (report.body as Array<{ officerId: number }>).map((r) => `losap-statement-2026-A${String(r.officerId).padStart(4, '0')}.pdf`);
    expect(entries.map((e) => e.name).sort()).toEqual([...active].sort());
    expect(entries.map((e) => e.name)).not.toContain('losap-statement-2026-A0711.pdf');
    for (const e of entries) expect(e.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const ann = entries.find((e) => e.name === 'losap-statement-2026-A0701.pdf');
    expect((await pdfText(ann!.data)).join('\n')).toContain('Total: 22.00 hours');
  });

  it('is refused below level 9', async () => {
    expect((await raw(SUPERVISOR, '/api/losap/statements', { year: '2026' })).status).toBe(403);
    expect((await raw(A, '/api/losap/statements', { year: '2026' })).status).toBe(403);
  });
});
