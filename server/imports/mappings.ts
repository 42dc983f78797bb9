/**
 * Saved import mappings (table import_mapping): a column and value mapping kept by name within
 * its kind, for the Import page's "Saved mappings" and `npm run import -- --mapping NAME`.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as s from '../db/schema';
import { notFound } from '../errors';
import { format, rc } from '../../src/domain/messages';
import type { ImportKind, ImportMapping } from '../../src/domain/imports';
import type { ImportRequest, ImportSavedMapping, ImportValueMapping } from '../../src/domain/schemas/imports';

type Row = typeof s.importMapping.$inferSelect;
const view = (r: Row): ImportSavedMapping => ({ name: r.name, kind: r.kind as ImportKind, mapping: r.mapping, values: r.values, updatedAt: r.updatedAt.toISOString() });

/** The kind's saved mappings by name. */
export async function listMappings(db: Db, kind: ImportKind): Promise<ImportSavedMapping[]> {
  const rows = await db.select().from(s.importMapping).where(eq(s.importMapping.kind, kind)).orderBy(asc(s.importMapping.name));
  return rows.map(view);
}

/** One saved mapping, or 404 rc.imports.errors.savedMappingNotFound. */
export async function findMapping(db: Db, kind: ImportKind, name: string): Promise<ImportSavedMapping> {
  const [row] = await db.select().from(s.importMapping).where(and(eq(s.importMapping.kind, kind), eq(s.importMapping.name, name)));
  if (!row) throw notFound(format(rc.imports.errors.savedMappingNotFound, { kind: rc.imports.kinds[kind].toLowerCase(), name }));
  return view(row);
}

/** Saves (adds or replaces) a mapping; returns it and what it was before (undefined when new). */
export async function saveMapping(
  db: Db,
  m: { kind: ImportKind; name: string; mapping: ImportMapping; values: ImportValueMapping; now: Date; by: number },
): Promise<{ saved: ImportSavedMapping; before: ImportSavedMapping | undefined }> {
  const [old] = await db.select().from(s.importMapping).where(and(eq(s.importMapping.kind, m.kind), eq(s.importMapping.name, m.name)));
  const set = { mapping: m.mapping, values: m.values, updatedAt: m.now, updatedBy: m.by };
  const [row] = await db
    .insert(s.importMapping)
    .values({ kind: m.kind, name: m.name, ...set })
    .onConflictDoUpdate({ target: [s.importMapping.kind, s.importMapping.name], set })
    .returning();
  return { saved: view(row), before: old ? view(old) : undefined };
}

/** Removes a saved mapping; returns it, or 404 rc.imports.errors.savedMappingNotFound. */
export async function deleteMapping(db: Db, kind: ImportKind, name: string): Promise<ImportSavedMapping> {
  const [row] = await db.delete(s.importMapping).where(and(eq(s.importMapping.kind, kind), eq(s.importMapping.name, name))).returning();
  if (!row) throw notFound(format(rc.imports.errors.savedMappingNotFound, { kind: rc.imports.kinds[kind].toLowerCase(), name }));
  return view(row);
}

/**
 * The mapping and value mapping a request runs with: the saved mapping it names (404 when the kind
 * has none of that name) laid under its own `mapping` and `values` (what the request names wins,
 * field by field, and within a field value by value).
 */
export async function requestMapping(db: Db, kind: ImportKind, body: Pick<ImportRequest, 'mapping' | 'values' | 'savedMapping'>): Promise<{ mapping?: ImportMapping; values?: ImportValueMapping }> {
  if (!body.savedMapping) return { mapping: body.mapping, values: body.values };
  const saved = await findMapping(db, kind, body.savedMapping);
  const values: ImportValueMapping = { ...saved.values };
  for (const [field, pairs] of Object.entries(body.values ?? {})) values[field] = { ...values[field], ...pairs };
  return { mapping: { ...saved.mapping, ...body.mapping }, values };
}
