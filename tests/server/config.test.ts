import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { rateLimitNamespace } from '../../server/auth/rateLimit';

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
