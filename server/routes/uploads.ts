import fs from 'node:fs/promises';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../appType';
import { audit } from '../audit';
import { authorize } from '../auth/guard';
import { badRequest, forbidden, notFound } from '../errors';
import { can, type Actor } from '../../src/domain/access';
import { compareDates, isValidDate, todayIn } from '../../src/domain/dates';
import { exportFormat, exportRoute } from '../exports/columns';
import { exportName, rowsReader, sendExport } from '../exports/writeExport';
import { uploadColumns } from '../exports/lists';
import { rc } from '../../src/domain/messages';
import { deleteList, idParams, idsToDelete } from '../../src/domain/schemas/common';
import {
  DOCUMENT_TYPES, MAX_UPLOAD_PAGE, officerQuery, uploadFields, uploadJson, uploadListQuery, type UploadInput,
} from '../../src/domain/schemas/uploads';
import * as repo from '../db/repositories/uploads';
import { readUploadParts } from '../uploads/multipart';
import { acceptedContentType, refuseOversizedDocx } from '../uploads/documentType';
import { pageOf } from './listPage';

const v = rc.uploads.validation;
const tags = ['uploads'];

/** OpenAPI description of the multipart body of insert and update (spec §7). Not validated by zod: the parts are read as they stream. */
const multipartBody = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The PDF, DOC or DOCX document (at most UPLOAD_MAX_MB MiB; a DOCX unpacking to at most UPLOAD_MAX_UNPACKED_MB MiB). Update: leave it out to keep the stored file.' }),
    jsonBodyData: z.string().meta({ description: 'The upload as JSON: {uploadId?, uploadType: {uploadTypeId}, dateEntered: MM/DD/YYYY, description, linkUrl?}' }),
  })
  .partial()
  .nullish();

/**
 * `Content-Disposition: attachment` for a stored file name (RFC 6266): an ASCII fallback in
 * filename="…" (quotes, backslashes and other characters replaced by '_') and the exact name
 * UTF-8 percent-encoded in filename*= (RFC 5987). contentDisposition('Ré "1".pdf') ->
 * attachment; filename="R_ _1_.pdf"; filename*=UTF-8''R%C3%A9%20%221%22.pdf
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Whose sign-offs to show: the caller's by default; another officer's needs level 9+ ('upload:report'). */
export function signoffOfficer(actor: Actor, officerId: number | undefined): number {
  const id = officerId || actor.officerId;
  if (id !== actor.officerId && !can(actor, 'upload:report')) throw forbidden(rc.errors.unauthorized);
  return id;
}

/** A zod failure as the app's validation answer (400 with message, field and issues; server/errorHandler.ts). */
function invalid(error: z.ZodError): Error {
  return Object.assign(new Error(error.issues[0]?.message ?? rc.errors.badRequest), {
    statusCode: 400,
    validation: error.issues.map((i) => ({
      keyword: i.code,
      instancePath: `/${i.path.join('/')}`,
      message: i.message,
      params: i.code === 'unrecognized_keys' ? { keys: i.keys } : undefined,
    })),
  });
}

/** 400 for a bad dateEntered1/dateEntered2 (MM/DD/YYYY) or dateEntered1 after dateEntered2. */
function checkRange(since?: string, until?: string) {
  if ((since && !isValidDate(since)) || (until && !isValidDate(until))) throw badRequest(rc.validation.invalidDate);
  if (since && until && compareDates(since, until) > 0) throw badRequest(rc.validation.sinceAfterUntil);
}

/**
 * Uploads: 159s, LOSAP notices and the Forms page documents (spec §2 Uploads and Forms page, §3,
 * §5 Upload, §7). Read by every level but 3; written at level 9+. Files are PDF, DOC or DOCX,
 * judged by name and bytes, at most UPLOAD_MAX_MB MiB, stored in the database with the record.
 */
