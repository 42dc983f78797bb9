import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../appType';
import { authorize } from '../auth/guard';
import { badRequest } from '../errors';
import { format, rc } from '../../src/domain/messages';
import { todayIn } from '../../src/domain/dates';
import { IMPORT_FIELDS, unmappedRequired, type ImportKind } from '../../src/domain/imports';
import {
  importInspection,
  importJob,
  importJobList,
  importJobParams,
  importKindParams,
  importMappingName,
  importMultipartBody,
  importReport,
  importRequest,
  importSavedMapping,
  importSavedMappingList,
  importSavedMappingBody,
  type ImportValueMapping,
} from '../../src/domain/schemas/imports';
import type { ImportMapping } from '../../src/domain/imports';
import { audit } from '../audit';
import { importJobs } from '../imports/jobs';
import { deleteMapping, listMappings, requestMapping, saveMapping } from '../imports/mappings';
import { addedOfficerIds, mailPasswordLinks } from '../auth/passwordSetup';
import { publicOrigin } from '../auth/accountMail';
import { readUploadParts, type SpooledFile } from '../uploads/multipart';
import { openTable } from '../imports/read';
import { resolveMapping, runImport, type ImportOptions } from '../imports/run';
import { templateOf } from '../imports/template';
import type { ImportContext } from '../imports/types';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';

const tags = ['import'];
const templateOptions = exportRoute(tags, 'The template file of an import kind: its columns and one example row (level 10)', z.object({}));
const templateRoute = { ...templateOptions, schema: { ...templateOptions.schema, params: importKindParams } };
/** Data rows an inspection shows. */
const PREVIEW_ROWS = 5;

const multipart = (summary: string) => ({
  tags,
  summary,
  consumes: ['multipart/form-data'],
  params: importKindParams,
  body: importMultipartBody,
});

/**
 * Import (Administrative Functions > Import): bring officers and locations in from a CSV or XLSX
 * file, and next events with their rosters and time tickets. The roster administrator's (level 10,
 * 'import:run'; below: 403 'Unauthorized!'). Each call takes the file (multipart `file`, at most
 * UPLOAD_MAX_MB MiB: larger files go through `npm run import`) and optionally `jsonBodyData`
 * {"mapping": {field: column header | null}}; the file is spooled to a private temporary file and
 * read streaming, never whole.
 */
