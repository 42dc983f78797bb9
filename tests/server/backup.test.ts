import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { readConfig } from '../../server/config';
import { backup, restore } from '../../server/backup';
import { call, createOfficer, tokenFor } from './helpers';
import { createScratchDatabase } from '../../scripts/scratchDatabase';

/**
 * npm run backup / npm run restore round trips on the embedded database (PGlite
 * dumpDataDir/loadDataDir) and on PostgreSQL (pg_dump/pg_restore): what was there at the backup
 * comes back, what was written after it goes, the audit log included.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

async function open(dataDir: string, databaseUrl?: string): Promise<App> {
  const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: 'Admin12345', JWT_SECRET: 'k'.repeat(40), LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return app;
}
async function newsTitles(app: App): Promise<string[]> {
  const res = await call(app, 'GET', '/api/news/getMultiple', { token: await tokenFor(app, 901) });
  return (res.body as Array<{ shortDesc: string }>).map((n) => n.shortDesc).sort();
}
async function addNews(app: App, title: string) {
  const res = await call(app, 'POST', '/api/news/insert', { token: await tokenFor(app, 901), body: { dateEntered: '03/30/2026', shortDesc: title, newsText: 'Text' } });
  expect(res.status).toBe(201);
}
async function auditCount(app: App): Promise<number> {
  return Number((await call(app, 'GET', '/api/auditLog/getMultiple', { token: await tokenFor(app, 901), query: { entity: 'news' } })).headers['x-total-count']);
}

async function roundTrip(dataDir: string, databaseUrl: string | undefined, file: string) {
  let app = await open(dataDir, databaseUrl);
  await createOfficer(app, { officerId: 901, accessTypeId: 10 });
  await addNews(app, 'Before the backup');
  const auditBefore = await auditCount(app);
  if (!databaseUrl) await app.close(); // the embedded database is backed up with the server stopped
  await backup({ dataDir, databaseUrl }, file);
  expect((await fs.stat(file)).size).toBeGreaterThan(1000);
  if (!databaseUrl) app = await open(dataDir);
  await addNews(app, 'After the backup');
  expect(await newsTitles(app)).toEqual(['After the backup', 'Before the backup']);
  await app.close();
  await restore({ dataDir, databaseUrl }, file);
  app = await open(dataDir, databaseUrl);
  expect(await newsTitles(app)).toEqual(['Before the backup']);
  expect(await auditCount(app)).toBe(auditBefore);
  await app.close();
}

describe('backup and restore', () => {
  it('round-trips the embedded database (PGlite)', { timeout: 180_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-backup-'));
    dirs.push(dataDir);
    await roundTrip(dataDir, undefined, path.join(dataDir, 'backup.tar.gz'));
    // The replaced database is kept beside it.
    expect((await fs.readdir(dataDir)).some((f) => f.startsWith('pgdata.before-restore-'))).toBe(true);
  });

  it.runIf(!!process.env.DATABASE_URL)('round-trips PostgreSQL (pg_dump, pg_restore)', { timeout: 120_000 }, async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'rollcall_backup');
    try {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-backup-'));
      dirs.push(dataDir);
      await roundTrip(dataDir, scratch.url, path.join(dataDir, 'backup.dump'));
    } finally {
      await scratch.drop();
    }
  });
});
