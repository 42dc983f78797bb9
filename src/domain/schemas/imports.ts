/**
 * Wire shapes of the import calls (server/routes/imports.ts), shared with the Import page: the
 * kind in the path, the mapping sent with the file, the inspection and the report.
 */
import './jitless';
import { z } from 'zod';
import { IMPORT_KINDS } from '../imports';

export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS).meta({ description: 'officers, locations, events or tickets' }) });

/** jsonBodyData of inspect, dryRun, run and errors: {mapping?: {field: column header | null}}; fields left out are matched automatically. */
export const importRequest = z
  .object({
    mapping: z
      .record(z.string(), z.string().max(500).nullable())
      .optional()
      .meta({ description: 'Field -> the header of its column; null leaves the field without a column' }),
  })
  .strict();
export type ImportRequest = z.infer<typeof importRequest>;

/** The multipart body of the import calls, for the OpenAPI document (the parts are read as they stream). */
export const importMultipartBody = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The CSV (UTF-8 or Windows-1252; , ; TAB or | delimited) or XLSX file; at most UPLOAD_MAX_MB MiB (larger files: npm run import)' }),
    jsonBodyData: z.string().meta({ description: 'Optional JSON: {"mapping": {"<field>": "<column header>" | null}}' }),
  })
  .partial()
  .nullish();

const row = z.object({ line: z.number().meta({ description: 'Row number in the file (the header row is 1 in a CSV)' }), values: z.array(z.string()) });
const mapping = z.record(z.string(), z.string().nullable());

/** POST /api/import/{kind}/inspect: what the file holds and how its columns would map. */
export const importInspection = z.object({
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string().optional(),
  delimiter: z.string().optional(),
  headers: z.array(z.string()),
  mapping,
  /** Required fields without a column. */
  missing: z.array(z.string()),
  /** The first 5 data rows. */
  rows: z.array(row),
});
export type ImportInspection = z.infer<typeof importInspection>;

const counts = z.object({ new: z.number(), unchanged: z.number(), changed: z.number(), refused: z.number() });

/** The report of a dry run or an import (server/imports/run.ts ImportReport). */
export const importReport = z.object({
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string().optional(),
  delimiter: z.string().optional(),
  headers: z.array(z.string()),
  mapping,
  rows: z.number(),
  counts,
  refused: z.array(row.extend({ issues: z.array(z.object({ field: z.string().optional(), message: z.string() })) })),
  changed: z.array(z.object({ line: z.number(), key: z.string(), fields: z.array(z.string()) })),
  unknownValues: z.array(z.object({ field: z.string(), value: z.string(), rows: z.number() })),
  truncated: z.boolean(),
  seconds: z.number(),
});
