import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';

/**
 * Control characters and line breaks in the officer's name and contact fields (single-line
 * inputs): a carriage return in a last name would split the officer's row in a CSV export or a
 * log line, so the API refuses it with 400 on the field, as the form does.
 */
const ROSTER_ADMIN = 10;
const OFFICER = 20;
const MESSAGE = 'Control characters and line breaks are not allowed.';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-20T16:00:00Z') });
  await createOfficer(t.app, { officerId: ROSTER_ADMIN, accessTypeId: 10, firstName: 'Pat', lastName: 'Admin', appointmentDate: '2020-01-01' });
  await createOfficer(t.app, { officerId: OFFICER, accessTypeId: 1, firstName: 'Jane', lastName: 'Doe', homeCity: 'Mineola', appointmentDate: '2020-01-01' });
});
afterAll(() => t.close());

const record = async (token: string) => (await call(t.app, 'GET', `/api/officer/getSingle/${OFFICER}`, { token })).body;

describe('PUT /api/officer/update refuses control characters and line breaks', () => {
  it('in a last name saved by the roster administrator (level 10): 400 on lastName, nothing changes', async () => {
    const admin = await tokenFor(t.app, ROSTER_ADMIN);
    const before = await record(admin);
    const res = await call(t.app, 'PUT', '/api/officer/update', { token: admin, body: { ...before, lastName: 'Do\re=HYPERLINK("http://evil.example/")' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: MESSAGE, field: 'lastName' });
    expect((await record(admin)).lastName).toBe('Doe');
  });

  it('in a contact field the officer saves on his own record', async () => {
    const own = await tokenFor(t.app, OFFICER);
    const res = await call(t.app, 'PUT', '/api/officer/update', { token: own, body: { ...(await record(own)), homeCity: 'Mine\u2028ola' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGE, field: 'homeCity' });
    expect((await record(own)).homeCity).toBe('Mineola');
  });
});
