/**
 * SQL injection scan: `npm run test:security [-- --short]`.
 *
 * Starts the real server (server/main.ts --api-only) on a throw-away embedded database (or on a
 * throw-away PostgreSQL database with --db postgres and DATABASE_URL), signs in as the super user
 * and runs Debian's sqlmap (apt-get install sqlmap) in batch mode against the lookup, list-filter,
 * sort and path-id parameters and the sign-in body. Fails when sqlmap reports an injectable
 * parameter (or cannot run). --short: fewer targets, level 1, boolean and error techniques only.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startAppProcess } from './appProcess';

const SHORT = process.argv.includes('--short');
const ADMIN_PASSWORD = 'Scan123456';
const NEW_PASSWORD = 'Scan789012';

interface Target {
  name: string;
  url: string;
  method?: 'POST';
  data?: string;
  /** In short mode too. */
  short?: boolean;
}

function sqlmap(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', () => resolve(out));
  });
}

async function main() {
  if (spawnSync('sqlmap', ['--version']).status !== 0) {
    console.error('sqlmap is not installed: apt-get install sqlmap');
    process.exit(2);
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-sqlmap-'));
  const server = await startAppProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    ADMIN_PASSWORD,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT: '1000000',
    REDIS_URL: undefined,
    LOG_LEVEL: 'error',
  });
  let failed = false;
  try {
    const post = async (url: string, body: unknown, token?: string, method = 'POST') => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    let token = (await post('/api/authenticate', { username: 'admin', password: ADMIN_PASSWORD })).jwt as string;
    await post('/api/password/update', { login: 'admin', oldPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD, verifyPassword: NEW_PASSWORD }, token, 'PUT');
    token = (await post('/api/authenticate', { username: 'admin', password: NEW_PASSWORD })).jwt as string;
    await post('/api/news/insert', { dateEntered: '01/02/2026', shortDesc: 'Scan', newsText: 'Text' }, token);

    const targets: Target[] = [
      { name: 'lookup table', url: '/api/getLookupTable?tableName=rank&pkName=rank_id&displayName=description&orderBy=description', short: true },
      { name: 'officer list filters and sort', url: '/api/officer/getMultiple?excludeSeparated=Y&orderBy=last_name,first_name&accessTypeId=10&_sort=lastName&_order=ASC&_start=0&_end=25', short: true },
      { name: 'ticket list filters and sort', url: '/api/timeTickets/getMultiple?officerId=1&sinceDate=01/01/2026&untilDate=12/31/2026&assignmentTypeId=2&precinctId=1&_sort=startDate&_order=DESC&_start=0&_end=25' },
      { name: 'event list filters', url: '/api/events/getMultiple?sinceStartDate=01/01/2026&untilStartDate=12/31/2026&eventTypeId=1&precinctId=1&officerId=1' },
      { name: 'news list sort', url: '/api/news/getMultiple?_sort=shortDesc&_order=ASC&_start=0&_end=25' },
      { name: 'audit log filters', url: '/api/auditLog/getMultiple?action=login&entity=officer&outcome=success&_sort=at&_order=DESC&_start=0&_end=25' },
      { name: 'officer id in the path', url: '/api/officer/getSingle/1*', short: true },
      { name: 'news id in the path', url: '/api/news/getSingle/1*' },
      { name: 'role lookup login in the path', url: '/api/getRoleByUsername/admin*' },
      { name: 'sign-in body', url: '/api/authenticate', method: 'POST', data: JSON.stringify({ username: 'admin', password: 'Wrong12345' }), short: true },
    ];
    const chosen = SHORT ? targets.filter((t) => t.short) : targets;
    const outputDir = path.join(dataDir, 'sqlmap');
    let tested = 0;
    for (const t of chosen) {
      const args = [
        '-u', `${server.url}${t.url}`,
        '--batch', '--flush-session', '--disable-coloring', `--output-dir=${outputDir}`,
        '--dbms=PostgreSQL', `--level=${SHORT ? 1 : 3}`, `--risk=${SHORT ? 1 : 2}`, `--technique=${SHORT ? 'BE' : 'BEUST'}`,
        '--time-sec=2', '--threads=2',
        '-H', `Authorization: Bearer ${token}`,
        '--skip=Authorization,User-Agent,Referer,Host,Cookie',
      ];
      // A wrong password answers 401 'Invalid credentials!': that is the answer under test, not a failure to sign in.
      if (t.data) args.push(`--data=${t.data}`, '-H', 'Content-Type: application/json', '--ignore-code=401');
      const t0 = Date.now();
      const out = await sqlmap(args);
      tested++;
      const injectable = /identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(out);
      const clean = /do not appear to be injectable|does not seem to be injectable/i.test(out);
      const verdict = injectable ? 'INJECTABLE' : clean ? 'not injectable' : 'NO VERDICT';
      console.log(`${t.name}: ${verdict} (${Math.round((Date.now() - t0) / 1000)} s)`);
      if (!clean || injectable) {
        failed = true;
        console.log(out.split('\n').filter((l) => /\[(CRITICAL|ERROR|WARNING)\]|injectable|injection point/i.test(l)).slice(0, 20).join('\n'));
      }
    }
    console.log(`sqlmap (${SHORT ? 'short' : 'full'}): ${tested} targets, ${failed ? 'PROBLEMS FOUND' : 'no injectable parameter'}`);
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
