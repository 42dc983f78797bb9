import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { toIsoDate } from '../../../src/domain/dates';
import { usDate } from '../sqlDates';
import type { UploadInput, UploadJson, UploadListQuery } from '../../../src/domain/schemas/uploads';
import { rc } from '../../../src/domain/messages';
import { notFound } from '../../errors';

const u = s.upload;
const so = s.uploadSignoff;

/** A file ready to store: its name, the content type judged from its bytes, and the bytes. */
export interface StoredFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Sort and page of a list, in SQL. limit null: no limit. */
export interface Page<K extends string> {
  sort?: K;
  order?: 'ASC' | 'DESC';
  offset: number;
  limit: number | null;
}

/** The upload's columns without the bytes, with `officerId`'s sign-off and the sign-off count. */
function selectUploads(db: Db, officerId: number, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      uploadId: u.uploadId,
      uploadTypeId: u.uploadTypeId,
      uploadTypeDescription: s.uploadType.uploadTypeDescription,
      dateEntered: usDate(u.dateEntered),
      description: u.description,
      filename: u.filename,
      contentType: u.contentType,
      fileSize: sql<number | null>`octet_length(${u.file})`.mapWith((x) => (x === null ? null : Number(x))),
      linkUrl: u.linkUrl,
      enteredBy: u.enteredBy,
      signoffTimestamp: so.signoffTimestamp,
      updatedTimestamp: u.updatedTimestamp,
      downloadSignoffs: sql<number>`(select count(*) from ${so} x where x.upload_id = ${u.uploadId})`.mapWith(Number),
      /** The list's total (an uncorrelated scalar subquery, so page and count are one statement). */
      total,
    })
    .from(u)
    .innerJoin(s.uploadType, eq(s.uploadType.uploadTypeId, u.uploadTypeId))
    .leftJoin(so, and(eq(so.uploadId, u.uploadId), eq(so.officerId, officerId)));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectUploads>['execute']>>[number];

const iso = (d: Date | string) => new Date(d).toISOString();

function toJson(r: Row): UploadJson {
  return {
    uploadId: r.uploadId,
    uploadType: { uploadTypeId: r.uploadTypeId, uploadTypeDescription: r.uploadTypeDescription },
    dateEntered: r.dateEntered ?? '',
    description: r.description,
    filename: r.filename,
    contentType: r.contentType,
    fileSize: r.fileSize,
    linkUrl: r.linkUrl,
    enteredBy: r.enteredBy,
    hasChildren: 'N',
    signoffTimestamp: r.signoffTimestamp ? iso(r.signoffTimestamp) : null,
    updatedTimestamp: iso(r.updatedTimestamp),
    downloadSignoffs: r.downloadSignoffs,
  };
}

const sortExpr: Record<NonNullable<UploadListQuery['_sort']>, SQLWrapper> = {
  uploadId: u.uploadId,
  dateEntered: u.dateEntered,
  description: sql`lower(${u.description})`,
  filename: sql`lower(coalesce(${u.filename}, ${u.linkUrl}))`,
  uploadTypeId: u.uploadTypeId,
  signoffTimestamp: so.signoffTimestamp,
};

function listConditions(q: UploadListQuery): SQL | undefined {
  const c: SQL[] = [];
  if (q.uploadTypeId?.length) c.push(inArray(u.uploadTypeId, q.uploadTypeId));
  if (q.dateEntered1) c.push(gte(u.dateEntered, toIsoDate(q.dateEntered1)));
  if (q.dateEntered2) c.push(lte(u.dateEntered, toIsoDate(q.dateEntered2)));
  return c.length ? and(...c) : undefined;
}

/**
 * Uploads matching the filters (upload types, dateEntered range inclusive), each with `officerId`'s
 * sign-off, sorted and paged in SQL (default newest dateEntered first), plus the total for
 * X-Total-Count. Never the bytes.
 */
export async function listUploads(
  db: Db,
  q: UploadListQuery,
  officerId: number,
  page: Page<NonNullable<UploadListQuery['_sort']>>,
): Promise<{ rows: UploadJson[]; total: number }> {
  const where = listConditions(q);
  const dir = (page.order ?? (page.sort ? 'ASC' : 'DESC')) === 'ASC' ? asc : desc;
  const nulls = page.sort === 'signoffTimestamp' ? sql` nulls first` : sql``;
  const query = selectUploads(db, officerId, sql<number>`(${db.select({ n: sql`count(*)` }).from(u).where(where)})`.mapWith(Number))
    .where(where)
    .orderBy(sql`${dir(sortExpr[page.sort ?? 'dateEntered'])}${nulls}`, dir(u.uploadId))
    .offset(page.offset);
  const rows = page.limit === null ? await query : await query.limit(page.limit);
  const total = rows.length ? rows[0].total : page.offset > 0 ? (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(u).where(where))[0].n : 0;
  return { rows: rows.map(toJson), total };
}

