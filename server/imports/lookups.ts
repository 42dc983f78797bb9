import type { Db } from '../db/client';
import * as s from '../db/schema';
import { lookupMatcher, type ImportLookup } from '../../src/domain/imports';

/** Cell text -> the lookup row's id (undefined: no row matches). */
export type LookupMatchers = Record<ImportLookup, (text: string) => number | undefined>;

/**
 * The lookup tables an import names rows of, read once per import (each a few dozen rows), as
 * matchers by id, description and abbreviation: states by id, abbreviation (NY) or name (New
 * York); precincts by id, description or abbreviation; ranks, access levels, event and assignment
 * types by id or description.
 */
export async function loadLookups(db: Db): Promise<LookupMatchers> {
  const [states, precincts, ranks, access, eventTypes, assignments] = await Promise.all([
    db.select().from(s.state),
    db.select().from(s.precinct),
    db.select().from(s.rank),
    db.select().from(s.accessType),
    db.select().from(s.eventType),
    db.select().from(s.assignmentType),
  ]);
  return {
    state: lookupMatcher(states.map((r) => ({ id: r.stateId, names: [r.stateAbbr, r.stateName] }))),
    precinct: lookupMatcher(precincts.map((r) => ({ id: r.precinctId, names: [r.description, r.abbr] }))),
    rank: lookupMatcher(ranks.map((r) => ({ id: r.rankId, names: [r.description] }))),
    accessType: lookupMatcher(access.map((r) => ({ id: r.accessTypeId, names: [r.description] }))),
    eventType: lookupMatcher(eventTypes.map((r) => ({ id: r.eventTypeId, names: [r.eventTypeDescription] }))),
    assignmentType: lookupMatcher(assignments.map((r) => ({ id: r.assignmentTypeId, names: [r.description] }))),
  };
}
