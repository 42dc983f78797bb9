import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { startTestApp, call, type TestApp } from './helpers';

describe('configuration', () => {
  it('stops with a one-line message naming the bad variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => readConfig({ ORG_TIMEZONE: 'Mars/Olympus' })).toThrow(/ORG_TIMEZONE/);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('has the documented defaults', () => {
    const c = readConfig({});
    expect(c).toMatchObject({ PORT: 8080, DATA_DIR: './data', ORG_NAME: 'County Auxiliary Police', ORG_TIMEZONE: 'America/New_York', SUPER_USER_ID: 1 });
  });
});

describe('one server per DATA_DIR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses a second server on the same embedded data dir and leaves the first working (PostgreSQL takes no data-dir lock)', async () => {
    if (t.kind === 'pglite') {
      await expect(buildApp(t.config, { logger: false })).rejects.toThrow(/already in use by another Roll Call server/);
    } else {
      // Several app processes share one PostgreSQL; no lock is taken there.
      const second = await buildApp(t.config, { logger: false });
      expect((await call(second, 'GET', '/api/health')).status).toBe(200);
      await second.close();
    }
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
  });

  it('serves the organisation name and time zone before sign-in', async () => {
    const res = await call(t.app, 'GET', '/api/config');
    expect(res.body).toMatchObject({ orgName: 'County Auxiliary Police', orgTimezone: 'America/New_York', superUserId: 1 });
    expect(res.body.today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  it('limits login checks and sign-ins per address', async () => {
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'GET', '/api/officer/isValidLogin/admin')).status).toBe(200);
    const limited = await call(t.app, 'GET', '/api/officer/isValidLogin/admin');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many requests/);
    // A forged X-Forwarded-For does not buy a fresh allowance unless TRUST_PROXY says so.
    const forged = await call(t.app, 'GET', '/api/officer/isValidLogin/admin', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forged.status).toBe(429);
  });

  it('reads TRUST_PROXY as none, all, a hop count or a list', () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(readConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
