import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { IDLE_TIMEOUT_MINUTES, SESSION_ABSOLUTE_HOURS } from '../../../src/domain/constants';
import type { Actor } from '../../../src/domain/access';
import { isProfileComplete } from '../../../src/domain/profile';
import type { SessionUser } from '../../../src/domain/sessionUser';
import type { SecondFactorStage } from '../../../src/domain/secondFactor';
import { readScopeVersions, rememberVersions, versionOf, type ScopeVersions } from '../dataVersion';

/** last_seen_at is written at most this often, so a burst of requests is not a burst of writes. */
const TOUCH_EVERY_MS = 30_000;

/**
 * Opens a session for an officer. Absolute limit: 12 hours from now. `secondFactor`: the two-step
 * sign-in step it still waits for (null: fully signed in).
 */
export async function createSession(db: Db, officerId: number, now: Date, passwordChangeOnly: boolean, secondFactor: SecondFactorStage | null = null) {
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 3600_000);
  await db.insert(s.session).values({ sessionId, officerId, createdAt: now, lastSeenAt: now, expiresAt, passwordChangeOnly, secondFactor });
  return { sessionId, expiresAt };
}

/**
 * The session check's one SELECT, built once per database and run with placeholders (it runs on
 * every request): the session with its officer, access type and rank, and whether the officer is
 * separated as of today in the organisation's time zone at the request's instant (computed by
 * the database, so no date math per request).
 */
