/**
 * Wire shapes of the import calls (server/routes/imports.ts), shared with the Import page: the
 * kind in the path, the mapping sent with the file, the inspection and the report.
 */
import './jitless';
import { z } from 'zod';
import { IMPORT_KINDS } from '../imports';

export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS).meta({ description: 'officers, locations, events or tickets' }) });

/**
 * Lookup values of the file that match nothing, mapped by the user: field -> {the file's value as
 * typed (trimmed) -> the lookup row's id, or null to refuse the rows naming it (what happens to an
 * unmapped unknown value too)}. Applied by the server's lookup matchers (server/imports/lookups.ts)
 * before the row's checks, so every kind honours it alike.
 */
export const importValueMapping = z
  .record(z.string(), z.record(z.string().max(500), z.number().int().min(1).nullable()))
  .meta({ description: 'Lookup field -> {value in the file -> id of the lookup row, or null to refuse its rows}' });
export type ImportValueMapping = z.infer<typeof importValueMapping>;

/** A saved mapping's name: what the page lists and `npm run import -- --mapping NAME` takes. */
export const importMappingName = z.string().trim().min(1).max(100);

/**
 * jsonBodyData of inspect, dryRun, run and errors: {mapping?: {field: column header | null},
 * values?: ImportValueMapping, savedMapping?: name}; fields left out are matched automatically. A
 * saved mapping (by name, of this kind) is laid under the given mapping and values: what the
 * request names itself wins. 404 for a saved mapping of that name that does not exist.
 */
export const importRequest = z
  .object({
    mapping: z
      .record(z.string(), z.string().max(500).nullable())
      .optional()
      .meta({ description: 'Field -> the header of its column; null leaves the field without a column' }),
    values: importValueMapping.optional(),
    savedMapping: importMappingName.optional().meta({ description: 'The name of a mapping saved for this kind, laid under `mapping` and `values`' }),
  })
  .strict();
export type ImportRequest = z.infer<typeof importRequest>;

/** The multipart body of the import calls, for the OpenAPI document (the parts are read as they stream). */
export const importMultipartBody = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The CSV (UTF-8 or Windows-1252; , ; TAB or | delimited) or XLSX file; at most UPLOAD_MAX_MB MiB (larger files: npm run import)' }),
    jsonBodyData: z.string().meta({ description: 'Optional JSON (importRequest): {"mapping": {"<field>": "<column header>" | null}, "values": {"<field>": {"<value>": id | null}}, "savedMapping": "<name>"}' }),
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

export type ImportReportAnswer = z.infer<typeof importReport>;

/**
 * A mapping saved for next time (GET /api/import/{kind}/mappings lists them, PUT
 * /api/import/{kind}/mappings/{name} saves {mapping, values}, DELETE removes): by name within
 * its kind. updatedAt is an ISO 8601 instant.
 */
export const importSavedMapping = z.object({
  name: importMappingName,
  kind: z.enum(IMPORT_KINDS),
  mapping,
  values: importValueMapping,
  updatedAt: z.string(),
});
export type ImportSavedMapping = z.infer<typeof importSavedMapping>;
/** GET /api/import/{kind}/mappings: the kind's saved mappings by name. */
export const importSavedMappingList = z.object({ mappings: z.array(importSavedMapping) });
export type ImportSavedMappingList = z.infer<typeof importSavedMappingList>;
/** The body of PUT /api/import/{kind}/mappings/{name}. */
export const importSavedMappingBody = z.object({ mapping, values: importValueMapping.default({}) }).strict();
export type ImportSavedMappingBody = z.infer<typeof importSavedMappingBody>;

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/**
 * An import run in the background (POST /api/import/{kind}/run answers 202 with it; GET
 * /api/import/jobs lists the latest, GET /api/import/jobs/{id} reads one with its report): it goes
 * on when the user leaves the page, and its result is kept. Progress is the file's bytes read of
 * its size (a row count is unknown until the end). A job the server's restart cut short reads
 * 'failed' with that said in `error`; the rows written before it are kept (a re-run reports them
 * unchanged). Instants are ISO 8601.
 */
export const importJob = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** Rows read so far, and what they came to. */
  rows: z.number().int(),
  counts,
  bytesRead: z.number().int(),
  bytesTotal: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Who started it: officer id and 'Last, First'. */
  startedBy: z.object({ officerId: z.number().int(), name: z.string() }),
  /** The whole report once done (GET /api/import/jobs/{id} only; the list leaves it null). */
  report: importReport.nullable(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
  /** Refused rows can be downloaded: GET /api/import/jobs/{id}/errors (CSV, the original columns plus Errors). */
  hasErrorFile: z.boolean(),
});
export type ImportJob = z.infer<typeof importJob>;
export const importJobList = z.object({ jobs: z.array(importJob) });
export const importJobParams = z.object({ id: z.coerce.number().int().positive() });
