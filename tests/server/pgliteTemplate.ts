import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';

/**
 * Vitest globalSetup of the server project: one empty embedded database, made once per run.
 * Creating a PGlite cluster (initdb in WebAssembly) takes 4–5 s on the 2-core machines, and the
 * API suite starts about a hundred apps; startTestApp copies this cluster, migrated and holding
 * no record, into each app's own fresh DATA_DIR instead (a copy takes a few hundred milliseconds).
 * Nothing is made when DATABASE_URL selects PostgreSQL (every app gets a new database there), or
 * with PGLITE_TEMPLATE=off (each app runs initdb itself, as on a first start).
 */
export default async function setup() {
  if (process.env.DATABASE_URL || process.env.PGLITE_TEMPLATE === 'off') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  process.env.PGLITE_TEMPLATE_DIR = path.join(dir, 'pgdata');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Fills `dataDir` with a copy of the run's empty embedded database (DATA_DIR/pgdata), when the
 * globalSetup made one; otherwise the app creates its database as on a first start.
 */
export async function copyTemplateDatabase(dataDir: string): Promise<void> {
  const template = process.env.PGLITE_TEMPLATE_DIR;
  if (template) await fs.promises.cp(template, path.join(dataDir, 'pgdata'), { recursive: true });
}
