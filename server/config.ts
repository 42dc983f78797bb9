import { z } from 'zod';
import { DEFAULT_SUPER_USER_ID } from '../src/domain/constants';

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * Server configuration, read from the environment and validated at boot.
 * A bad value stops the start with a one-line message naming the variable.
 */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  /**
   * A read replica of DATABASE_URL: the reports across many officers (summary by
   * officer, footer totals without an officer, statistics, training compliance, 159 compliance)
   * read from it; everything else, and every write, goes to DATABASE_URL. Needs DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  /**
   * Redis for the rate-limit counters shared by several app processes. Unset: each
   * process counts in its own memory (one process, or limits per process).
   */
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  ),
  /**
   * Start of every Redis key Roll Call writes (rate limits: `{prefix}rate-limit:`), so several
   * deployments, or test runs, can share one Redis without seeing each other's counters.
   */
  REDIS_KEY_PREFIX: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, colons, dots, dashes or underscores').default('rollcall:'),
  ),
  ORG_NAME: z.string().min(1).default('County Auxiliary Police'),
  ORG_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Roll Call <rollcall@localhost>'),
  SUPER_USER_ID: z.coerce.number().int().positive().default(DEFAULT_SUPER_USER_ID),
  ADMIN_PASSWORD: optionalText,
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional()),
  DEMO_PASSWORD: optionalText,
  /**
   * The key that encrypts TOTP secrets at rest (AES-256-GCM): 32 bytes as 64 hex digits or as
   * base64/base64url. Unset: a random key is made once in DATA_DIR/totp-key. Several processes on
   * one PostgreSQL must share it, like JWT_SECRET. Losing it turns every authenticator app off.
   */
  TOTP_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((k) => /^[0-9a-fA-F]{64}$/.test(k) || Buffer.from(k, 'base64').length === 32, 'must be 32 bytes as 64 hex digits or base64')
      .optional(),
  ),
  /**
   * The lowest access level that must use a second factor at sign-in (decision 029): 9 by default
   * (administrators and auditors); 'off' asks nobody, for demonstrations and tests only.
   */
  SECOND_FACTOR_LEVEL: z
    .string()
    .default('9')
    .refine((v) => v === 'off' || /^(10|[1-9])$/.test(v), "must be an access level from 1 to 10, or 'off'")
    .transform((v): number | null => (v === 'off' ? null : Number(v))),
  /**
   * Which proxies may set X-Forwarded-For (the client address used by rate limits): unset or
   * 'false' trusts none; 'true' trusts all (only behind a proxy that overwrites the header);
   * a number trusts that many hops; otherwise a comma-separated list of addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string[] => {
      const t = v?.trim() ?? '';
      if (t === '' || t === 'false') return false;
      if (t === 'true') return true;
      if (/^\d+$/.test(t)) return Number(t);
      return t.split(',').map((x) => x.trim()).filter(Boolean);
    }),
  /** Sign-in, reset and login-check requests allowed per client address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /**
   * Calendar feed fetches (GET /api/calendarFeed/{token}, public) allowed per client address per
   * minute: calendar apps poll every few hours, so this only slows scraping and guessing down.
   */
  FEED_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /**
   * MiB of memory for finished answers (server/answers): one officer's ticket list and the reports
   * (summary by officer, footer totals, statistics, event lists, the 159 board and compliance
   * report, training compliance), each reused while the database's versions of what it shows are
   * unchanged; 0 keeps nothing (every answer made afresh, no version read).
   */
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(96),
  /** Largest file an upload may carry, in megabytes (MiB, 1,048,576 bytes); larger uploads get 413 while they stream. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * The most a DOCX, XLSX or other ZIP-based upload may unpack to, in MiB, counted from the sizes
   * its entries declare; a larger one (a "ZIP bomb") is refused before it is stored.
   */
  UPLOAD_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(10000).default(100),
  /**
   * The address officers reach Roll Call at (e.g. https://rollcall.example.org), used in links
   * that mails carry. Unset: the address of the request that sends the mail.
   */
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'must be an http:// or https:// address').transform((u) => u.replace(/\/+$/, '')).optional(),
  ),
  /**
   * 'on': this process's reminder scheduler looks for due reminders every few minutes (any number
   * of processes may run it: each run and each message is claimed once in the database); 'off'
   * never starts it here.
   */
  REMINDER_SCHEDULER: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Tests only: the instant (ISO 8601 with Z or an offset, e.g. 2027-03-06T17:00:00Z) the server's
   * clock reads at start; it then advances at the real rate (server/clock.ts). End-to-end tests
   * use it to run on a known date, e.g. a few days before a daylight-saving change. readConfig
   * refuses it unless NODE_ENV=test: edit windows, locked years, sign-up closing and sessions all
   * follow this clock, so a production server must never run on a shifted one. Not in the README's
   * configuration table, which lists only what operators set.
   */
  TEST_CLOCK_START: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.iso
      .datetime({ offset: true })
      .transform((v) => new Date(v))
      .optional(),
  ),
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment. Throws an Error whose message is one line naming the bad variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  if (result.data.DATABASE_REPLICA_URL && !result.data.DATABASE_URL) {
    throw new Error('Invalid configuration: DATABASE_REPLICA_URL needs DATABASE_URL (a replica of the embedded database cannot exist)');
  }
  // The one gate of the shifted clock: NODE_ENV=test, which no deployment sets (npm start leaves
  // it unset), so a stray TEST_CLOCK_START stops a real server at start instead of moving its
  // edit windows and locked years.
  if (result.data.TEST_CLOCK_START && env.NODE_ENV !== 'test') {
    throw new Error('Invalid configuration: TEST_CLOCK_START is for tests only and needs NODE_ENV=test (it moves the server\'s clock)');
  }
  return result.data;
}
