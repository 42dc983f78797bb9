import type { Db } from '../db/client';
import * as s from '../db/schema';
import { badRequest } from '../errors';
import { format, rc } from '../../src/domain/messages';
import { IMPORT_FIELDS, lookupKey, lookupMatcher, type ImportKind, type ImportLookup } from '../../src/domain/imports';
import type { ImportValueMapping } from '../../src/domain/schemas/imports';

/** Cell text -> the lookup row's id (undefined: no row matches). */
export type LookupMatchers = Record<ImportLookup, (text: string) => number | undefined>;

/**
 * The lookup tables an import names rows of, read once per import (each a few dozen rows), as
 * matchers by id, description and abbreviation: states by id, abbreviation (NY) or name (New
 * York); precincts by id, description or abbreviation; ranks, access levels, event and assignment
 * types by id or description.
 *
 * `values` (the user's value mapping, field -> {value in the file -> id or null}) is applied
 * first: a mapped value (compared as the automatic match compares names: case and repeated
 * spaces ignored) means the id it is mapped to, or, mapped to null, matches nothing (its rows are
 * refused as unknown). Keyed by field, it is applied to the field's lookup table, so every kind
 * honours it without knowing of it. 400 'Unknown field: x' for a field of `kind` that is not a
 * lookup, 400 rc.imports.errors.unknownTarget for an id its table does not have: both before any
 * row is read.
 */
export async function loadLookups(db: Db, kind?: ImportKind, values: ImportValueMapping = {}): Promise<LookupMatchers> {
  const [states, precincts, ranks, access, eventTypes, assignments] = await Promise.all([
    db.select().from(s.state),
    db.select().from(s.precinct),
    db.select().from(s.rank),
    db.select().from(s.accessType),
    db.select().from(s.eventType),
    db.select().from(s.assignmentType),
  ]);
  const rows = {
    state: states.map((r) => ({ id: r.stateId, names: [r.stateAbbr, r.stateName] })),
    precinct: precincts.map((r) => ({ id: r.precinctId, names: [r.description, r.abbr] })),
    rank: ranks.map((r) => ({ id: r.rankId, names: [r.description] })),
    accessType: access.map((r) => ({ id: r.accessTypeId, names: [r.description] })),
    eventType: eventTypes.map((r) => ({ id: r.eventTypeId, names: [r.eventTypeDescription] })),
    assignmentType: assignments.map((r) => ({ id: r.assignmentTypeId, names: [r.description] })),
  } satisfies Record<ImportLookup, unknown>;
  // lookup table -> {normalised value -> id or null}, from the fields' mappings
  const mapped = new Map<ImportLookup, Map<string, number | null>>();
  for (const [fieldKey, pairs] of Object.entries(values)) {
    const field = kind ? IMPORT_FIELDS[kind].find((f) => f.key === fieldKey) : undefined;
    if (!field?.lookup) throw badRequest(format(rc.imports.errors.unknownField, { field: fieldKey }));
    const ids = new Set(rows[field.lookup].map((r) => r.id));
    const table = mapped.get(field.lookup) ?? new Map<string, number | null>();
    for (const [value, id] of Object.entries(pairs)) {
      if (id !== null && !ids.has(id)) throw badRequest(format(rc.imports.errors.unknownTarget, { field: field.label, id }));
      table.set(lookupKey(value), id);
    }
    mapped.set(field.lookup, table);
  }
  const matcher = (lookup: ImportLookup) => {
    const auto = lookupMatcher(rows[lookup]);
    const byUser = mapped.get(lookup);
    if (!byUser?.size) return auto;
    return (text: string) => {
      const key = lookupKey(text);
      if (byUser.has(key)) return byUser.get(key) ?? undefined;
      return auto(text);
    };
  };
  return {
    state: matcher('state'),
    precinct: matcher('precinct'),
    rank: matcher('rank'),
    accessType: matcher('accessType'),
    eventType: matcher('eventType'),
    assignmentType: matcher('assignmentType'),
  };
}
