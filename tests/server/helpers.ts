import { Writable } from 'node:stream';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { buildApp, type App, type BuildOptions } from '../../server/app';
import { readConfig, type Config } from '../../server/config';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/db/repositories/sessions';
import { signToken } from '../../server/auth/tokens';
import { totpCodeAt } from '../../server/auth/secondFactor';
import { TOTP } from '../../src/domain/secondFactor';
import * as s from '../../server/db/schema';
import type { Mailer } from '../../server/mail';
import { checkAgainstDocument } from './contract';
import { createScratchDatabase } from '../../scripts/scratchDatabase';
import { copyTemplateDatabase } from './pgliteTemplate';

/** A settable clock for the app under test. */
export class TestClock {
  constructor(public current: Date = new Date()) {}
  now = () => new Date(this.current);
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

export interface TestApp {
  app: App;
  clock: TestClock;
  mail: SentMail[];
  /** While on, every mail fails to send (as an unreachable mail server would). */
  failMail(on: boolean): void;
  /** 'pglite' or 'postgres' */
  kind: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds an app on its own fresh database (every answer its inject gives is checked against the
 * OpenAPI document: tests/server/contract.ts): a temporary PGlite dir, or, when DATABASE_URL is set,
 * a new PostgreSQL database that close() drops. Mail is captured in `mail`. `build` passes extra
 * routes or a logger (e.g. one writing to a captured stream) to buildApp.
 */
export async function startTestApp(
  opts: { usePostgres?: boolean; env?: Record<string, string>; now?: Date; staticDir?: string; build?: Pick<BuildOptions, 'extraApiRoutes' | 'logger'> } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-test-'));
  const clock = new TestClock(opts.now);
  const mail: SentMail[] = [];
  let mailFails = false;
  const mailer: Mailer = {
    async send(msg) {
      if (mailFails) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      mail.push(msg);
      return 'memory';
    },
  };
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const baseUrl = process.env.DATABASE_URL;
  if (opts.usePostgres ?? !!baseUrl) {
    if (!baseUrl) throw new Error('DATABASE_URL is not set');
    const scratch = await createScratchDatabase(baseUrl, 'rollcall_test');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  } else {
    await copyTemplateDatabase(dataDir);
  }
  const config = readConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: 'Admin12345',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Suites sign in as levels 9 and 10 with the password alone; tests/server/twoFactor.test.ts turns the second factor on.
    SECOND_FACTOR_LEVEL: 'off',
    ...opts.env,
  });
  const app = await buildApp(config, { now: clock.now, mailer, logger: false, staticDir: opts.staticDir, ...opts.build });
  await app.ready();
  // Every answer a test receives is held to the OpenAPI document (tests/server/contract.ts).
  const contract = await checkAgainstDocument(app);
  return {
    app,
    clock,
    mail,
    failMail: (on) => {
      mailFails = on;
    },
    kind: app.ctx.dbKind,
    config,
    async close() {
      contract.flushSeen();
      await app.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let cachedHash: Promise<string> | null = null;
/** The password every officer made by createOfficer has. */
export const TEST_PASSWORD = 'Password123';
function testHash() {
  // A cheap scrypt cost: sign-ins check it as they check any stored hash, at a thousandth of the
  // app's cost (the API suite signs in and changes passwords hundreds of times).
  cachedHash ??= hashPassword(TEST_PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
  return cachedHash;
}

/** Inserts an officer with a complete profile (password TEST_PASSWORD, signed in before). */
export async function createOfficer(
  app: App,
  o: Partial<typeof s.officer.$inferInsert> & { officerId: number; accessTypeId: number },
): Promise<typeof s.officer.$inferSelect> {
  const [row] = await app.ctx.db
    .insert(s.officer)
    .values({
      login: `officer${o.officerId}`,
      passwordHash: await testHash(),
      firstName: `First${o.officerId}`,
      lastName: `Last${o.officerId}`,
      middle: null,
      badgeNumber: o.officerId,
      handcuffNumber: o.officerId,
      homeStreetAddr1: '1 Main St',
      homeCity: 'Mineola',
      homeStateId: 1,
      homeZip: '11501',
      homePhone: '516-555-0100',
      mobile: '516-555-0101',
      homeEmail: `o${o.officerId}@example.org`,
      deptEmail: `o${o.officerId}@aux.example.org`,
      soundex: 'D123-456-789',
      precinctId: 1,
      rankId: 1,
      lastLoginDate: new Date('2026-01-01T00:00:00Z'),
      ...o,
    })
    .returning();
  return row;
}

/** A bearer token for a new session of the officer, without going through /authenticate. */
export async function tokenFor(app: App, officerId: number): Promise<string> {
  const now = app.ctx.now();
  const { sessionId, expiresAt } = await createSession(app.ctx.db, officerId, now, false);
  return signToken(app.ctx.jwtSecret, { sessionId, officerId }, now, expiresAt);
}

/** The newest 30-second TOTP step each app has used for each login (codes cannot be replayed). */
const usedSteps = new WeakMap<App, Map<string, number>>();

/**
 * Signs `login` in as a user does when he has an authenticator app: POST /api/authenticate with
 * his password, then POST /api/twoFactor/verify with the code of `secret` (base32) at the app's
 * clock. A code works once, so a second sign-in of the same login within one 30-second step gives
 * the next step's code (the server takes one step either side); a third in that step throws:
 * move the test's clock on 30 s first. Output: the bearer token of the full session.
 */
export async function signInWithSecondFactor(app: App, login: string, secret: string, password = TEST_PASSWORD): Promise<string> {
  const first = await call(app, 'POST', '/api/authenticate', { body: { username: login, password } });
  if (first.status !== 200 || first.body.secondFactor !== 'required') throw new Error(`password step of ${login}: ${first.status} ${first.text}`);
  let steps = usedSteps.get(app);
  if (!steps) usedSteps.set(app, (steps = new Map()));
  const now = app.ctx.now().getTime();
  const current = Math.floor(now / (TOTP.period * 1000));
  const step = Math.max(current, (steps.get(login) ?? -Infinity) + 1);
  if (step > current + TOTP.window) throw new Error(`no unused code of ${login} is left in this 30-second step: move the clock on`);
  const code = totpCodeAt(secret, new Date(step * TOTP.period * 1000));
  const verified = await call(app, 'POST', '/api/twoFactor/verify', { token: first.body.jwt, body: { code } });
  if (verified.status !== 200) throw new Error(`second step of ${login}: ${verified.status} ${verified.text}`);
  steps.set(login, step);
  return first.body.jwt;
}

/** app.inject with an optional bearer token; returns status, parsed JSON body and headers. */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url,
    query: opts.query,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  });
  let body: unknown = res.body;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    /* not JSON */
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: body as any, headers: res.headers, text: res.body };
}

/**
 * A pino logger for buildApp at `level` whose lines land in `lines` (one JSON text per line), for
 * tests that look at what the server logged.
 */
export function capturedLogger(level: string): { lines: string[]; logger: { level: string; stream: Writable } } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
