import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig, type Config } from './config';
import { buildApp } from './app';
import { DEMO_OFFICERS, enrolDemoSecondFactor } from './db/demo';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');

/** Newest modification time (ms) of the browser app's sources. */
function newestSource(): number {
  let newest = 0;
  const visit = (p: string) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) visit(path.join(p, f));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']) {
    const full = path.join(root, p);
    if (fs.existsSync(full)) visit(full);
  }
  return newest;
}

/** Builds the browser app with Vite when dist/ is missing or older than its sources. */
async function ensureBrowserBuild(): Promise<void> {
  const index = path.join(distDir, 'index.html');
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestSource()) return;
  console.log('Building the browser app (dist/ is missing or stale)…');
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

/**
 * Starts Roll Call: `npm start` on DATA_DIR (embedded PGlite) or DATABASE_URL;
 * `npm run demo` (or `--demo`) on a fresh throw-away data dir seeded with the demo organisation;
 * `--api-only` serves /api without building or serving the browser app (crash and restart tests,
 * the crash harness, sqlmap).
 */
async function main() {
  const demo = process.argv.includes('--demo');
  const apiOnly = process.argv.includes('--api-only');
  let config: Config;
  try {
    const env = { ...process.env };
    if (demo) {
      env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-demo-'));
      delete env.DATABASE_URL;
    }
    config = readConfig(env);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const demoPassword = demo ? (config.DEMO_PASSWORD ?? 'Demo2026') : undefined;

  if (!apiOnly) await ensureBrowserBuild();
  let app;
  try {
    app = await buildApp(config, { staticDir: apiOnly ? undefined : distDir, demoPassword, reminderScheduler: config.REMINDER_SCHEDULER === 'on' });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const close = async () => {
    await app.close();
    if (demo) fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  // before the first request can come: the demo's level 9 and 10 logins already have their app
  const demoTotp = demo ? await enrolDemoSecondFactor(app.ctx.db, app.ctx.totpKey, config.SECOND_FACTOR_LEVEL, app.ctx.now()) : null;
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const lines = [`Roll Call is running: http://localhost:${port}/secure/`, `Database: ${app.ctx.dbKind}${app.ctx.dbKind === 'pglite' ? ` in ${path.resolve(config.DATA_DIR)}` : ''}`];
  if (app.ctx.generatedAdminPassword) {
    lines.push(`First start: sign in as 'admin' with password ${app.ctx.generatedAdminPassword} (shown once; you will be asked to change it).`);
  }
  if (demo) {
    lines.push(`Demo logins (password ${demoPassword}): ${DEMO_OFFICERS.map((o) => o.login).join(', ')}`);
    if (demoTotp) {
      lines.push(`Two-step sign-in of ${demoTotp.logins.join(', ')}: authenticator key ${demoTotp.secret} (add it to any authenticator app; codes are TOTP, 6 digits, 30 s)`);
    }
  }
  console.log(lines.join('\n'));
}

void main();
