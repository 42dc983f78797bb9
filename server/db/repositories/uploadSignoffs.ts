import { and, asc, desc, eq, inArray, isNull, lt, notExists, notInArray, or, gt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { ACCESS, EXEMPT_OFFICER_IDS, UPLOAD_TYPE } from '../../../src/domain/constants';
import { daysBefore, toIsoDate } from '../../../src/domain/dates';
import { usDate } from '../sqlDates';
import type { ReportOfficerRow, ReportUploadRow } from '../../../src/domain/schemas/uploads';
import { rc } from '../../../src/domain/messages';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Page } from './uploads';

const u = s.upload;
const so = s.uploadSignoff;
const m = rc.uploads.errors;

/**
 * Number of 159s (upload type 1) the officer has not signed off (spec §2 home redirect step 4).
 * With `enteredBefore` (YYYY-MM-DD) only 159s whose dateEntered is earlier count (spec §4 forced
 * redirect: unread 159s older than 30 days). Exempt officers are handled by the caller (their count is 0).
 */
export async function countUnread159s(db: Db, officerId: number, enteredBefore?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(u)
    .where(
      and(
        eq(u.uploadTypeId, UPLOAD_TYPE.BOARD_159),
        enteredBefore ? lt(u.dateEntered, enteredBefore) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(so)
            .where(and(eq(so.uploadId, u.uploadId), eq(so.officerId, officerId))),
        ),
      ),
    );
  return row.count;
}

/** The ISO date (YYYY-MM-DD) `days` days before `today` (MM/DD/YYYY). */
export const isoDaysBefore = (today: string, days: number) => toIsoDate(daysBefore(today, days));

/** One line of markCheckedAsRead: a 159 and whether to sign it off ('Y') or untick it. */
export interface SignoffChange {
  uploadId: number;
  signOff: boolean;
}

/**
 * Signs 159s off for `officerId` at `now`, or unticks them, in one transaction (all or nothing).
 * Ticking a signed-off 159 keeps its first sign-off time. Unticking a signed-off 159 needs
 * `mayUntick` (the super user, spec §4), else 403 "Only the super user can untick a signed-off
 * 159."; unticking an unread one changes nothing. Unknown ids 404 'Upload not found.', other upload
 * types 400 'Only 159s are signed off.'. Returns each 159 with the officer's sign-off afterwards.
 */
export async function changeSignoffs(
  db: Db,
  officerId: number,
  changes: SignoffChange[],
  mayUntick: boolean,
  now: Date,
): Promise<Array<{ id: number; signoffTimestamp: string | null }>> {
  if (!changes.length) return [];
  const ids = changes.map((c) => c.uploadId);
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: u.uploadId, typeId: u.uploadTypeId }).from(u).where(inArray(u.uploadId, ids)).for('share');
    if (found.length !== new Set(ids).size) throw notFound(m.uploadNotFound);
    if (found.some((f) => f.typeId !== UPLOAD_TYPE.BOARD_159)) throw badRequest(m.only159s);
    const tick = changes.filter((c) => c.signOff).map((c) => c.uploadId);
    const untick = changes.filter((c) => !c.signOff).map((c) => c.uploadId);
    if (tick.length) {
      await tx
        .insert(so)
        .values(tick.map((uploadId) => ({ uploadId, officerId, signoffTimestamp: now })))
        .onConflictDoNothing();
    }
    if (untick.length) {
      const signed = await tx
        .select({ id: so.uploadId })
        .from(so)
        .where(and(eq(so.officerId, officerId), inArray(so.uploadId, untick)));
      if (signed.length && !mayUntick) throw forbidden(m.untickSuperUserOnly);
      if (signed.length) await tx.delete(so).where(and(eq(so.officerId, officerId), inArray(so.uploadId, untick)));
    }
    const after = await tx
      .select({ id: so.uploadId, at: so.signoffTimestamp })
      .from(so)
      .where(and(eq(so.officerId, officerId), inArray(so.uploadId, ids)));
    const at = new Map(after.map((a) => [a.id, new Date(a.at).toISOString()]));
    return changes.map((c) => ({ id: c.uploadId, signoffTimestamp: at.get(c.uploadId) ?? null }));
  });
}

/** 'UNREAD' or the sign-off time MM/DD/YYYY HH:mm in `tz`, computed by the database. */
function statusOf(at: SQLWrapper, tz: string): SQL<string> {
  return sql<string>`coalesce(to_char(${at} at time zone ${tz}, 'MM/DD/YYYY HH24:MI'), ${rc.uploads.status.unread})`;
}

function ordering(sort: SQLWrapper, order: 'ASC' | 'DESC', nullsFirst: boolean): SQL {
  const dir = order === 'ASC' ? asc : desc;
  return nullsFirst ? sql`${dir(sort)} nulls ${sql.raw(order === 'ASC' ? 'first' : 'last')}` : dir(sort);
}

