import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { csvOf, importCall, waitForJob } from './imports.fixtures';
import * as s from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { runImport } from '../../server/imports/run';
import { IMPORT_STALE_MINUTES } from '../../src/domain/constants';

let t: TestApp;
let admin: string;

const HEADERS = ['Location Name', 'Address', 'City', 'State', 'Zip', 'PCT'];
const row = (i: number, over: Record<string, string> = {}) => ({ 'Location Name': `Post ${i}`, Address: `${i} Main St`, City: 'Mineola', State: 'NY', Zip: '11501', PCT: '1', ...over });
const file = (rows: Array<Record<string, string>>, name = 'locations.csv') => ({ name, bytes: Buffer.from(csvOf(HEADERS, rows)) });

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-04-02T14:00:00Z') });
  await createOfficer(t.app, { officerId: 10, accessTypeId: 10, login: 'rosteradmin', lastName: 'Admin', firstName: 'Rose' });
  admin = await tokenFor(t.app, 10);
});
afterAll(() => t.close());

/** Writes a job straight into the table, as another server process would have. */
async function foreignJob(over: Partial<typeof s.importJob.$inferInsert> = {}) {
  const now = t.app.ctx.now();
  const [job] = await t.app.ctx.db
    .insert(s.importJob)
    .values({ kind: 'officers', fileName: 'elsewhere.csv', status: 'running', startedBy: 10, startedAt: now, owner: 'another-process', updatedAt: now, ...over })
    .returning();
  return job;
}

