import './jitless';
import { z } from 'zod';

/**
 * The four lookup table descriptors the product uses (spec §3 "Lookup table descriptor").
 * GET /api/getLookupTable answers only these; orderBy may be the key column, the display
 * column, or omitted (the table's default order). Nothing else is accepted (400): the server
 * never builds SQL from these names.
 */
export const LOOKUP_DESCRIPTORS = {
  assignment_type: { pkName: 'assignment_type_id', displayName: 'description', defaultOrder: 'assignment_type_id' },
  event_type: { pkName: 'event_type_id', displayName: 'event_type_description', defaultOrder: 'event_type_id' },
  rank: { pkName: 'rank_id', displayName: 'description', defaultOrder: 'description' },
  access_type: { pkName: 'access_type_id', displayName: 'description', defaultOrder: 'access_type_id' },
} as const;
export type LookupTableName = keyof typeof LOOKUP_DESCRIPTORS;

/** Query of GET /api/getLookupTable: tableName, pkName, displayName, orderBy (optional). */
export const lookupQuery = z.object({
  tableName: z.string().max(64),
  pkName: z.string().max(64),
  displayName: z.string().max(64),
  orderBy: z.string().max(64).optional(),
});

/** A lookup row: {id, description}. */
export const lookupRow = z.object({ id: z.number(), description: z.string() });

/** A state row (spec §3 State lookup). */
export const stateRow = z.object({ stateId: z.number(), stateAbbr: z.string(), stateName: z.string() });

/**
 * Checks a descriptor against the allow-list. Returns the table and the order column
 * ('pk' or 'display'), or null when anything is off.
 */
export function resolveLookup(q: { tableName: string; pkName: string; displayName: string; orderBy?: string }): {
  table: LookupTableName;
  order: 'pk' | 'display';
} | null {
  if (!Object.hasOwn(LOOKUP_DESCRIPTORS, q.tableName)) return null;
  const table = q.tableName as LookupTableName;
  const d = LOOKUP_DESCRIPTORS[table];
  if (q.pkName !== d.pkName || q.displayName !== d.displayName) return null;
  const orderBy = q.orderBy === undefined || q.orderBy === '' ? d.defaultOrder : q.orderBy;
  if (orderBy === d.pkName) return { table, order: 'pk' };
  if (orderBy === d.displayName) return { table, order: 'display' };
  return null;
}
