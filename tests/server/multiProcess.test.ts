import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { readConfig } from '../../server/config';
import { rateLimitNamespace } from '../../server/auth/rateLimit';
import { rc } from '../../src/domain/messages';
import { createOfficer, startTestApp, TEST_PASSWORD, type TestApp } from './helpers';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratchDatabase';

/**
 * Past one machine: several app processes on one database behave as one. Every call
 * here goes over real HTTP (fetch) to servers listening on 127.0.0.1, as a browser's would.
 */

/** Listens on a free port of 127.0.0.1; returns the server's base URL. */
async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** One HTTP call; `from` is the client address a trusted proxy would put in X-Forwarded-For. */
async function http(base: string, method: string, url: string, opts: { body?: unknown; token?: string; from?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.from) headers['x-forwarded-for'] = opts.from;
  const res = await fetch(base + url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

const signIn = (base: string, username: string, password: string, from?: string) =>
  http(base, 'POST', '/api/authenticate', { body: { username, password }, from });

/** A port nothing listens on (taken from the system, then released). */
async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('rate limits without REDIS_URL (the embedded default)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    a = await startTestApp({ env: { AUTH_RATE_LIMIT: '2' } });
    b = await startTestApp({ env: { AUTH_RATE_LIMIT: '2' } });
    urlA = await listen(a.app);
    urlB = await listen(b.app);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('still limits each process, in its own memory', async () => {
    expect((await http(urlA, 'GET', '/api/officer/isValidLogin/admin')).status).toBe(200);
    expect((await http(urlA, 'GET', '/api/officer/isValidLogin/admin')).status).toBe(200);
    const limited = await http(urlA, 'GET', '/api/officer/isValidLogin/admin');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(rc.errors.tooManyRequests);
    // Counters are per process: the other server has not counted these calls.
    expect((await http(urlB, 'GET', '/api/officer/isValidLogin/admin')).status).toBe(200);
  });
});

describe('REDIS_URL set but Redis unreachable', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_RATE_LIMIT: '2', REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` } });
    await createOfficer(t.app, { officerId: 301, accessTypeId: 1, login: 'steady' });
    url = await listen(t.app);
  });
  afterAll(() => t?.close());

  it('starts and serves; limited routes answer as if unlimited (fail open)', async () => {
    for (let i = 0; i < 4; i++) expect((await http(url, 'GET', '/api/officer/isValidLogin/admin')).status).toBe(200);
    expect((await signIn(url, 'steady', TEST_PASSWORD)).status).toBe(200);
  });

  it('keeps the sign-in lockout, which lives in the database', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(url, 'steady', 'Wrong12345')).status).toBe(401);
    const right = await signIn(url, 'steady', TEST_PASSWORD);
    expect(right.status).toBe(401);
    expect(right.body.message).toBe(rc.errors.invalidCredentials);
  });
});

const baseDatabaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(!!baseDatabaseUrl && !!redisUrl)('two app processes on one PostgreSQL and one Redis', () => {
  // A fresh key prefix per run: runs never see each other's counters, and cleanup finds its keys.
  const keyPrefix = `rollcall-test-${randomBytes(6).toString('hex')}:`;
  const dataDirs: string[] = [];
  let scratch: ScratchDatabase | undefined;
  let redis: Redis;
  let a: App;
  let b: App;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseDatabaseUrl!, 'rollcall_test');
    redis = new Redis(redisUrl!);
    // What every process of one deployment shares: the database, Redis, the JWT secret. The
    // servers stand behind a proxy on this machine that passes on the client's address.
    const shared = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: 'Admin12345',
      AUTH_RATE_LIMIT: '4',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'silent',
    };
    // Each process takes the lock of its own DATA_DIR, even on PostgreSQL.
    for (let i = 0; i < 2; i++) dataDirs.push(await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-multi-')));
    a = await buildApp(readConfig({ ...shared, DATA_DIR: dataDirs[0] }), { logger: false });
    b = await buildApp(readConfig({ ...shared, DATA_DIR: dataDirs[1] }), { logger: false });
    urlA = await listen(a);
    urlB = await listen(b);
    await createOfficer(a, { officerId: 401, accessTypeId: 1, login: 'walker' });
    await createOfficer(a, { officerId: 402, accessTypeId: 1, login: 'runner' });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await scratch?.drop();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('counts a sign-in rate limit across both servers: half through A, half through B, then 429 on either', async () => {
    const client = '203.0.113.10';
    for (const base of [urlA, urlB, urlA, urlB]) expect((await signIn(base, 'ghost', 'Wrong12345', client)).status).toBe(401);
    const onA = await signIn(urlA, 'ghost', 'Wrong12345', client);
    expect(onA.status).toBe(429);
    expect(onA.body.message).toBe(rc.errors.tooManyRequests);
    expect((await signIn(urlB, 'ghost', 'Wrong12345', client)).status).toBe(429);
    // The limit is per client address (X-Forwarded-For from the trusted proxy): another client still gets through.
    expect((await signIn(urlB, 'ghost', 'Wrong12345', '203.0.113.11')).status).toBe(401);
    // The counters are in Redis, under this run's prefix, one per route and client address.
    expect(await redis.get(`${rateLimitNamespace({ REDIS_KEY_PREFIX: keyPrefix })}POST/api/authenticate-${client}`)).toBe('6');
  });

  it('a lockout made through server A refuses the right password on server B', async () => {
    expect((await signIn(urlB, 'walker', TEST_PASSWORD, '198.51.100.1')).status).toBe(200);
    // Five failures in a row through A, each from another address: the lockout is per login.
    for (let i = 0; i < 5; i++) expect((await signIn(urlA, 'walker', 'Wrong12345', `198.51.100.${10 + i}`)).status).toBe(401);
    const right = await signIn(urlB, 'walker', TEST_PASSWORD, '198.51.100.99');
    expect(right.status).toBe(401);
    expect(right.body.message).toBe(rc.errors.invalidCredentials);
  });

  it('a logout through server A ends the session on server B (401)', async () => {
    const session = await signIn(urlA, 'runner', TEST_PASSWORD, '192.0.2.1');
    expect(session.status).toBe(200);
    const token: string = session.body.jwt;
    expect((await http(urlB, 'GET', '/api/session', { token })).status).toBe(200);
    expect((await http(urlA, 'POST', '/api/logout', { token })).status).toBe(204);
    const after = await http(urlB, 'GET', '/api/session', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(rc.errors.notAuthenticated);
  });
});
