/**
 * npm run backup -- [--out FILE]   and   npm run restore -- --in FILE
 * On DATABASE_URL (pg_dump / pg_restore) or the embedded database in DATA_DIR (stop the server
 * first). Default backup file: backups/rollcall-<kind>-<UTC time>.(dump|tar.gz).
 */
import path from 'node:path';
import { readConfig } from '../server/config';
import { backup, restore } from '../server/backup';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const mode = process.argv[2];
  const config = readConfig(process.env);
  const target = { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL };
  if (mode === 'backup') {
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = arg('--out') ?? path.join('backups', `rollcall-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
    await backup(target, file);
    console.log(`Backup of the ${kind} database written to ${path.resolve(file)}`);
  } else if (mode === 'restore') {
    const file = arg('--in');
    if (!file) throw new Error('Usage: npm run restore -- --in FILE');
    await restore(target, file);
    console.log(`Database restored from ${path.resolve(file)}`);
  } else {
    throw new Error('Usage: tsx scripts/backup.ts backup|restore');
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
