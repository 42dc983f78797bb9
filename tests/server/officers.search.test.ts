import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  await createOfficer(t.app, { officerId: 510, accessTypeId: 10, lastName: 'Auditor', firstName: 'Ann', login: 'aauditor' });
  await createOfficer(t.app, { officerId: 509, accessTypeId: 9, lastName: 'Admin', firstName: 'Al', login: 'aladmin' });
  await createOfficer(t.app, { officerId: 7, accessTypeId: 1, lastName: 'Ortiz', firstName: 'Olivia', login: 'oortiz', badgeNumber: 4242 });
  await createOfficer(t.app, { officerId: 8, accessTypeId: 1, lastName: 'Sullivan', firstName: 'Sam', login: 'ssullivan', badgeNumber: 9100 });
  await createOfficer(t.app, { officerId: 9, accessTypeId: 1, lastName: 'Sullivan', firstName: 'Olga', login: 'osullivan', badgeNumber: 9101 });
});
afterAll(() => t.close());

/** The officer ids of the roster's page as level 10 searches it for `q`, and the total. */
async function search(q: string, page: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: await tokenFor(t.app, 510), query: { q, _sort: 'lastName', _order: 'ASC', ...page } });
  expect(res.status).toBe(200);
  return { ids: (res.body as Array<{ officerId: number }>).map((r) => r.officerId).filter(Boolean), total: Number(res.headers['x-total-count']) };
}

describe('roster search (GET /officer/getMultiple?q)', () => {
  it('finds officers by name, officer id, login and badge number, with the total of the matches', async () => {
    expect(await search('sullivan')).toEqual({ ids: [9, 8], total: 2 });
    expect(await search('sul olg')).toEqual({ ids: [9], total: 1 });
    expect(await search('A0007')).toEqual({ ids: [7], total: 1 });
    expect(await search('ssull')).toEqual({ ids: [8], total: 1 });
    expect(await search('4242')).toEqual({ ids: [7], total: 1 });
    expect(await search('nobody')).toEqual({ ids: [], total: 0 });
  });

  it('pages the matches', async () => {
    expect(await search('sullivan', { _start: '1', _end: '2' })).toEqual({ ids: [8], total: 2 });
  });

  it('is the roster administrator’s: below level 10 the search is refused', async () => {
    const res = await call(t.app, 'GET', '/api/officer/getMultiple', { token: await tokenFor(t.app, 509), query: { q: 'oortiz' } });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: 'Only the roster administrator (level 10) can search the roster.' });
  });
});