export async function importRoutes(app: App) {
  const maxMb = app.ctx.config.UPLOAD_MAX_MB;
  const tz = app.ctx.config.ORG_TIMEZONE;
  const jobs = importJobs({ db: app.ctx.db, now: app.ctx.now, log: app.log });
  // jobs a previous process left running: on the embedded database this process is the only one
  // (the DATA_DIR lock), so all of them; on PostgreSQL those without a recent heartbeat
  const interrupted = await jobs.recover(app.ctx.dbKind === 'pglite');
  if (interrupted) app.log.warn({ interrupted }, 'import jobs cut short by a restart marked failed');
  // on close, the running import stops between two batches and is marked failed (before the database closes)
  app.addHook('onClose', () => jobs.close());

  /** The level-10 caller's upload: the file (400 'Choose the file to import.' without one) and the request's mapping (400 when malformed). */
  async function receive(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ImportKind,
  ): Promise<{ file: SpooledFile; body: { mapping?: ImportMapping; values?: ImportValueMapping }; cleanup(): Promise<void> }> {
    const parts = await readUploadParts(request, reply, maxMb);
    try {
      if (!parts.file) throw badRequest(rc.imports.errors.fileRequired);
      const parsed = importRequest.safeParse(parts.json ?? {});
      if (!parsed.success) throw badRequest(rc.imports.errors.mappingShape);
      // a saved mapping named by the request, laid under its own (404 when there is none of that name)
      const body = await requestMapping(app.ctx.db, kind, parsed.data);
      return { file: parts.file, body, cleanup: parts.cleanup };
    } catch (err) {
      await parts.cleanup();
      throw err;
    }
  }

  function contextOf(request: FastifyRequest): ImportContext {
    const actor = authorize(request, 'import:run');
    return { db: app.ctx.db, superUserId: app.ctx.config.SUPER_USER_ID, tz, now: app.ctx.now, actor, request };
  }

  /** Runs the dry run or the import over the uploaded file; `errorFile` receives the refused rows. */
  async function run(request: FastifyRequest, reply: FastifyReply, kind: ImportKind, dryRun: boolean, errorFile?: string) {
    const ctx = contextOf(request);
    const upload = await receive(request, reply, kind);
    try {
      const opts: ImportOptions = { kind, file: upload.file.path, originalName: upload.file.filename, mapping: upload.body.mapping, values: upload.body.values, dryRun, errorFile };
      return await runImport(ctx, opts);
    } finally {
      await upload.cleanup();
    }
  }

  /**
   * POST /api/import/{kind}/inspect (multipart file, optional jsonBodyData mapping) -> {format,
   * encoding and delimiter (CSV), headers, mapping (field -> header or null: the automatic match
   * with the given one laid over it), missing (required fields without a column), rows (the first
   * 5 data rows: line, values)}. Nothing is checked or written. 400 for a file that is not a
   * readable CSV or XLSX or has no header row, or a mapping naming an unknown field or column.
   */
  app.post(
    '/import/:kind/inspect',
    { schema: { ...multipart('The columns of an import file, their automatic mapping and its first rows (level 10)'), response: { 200: importInspection } } },
    async (request, reply) => {
      contextOf(request);
      const kind = request.params.kind;
      const upload = await receive(request, reply, kind);
      try {
        const table = await openTable(upload.file.path, upload.file.filename);
        try {
          const mapping = resolveMapping(kind, table.headers, upload.body.mapping, false);
          const rows: Array<{ line: number; values: string[] }> = [];
          for await (const row of table.rows) {
            rows.push(row);
            if (rows.length >= PREVIEW_ROWS) break;
          }
          const missing = unmappedRequired(kind, mapping).map((f) => f.key);
          return { format: table.format, encoding: table.encoding, delimiter: table.delimiter, headers: table.headers, mapping, missing, rows };
        } finally {
          table.close();
        }
      } finally {
        await upload.cleanup();
      }
    },
  );

  /**
   * POST /api/import/{kind}/dryRun (multipart file, optional mapping) -> the report (importReport):
   * every row checked by the same rules as the forms and the API (the spec's messages) and the
   * database's keys (409 'Duplicate record - unique constraint violated!' for a login another officer
   * id holds, or an id or login twice in the file), nothing written. counts {new, unchanged,
   * changed, refused}; the refused rows (line, original values, issues {field, message}) and the
   * changed ones (line, key, fields), the first 1000 of each (truncated: true beyond); the lookup
   * values that matched nothing. 400 for an unreadable file, a bad mapping, a required field
   * without a column ('Choose the column of Officer ID.') or a kind not importable yet.
   */
  app.post(
    '/import/:kind/dryRun',
    { schema: { ...multipart('Check an import file without writing anything (level 10)'), response: { 200: importReport } } },
    async (request, reply) => run(request, reply, request.params.kind, true),
  );

  /**
   * POST /api/import/{kind}/run (as dryRun) -> 202 the import job (importJob, status 'running'):
   * the import goes on in the background in this server process (server/imports/jobs.ts), the
   * same pass as the dry run writing the new and changed records in batches of 500 rows, one
   * transaction each, every record with its audit entry (details: the file and line), its progress
   * written to the job after each batch. Read it with GET /api/import/jobs/{id}. Imported officers
   * have no password: each new one with an e-mail address is mailed a set-password link once his
   * batch commits. Running the same file again reports every row unchanged. Errors as dryRun, all
   * answered before the job starts; 409 rc.imports.errors.jobRunning while another import runs.
   */
  app.post(
    '/import/:kind/run',
    {
      config: { contract: { add: [409] } },
      schema: { ...multipart('Start importing a file in the background: write its new and changed records (level 10)'), response: { 202: importJob } },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const kind = request.params.kind;
        const upload = await receive(request, reply, kind);
      const origin = publicOrigin(app, request);
      const links = { db: app.ctx.db, mailer: app.ctx.mailer, now: app.ctx.now, log: request.log, origin };
      const job = await jobs.start(
        ctx,
        {
          kind,
          file: upload.file.path,
          originalName: upload.file.filename,
          mapping: upload.body.mapping,
          values: upload.body.values,
          onAdded: kind === 'officers' ? (added) => mailPasswordLinks(links, request, addedOfficerIds(added)) : undefined,
        },
        upload.file.size,
        upload.cleanup,
      );
      return (reply as FastifyReply).code(202).send(job);
    },
  );

  /**
   * POST /api/import/{kind}/errors (as dryRun) -> the error file of the dry run: a CSV (UTF-8 with
   * BOM) of the file's header row plus 'Errors', and each refused row's original cells with its
   * issues ('Last Name: Required'), every cell guarded against formulas; only the header row when
   * nothing is refused. Fix it and upload it again. Errors as dryRun.
   */
  app.post(
    '/import/:kind/errors',
    {
      config: { contract: { media: { 200: 'text/csv' } } },
      schema: {
        ...multipart('The refused rows of an import file with their errors, as CSV (level 10)'),
        response: { 200: z.string().meta({ format: 'binary', description: 'CSV: the original columns plus Errors' }) },
      },
    },
    async (request, reply) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-import-'));
      const file = path.join(dir, 'errors.csv');
      try {
        await run(request, reply, request.params.kind, true, file);
      } catch (err) {
        await fs.rm(dir, { recursive: true, force: true });
        throw err;
      }
      const stream = createReadStream(file);
      const cleanup = () => void fs.rm(dir, { recursive: true, force: true });
      stream.once('close', cleanup);
      const name = exportName(`${request.params.kind}-import-errors`, todayIn(tz, app.ctx.now()));
      // a stream, as the exports send theirs (the schema's string documents the file)
      return (reply as FastifyReply).header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}.csv"`).header('Cache-Control', 'no-store').send(stream);
    },
  );

  /**
   * GET /api/import/jobs -> {jobs}: the latest 20 imports run in the background, newest first,
   * each with its status, progress and counts (report null: GET /api/import/jobs/{id} has it).
   * Level 10.
   */
  app.get(
    '/import/jobs',
    { config: { contract: { remove: [400, 404, 409] } }, schema: { tags, summary: 'The latest imports and their progress (level 10)', response: { 200: importJobList } } },
    async (request) => {
      authorize(request, 'import:run');
      return { jobs: await jobs.list() };
    },
  );

  /** GET /api/import/jobs/{id} -> the import job with its report once done. 404 rc.imports.errors.jobNotFound. Level 10. */
  app.get(
    '/import/jobs/:id',
    { config: { contract: { remove: [409] } }, schema: { tags, summary: 'One import, its progress and its report (level 10)', params: importJobParams, response: { 200: importJob } } },
    async (request) => {
      authorize(request, 'import:run');
      return jobs.get(request.params.id);
    },
  );

  /**
   * GET /api/import/jobs/{id}/errors -> the job's error file, as POST /api/import/{kind}/errors
   * gives it: CSV of the file's header row plus 'Errors' and each refused row. 404
   * rc.imports.errors.jobNotFound for no such job or one not done. Level 10.
   */
  app.get(
    '/import/jobs/:id/errors',
    {
      config: { contract: { media: { 200: 'text/csv' }, remove: [409] } },
      schema: {
        tags,
        summary: 'The refused rows of an import with their errors, as CSV (level 10)',
        params: importJobParams,
        response: { 200: z.string().meta({ format: 'binary', description: 'CSV: the original columns plus Errors' }) },
      },
    },
    async (request, reply) => {
      authorize(request, 'import:run');
      const file = await jobs.errorFile(request.params.id);
      const name = exportName(`${file.kind}-import-errors`, todayIn(tz, app.ctx.now()));
      return (reply as FastifyReply).header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}.csv"`).header('Cache-Control', 'no-store').send(file.bytes);
    },
  );

  const mappingParams = importKindParams.extend({ name: importMappingName });

  /** GET /api/import/{kind}/mappings -> {mappings}: the kind's saved mappings by name. Level 10. */
  app.get(
    '/import/:kind/mappings',
    { config: { contract: { remove: [404, 409] } }, schema: { tags, summary: 'The saved mappings of an import kind (level 10)', params: importKindParams, response: { 200: importSavedMappingList } } },
    async (request) => {
      authorize(request, 'import:run');
      return { mappings: await listMappings(app.ctx.db, request.params.kind) };
    },
  );

  /**
   * PUT /api/import/{kind}/mappings/{name} {mapping, values} -> the saved mapping: adds it or
   * replaces the one of that name (audited). 400 for a field the kind does not have. Level 10.
   */
  app.put(
    '/import/:kind/mappings/:name',
    {
      config: { contract: { remove: [404, 409] } },
      schema: { tags, summary: 'Save a mapping of an import kind by name (level 10)', params: mappingParams, body: importSavedMappingBody, response: { 200: importSavedMapping } },
    },
    async (request) => {
      const actor = authorize(request, 'import:run');
      const { kind, name } = request.params;
      const keys = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
      for (const field of [...Object.keys(request.body.mapping), ...Object.keys(request.body.values)]) {
        if (!keys.has(field)) throw badRequest(format(rc.imports.errors.unknownField, { field }));
      }
      return app.ctx.db.transaction(async (tx) => {
        const { saved, before } = await saveMapping(tx, { kind, name, mapping: request.body.mapping, values: request.body.values, now: app.ctx.now(), by: actor.officerId });
        await audit(tx, request, {
          action: before ? 'update' : 'create',
          entity: 'importMapping',
          entityId: `${kind}/${name}`,
          before: before ? { mapping: before.mapping, values: before.values } : null,
          after: { mapping: saved.mapping, values: saved.values },
        });
        return saved;
      });
    },
  );

  /** DELETE /api/import/{kind}/mappings/{name} -> 204 (audited). 404 rc.imports.errors.savedMappingNotFound. Level 10. */
  app.delete(
    '/import/:kind/mappings/:name',
    {
      config: { contract: { remove: [409] } },
      schema: { tags, summary: 'Delete a saved mapping (level 10)', params: mappingParams, response: { 204: z.null().describe('Deleted') } },
    },
    async (request, reply) => {
      authorize(request, 'import:run');
      const { kind, name } = request.params;
      await app.ctx.db.transaction(async (tx) => {
        const gone = await deleteMapping(tx, kind, name);
        await audit(tx, request, { action: 'delete', entity: 'importMapping', entityId: `${kind}/${name}`, before: { mapping: gone.mapping, values: gone.values } });
      });
      return reply.code(204).send(null);
    },
  );

  /**
   * GET /api/import/{kind}/template?format=csv|xlsx -> the kind's template (CSV by default): a
   * header row of its fields' labels (which the automatic mapping recognises) and one example
   * row, written by the export writer. 400 for another format.
   */
  app.get(
    '/import/:kind/template',
    templateRoute,
    async (request, reply) => {
      authorize(request, 'import:run');
      const kind = request.params.kind;
      const fileFormat = exportFormat(request.query.format);
      const { columns, rows } = templateOf(kind);
      const name = exportName(`${kind}-import-template`, todayIn(tz, app.ctx.now()));
      return sendExport(request, reply, { format: fileFormat, name, sheet: rc.imports.kinds[kind], columns, total: rows.length, read: rowsReader(rows) });
    },
  );
}