/**
 * Per-document compliance report (spec §2 /DownloadReport?uploadId): every active officer (not
 * separated on `today`, YYYY-MM-DD) who is not exempt and not restricted (level 3 has no 159 board)
 * with his sign-off time or UNREAD. Sorted (default last name, first name) and paged in SQL, with the
 * total for X-Total-Count as a window count in the same statement. 404 for an unknown upload, 400 for one that is not a 159.
 */
export async function reportByUpload(
  db: Db,
  uploadId: number,
  today: string,
  page: Page<string>,
  tz: string,
): Promise<{ rows: ReportOfficerRow[]; total: number }> {
  const [doc] = await db.select({ typeId: u.uploadTypeId }).from(u).where(eq(u.uploadId, uploadId));
  if (!doc) throw notFound(m.uploadNotFound);
  if (doc.typeId !== UPLOAD_TYPE.BOARD_159) throw badRequest(m.reportOnly159s);
  const o = s.officer;
  const where = and(
    notInArray(o.officerId, [...EXEMPT_OFFICER_IDS]),
    ne(o.accessTypeId, ACCESS.RESTRICTED),
    or(isNull(o.separationDate), gt(o.separationDate, today)),
  );
  const sorts: Record<string, SQLWrapper> = {
    officerId: o.officerId,
    lastName: sql`lower(${o.lastName})`,
    firstName: sql`lower(${o.firstName})`,
    precinct: o.precinctId,
    signoffTimestamp: so.signoffTimestamp,
  };
  const sortKey = page.sort && sorts[page.sort] ? page.sort : 'lastName';
  const order = page.order ?? 'ASC';
  const q = db
    .select({
      officerId: o.officerId,
      lastName: o.lastName,
      firstName: o.firstName,
      precinctId: s.precinct.precinctId,
      precinctDescription: s.precinct.description,
      signoffTimestamp: so.signoffTimestamp,
      status: statusOf(so.signoffTimestamp, tz),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(o)
    .leftJoin(so, and(eq(so.officerId, o.officerId), eq(so.uploadId, uploadId)))
    .leftJoin(s.precinct, eq(s.precinct.precinctId, o.precinctId))
    .where(where)
    .orderBy(
      ordering(sorts[sortKey], order, sortKey === 'signoffTimestamp'),
      ...(sortKey === 'lastName' ? [ordering(sorts.firstName, order, false)] : []),
      ordering(o.officerId, order, false),
    )
    .offset(page.offset);
  const rows = page.limit === null ? await q : await q.limit(page.limit);
  const total = rows.length ? rows[0].total : page.offset > 0 ? (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(o).where(where))[0].n : 0;
  return {
    rows: rows.map((r) => ({
      officerId: r.officerId,
      lastName: r.lastName,
      firstName: r.firstName,
      precinct: r.precinctId === null ? null : { precinctId: r.precinctId, description: r.precinctDescription ?? '' },
      signoffTimestamp: r.signoffTimestamp ? new Date(r.signoffTimestamp).toISOString() : null,
      status: r.status,
    })),
    total,
  };
}

/**
 * Per-officer compliance report (spec §2 /DownloadReport?officerId): every 159 with the officer's
 * sign-off time or UNREAD. Sorted (default newest dateEntered first) and paged in SQL; total for
 * X-Total-Count. 404 'Officer not found.' for an unknown officer.
 */
export async function reportByOfficer(
  db: Db,
  officerId: number,
  page: Page<string>,
  tz: string,
): Promise<{ rows: ReportUploadRow[]; total: number }> {
  const [officer] = await db.select({ id: s.officer.officerId }).from(s.officer).where(eq(s.officer.officerId, officerId));
  if (!officer) throw notFound(m.officerNotFound);
  const sorts: Record<string, SQLWrapper> = {
    uploadId: u.uploadId,
    dateEntered: u.dateEntered,
    description: sql`lower(${u.description})`,
    signoffTimestamp: so.signoffTimestamp,
  };
  const sortKey = page.sort && sorts[page.sort] ? page.sort : 'dateEntered';
  const order = page.order ?? (page.sort ? 'ASC' : 'DESC');
  const where = eq(u.uploadTypeId, UPLOAD_TYPE.BOARD_159);
  const q = db
    .select({
      uploadId: u.uploadId,
      dateEntered: usDate(u.dateEntered),
      description: u.description,
      signoffTimestamp: so.signoffTimestamp,
      status: statusOf(so.signoffTimestamp, tz),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(u)
    .leftJoin(so, and(eq(so.uploadId, u.uploadId), eq(so.officerId, officerId)))
    .where(where)
    .orderBy(ordering(sorts[sortKey], order, sortKey === 'signoffTimestamp'), ordering(u.uploadId, order, false))
    .offset(page.offset);
  const rows = page.limit === null ? await q : await q.limit(page.limit);
  const total = rows.length ? rows[0].total : page.offset > 0 ? (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(u).where(where))[0].n : 0;
  return {
    rows: rows.map((r) => ({
      uploadId: r.uploadId,
      dateEntered: r.dateEntered ?? '',
      description: r.description,
      signoffTimestamp: r.signoffTimestamp ? new Date(r.signoffTimestamp).toISOString() : null,
      status: r.status,
    })),
    total,
  };
}
