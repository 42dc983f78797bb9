import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../config';

/** How long buildApp waits for Redis at start before it serves anyway (milliseconds). */
const CONNECT_WAIT_MS = 3_000;
/** A Redis command that has not answered after this long fails, and the request is let through (milliseconds). */
const COMMAND_TIMEOUT_MS = 1_000;

export interface RateLimitSetup {
  /** Options for `app.register(rateLimit, …)`: the shared Redis store, or the in-process default. */
  options: RateLimitPluginOptions;
  /** Closes the Redis connection (nothing to do for the in-process store). For the app's onClose. */
  close(): Promise<void>;
}

/** The Redis key prefix of the rate-limit counters: `{REDIS_KEY_PREFIX}rate-limit:`. */
export function rateLimitNamespace(config: Pick<Config, 'REDIS_KEY_PREFIX'>): string {
  return `${config.REDIS_KEY_PREFIX}rate-limit:`;
}

/**
 * The rate-limit store shared by several app processes. Without REDIS_URL the counters live in this process's memory
 * (the embedded default: one process, or limits per process). With REDIS_URL every process counts
 * in the same Redis, under `{REDIS_KEY_PREFIX}rate-limit:{METHOD}{route}-{client address}`, so a
 * limit reached half through one process and half through another is reached.
 *
 * Redis trouble never takes the app down: a start with Redis unreachable logs a warning and
 * serves; while Redis is down, limited routes answer as if unlimited (`skipOnError`, fail open),
 * at once rather than after retries (no offline queue, 1-second command timeout). That is
 * acceptable because the limits only slow guessing down: the sign-in lockout (5 failures lock a
 * login for 10 minutes) lives in the database and still holds. Only routes that ask for a limit
 * are limited (`global: false`); each sets its own max and window in its route config.
 */
export async function setUpRateLimit(config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>, log: FastifyBaseLogger): Promise<RateLimitSetup> {
  if (!config.REDIS_URL) return { options: { global: false }, close: async () => {} };
  const redis = new Redis(config.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_WAIT_MS,
    lazyConnect: true,
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, 'Redis unreachable: rate limits are off until it answers (the sign-in lockout still holds)');
  });
  redis.on('ready', () => {
    if (down) log.info('Redis answers again: rate limits are shared again');
    down = false;
  });
  // A first connection that fails is retried in the background; the app serves meanwhile.
  await redis.connect().catch(() => {});
  return {
    options: { global: false, redis, nameSpace: rateLimitNamespace(config), skipOnError: true },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
