import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await createOfficer(t.app, { officerId: 101, accessTypeId: 1 });
  token = await tokenFor(t.app, 101);
});
afterAll(() => t.close());

const lookup = (q: Record<string, string | undefined>) => call(t.app, 'GET', '/api/getLookupTable', { token, query: Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)) });

describe('lookups (spec §3, §7)', () => {
  it('serves states and precincts to a signed-in officer', async () => {
    const states = await call(t.app, 'GET', '/api/getStateTable', { token });
    expect(states.status).toBe(200);
    expect(states.body).toContainEqual(expect.objectContaining({ stateAbbr: 'NY', stateName: 'New York' }));
    const pcts = await call(t.app, 'GET', '/api/getPrecinctTable', { token });
    expect(pcts.status).toBe(200);
    expect(pcts.body[0]).toEqual({ id: 1, description: '1st Precinct', abbr: '01' });
  });

  it('refuses lookups without a session', async () => {
    expect((await call(t.app, 'GET', '/api/getStateTable')).status).toBe(401);
  });

  it('answers the four spec descriptors as {id, description}', async () => {
    const ranks = await lookup({ tableName: 'rank', pkName: 'rank_id', displayName: 'description', orderBy: 'description' });
    expect(ranks.status).toBe(200);
    const names = ranks.body.map((r: { description: string }) => r.description);
    expect(names).toEqual([...names].sort());
    const access = await lookup({ tableName: 'access_type', pkName: 'access_type_id', displayName: 'description', orderBy: 'access_type_id' });
    expect(access.body.map((r: { id: number }) => r.id)).toEqual([1, 3, 5, 9, 10]);
    const types = await lookup({ tableName: 'event_type', pkName: 'event_type_id', displayName: 'event_type_description' });
    expect(types.body).toEqual([
      { id: 1, description: 'Details' },
      { id: 4, description: 'Training' },
      { id: 9, description: 'Administrative' },
      { id: 11, description: 'Special' },
    ]);
    const assignment = await lookup({ tableName: 'assignment_type', pkName: 'assignment_type_id', displayName: 'description', orderBy: 'assignment_type_id' });
    expect(assignment.body[0]).toEqual({ id: 1, description: 'Detail' });
  });

  it.each([
    { tableName: 'officer', pkName: 'officer_id', displayName: 'password_hash' },
    { tableName: 'rank', pkName: 'rank_id', displayName: 'description', orderBy: 'rank_id; drop table officer' },
    { tableName: 'rank; drop table officer', pkName: 'rank_id', displayName: 'description' },
    { tableName: 'rank', pkName: 'rank_id', displayName: 'description desc' },
    { tableName: 'rank', pkName: '1=1 or rank_id', displayName: 'description' },
    { tableName: 'access_type', pkName: 'access_type_id', displayName: 'description', orderBy: 'login' },
    { tableName: 'constructor', pkName: 'x', displayName: 'y' },
  ])('refuses anything off the allow-list with 400: %o', async (q) => {
    const res = await lookup(q);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown lookup table.');
  });

  it('still has the officer table after the injection attempts', async () => {
    const states = await call(t.app, 'GET', '/api/getStateTable', { token });
    expect(states.status).toBe(200);
  });
});

describe('an officer whose profile is incomplete (spec §5)', () => {
  it("gets the lookups his own officer form's selects load (State, Precinct, Rank, Access Level), and nothing else", async () => {
    await createOfficer(t.app, { officerId: 102, accessTypeId: 1, homeStreetAddr1: null, homeCity: '' });
    const partial = await tokenFor(t.app, 102);
    expect((await call(t.app, 'GET', '/api/session', { token: partial })).body.user.profileComplete).toBe(false);
    const states = await call(t.app, 'GET', '/api/getStateTable', { token: partial });
    expect(states.status).toBe(200);
    expect(states.body).toContainEqual(expect.objectContaining({ stateAbbr: 'NY', stateName: 'New York' }));
    expect((await call(t.app, 'GET', '/api/getPrecinctTable', { token: partial })).body[0]).toEqual({ id: 1, description: '1st Precinct', abbr: '01' });
    for (const q of [
      { tableName: 'rank', pkName: 'rank_id', displayName: 'description' },
      { tableName: 'access_type', pkName: 'access_type_id', displayName: 'description' },
    ]) {
      const res = await call(t.app, 'GET', '/api/getLookupTable', { token: partial, query: q });
      expect(res.status, q.tableName).toBe(200);
      expect(res.body.length, q.tableName).toBeGreaterThan(0);
    }
    expect((await call(t.app, 'GET', '/api/locations/getMultiple', { token: partial })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/officer/getMultiple', { token: partial })).status).toBe(403);
  });
});
