import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as s from './schema';
import { hashPassword } from '../auth/passwords';
import { encryptSecret, newTotpSecret } from '../auth/secondFactor';
import { mustUseSecondFactor } from '../../src/domain/secondFactor';

/** The demo organisation's officers: one complete profile at each access level. */
export const DEMO_OFFICERS = [
  { officerId: 101, login: 'officer', accessTypeId: 1, firstName: 'Olivia', lastName: 'Ortiz', rankId: 1, precinctId: 1 },
  { officerId: 103, login: 'restricted', accessTypeId: 3, firstName: 'Ray', lastName: 'Reyes', rankId: 9, precinctId: 2 },
  { officerId: 105, login: 'supervisor', accessTypeId: 5, firstName: 'Sam', lastName: 'Sullivan', rankId: 2, precinctId: 1 },
  { officerId: 109, login: 'administrator', accessTypeId: 9, firstName: 'Alex', lastName: 'Abrams', rankId: 4, precinctId: 90 },
  { officerId: 110, login: 'auditor', accessTypeId: 10, firstName: 'Audrey', lastName: 'Adler', rankId: 3, precinctId: 99 },
] as const;

/**
 * The demo officers' full records (complete profiles, a last login date so each signs straight
 * in) with the given scrypt hash and home state id (New York). Used by seedDemo and by the scale
 * seed (server/db/scaleSeed), which loads them with COPY.
 */
export function demoOfficerRecords(passwordHash: string, homeStateId: number, lastLoginDate: Date): Array<typeof s.officer.$inferInsert> {
  return DEMO_OFFICERS.map((o) => ({
    ...o,
    passwordHash,
    middle: 'Q',
    badgeNumber: o.officerId + 1000,
    handcuffNumber: o.officerId + 2000,
    homeStreetAddr1: `${o.officerId} Main Street`,
    homeCity: 'Mineola',
    homeStateId,
    homeZip: '11501',
    homePhone: '516-555-0100',
    mobile: `516-555-0${o.officerId}`,
    homeEmail: `${o.login}@example.org`,
    deptEmail: `${o.login}@aux.example.org`,
    soundex: `D${o.officerId}-555-000`,
    appointmentDate: '2020-01-15',
    lastLoginDate,
  }));
}

/**
 * Seeds the demo organisation on a fresh data dir: the five demo officers with the given
 * password (or an scrypt hash of it already made) and a last login date of `now` (the app's
 * clock), so each signs straight in. Idempotent.
 */
export async function seedDemo(db: Db, password: string, now: Date, passwordHash?: string): Promise<void> {
  const hash = passwordHash ?? (await hashPassword(password));
  const [ny] = await db.select({ stateId: s.state.stateId }).from(s.state).where(sql`${s.state.stateAbbr} = 'NY'`);
  await db.insert(s.officer).values(demoOfficerRecords(hash, ny.stateId, now)).onConflictDoNothing();
}

/**
 * Sets up the authenticator app of every demo login whose access level must use a second factor
 * (`requiredFrom`, SECOND_FACTOR_LEVEL; null: none), all with one new TOTP secret, sealed with
 * `totpKey` as any officer's is. `npm run demo` prints the secret beside the password, so anyone
 * trying the demo, or a script driving it, can compute the codes. Output: the secret (base32)
 * and those logins, or null when no demo login must use a second factor.
 */
export async function enrolDemoSecondFactor(db: Db, totpKey: Buffer, requiredFrom: number | null, now: Date): Promise<{ secret: string; logins: string[] } | null> {
  const enrolled = DEMO_OFFICERS.filter((o) => mustUseSecondFactor(o.accessTypeId, requiredFrom));
  if (!enrolled.length) return null;
  const secret = newTotpSecret();
  const secretEnc = encryptSecret(totpKey, secret);
  await db
    .insert(s.officerTotp)
    .values(enrolled.map((o) => ({ officerId: o.officerId, secretEnc, createdAt: now, confirmedAt: now })))
    .onConflictDoNothing();
  return { secret, logins: enrolled.map((o) => o.login) };
}
