import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as s from './schema';
import { ACCESS_TYPES, ASSIGNMENT_TYPES, EVENT_TYPES, PRECINCTS, RANKS, STATES, UPLOAD_TYPES } from './referenceData';
import { generatePassword, hashPassword } from '../auth/passwords';
import { ACCESS } from '../../src/domain/constants';

/** Loads the reference data; safe to run at every start (upserts by key). */
export async function loadReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(s.state)
      .values(STATES.map(([stateAbbr, stateName]) => ({ stateAbbr, stateName })))
      .onConflictDoUpdate({ target: s.state.stateAbbr, set: { stateName: sql`excluded.state_name` } });
    await tx
      .insert(s.accessType)
      .values(ACCESS_TYPES.map(([accessTypeId, description]) => ({ accessTypeId, description })))
      .onConflictDoUpdate({ target: s.accessType.accessTypeId, set: { description: sql`excluded.description` } });
    await tx
      .insert(s.rank)
      .values(RANKS.map(([rankId, description]) => ({ rankId, description })))
      .onConflictDoUpdate({ target: s.rank.rankId, set: { description: sql`excluded.description` } });
    await tx
      .insert(s.eventType)
      .values(EVENT_TYPES.map(([eventTypeId, eventTypeDescription]) => ({ eventTypeId, eventTypeDescription })))
      .onConflictDoUpdate({ target: s.eventType.eventTypeId, set: { eventTypeDescription: sql`excluded.event_type_description` } });
    await tx
      .insert(s.assignmentType)
      .values(ASSIGNMENT_TYPES.map(([assignmentTypeId, description]) => ({ assignmentTypeId, description })))
      .onConflictDoUpdate({ target: s.assignmentType.assignmentTypeId, set: { description: sql`excluded.description` } });
    await tx
      .insert(s.uploadType)
      .values(UPLOAD_TYPES.map(([uploadTypeId, uploadTypeDescription]) => ({ uploadTypeId, uploadTypeDescription })))
      .onConflictDoUpdate({ target: s.uploadType.uploadTypeId, set: { uploadTypeDescription: sql`excluded.upload_type_description` } });
    await tx
      .insert(s.precinct)
      .values(PRECINCTS.map(([precinctId, description, abbr]) => ({ precinctId, description, abbr })))
      .onConflictDoUpdate({ target: s.precinct.precinctId, set: { description: sql`excluded.description`, abbr: sql`excluded.abbr` } });
  });
}

/**
 * On an empty officer table, creates the super-user officer (login 'admin', access level 10,
 * no last login date so the first sign-in goes to /PasswordChange). Returns the generated
 * password when ADMIN_PASSWORD was not given, so the caller can print it once; otherwise null.
 */
export async function ensureSuperUser(
  db: Db,
  opts: { superUserId: number; adminPassword?: string },
): Promise<{ created: boolean; generatedPassword: string | null }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.officer);
  if (count > 0) return { created: false, generatedPassword: null };
  const password = opts.adminPassword ?? generatePassword();
  await db
    .insert(s.officer)
    .values({
      officerId: opts.superUserId,
      login: 'admin',
      passwordHash: await hashPassword(password),
      firstName: 'System',
      lastName: 'Administrator',
      accessTypeId: ACCESS.AUDITOR,
      rankId: 10,
      precinctId: 99,
    })
    .onConflictDoNothing();
  return { created: true, generatedPassword: opts.adminPassword ? null : password };
}
