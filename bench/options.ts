import { parseArgs } from 'node:util';

export type DbKind = 'pglite' | 'postgres';

/** What one `npm run bench` does (bench/README.md). */
export interface BenchOptions {
  quick: boolean;
  /** Databases to run on, in order. */
  dbs: DbKind[];
  /** Officers the scale seed creates. */
  officers: number;
  /** Years of history per database kind (both 10 in a full run; kept apart so PGlite can be given fewer). */
  years: Record<DbKind, number>;
  /** Seed of the generator, so runs are comparable. */
  seed: number;
  /** Seconds of load per call (autocannon). */
  duration: number;
  connections: number;
  /** Requests per call for the single-request server time (median). */
  singleRuns: number;
  /** A built browser app to use instead of dist/ or a fresh build. */
  dist: string | null;
  browser: boolean;
  /** PostgreSQL server on which the bench creates (and afterwards drops) its own database. */
  postgresUrl: string;
  /** Folder of the JSON results. */
  outDir: string;
}

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export const USAGE = `npm run bench -- [--quick] [--db pglite|postgres|both] [--officers N] [--years Y] [--seed S]
                     [--duration SECONDS] [--connections N] [--dist DIR] [--no-browser] [--out DIR]`;

/**
 * Reads the command line (node:util parseArgs). Defaults: a full run is 1000 officers x 10 years
 * on both databases (PGlite seeds it in about 3 minutes, PostgreSQL in 1.5), 10 s of load per
 * call; --quick is 50 officers x 1 year on PGlite only, 1 s per call and 5 single requests (it proves the
 * harness and the size budget; its figures mean little). --years sets both databases.
 * Throws with the usage on an unknown flag or a bad value.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      db: { type: 'string' },
      officers: { type: 'string' },
      years: { type: 'string' },
      seed: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      dist: { type: 'string' },
      'no-browser': { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const quick = values.quick;
  const positive = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a number above 0\n${USAGE}`);
    return n;
  };
  const db = values.db ?? (quick ? 'pglite' : 'both');
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new Error(`--db must be pglite, postgres or both\n${USAGE}`);
  const years = values.years !== undefined ? positive('years', values.years, 1) : null;
  return {
    quick,
    dbs: db === 'both' ? ['pglite', 'postgres'] : [db as DbKind],
    officers: Math.round(positive('officers', values.officers, quick ? 50 : 1000)),
    years: { pglite: years ?? (quick ? 1 : 10), postgres: years ?? (quick ? 1 : 10) },
    seed: Math.round(positive('seed', values.seed, 42)),
    duration: positive('duration', values.duration, quick ? 1 : 10),
    connections: Math.round(positive('connections', values.connections, 20)),
    singleRuns: quick ? 5 : 20,
    dist: values.dist ?? null,
    browser: !values['no-browser'],
    postgresUrl: env.DATABASE_URL || DEFAULT_POSTGRES,
    outDir: values.out ?? 'bench/results',
  };
}
