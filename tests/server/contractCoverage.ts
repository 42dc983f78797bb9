import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * which declared statuses did the API suite never see? Each test process writes the
 * (operation, status) pairs its answers had and the pairs the document declares into
 * CONTRACT_SEEN_DIR (tests/server/contract.ts); after the run this lists, per operation, the
 * declared statuses no test received. A listing for the reader, not an assertion: the
 * property tests and the suite together should leave it short. Vitest's globalSetup of the server
 * project (vitest.config.ts) sets a fresh directory per run and prints the listing at the end;
 * `npx tsx tests/server/contractCoverage.ts DIR` prints it again.
 */
export interface CoverageListing {
  declared: number;
  seen: number;
  /** 'METHOD /path' -> statuses declared and never seen. */
  neverSeen: Map<string, string[]>;
}

/** Reads a run's directory and lists the declared statuses never seen. */
export function coverageOf(dir: string): CoverageListing {
  const seen = new Set<string>();
  const declared = new Set<string>();
  if (fs.existsSync(dir)) {
    for (const file of fs.readdirSync(dir)) {
      const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
      for (const line of lines) (file.startsWith('declared') ? declared : seen).add(line);
    }
  }
  const neverSeen = new Map<string, string[]>();
  for (const key of [...declared].sort()) {
    if (seen.has(key)) continue;
    const [method, p, status] = key.split(' ');
    const op = `${method} ${p}`;
    neverSeen.set(op, [...(neverSeen.get(op) ?? []), status]);
  }
  return { declared: declared.size, seen: [...declared].filter((k) => seen.has(k)).length, neverSeen };
}

/** The listing as text, one operation a line. */
export function formatCoverage(c: CoverageListing): string {
  const lines = [`OpenAPI contract coverage: ${c.seen} of ${c.declared} declared (operation, status) pairs seen by the suite.`];
  if (c.neverSeen.size) lines.push('Declared statuses never seen:');
  for (const [op, statuses] of c.neverSeen) lines.push(`  ${op}: ${statuses.join(', ')}`);
  return lines.join('\n');
}

/** Vitest globalSetup: a fresh directory for this run; the listing printed (and saved) at the end. */
export default function setup() {
  const dir = path.join(os.tmpdir(), `rollcall-contract-${randomBytes(4).toString('hex')}`);
  process.env.CONTRACT_SEEN_DIR = dir;
  return () => {
    const listing = coverageOf(dir);
    if (!listing.declared) return;
    const text = formatCoverage(listing);
    fs.writeFileSync(path.join(dir, 'coverage.txt'), text + '\n');
    console.log(`\n${text}\n(saved in ${path.join(dir, 'coverage.txt')})`);
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  console.log(formatCoverage(coverageOf(process.argv[2] ?? path.join(os.tmpdir(), 'rollcall-contract-seen'))));
}
