import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { csvOf, importCall } from './imports.fixtures';
import { multipart } from './uploads.fixtures';
import * as s from '../../server/db/schema';

let t: TestApp;
let admin: string;

// a legacy export: its own header for the name, its own words for precincts and states
const HEADERS = ['Site', 'Address', 'City', 'State', 'Zip', 'Command'];
const row = (i: number, over: Record<string, string> = {}) => ({ Site: `Post ${i}`, Address: `${i} Main St`, City: 'Mineola', State: 'NY', Zip: '11501', Command: '1', ...over });
const file = (rows: Array<Record<string, string>>) => ({ name: 'legacy.csv', bytes: Buffer.from(csvOf(HEADERS, rows)) });

/** An import call with any jsonBodyData. */
function importWith(action: string, rows: Array<Record<string, string>>, json: unknown) {
  const f = file(rows);
  const body = multipart([{ name: 'file', filename: f.name, data: f.bytes }, { name: 'jsonBodyData', data: JSON.stringify(json) }]);
  return call(t.app, 'POST', `/api/import/locations/${action}`, { token: admin, body: body.payload, headers: body.headers });
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-04-03T14:00:00Z') });
  await createOfficer(t.app, { officerId: 10, accessTypeId: 10, login: 'rosteradmin', lastName: 'Admin' });
  admin = await tokenFor(t.app, 10);
});
afterAll(() => t.close());

describe('value mapping', () => {
  it('maps unknown values to lookup rows, refuses values mapped to nothing, and refuses an id that does not exist', async () => {
    const rows = [row(1, { Command: 'Fifth Pct' }), row(2, { State: 'N.Y.' }), row(3, { Command: 'Closed Pct' })];
    const mapping = { name: 'Site', precinct: 'Command' };
    const plain = await importWith('dryRun', rows, { mapping });
    expect(plain.body.counts.refused).toBe(3);
    expect(plain.body.unknownValues).toEqual(expect.arrayContaining([{ field: 'precinct', value: 'Fifth Pct', rows: 1 }, { field: 'state', value: 'N.Y.', rows: 1 }]));

    const values = { precinct: { 'fifth pct': 5, 'Closed Pct': null }, state: { 'N.Y.': 33 } };
    const mapped = await importWith('dryRun', rows, { mapping, values });
    expect(mapped.status).toBe(200);
    expect(mapped.body.counts).toEqual({ new: 2, unchanged: 0, changed: 0, refused: 1 });
    expect(mapped.body.refused[0].issues).toEqual([{ field: 'precinct', message: 'Unknown Precinct: "Closed Pct"' }]);

    const bad = await importWith('dryRun', rows, { mapping, values: { precinct: { 'Fifth Pct': 9999 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Precinct: 9999 is not a known value.');
    const notLookup = await importWith('dryRun', rows, { mapping, values: { city: { Mineola: 1 } } });
    expect(notLookup.status).toBe(400);
  });
});

describe('saved mappings', () => {
  it('saves, lists, replaces and deletes a mapping by name, each audited', async () => {
    const body = { mapping: { name: 'Site', precinct: 'Command' }, values: { precinct: { 'Fifth Pct': 5 } } };
    const saved = await call(t.app, 'PUT', '/api/import/locations/mappings/Legacy%20sites', { token: admin, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Legacy sites', kind: 'locations', ...body, updatedAt: '2026-04-03T14:00:00.000Z' });

    const list = await call(t.app, 'GET', '/api/import/locations/mappings', { token: admin });
    expect(list.body.mappings.map((m: { name: string }) => m.name)).toEqual(['Legacy sites']);
    expect((await call(t.app, 'GET', '/api/import/officers/mappings', { token: admin })).body.mappings).toEqual([]);

    const replaced = await call(t.app, 'PUT', '/api/import/locations/mappings/Legacy%20sites', { token: admin, body: { mapping: { name: 'Site' } } });
    expect(replaced.body).toMatchObject({ mapping: { name: 'Site' }, values: {} });
    const unknown = await call(t.app, 'PUT', '/api/import/locations/mappings/Bad', { token: admin, body: { mapping: { nickname: 'Site' } } });
    expect(unknown.status).toBe(400);

    const entries = await t.app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'importMapping'), eq(s.auditLog.entityId, 'locations/Legacy sites')));
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);

    expect((await call(t.app, 'DELETE', '/api/import/locations/mappings/Legacy%20sites', { token: admin })).status).toBe(204);
    const gone = await call(t.app, 'DELETE', '/api/import/locations/mappings/Legacy%20sites', { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('No saved mapping of locations is named "Legacy sites".');
  });

  it('a request naming a saved mapping runs with it, its own mapping and values laid over it', async () => {
    await call(t.app, 'PUT', '/api/import/locations/mappings/Legacy', {
      token: admin,
      body: { mapping: { name: 'Site', precinct: 'Command' }, values: { precinct: { 'Fifth Pct': 5, 'Closed Pct': 3 } } },
    });
    const rows = [row(10, { Command: 'Fifth Pct' }), row(11, { Command: 'Closed Pct' })];
    const viaSaved = await importWith('dryRun', rows, { savedMapping: 'Legacy' });
    expect(viaSaved.status).toBe(200);
    expect(viaSaved.body.mapping).toMatchObject({ name: 'Site', precinct: 'Command' });
    expect(viaSaved.body.counts).toMatchObject({ new: 2, refused: 0 });

    const overridden = await importWith('dryRun', rows, { savedMapping: 'Legacy', values: { precinct: { 'Closed Pct': null } } });
    expect(overridden.body.counts).toMatchObject({ new: 1, refused: 1 });

    const inspect = await importWith('inspect', rows, { savedMapping: 'Legacy' });
    expect(inspect.body.mapping).toMatchObject({ name: 'Site', precinct: 'Command' });

    const missing = await importWith('dryRun', rows, { savedMapping: 'Nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No saved mapping of locations is named "Nope".');
    const run = await importCall(t.app, admin, 'locations', 'run', file(rows));
    // without the saved mapping the Site column is not the name: refused before any job starts
    expect(run.status).toBe(400);
  });
});
