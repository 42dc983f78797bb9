import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { rateLimitNamespace } from '../../server/auth/rateLimit';
import { clockFrom, configuredClock, systemClock } from '../../server/clock';

describe('Redis settings', () => {
  it('takes REDIS_URL only as redis:// or rediss://, and treats an empty one as unset', () => {
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(readConfig({ REDIS_URL: 'rediss://user:pw@cache.example.org:6380/2' }).REDIS_URL).toBe('rediss://user:pw@cache.example.org:6380/2');
    expect(readConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(readConfig({}).REDIS_URL).toBeUndefined();
    expect(() => readConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/^Invalid configuration: REDIS_URL must start with redis:\/\/ or rediss:\/\/$/);
  });

  it('keeps rate-limit counters under REDIS_KEY_PREFIX (default rollcall:)', () => {
    expect(rateLimitNamespace(readConfig({}))).toBe('rollcall:rate-limit:');
    expect(rateLimitNamespace(readConfig({ REDIS_KEY_PREFIX: 'staging:' }))).toBe('staging:rate-limit:');
    expect(() => readConfig({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});

describe('TEST_CLOCK_START', () => {
  it('is taken only under NODE_ENV=test, as an ISO instant with a zone', () => {
    expect(readConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '2027-03-06T12:00:00-05:00' }).TEST_CLOCK_START).toEqual(new Date('2027-03-06T17:00:00Z'));
    expect(readConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '' }).TEST_CLOCK_START).toBeUndefined();
    expect(() => readConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '2027-03-06 12:00' })).toThrow(/^Invalid configuration: TEST_CLOCK_START /);
    // a production server (NODE_ENV unset or anything else) refuses to start on a shifted clock
    for (const NODE_ENV of [undefined, 'production', 'development']) {
      expect(() => readConfig({ NODE_ENV, TEST_CLOCK_START: '2027-03-06T17:00:00Z' })).toThrow(/TEST_CLOCK_START is for tests only and needs NODE_ENV=test/);
    }
  });

  it('starts the clock at that instant and lets it run at the real rate', () => {
    let real = Date.parse('2026-11-28T09:00:00Z');
    const now = clockFrom(new Date('2027-03-06T17:00:00Z'), () => real);
    expect(now().toISOString()).toBe('2027-03-06T17:00:00.000Z');
    real += 90_000;
    expect(now().toISOString()).toBe('2027-03-06T17:01:30.000Z');
    expect(configuredClock(readConfig({}))).toBe(systemClock);
  });
});
