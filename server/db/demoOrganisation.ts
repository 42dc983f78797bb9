import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as s from './schema';
import { hashPassword } from '../auth/passwords';
import { seedDemo } from './demo';
import { seedDemoEvents } from './demoEvents';
import { seedDemoTickets } from './demoTickets';
import { seedDemoDocuments } from './demoDocuments';
import { GENERATED_OFFICER_ID_BASE, seedOrganisation, type SeedStats } from './scaleSeed';

/** Size of the generated part of the demo organisation (`npm run demo`). */
export const DEMO_SCALE = { officers: 80, years: 1, seed: 1 } as const;

/**
 * The demo organisation of `npm run demo`: the curated records first (the five demo
 * logins, their events, tickets, documents and news, which the e2e tests rely on), then a small
 * run of the scale seed beside them (DEMO_SCALE: officers with a year of tickets, full rosters,
 * 159s with sign-offs, news), so the organisation looks real. One scrypt hash of `password`
 * serves every officer. Dates follow `now` in `tz`. The generated part is skipped when generated
 * officers are already there. Returns the seed's figures, or null when skipped.
 */
export async function seedDemoOrganisation(db: Db, opts: { password: string; now: Date; tz: string }): Promise<SeedStats | null> {
  const passwordHash = await hashPassword(opts.password);
  await seedDemo(db, opts.password, opts.now, passwordHash);
  await seedDemoEvents(db, opts.now, opts.tz);
  await seedDemoTickets(db, opts.tz, opts.now);
  await seedDemoDocuments(db, opts.now, opts.tz);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.officer).where(sql`${s.officer.officerId} >= ${GENERATED_OFFICER_ID_BASE}`);
  if (Number(n) > 0) return null;
  return seedOrganisation(db, { ...DEMO_SCALE, passwordHash, tz: opts.tz, now: opts.now });
}
