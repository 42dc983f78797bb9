/**
 * `npm run seed -- --officers 1000 --years 10 [--seed 1] [--password P] [--force]`:
 * fills the database of `npm start` (DATABASE_URL, or the embedded database in DATA_DIR, whose
 * lock it takes) with a generated county-scale organisation (server/db/scaleSeed). Migrations,
 * reference data and the super user come first, as at every start. Refuses a database that
 * already has officers besides the super user unless --force (then the generated organisation is
 * added beside them). Prints progress, a line of figures and one `SEED_RESULT {json}` line.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { readConfig, type Config } from './config';
import { lockDataDir, openDatabase } from './db/client';
import { ensureSuperUser, loadReferenceData } from './db/seed';
import { DEMO_OFFICERS } from './db/demo';
import { seedOrganisation } from './db/scaleSeed';
import { hashPassword } from './auth/passwords';
import { PASSWORD_PATTERN } from '../src/domain/password';

const USAGE = 'Usage: npm run seed -- [--officers 1000] [--years 10] [--seed 1] [--password P] [--force]';

/** A refusal with a one-line message (exit 1 after the database and the lock are released). */
class Refusal extends Error {}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The command line as numbers and strings; exits with a one-line message when it is wrong. */
function readArgs() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        officers: { type: 'string', default: '1000' }, years: { type: 'string', default: '10' }, seed: { type: 'string', default: '1' },
        password: { type: 'string' }, force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name: string, v: string, min: number, max: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  return {
    officers: whole('officers', values.officers, 0, 100_000),
    years: whole('years', values.years, 1, 50),
    seed: whole('seed', values.seed, 0, 2 ** 31 - 1),
    password: values.password,
    force: values.force,
  };
}

async function main() {
  const args = readArgs();
  let config: Config;
  try {
    config = readConfig(process.env);
  } catch (err) {
    fail((err as Error).message);
  }
  const password = args.password ?? config.DEMO_PASSWORD ?? 'Demo2026';
  if (!PASSWORD_PATTERN.test(password)) fail('--password must be 8 to 12 letters and digits starting with a letter (the sign-in password rule)');

  let release: () => Promise<void>;
  try {
    release = config.DATABASE_URL ? async () => {} : await lockDataDir(config.DATA_DIR);
  } catch (err) {
    fail((err as Error).message);
  }
  const database = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  try {
    await loadReferenceData(database.db);
    const su = await ensureSuperUser(database.db, { superUserId: config.SUPER_USER_ID, adminPassword: config.ADMIN_PASSWORD });
    if (su.generatedPassword) console.log(`Super user created: sign in as 'admin' with password ${su.generatedPassword} (shown once; you will be asked to change it).`);
    const result = (await database.db.execute(sql`select count(*)::int as n from officer where officer_id <> ${config.SUPER_USER_ID}`)) as unknown as
      Array<{ n: number }> | { rows: Array<{ n: number }> };
    const [{ n }] = Array.isArray(result) ? result : result.rows;
    if (Number(n) > 0 && !args.force) {
      throw new Refusal(`Refusing to seed: the database already has ${n} officers besides the super user (use --force to add a generated organisation beside them).`);
    }
    console.log(`Seeding ${args.officers} officers, ${args.years} years, seed ${args.seed} on ${database.kind}${database.kind === 'pglite' ? ` in ${config.DATA_DIR}` : ''}…`);
    const stats = await seedOrganisation(database.db, {
      officers: args.officers, years: args.years, seed: args.seed, passwordHash: await hashPassword(password), tz: config.ORG_TIMEZONE, now: new Date(),
      log: (line) => console.log(`  ${line}`),
    });
    const mb = (stats.databaseBytes / 1024 / 1024).toFixed(0);
    console.log(`Seeded ${stats.officers} officers, ${stats.tickets} tickets, ${stats.events} events, ${stats.signups} sign-ups, ${stats.board159s} 159s, `
      + `${stats.signoffs} sign-offs in ${stats.seconds} s; database ${mb} MB.`);
    console.log(`Every seeded officer's password is ${password}; demo logins: ${DEMO_OFFICERS.map((o) => o.login).join(', ')}.`);
    const { officers, tickets, events, signups, uploads, signoffs, seconds, databaseBytes } = stats;
    console.log(`SEED_RESULT ${JSON.stringify({ officers, tickets, events, signups, uploads, signoffs, seconds, databaseBytes })}`);
  } finally {
    await database.close();
    await release();
  }
}

main().catch((err: Error) => fail(err instanceof Refusal ? err.message : `Seed failed: ${err.message}`));
