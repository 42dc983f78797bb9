import type { SecondFactorStage } from '../../../src/domain/secondFactor';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { isProfileComplete } from '../../../src/domain/profile';
import type { SessionUser } from '../../../src/domain/sessionUser';
import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from '../../../src/domain/constants';

export type { SessionUser };

/** The officer row for a login (case-insensitive), or undefined. */
export async function findOfficerByLogin(db: Db, login: string) {
  const [row] = await db.select().from(s.officer).where(sql`lower(${s.officer.login}) = lower(${login})`);
  return row;
}

export async function findOfficerById(db: Db, officerId: number) {
  const [row] = await db.select().from(s.officer).where(eq(s.officer.officerId, officerId));
  return row;
}

/** Builds the SessionUser of an officer (with his session's two-step stage); undefined when the officer does not exist. */
export async function loadSessionUser(
  db: Db,
  officerId: number,
  mustChangePassword: boolean,
  secondFactor: SecondFactorStage | null = null,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ o: s.officer, rank: s.rank, accessType: s.accessType })
    .from(s.officer)
    .leftJoin(s.rank, eq(s.rank.rankId, s.officer.rankId))
    .innerJoin(s.accessType, eq(s.accessType.accessTypeId, s.officer.accessTypeId))
    .where(eq(s.officer.officerId, officerId));
  if (!row) return undefined;
  const { o } = row;
  return {
    officerId: o.officerId,
    lastName: o.lastName,
    firstName: o.firstName,
    middle: o.middle,
    rank: row.rank ? { rankId: row.rank.rankId, description: row.rank.description } : null,
    accessType: { accessTypeId: row.accessType.accessTypeId, description: row.accessType.description },
    lastLoginDate: o.lastLoginDate ? o.lastLoginDate.toISOString() : null,
    profileComplete: isProfileComplete(o),
    mustChangePassword,
    secondFactor,
  };
}

/**
 * Claims one sign-in attempt for a login before its password is checked:
 * one atomic statement counts the attempt as a failure in advance and answers whether it may be
 * checked at all. The fifth attempt in a row sets the 10-minute lock and is still checked; every
 * attempt after it, however many run at the same time, finds the lock and is refused without a
 * check, so no burst of parallel requests can slip a sixth password past the lock. A success
 * clears the count (clearFailedLogins); a failure needs nothing more. An expired lock starts a
 * new count. Returns the attempt's number in the current run of failures: the password may be
 * checked when it is at most MAX_FAILED_LOGINS (5), and a failure of number 5 locked the login.
 */
export async function claimLoginAttempt(db: Db, login: string, now: Date): Promise<number> {
  const lockUntil = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString();
  const at = now.toISOString();
  const t = s.loginAttempt;
  const expired = sql`${t.lockedUntil} is not null and ${t.lockedUntil} <= ${at}::timestamptz`;
  const locked = sql`${t.lockedUntil} is not null and ${t.lockedUntil} > ${at}::timestamptz`;
  const rows = await db
    .insert(t)
    .values({ login: login.toLowerCase(), failedCount: 1 })
    .onConflictDoUpdate({
      target: t.login,
      set: {
        failedCount: sql`case when ${expired} then 1 when ${locked} then greatest(${t.failedCount}, ${MAX_FAILED_LOGINS}) + 1 else ${t.failedCount} + 1 end`,
        lockedUntil: sql`case when ${expired} then null when ${locked} then ${t.lockedUntil} when ${t.failedCount} + 1 >= ${MAX_FAILED_LOGINS} then ${lockUntil}::timestamptz else null end`,
      },
    })
    .returning({ failedCount: t.failedCount });
  return rows[0]?.failedCount ?? MAX_FAILED_LOGINS + 1;
}

/**
 * Gives back the attempt claimLoginAttempt counted for a right password whose sign-in still waits
 * for its second factor: neither a failure nor the end of the failures in a row (the wrong codes
 * that follow count on, and only a right second factor clears them). A lock that this attempt
 * alone set is lifted with it; one set by earlier failures stays.
 */
export async function releaseLoginAttempt(db: Db, login: string): Promise<void> {
  const t = s.loginAttempt;
  await db
    .update(t)
    .set({
      failedCount: sql`greatest(${t.failedCount} - 1, 0)`,
      lockedUntil: sql`case when ${t.failedCount} - 1 >= ${MAX_FAILED_LOGINS} then ${t.lockedUntil} else null end`,
    })
    .where(eq(t.login, login.toLowerCase()));
}

/** Clears the failure count after a successful sign-in. */
export async function clearFailedLogins(db: Db, login: string): Promise<void> {
  await db.delete(s.loginAttempt).where(eq(s.loginAttempt.login, login.toLowerCase()));
}

/**
 * Uses up a temporary password for signing in (single use): true for the one caller that got it
 * while still valid, false for any other, even a racing one. Its hash stays, as the current
 * password of that session's password change, until the password is changed.
 */
