import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { csvOf, runImportJob, xlsxOf } from './imports.fixtures';
import * as s from '../../server/db/schema';
import { runImport, writeBatch } from '../../server/imports/run';
import { conflict } from '../../server/errors';
import { insertLocation } from '../../server/db/repositories/locations';

let t: TestApp;
let admin: string;

const HEADERS = ['Location Name', 'Address', 'City', 'State', 'Zip', 'Phone', 'Email', 'Web Address', 'PCT'];
const park = { 'Location Name': 'Eisenhower Park', Address: '1899 Hempstead Tpke', City: 'East Meadow', State: 'NY', Zip: '11554', Phone: '516-555-0150', Email: '', 'Web Address': '', PCT: '1' };
const hall = { ...park, 'Location Name': 'Town Hall', Address: '1 Washington St', City: 'Hempstead', PCT: '3rd Precinct' };
const file = (rows: Array<Record<string, string>>) => ({ name: 'locations.csv', bytes: Buffer.from(csvOf(HEADERS, rows)) });

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-20T16:00:00Z') });
  await createOfficer(t.app, { officerId: 10, accessTypeId: 10, login: 'rosteradmin', lastName: 'Admin' });
  admin = await tokenFor(t.app, 10);
});
afterAll(() => t.close());

describe('importing locations', () => {
  it('adds new locations, refuses bad rows with the spec messages, and finds them unchanged the second time', async () => {
    const rows = [
      park,
      hall,
      { ...park, 'Location Name': 'Nowhere', State: 'Atlantis' },
      { ...park, 'Location Name': 'Bad Zip', Zip: '1155' },
      { ...park, Address: 'Another address' },
      // the same name in another precinct is another location
      { ...park, PCT: 'HQ' },
    ];
    const first = await runImportJob(t.app, admin, 'locations', file(rows));
    expect(first.job.status).toBe('done');
    expect(first.body.counts).toEqual({ new: 3, unchanged: 0, changed: 0, refused: 3 });
    expect(first.body.refused.map((r: { line: number; issues: unknown }) => [r.line, r.issues])).toEqual([
      [4, [{ field: 'state', message: 'Unknown State: "Atlantis"' }]],
      [5, [{ field: 'zip', message: 'Invalid postal code format' }]],
      [6, [{ field: 'name', message: 'Duplicate record - unique constraint violated!' }]],
    ]);
    const stored = await t.app.ctx.db.select().from(s.location).where(eq(s.location.name, 'Eisenhower Park'));
    expect(stored.map((l) => l.precinctId).sort((a, b) => a - b)).toEqual([1, 90]);
    const entries = await t.app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'location'), eq(s.auditLog.action, 'create')));
    expect(entries).toHaveLength(3);

    const again = await runImportJob(t.app, admin, 'locations', file(rows));
    expect(again.body.counts).toEqual({ new: 0, unchanged: 3, changed: 0, refused: 3 });
  });

  it('updates a location named by name and precinct, whatever the letter case of the name', async () => {
    const res = await runImportJob(t.app, admin, 'locations', file([{ ...hall, 'Location Name': '  town hall ', Phone: '516-555-0199' }]));
    expect(res.body.counts).toEqual({ new: 0, unchanged: 0, changed: 1, refused: 0 });
    expect(res.body.changed).toEqual([{ line: 2, key: 'town hall (3)', fields: ['name', 'phone1'] }]);
    const list = await call(t.app, 'GET', '/api/locations/getMultiple', { token: admin });
    expect(list.body.filter((l: { name: string }) => l.name.toLowerCase() === 'town hall')).toEqual([expect.objectContaining({ name: 'town hall', phone1: '516-555-0199' })]);
  });

  it('runs from the command line the same way, its audit entries naming its own run and officer', async () => {
    // what scripts/import.ts builds: no HTTP request, its own id and officer
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-import-cli-'));
    try {
      const file = path.join(dir, 'more.xlsx');
      await fs.writeFile(file, await xlsxOf(HEADERS, [{ ...park, 'Location Name': 'Fire House', Address: '5 Main St' }, park]));
      const actor = { officerId: 10, accessLevel: 10 };
      const request = { id: 'import-cli-test', actor, server: { ctx: { now: t.app.ctx.now } } };
      const progress: number[] = [];
      const report = await runImport(
        { db: t.app.ctx.db, superUserId: 1, tz: t.config.ORG_TIMEZONE, now: t.app.ctx.now, actor, request },
        { kind: 'locations', file, originalName: 'more.xlsx', dryRun: false, batchRows: 1, onProgress: (p) => progress.push(p.rows) },
      );
      expect(report.counts).toEqual({ new: 1, unchanged: 1, changed: 0, refused: 0 });
      expect(progress).toEqual([1, 2]);
      const [entry] = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.requestId, 'import-cli-test'));
      expect(entry).toMatchObject({ actorId: 10, action: 'create', entity: 'location', details: 'import more.xlsx, line 2' });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('a write the database refuses after the check (another writer got in) refuses its row only', async () => {
    const actor = { officerId: 10, accessLevel: 10 };
    const ctx = { db: t.app.ctx.db, superUserId: 1, tz: t.config.ORG_TIMEZONE, now: t.app.ctx.now, actor, request: { id: 'import-race', actor, server: t.app } };
    const body = { name: 'Race Track', address: '1 Oval Rd', city: 'Elmont', state: { stateId: 33 }, zip: '11003', precinct: { precinctId: 5 } };
    const result = await writeBatch(ctx, [
      { status: 'new', key: 'Race Track (5)', fields: [], write: async (tx) => ({ action: 'create', entity: 'location', entityId: (await insertLocation(tx, body, 10, t.app.ctx.now())).locationId }) },
      { status: 'new', key: 'Taken', fields: [], write: async () => { throw conflict('Duplicate record - unique constraint violated!'); } },
      { status: 'refused', issues: [{ field: 'zip', message: 'Invalid postal code format' }] },
    ]);
    expect(result).toEqual([null, [{ message: 'Duplicate record - unique constraint violated!' }], [{ field: 'zip', message: 'Invalid postal code format' }]]);
    const stored = await t.app.ctx.db.select().from(s.location).where(eq(s.location.name, 'Race Track'));
    expect(stored).toHaveLength(1);
    const entries = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.requestId, 'import-race'));
    expect(entries).toHaveLength(1);
  });
});
