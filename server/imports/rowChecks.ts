/**
 * What the import kinds (officers.ts, locations.ts, events.ts) share in checking a row: a lookup
 * cell as its row's id, the schema's issues as the row's, names compared as a user reads them,
 * and the stored locations named by the batch.
 */
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as s from '../db/schema';
import type { Db } from '../db/client';
import type { ImportField } from '../../src/domain/imports';
import { format, rc } from '../../src/domain/messages';
import type { RowIssue, RunnerEnv } from './types';

export type StoredLocation = typeof s.location.$inferSelect;

/** A name as a natural key compares it: surrounding and repeated spaces and letter case ignored. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The natural key of a location: its name (as nameKey) and precinct id. */
export const locationKey = (name: string, precinctId: number) => `${nameKey(name)}|${precinctId}`;

/**
 * A non-blank lookup cell as the id of the row it names; undefined when it names none, after
 * adding the row's issue ('Unknown Precinct: "42nd Precinct"') and counting the value for the report.
 */
export function lookupId(env: RunnerEnv, f: ImportField, text: string, issues: RowIssue[]): number | undefined {
  const id = env.lookups[f.lookup!](text);
  if (id === undefined) {
    issues.push({ field: f.key, message: format(rc.imports.errors.unknownValue, { field: f.label, value: text }) });
    env.noteUnknown(f, text);
  }
  return id;
}

/**
 * Adds the schema's issues to the row's, each under its field, skipping fields the row already
 * refused (an unknown lookup says more than 'Required') and the `also` fields.
 */
export function addSchemaIssues(issues: RowIssue[], error: z.ZodError | undefined, also: readonly string[] = []): void {
  if (!error) return;
  const refused = new Set([...issues.map((i) => i.field), ...also]);
  for (const i of error.issues) {
    const field = String(i.path[0] ?? '');
    if (!refused.has(field)) issues.push({ field: field || undefined, message: i.message });
  }
}

/** The stored locations of these names (each as nameKey), by locationKey; more than one per key when the table holds twins. One statement. */
export async function locationsByName(db: Db, names: readonly string[]): Promise<Map<string, StoredLocation[]>> {
  const out = new Map<string, StoredLocation[]>();
  if (!names.length) return out;
  const lower = sql<string>`lower(regexp_replace(btrim(${s.location.name}), '\\s+', ' ', 'g'))`;
  const rows = await db.select().from(s.location).where(inArray(lower, [...names]));
  for (const r of rows) {
    const k = locationKey(r.name, r.precinctId);
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}
