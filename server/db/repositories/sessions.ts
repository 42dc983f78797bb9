import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { IDLE_TIMEOUT_MINUTES, SESSION_ABSOLUTE_HOURS } from '../../../src/domain/constants';
import type { Actor } from '../../../src/domain/access';
import { isProfileComplete } from '../../../src/domain/profile';
import { todayIn, toIsoDate } from '../../../src/domain/dates';

/** last_seen_at is written at most this often, so a burst of requests is not a burst of writes. */
const TOUCH_EVERY_MS = 30_000;

/** Opens a session for an officer. Absolute limit: 12 hours from now. */
export async function createSession(db: Db, officerId: number, now: Date, passwordChangeOnly: boolean) {
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 3600_000);
  await db.insert(s.session).values({ sessionId, officerId, createdAt: now, lastSeenAt: now, expiresAt, passwordChangeOnly });
  return { sessionId, expiresAt };
}

/**
 * Returns the actor of a live session and records activity, or null when the session is
 * unknown, revoked, past its absolute limit, idle for 15 minutes or more, or its officer is
 * separated (as of today in `tz`). An officer whose profile is incomplete (spec §5) gets an actor
 * marked profileIncomplete, which can() refuses everything but the password change.
 */
export async function useSession(db: Db, sessionId: string, officerId: number, now: Date, tz: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      officerId: s.session.officerId,
      lastSeenAt: s.session.lastSeenAt,
      expiresAt: s.session.expiresAt,
      passwordChangeOnly: s.session.passwordChangeOnly,
      accessLevel: s.officer.accessTypeId,
      separationDate: s.officer.separationDate,
      profile: {
        badgeNumber: s.officer.badgeNumber,
        firstName: s.officer.firstName,
        lastName: s.officer.lastName,
        handcuffNumber: s.officer.handcuffNumber,
        homeCity: s.officer.homeCity,
        homeEmail: s.officer.homeEmail,
        homePhone: s.officer.homePhone,
        homeStateId: s.officer.homeStateId,
        homeStreetAddr1: s.officer.homeStreetAddr1,
        homeZip: s.officer.homeZip,
        mobile: s.officer.mobile,
        soundex: s.officer.soundex,
      },
    })
    .from(s.session)
    .innerJoin(s.officer, eq(s.officer.officerId, s.session.officerId))
    .where(and(eq(s.session.sessionId, sessionId), isNull(s.session.revokedAt)));
  if (!row || row.officerId !== officerId) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= IDLE_TIMEOUT_MINUTES * 60_000) return null;
  if (row.separationDate && row.separationDate <= toIsoDate(todayIn(tz, now))) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(s.session).set({ lastSeenAt: now }).where(eq(s.session.sessionId, sessionId));
  }
  return {
    officerId: row.officerId,
    accessLevel: row.accessLevel,
    passwordChangeOnly: row.passwordChangeOnly,
    profileIncomplete: !isProfileComplete({ officerId: row.officerId, ...row.profile }),
  };
}

/** Revokes a session (logout). */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(s.session).set({ revokedAt: now }).where(eq(s.session.sessionId, sessionId));
}

