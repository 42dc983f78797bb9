import { asc } from 'drizzle-orm';
import type { Db } from '../client';
import { accessType, assignmentType, eventType, precinct, rank, state } from '../schema';
import type { LookupTableName } from '../../../src/domain/schemas/lookups';

/** Every state: {stateId, stateAbbr, stateName}, by name. */
export function listStates(db: Db) {
  return db.select().from(state).orderBy(asc(state.stateName));
}

/** Every precinct as {id, description, abbr}, by id. */
export function listPrecincts(db: Db) {
  return db
    .select({ id: precinct.precinctId, description: precinct.description, abbr: precinct.abbr })
    .from(precinct)
    .orderBy(asc(precinct.precinctId));
}

/**
 * One allow-listed lookup table as [{id, description}] (spec §3 descriptors), by key or label.
 * Each table is a fixed Drizzle query: no SQL is built from request text.
 */
export function listLookup(db: Db, table: LookupTableName, order: 'pk' | 'display'): Promise<Array<{ id: number; description: string }>> {
  switch (table) {
    case 'assignment_type':
      return db
        .select({ id: assignmentType.assignmentTypeId, description: assignmentType.description })
        .from(assignmentType)
        .orderBy(order === 'pk' ? asc(assignmentType.assignmentTypeId) : asc(assignmentType.description));
    case 'event_type':
      return db
        .select({ id: eventType.eventTypeId, description: eventType.eventTypeDescription })
        .from(eventType)
        .orderBy(order === 'pk' ? asc(eventType.eventTypeId) : asc(eventType.eventTypeDescription));
    case 'rank':
      return db
        .select({ id: rank.rankId, description: rank.description })
        .from(rank)
        .orderBy(order === 'pk' ? asc(rank.rankId) : asc(rank.description));
    case 'access_type':
      return db
        .select({ id: accessType.accessTypeId, description: accessType.description })
        .from(accessType)
        .orderBy(order === 'pk' ? asc(accessType.accessTypeId) : asc(accessType.description));
  }
}