export async function consumeTempPassword(db: Db, officerId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(s.officer)
    .set({ tempPasswordExpires: now })
    .where(and(eq(s.officer.officerId, officerId), sql`${s.officer.tempPasswordExpires} > ${now.toISOString()}::timestamptz`))
    .returning({ officerId: s.officer.officerId });
  return rows.length === 1;
}

/** Stores a temporary password hash that expires at `expires`. */
export async function setTempPassword(db: Db, officerId: number, hash: string, expires: Date): Promise<void> {
  await db.update(s.officer).set({ tempPasswordHash: hash, tempPasswordExpires: expires }).where(eq(s.officer.officerId, officerId));
}

/**
 * Sets a new password hash, clears any temporary password, records the change date, and revokes
 * every other session of the officer; the current session may then use the whole app.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function changePassword(db: Db, officerId: number, hash: string, now: Date, currentSessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(s.officer)
      .set({ passwordHash: hash, passwordChangedDate: now, tempPasswordHash: null, tempPasswordExpires: null, updatedBy: officerId, updatedTimestamp: now })
      .where(eq(s.officer.officerId, officerId));
    await tx
      .update(s.session)
      .set({ revokedAt: now })
      .where(and(eq(s.session.officerId, officerId), sql`${s.session.sessionId} <> ${currentSessionId}`, sql`${s.session.revokedAt} is null`));
    await tx.update(s.session).set({ passwordChangeOnly: false }).where(eq(s.session.sessionId, currentSessionId));
  });
}

/** Records a sign-in (PUT /updateLastLoginDate). Returns the stored instant. */
export async function updateLastLoginDate(db: Db, officerId: number, now: Date): Promise<Date> {
  await db.update(s.officer).set({ lastLoginDate: now }).where(eq(s.officer.officerId, officerId));
  return now;
}

/** Access type of a login, or undefined. */
export async function roleByLogin(db: Db, login: string) {
  const [row] = await db
    .select({ officerId: s.officer.officerId, accessTypeId: s.accessType.accessTypeId, description: s.accessType.description })
    .from(s.officer)
    .innerJoin(s.accessType, eq(s.accessType.accessTypeId, s.officer.accessTypeId))
    .where(sql`lower(${s.officer.login}) = lower(${login})`);
  return row;
}

/** The officer's e-mail addresses a password reset may go to: filled and confirmed, in field order. */
export function confirmedAddresses(officer: Pick<typeof s.officer.$inferSelect, 'homeEmail' | 'deptEmail' | 'homeEmailConfirmed' | 'deptEmailConfirmed'>): string[] {
  const out: string[] = [];
  if (officer.homeEmail?.trim() && officer.homeEmailConfirmed) out.push(officer.homeEmail.trim());
  if (officer.deptEmail?.trim() && officer.deptEmailConfirmed && !out.some((e) => e.toLowerCase() === officer.deptEmail!.trim().toLowerCase())) {
    out.push(officer.deptEmail.trim());
  }
  return out;
}

/** Stores a confirmation link for an address an officer gave for himself (only the token's hash). */
export async function createEmailConfirmation(
  db: Db,
  c: { tokenHash: string; officerId: number; field: 'homeEmail' | 'deptEmail'; email: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(s.emailConfirmation).values({ tokenHash: c.tokenHash, officerId: c.officerId, field: c.field, email: c.email, createdAt: c.now, expiresAt: c.expiresAt });
}

/**
 * Follows a confirmation link: within its time and unused, and while the officer's field still
 * holds the address it was sent to (letter case aside), the field counts as confirmed and the
 * link is used up. One transaction; false for any other link, which changes nothing.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function confirmEmail(db: Db, tokenHash: string, now: Date): Promise<{ officerId: number; field: string } | null> {
  return db.transaction(async (tx) => {
    const c = s.emailConfirmation;
    const [link] = await tx
      .update(c)
      .set({ usedAt: now })
      .where(and(eq(c.tokenHash, tokenHash), isNull(c.usedAt), sql`${c.expiresAt} > ${now.toISOString()}::timestamptz`))
      .returning({ officerId: c.officerId, field: c.field, email: c.email });
    if (!link) return null;
    const o = s.officer;
    const column = link.field === 'homeEmail' ? o.homeEmail : o.deptEmail;
    const set = link.field === 'homeEmail' ? { homeEmailConfirmed: true } : { deptEmailConfirmed: true };
    const rows = await tx
      .update(o)
      .set(set)
      .where(and(eq(o.officerId, link.officerId), sql`lower(btrim(${column})) = lower(btrim(${link.email}))`))
      .returning({ officerId: o.officerId });
    if (!rows.length) {
      // The address was changed again since: the link confirms nothing, and stays unused up.
      return null;
    }
    return { officerId: link.officerId, field: link.field };
  });
}