function prepareSessionQuery(db: Db) {
  const local = sql`(${sql.placeholder('now')}::timestamptz at time zone ${sql.placeholder('tz')})`;
  const today = sql`${local}::date`;
  return db
    .select({
      officerId: s.session.officerId,
      lastSeenAt: s.session.lastSeenAt,
      expiresAt: s.session.expiresAt,
      passwordChangeOnly: s.session.passwordChangeOnly,
      secondFactor: s.session.secondFactor,
      separated: sql<boolean>`coalesce(${s.officer.separationDate} <= ${today}, false)`,
      // when the organisation's day turns (ms since the epoch): until then `separated` holds
      dayEndsAtMs: sql<number>`extract(epoch from ((date_trunc('day', ${local}) + interval '1 day') at time zone ${sql.placeholder('tz')})) * 1000`.mapWith(Number),
      accessLevel: s.officer.accessTypeId,
      accessTypeDescription: s.accessType.description,
      rankId: s.rank.rankId,
      rankDescription: s.rank.description,
      middle: s.officer.middle,
      lastLoginDate: s.officer.lastLoginDate,
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
    .innerJoin(s.accessType, eq(s.accessType.accessTypeId, s.officer.accessTypeId))
    .leftJoin(s.rank, eq(s.rank.rankId, s.officer.rankId))
    .where(and(eq(s.session.sessionId, sql.placeholder('sessionId')), isNull(s.session.revokedAt)))
    .prepare('use_session');
}

const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>['execute']>>[number];

/** What a kept session row depends on: its session (sign-in, revocation), its officer, rank and access type. */
const SESSION_SCOPES = ['sessions', 'officers', 'lookups'] as const;
const MAX_KEPT_ROWS = 10_000;

/** A session check's row kept in memory: the versions it was read at and when. */
interface KeptRow {
  version: string;
  readAtMs: number;
  row: SessionRow;
}

/**
 * The session check's row of each session, least recently used out beyond MAX_KEPT_ROWS. The
 * session SELECT (four tables, time-zone arithmetic) costs about 2 ms on the embedded database,
 * the read of the data versions a fraction of that, so the row is reused while the versions of
 * the sessions, officers and lookups scopes stand (migration 0015: a sign-in, a revocation or a
 * change of the officer, rank or access type changes them; the 30-second touch does not), the
 * organisation's day has not turned and the clock has not gone back. Its last_seen_at is the one
 * this process saw or wrote: once it is 30 s old the row is read again (another process may have
 * touched it), so idleness is never judged on a kept row.
 */
const keptRows = new WeakMap<Db, LRUCache<string, KeptRow>>();

/** The session's row (kept when still valid at `now`, else read and kept) and the versions read before it. */
async function sessionRow(db: Db, sessionId: string, now: Date, tz: string): Promise<{ row: SessionRow | undefined; versions: ScopeVersions }> {
  const nowMs = now.getTime();
  let kept = keptRows.get(db);
  if (!kept) keptRows.set(db, (kept = new LRUCache({ max: MAX_KEPT_ROWS })));
  const versions = await readScopeVersions(db);
  const version = versionOf(versions, SESSION_SCOPES);
  const hit = kept.get(sessionId);
  if (hit && hit.version === version && hit.readAtMs <= nowMs && nowMs < hit.row.dayEndsAtMs && nowMs - hit.row.lastSeenAt.getTime() < TOUCH_EVERY_MS) {
    return { row: hit.row, versions };
  }
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
  const [row] = await query.execute({ sessionId, now: now.toISOString(), tz });
  if (row) kept.set(sessionId, { version, readAtMs: nowMs, row });
  else kept.delete(sessionId);
  return { row, versions };
}

/** What useSession answers for a live session: the actor and the signed-in user of GET /api/session. */
export interface LiveSession {
  actor: Actor;
  user: SessionUser;
}

/**
 * Returns the actor of a live session (and its signed-in user, spec §3, for GET /api/session)
 * and records activity, or null when the session is unknown, revoked, past its absolute limit,
 * idle for 15 minutes or more, or its officer is separated (separation date on or before today
 * in `tz` at `now`, computed by the database: no date math per request). An officer whose
 * profile is incomplete (spec §5) gets an actor marked profileIncomplete, which can() refuses
 * everything but the password change. One read of the data versions, then the session's SELECT
 * unless its row is kept (sessionRow); an UPDATE of last_seen_at at most every 30 s.
 */
export async function useSession(db: Db, sessionId: string, officerId: number, now: Date, tz: string): Promise<LiveSession | null> {
  const { row, versions } = await sessionRow(db, sessionId, now, tz);
  if (!row || row.officerId !== officerId) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= IDLE_TIMEOUT_MINUTES * 60_000) return null;
  if (row.separated) {
    // A separation date that arrived ends the session for good: clearing the date later must not
    // bring this token back (one write, once per such session).
    await revokeSession(db, sessionId, now);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(s.session).set({ lastSeenAt: now }).where(eq(s.session.sessionId, sessionId));
    // the touch changes no version: the kept row takes the new time
    const hit = keptRows.get(db)?.get(sessionId);
    if (hit?.row === row) hit.row = { ...row, lastSeenAt: now };
  }
  const profileComplete = isProfileComplete({ officerId: row.officerId, ...row.profile });
  const actor: Actor = {
    officerId: row.officerId,
    accessLevel: row.accessLevel,
    passwordChangeOnly: row.passwordChangeOnly,
    profileIncomplete: !profileComplete,
    secondFactor: row.secondFactor as SecondFactorStage | null,
  };
  // the answer layer reuses the versions read for this request instead of reading them again
  rememberVersions(actor, db, versions);
  return {
    actor,
    user: {
      officerId: row.officerId,
      lastName: row.profile.lastName,
      firstName: row.profile.firstName,
      middle: row.middle,
      rank: row.rankId ? { rankId: row.rankId, description: row.rankDescription ?? '' } : null,
      accessType: { accessTypeId: row.accessLevel, description: row.accessTypeDescription },
      lastLoginDate: row.lastLoginDate ? row.lastLoginDate.toISOString() : null,
      profileComplete,
      mustChangePassword: row.passwordChangeOnly,
      secondFactor: row.secondFactor as SecondFactorStage | null,
    },
  };
}

/** Revokes a session (logout). */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(s.session).set({ revokedAt: now }).where(eq(s.session.sessionId, sessionId));
}


/** Revokes every live session of an officer (his tokens stop working at once), in the caller's transaction. */
export async function revokeOfficerSessions(db: Db, officerId: number, now: Date): Promise<void> {
  await db.update(s.session).set({ revokedAt: now }).where(and(eq(s.session.officerId, officerId), isNull(s.session.revokedAt)));
}