/** One upload with `officerId`'s sign-off, or 404 'Upload not found.' */
export async function getUpload(db: Db, uploadId: number, officerId: number): Promise<UploadJson> {
  const [row] = await selectUploads(db, officerId).where(eq(u.uploadId, uploadId));
  if (!row) throw notFound(rc.uploads.errors.uploadNotFound);
  return toJson(row);
}

/** The stored file of an upload: name, content type and bytes; null for a link; 404 when unknown. */
export async function getUploadFile(db: Db, uploadId: number): Promise<StoredFile | null> {
  const [row] = await db
    .select({ filename: u.filename, contentType: u.contentType, bytes: u.file })
    .from(u)
    .where(eq(u.uploadId, uploadId));
  if (!row) throw notFound(rc.uploads.errors.uploadNotFound);
  if (!row.bytes || !row.filename || !row.contentType) return null;
  return { filename: row.filename, contentType: row.contentType, bytes: row.bytes };
}

/** Whether the upload exists and holds a file (not a link); null when unknown. */
export async function uploadHead(db: Db, uploadId: number): Promise<{ uploadTypeId: number; hasFile: boolean } | null> {
  const [row] = await db
    .select({ uploadTypeId: u.uploadTypeId, hasFile: sql<boolean>`${u.file} is not null` })
    .from(u)
    .where(eq(u.uploadId, uploadId));
  return row ?? null;
}

/**
 * Stores a new upload with its file (or, for a Forms document, its link) stamped `now`, and
 * returns it as `actorId` sees it.
 */
export async function insertUpload(db: Db, input: UploadInput, file: StoredFile | null, actorId: number, now: Date): Promise<UploadJson> {
  const [row] = await db
    .insert(u)
    .values({
      uploadTypeId: input.uploadTypeId,
      dateEntered: toIsoDate(input.dateEntered),
      description: input.description,
      filename: file?.filename ?? null,
      contentType: file?.contentType ?? null,
      file: file?.bytes ?? null,
      linkUrl: file ? null : input.linkUrl,
      enteredBy: actorId,
      updatedTimestamp: now,
    })
    .returning({ uploadId: u.uploadId });
  return getUpload(db, row.uploadId, actorId);
}

/**
 * Changes an upload in one transaction (404 when unknown). `file` null keeps the stored file,
 * unless the input is a link (then the file is dropped). Officers' sign-offs are cleared when the
 * file is replaced by different bytes, or when the upload stops being a 159: a sign-off certifies
 * reading that document. Returns the upload as `actorId` sees it.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function updateUpload(db: Db, input: UploadInput, file: StoredFile | null, actorId: number, now: Date): Promise<UploadJson> {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ uploadTypeId: u.uploadTypeId, changed: file ? sql<boolean>`${u.file} is distinct from ${file.bytes}` : sql<boolean>`false` })
      .from(u)
      .where(eq(u.uploadId, input.uploadId))
      .for('update');
    if (!old) throw notFound(rc.uploads.errors.uploadNotFound);
    const fileColumns = file
      ? { filename: file.filename, contentType: file.contentType, file: file.bytes, linkUrl: null }
      : input.linkUrl
        ? { filename: null, contentType: null, file: null, linkUrl: input.linkUrl }
        : {};
    await tx
      .update(u)
      .set({
        uploadTypeId: input.uploadTypeId,
        dateEntered: toIsoDate(input.dateEntered),
        description: input.description,
        ...fileColumns,
        enteredBy: actorId,
        updatedTimestamp: now,
      })
      .where(eq(u.uploadId, input.uploadId));
    if (old.changed || input.uploadTypeId !== old.uploadTypeId) {
      await tx.delete(so).where(eq(so.uploadId, input.uploadId));
    }
  });
  return getUpload(db, input.uploadId, actorId);
}

/** Removes the uploads (and their sign-offs) in one statement; returns how many were removed. */
export async function deleteUploads(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const removed = await db.delete(u).where(inArray(u.uploadId, ids)).returning({ id: u.uploadId });
  return removed.length;
}
