import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation, signUp } from './events.fixtures';

let t: TestApp;
let officer: string;
let auditor: string;
let ev: number;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  await createOfficer(t.app, { officerId: 501, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 502, accessTypeId: 5 });
  await createOfficer(t.app, { officerId: 510, accessTypeId: 10 });
  await createOfficer(t.app, { officerId: 7, accessTypeId: 1, lastName: 'Ortiz', firstName: 'Olivia', login: 'oortiz', badgeNumber: 4242 });
  await createOfficer(t.app, { officerId: 8, accessTypeId: 1, lastName: 'Sullivan', firstName: 'Sam', login: 'ssullivan', badgeNumber: 9100 });
  const admin = await tokenFor(t.app, 501);
  const supervisor = await tokenFor(t.app, 502);
  officer = await tokenFor(t.app, 7);
  auditor = await tokenFor(t.app, 510);
  ev = await addEvent(t.app, admin, await addLocation(t.app, admin), { startDate: '06/10/2030', endDate: '06/10/2030' });
  expect((await signUp(t.app, supervisor, ev, 7)).status).toBe(201);
  expect((await signUp(t.app, supervisor, ev, 8)).status).toBe(201);
});
afterAll(() => t.close());

/** The officer ids of event ev's roster as `token` searches it for `q`. */
async function search(token: string, q: string): Promise<number[]> {
  const res = await call(t.app, 'GET', '/api/signup/getMultiple', { token, query: { eventId: String(ev), q } });
  expect(res.status).toBe(200);
  return (res.body as Array<{ officer: { officerId: number } }>).map((r) => r.officer.officerId);
}

describe('roster search (GET /signup/getMultiple?eventId&q)', () => {
  it('finds officers on the roster by last name, first name and officer id, at any level', async () => {
    expect(await search(officer, '')).toEqual([7, 8]);
    expect(await search(officer, 'sull')).toEqual([8]);
    expect(await search(officer, 'olivia')).toEqual([7]);
    expect(await search(officer, 'A0008')).toEqual([8]);
    expect(await search(officer, 'nobody')).toEqual([]);
  });

  it('matches login and badge number only for those who may read every officer record, and never returns them', async () => {
    expect(await search(auditor, 'ssull')).toEqual([8]);
    expect(await search(auditor, '4242')).toEqual([7]);
    expect(await search(officer, 'ssull')).toEqual([]);
    expect(await search(officer, '4242')).toEqual([]);
    const res = await call(t.app, 'GET', '/api/signup/getMultiple', { token: auditor, query: { eventId: String(ev), q: '4242' } });
    expect(JSON.stringify(res.body)).not.toMatch(/oortiz|4242/);
  });

  it('refuses a search text over 100 characters with a 400', async () => {
    const res = await call(t.app, 'GET', '/api/signup/getMultiple', { token: officer, query: { eventId: String(ev), q: 'x'.repeat(101) } });
    expect(res.status).toBe(400);
  });
});