describe('an import runs as a job', () => {
  it('answers 202 at once, and the job, read again later, holds its progress, counts, report and error file', async () => {
    const rows = [...Array.from({ length: 40 }, (_, i) => row(i)), row(99, { Zip: '1155' }), row(98, { State: 'Atlantis' })];
    const upload = file(rows);
    const started = await importCall(t.app, admin, 'locations', 'run', upload);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'locations', fileName: 'locations.csv', status: 'running', bytesTotal: upload.bytes.length, report: null, startedBy: { officerId: 10, name: 'Admin, Rose' } });

    const job = await waitForJob(t.app, admin, started.body.id);
    expect(job).toMatchObject({ status: 'done', rows: 42, counts: { new: 40, unchanged: 0, changed: 0, refused: 2 }, bytesRead: upload.bytes.length, error: null, hasErrorFile: true });
    expect(job.finishedAt).not.toBeNull();
    expect(job.report).toMatchObject({ kind: 'locations', dryRun: false, counts: { new: 40, refused: 2 } });

    // leaving the page and coming back: the list shows it (without the report), the job has it
    const list = await call(t.app, 'GET', '/api/import/jobs', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.jobs[0]).toMatchObject({ id: started.body.id, status: 'done', counts: { new: 40, refused: 2 }, report: null });

    // the error file is what the errors call gives for the same file
    const errors = await call(t.app, 'GET', `/api/import/jobs/${started.body.id}/errors`, { token: admin });
    expect(errors.status).toBe(200);
    expect(errors.headers['content-type']).toMatch(/^text\/csv/);
    const same = await importCall(t.app, admin, 'locations', 'errors', upload);
    expect(errors.text).toEqual(same.text);
    expect(errors.text).toContain('Invalid postal code format');
  });

  it('reports progress after each batch: rows and the bytes of the file read, up to its size', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-progress-'));
    try {
      const csv = path.join(dir, 'p.csv');
      await fs.writeFile(csv, csvOf(HEADERS, Array.from({ length: 5 }, (_, i) => row(200 + i))));
      const size = (await fs.stat(csv)).size;
      const actor = { officerId: 10, accessLevel: 10 };
      const seen: Array<{ rows: number; bytesRead: number }> = [];
      await runImport(
        { db: t.app.ctx.db, superUserId: 1, tz: t.config.ORG_TIMEZONE, now: t.app.ctx.now, actor, request: { id: 'progress', actor, server: t.app } },
        { kind: 'locations', file: csv, originalName: 'p.csv', dryRun: true, batchRows: 2, onProgress: (p) => seen.push({ rows: p.rows, bytesRead: p.bytesRead }) },
      );
      expect(seen.map((p) => p.rows)).toEqual([2, 4, 5]);
      expect(seen.every((p, i) => p.bytesRead > 0 && p.bytesRead <= size && (i === 0 || p.bytesRead >= seen[i - 1].bytesRead))).toBe(true);
      expect(seen.at(-1)!.bytesRead).toBe(size);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second import while one runs (409), and takes over one whose process stopped its heartbeat', async () => {
    const other = await foreignJob();
    const refused = await importCall(t.app, admin, 'locations', 'run', file([row(300)]));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An import is already running (elsewhere.csv, started by Admin, Rose). Wait for it to finish.');
    // the database admits one running job whatever the server does
    await expect(foreignJob({ fileName: 'twice.csv' })).rejects.toThrow();

    t.clock.advanceMinutes(IMPORT_STALE_MINUTES + 1);
    const started = await importCall(t.app, admin, 'locations', 'run', file([row(300)]));
    expect(started.status).toBe(202);
    const old = await call(t.app, 'GET', `/api/import/jobs/${other.id}`, { token: admin });
    expect(old.body).toMatchObject({ status: 'failed', error: 'The import stopped when the server restarted. The rows written before that are kept: import the same file again, and they count as unchanged.' });
    expect((await waitForJob(t.app, admin, started.body.id)).status).toBe('done');
  });

  it('answers a bad file or mapping before any job exists', async () => {
    const before = await t.app.ctx.db.select().from(s.importJob);
    const res = await importCall(t.app, admin, 'locations', 'run', file([row(1)]), { name: 'No Such Column' });
    expect(res.status).toBe(400);
    expect(await t.app.ctx.db.select().from(s.importJob)).toHaveLength(before.length);
    expect((await call(t.app, 'GET', '/api/import/jobs/99999', { token: admin })).body).toMatchObject({ statusCode: 404, message: 'No such import.' });
  });

  it('a job cut short by closing the server reads failed, and a restart marks a left-over running job failed', async () => {
    const big = file(Array.from({ length: 4000 }, (_, i) => row(1000 + i)), 'big.csv');
    const started = await importCall(t.app, admin, 'locations', 'run', big);
    expect(started.status).toBe(202);
    await t.app.close();
    const app = await buildApp(t.config, { now: t.clock.now, logger: false, mailer: { send: async () => 'memory' } });
    t.app = app;
    const token = await tokenFor(app, 10);
    const job = await call(app, 'GET', `/api/import/jobs/${started.body.id}`, { token });
    expect(job.body).toMatchObject({ status: 'failed', error: expect.stringContaining('The import stopped when the server restarted.') });
    expect(job.body.rows).toBeLessThan(4000);
    // a running row left behind by a killed process: on the embedded database its process is
    // surely gone (one per DATA_DIR); on PostgreSQL once its heartbeat is old
    const now = app.ctx.now();
    const beat = t.kind === 'pglite' ? now : new Date(now.getTime() - (IMPORT_STALE_MINUTES + 1) * 60_000);
    await app.ctx.db.insert(s.importJob).values({ kind: 'officers', fileName: 'killed.csv', status: 'running', startedBy: 10, startedAt: beat, owner: 'killed', updatedAt: beat });
    await app.close();
    t.app = await buildApp(t.config, { now: t.clock.now, logger: false, mailer: { send: async () => 'memory' } });
    const [left] = await t.app.ctx.db.select().from(s.importJob).where(eq(s.importJob.fileName, 'killed.csv'));
    expect(left).toMatchObject({ status: 'failed', error: expect.stringContaining('The import stopped when the server restarted.') });
    const list = await call(t.app, 'GET', '/api/import/jobs', { token: await tokenFor(t.app, 10) });
    expect(list.body.jobs.filter((j: { status: string }) => j.status === 'running')).toEqual([]);
    // two restarts of the app on its database: each opens and checks the database again
  }, 90_000);
});