export async function uploadRoutes(app: App) {
  const tz = app.ctx.config.ORG_TIMEZONE;
  const maxMb = app.ctx.config.UPLOAD_MAX_MB;
  const maxUnpackedMb = app.ctx.config.UPLOAD_MAX_UNPACKED_MB;

  /**
   * Reads and checks the multipart body: jsonBodyData against uploadFields (spec §5 messages), then
   * the file's name and bytes ('Only PDF or Word Docs permitted!'), a file and a link together
   * ('Send either a file or a link, not both.'), a Word document unpacking to more than
   * UPLOAD_MAX_UNPACKED_MB or packed like a ZIP bomb (413). Returns the input and the file to store (null: none sent).
   */
  async function receive(request: FastifyRequest, reply: FastifyReply): Promise<{ input: UploadInput; file: repo.StoredFile | null }> {
    const parts = await readUploadParts(request, reply, maxMb);
    try {
      if (parts.json === undefined) throw badRequest(v.jsonBodyData);
      const parsed = uploadFields.safeParse(parts.json);
      if (!parsed.success) throw invalid(parsed.error);
      const input = parsed.data;
      if (!parts.file) return { input, file: null };
      if (input.linkUrl) throw badRequest(v.fileOrLink);
      const contentType = await acceptedContentType(parts.file.filename, parts.file.path, parts.file.size);
      if (!contentType) throw badRequest(v.onlyPdfOrWord);
      if (contentType === DOCUMENT_TYPES.docx) await refuseOversizedDocx(parts.file.path, maxUnpackedMb);
      return { input, file: { filename: parts.file.filename, contentType, bytes: await fs.readFile(parts.file.path) } };
    } finally {
      await parts.cleanup();
    }
  }

  /**
   * GET /api/uploads/getMultiple?officerId&dateEntered1&dateEntered2&uploadTypeId&_sort&_order&_start&_end
   * -> Upload[] (never the bytes), each with the officer's signoffTimestamp (the caller's; another
   * officer's at level 9+). uploadTypeId: one id or several separated by commas. Dates MM/DD/YYYY
   * inclusive. Sorted (default newest dateEntered first) and paged in SQL, X-Total-Count; at most 200 rows.
   */
  app.get(
    '/uploads/getMultiple',
    { schema: { tags, summary: 'Uploads by type and date entered', querystring: uploadListQuery, response: { 200: z.array(uploadJson) } } },
    async (request, reply) => {
      const actor = authorize(request, 'upload:read');
      const q = request.query;
      const officerId = signoffOfficer(actor, q.officerId);
      checkRange(q.dateEntered1, q.dateEntered2);
      const page = { sort: q._sort, order: q._order, ...pageOf(q, MAX_UPLOAD_PAGE) };
      return app.ctx.answers.answer(request, reply, { db: app.ctx.db, scopes: ['uploads', 'officers', 'lookups'], make: () => repo.listUploads(app.ctx.db, q, officerId, page) });
    },
  );

  /**
   * GET /api/uploads/export?<the getMultiple query>&format=csv|xlsx -> the uploads as a streamed
   * CSV or XLSX file (server/exports) in the list's sort: id, date, type, description, file name
   * or link, and the officer's sign-off (MM/DD/YYYY HH:mm, ORG_TIMEZONE). Refused exactly as
   * getMultiple (another officer's sign-offs below level 9: 403); 400 for another format.
   */
  app.get(
    '/uploads/export',
    exportRoute(tags, 'Uploads (the 159 board) as a CSV or XLSX file', uploadListQuery),
    async (request, reply) => {
      const actor = authorize(request, 'upload:read');
      const q = request.query;
      const officerId = signoffOfficer(actor, q.officerId);
      checkRange(q.dateEntered1, q.dateEntered2);
      const format = exportFormat(request.query.format);
      const { rows } = await repo.listUploads(app.ctx.db, q, officerId, { sort: q._sort, order: q._order, offset: 0, limit: null });
      const name = exportName(rc.exports.files.uploads, todayIn(tz, app.ctx.now()), q.dateEntered1, q.dateEntered2);
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.uploads, columns: uploadColumns(tz), total: rows.length, read: rowsReader(rows) });
    },
  );

  /** GET /api/uploads/getSingle/{id}?officerId -> Upload with the officer's signoffTimestamp; 404 'Upload not found.' */
  app.get(
    '/uploads/getSingle/:id',
    { schema: { tags, summary: 'One upload (without its bytes)', params: idParams, querystring: officerQuery, response: { 200: uploadJson } } },
    async (request) => {
      const actor = authorize(request, 'upload:read');
      return repo.getUpload(app.ctx.db, request.params.id, signoffOfficer(actor, request.query.officerId));
    },
  );

  /**
   * POST /api/uploads/insert, multipart: `file` (PDF, DOC or DOCX) and `jsonBodyData` -> 201 Upload.
   * Level 9+. 400 'Must select file type', 'Date is required', 'Description is required',
   * 'Description has non-ASCII characters. Please remove!', 'File is required', 'Only PDF or Word
   * Docs permitted!', 'The upload arrived incomplete or garbled.'; 413 over UPLOAD_MAX_MB, or a Word
   * document unpacking to more than UPLOAD_MAX_UNPACKED_MB; 415 when not multipart. A Forms document may carry
   * linkUrl (http/https) instead of a file.
   */
  app.post(
    '/uploads/insert',
    { schema: { tags, summary: 'Add an upload (level 9+, multipart)', consumes: ['multipart/form-data'], body: multipartBody, response: { 201: uploadJson } } },
    async (request, reply) => {
      const actor = authorize(request, 'upload:write');
      const { input, file } = await receive(request, reply);
      if (!file && !input.linkUrl) throw badRequest(v.fileRequired);
      // The file is read whole before the transaction (receive) and stored in the row itself, so
      // the record, its file and its audit entry commit together.
      const created = await app.ctx.db.transaction(async (tx) => {
        const row = await repo.insertUpload(tx, input, file, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'create', entity: 'upload', entityId: row.uploadId, after: row });
        return row;
      });
      return reply.code(201).send(created);
    },
  );

  /**
   * PUT /api/uploads/update, multipart as insert; jsonBodyData carries uploadId. Leaving the file
   * out keeps the stored one. A different file, or a 159 changed to another type, clears the
   * officers' sign-offs. Level 9+; 404 'Upload not found.'; otherwise as insert.
   */
  app.put(
    '/uploads/update',
    { schema: { tags, summary: 'Change an upload (level 9+, multipart)', consumes: ['multipart/form-data'], body: multipartBody, response: { 200: uploadJson } } },
    async (request, reply) => {
      const actor = authorize(request, 'upload:write');
      const { input, file } = await receive(request, reply);
      if (input.uploadId <= 0) throw badRequest(rc.validation.required);
      const head = await repo.uploadHead(app.ctx.db, input.uploadId);
      if (!head) throw notFound(rc.uploads.errors.uploadNotFound);
      if (!file && !input.linkUrl && !head.hasFile) throw badRequest(v.fileRequired);
      return app.ctx.db.transaction(async (tx) => {
        const before = await repo.getUpload(tx, input.uploadId, actor.officerId).catch(() => null);
        const after = await repo.updateUpload(tx, input, file, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'update', entity: 'upload', entityId: input.uploadId, before, after, details: file ? 'new file' : null });
        return after;
      });
    },
  );

  /**
   * DELETE /api/uploads/delete, body [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}…] -> {deleted: n}.
   * Level 9+. The uploads' sign-offs go with them. Nothing marked 'Y': 400 'Nothing selected to remove.'
   */
  app.delete(
    '/uploads/delete',
    { schema: { tags, summary: 'Remove uploads (level 9+)', body: deleteList, response: { 200: z.object({ deleted: z.number() }) } } },
    async (request) => {
      const actor = authorize(request, 'upload:write');
      const ids = idsToDelete(request.body);
      if (!ids.length) throw badRequest(rc.errors.nothingToDelete);
      return app.ctx.db.transaction(async (tx) => {
        const before: Array<Awaited<ReturnType<typeof repo.getUpload>> | null> = [];
        for (const id of ids) before.push(await repo.getUpload(tx, id, actor.officerId).catch(() => null));
        const deleted = await repo.deleteUploads(tx, ids);
        // only the uploads that were there: removing an unknown id changes nothing
        await audit(tx, request, ids.flatMap((id, i) => (before[i] ? [{ action: 'delete', entity: 'upload', entityId: id, before: before[i], after: null }] : [])));
        return { deleted };
      });
    },
  );

  /**
   * GET /api/uploads/download/{id}?officerId -> the stored bytes with the stored content type,
   * `Content-Disposition: attachment` (the file name, RFC 6266/5987), `X-Content-Type-Options:
   * nosniff`, `Cache-Control: private, no-store`. Every level but 3. 404 'Upload not found.', or
   * 'This document is a link and has no file to download.'
   */
  app.get(
    '/uploads/download/:id',
    {
      config: { contract: { media: { 200: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/octet-stream'] } } },
      schema: {
        tags,
        summary: 'Download the file of an upload',
        params: idParams,
        querystring: officerQuery,
        response: { 200: z.string().meta({ format: 'binary', description: 'The stored file' }) },
      },
    },
    async (request, reply) => {
      const actor = authorize(request, 'upload:read');
      signoffOfficer(actor, request.query.officerId);
      const file = await repo.getUploadFile(app.ctx.db, request.params.id);
      if (!file) throw notFound(rc.uploads.errors.noFile);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes as unknown as string); // a Buffer goes out as it is, never through the serializer
    },
  );
}
