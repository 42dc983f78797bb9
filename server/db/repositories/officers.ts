import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema';
import { ACCESS, EXEMPT_OFFICER_IDS, UPLOAD_TYPE } from '../../../src/domain/constants';
import { fromIsoDate, toIsoDate } from '../../../src/domain/dates';
import { isExemptOfficer, isProfileComplete } from '../../../src/domain/profile';
import type { ContactField, OfficerInput, OfficerJson, OfficerListRow, OfficerOrderBy, RosterSortKey } from '../../../src/domain/schemas/officers';
import { rc } from '../../../src/domain/messages';
import { filterOfficers } from '../../../src/domain/officerLabel';
import { conflict, notFound, pgErrorCode } from '../../errors';

const o = s.officer;
const hw = s.hoursWorked;
const updater = alias(s.officer, 'updater');
const m = rc.officers.errors;

/** orderBy values of GET /officer/getMultiple (spec §7), mapped to SQL; anything else is refused by the query schema. */
const ORDER_BY: Record<OfficerOrderBy, SQLWrapper[]> = {
  'last_name,first_name': [sql`lower(${o.lastName})`, sql`lower(${o.firstName})`, o.officerId],
  'first_name,last_name': [sql`lower(${o.firstName})`, sql`lower(${o.lastName})`, o.officerId],
  officer_id: [o.officerId],
};

/** Flagged time tickets per officer (one aggregate, joined). */
function flaggedPerOfficer(db: Db) {
  return db
    .select({ officerId: hw.officerId, n: sql<number>`count(*)`.as('flagged_n') })
    .from(hw)
    .where(isNotNull(hw.flaggedBy))
    .groupBy(hw.officerId)
    .as('flagged');
}

/** Signed-off 159s per officer (one aggregate, joined): unread = all 159s minus these. */
function signedPerOfficer(db: Db) {
  return db
    .select({ officerId: s.uploadSignoff.officerId, n: sql<number>`count(*)`.as('signed_n') })
    .from(s.uploadSignoff)
    .innerJoin(s.upload, and(eq(s.upload.uploadId, s.uploadSignoff.uploadId), eq(s.upload.uploadTypeId, UPLOAD_TYPE.BOARD_159)))
    .groupBy(s.uploadSignoff.officerId)
    .as('signed');
}

/**
 * Unread 159s of the officer row (countUnread159s of uploadSignoffs.ts in the same statement):
 * every 159 minus the ones he signed off; 0 for exempt officers (spec §6 'N/A').
 */
const unreadExpr = (signed: ReturnType<typeof signedPerOfficer>) =>
  sql<number>`case when ${inArray(o.officerId, [...EXEMPT_OFFICER_IDS])} then 0
    else (select count(*) from ${s.upload} where ${s.upload.uploadTypeId} = ${UPLOAD_TYPE.BOARD_159}) - coalesce(${signed.n}, 0) end`.mapWith(Number);

/**
 * True when the officer cannot be removed (spec §6 hasChildren 'Y'): he is the super user, or a
 * record refers to him: his time tickets and the tickets he flagged, entered or changed, his
 * sign-ups and the ones he entered, his 159 sign-offs, and the events, locations, news, uploads
 * and other officers' records he entered or last changed. One uncorrelated IN (…) list, so the
 * database builds it once per statement (a hashed subplan), not once per officer.
 */
const hasChildrenExpr = (superUserId: number) => sql<boolean>`(${o.officerId} = ${superUserId} or ${o.officerId} in (
    select ${hw.officerId} from ${hw}
    union all select ${hw.flaggedBy} from ${hw} where ${hw.flaggedBy} is not null
    union all select ${hw.enteredBy} from ${hw} where ${hw.enteredBy} is not null
    union all select ${hw.updatedBy} from ${hw} where ${hw.updatedBy} is not null
    union all select ${hw.reviewedBy} from ${hw} where ${hw.reviewedBy} is not null
    union all select ${s.eventSignup.officerId} from ${s.eventSignup}
    union all select ${s.eventSignup.enteredBy} from ${s.eventSignup} where ${s.eventSignup.enteredBy} is not null
    union all select ${s.uploadSignoff.officerId} from ${s.uploadSignoff}
    union all select ${s.event.updatedBy} from ${s.event} where ${s.event.updatedBy} is not null
    union all select ${s.location.updatedBy} from ${s.location} where ${s.location.updatedBy} is not null
    union all select ${s.news.enteredBy} from ${s.news} where ${s.news.enteredBy} is not null
    union all select ${s.upload.enteredBy} from ${s.upload} where ${s.upload.enteredBy} is not null
    union all select ${sql.raw('other.updated_by')} from ${s.officer} ${sql.raw('other')}
      where ${sql.raw('other.updated_by')} is not null and ${sql.raw('other.updated_by <> other.officer_id')}
  ))`.mapWith(Boolean);

export interface OfficerListOptions {
  excludeSeparated: boolean;
  /** Only these officers (the roster search's matches, officerIdsMatching). */
  officerIds?: number[];
  accessTypeId?: number;
  orderBy: OfficerOrderBy;
  /** Today, YYYY-MM-DD in ORG_TIMEZONE: officers separated on or before it are "separated". */
  todayIso: string;
  /** Level 10: add the roster columns. */
  roster: boolean;
  /**
   * Whose mobile numbers the rows carry: 'all' (level 5+), or only the
   * viewer's own and the auditors' (access level 10, the flagged-ticket contact list); null otherwise.
   */
  mobileOf: 'all' | { viewerId: number };
  superUserId: number;
  /** react-admin _sort (overrides orderBy) and _order. */
  sort?: RosterSortKey;
  order?: 'ASC' | 'DESC';
  offset: number;
  limit: number | null;
}

/**
 * The ids of the officers matching the roster search `q` (officerMatches, the picker's rule: every
 * typed word begins a last or first name, the officer id, the login or the badge number). One read
 * of four short columns of every officer, matched here, so the roster's heavy columns are then
 * computed for the matches only.
 */
export async function officerIdsMatching(db: Db, q: string): Promise<number[]> {
  const rows = await db.select({ officerId: o.officerId, lastName: o.lastName, firstName: o.firstName, login: o.login, badgeNumber: o.badgeNumber }).from(o);
  return filterOfficers(rows, q).map((r) => r.officerId);
}

/**
 * Officers for pickers, contact lists and the roster (spec §7 GET /officer/getMultiple, §2
 * /OfficerBrowse), in ONE SQL statement: filters, the roster columns (precinct, last login,
 * access level, unread 159s, flagged tickets, hasChildren) as joined aggregates, sort, page and the
 * total (a window count) together. excludeSeparated drops officers whose separation date is on or
 * before `todayIso`; a future separation date stays listed. Returns the rows (without the
 * placeholder) and the number of matching officers.
 */
export async function listOfficers(db: Db, opts: OfficerListOptions): Promise<{ rows: OfficerListRow[]; total: number }> {
  const where: SQL[] = [];
  if (opts.excludeSeparated) where.push(or(isNull(o.separationDate), gt(o.separationDate, opts.todayIso)) as SQL);
  if (opts.accessTypeId) where.push(eq(o.accessTypeId, opts.accessTypeId));
  if (opts.officerIds) where.push(opts.officerIds.length ? inArray(o.officerId, opts.officerIds) : sql`false`);
  const flagged = flaggedPerOfficer(db);
  const signed = signedPerOfficer(db);
  const unread = unreadExpr(signed);
  const flaggedCount = sql<number>`coalesce(${flagged.n}, 0)`.mapWith(Number);
  const mobile =
    opts.mobileOf === 'all'
      ? o.mobile
      : sql<string | null>`case when ${o.accessTypeId} = ${ACCESS.AUDITOR} or ${o.officerId} = ${opts.mobileOf.viewerId} then ${o.mobile} end`;
  const sorts: Record<RosterSortKey, SQLWrapper> = {
    officerId: o.officerId,
    lastName: sql`lower(${o.lastName})`,
    firstName: sql`lower(${o.firstName})`,
    'precinct.precinctId': o.precinctId,
    'precinct.description': sql`lower(${s.precinct.description})`,
    lastLoginDate: o.lastLoginDate,
    mobile,
    separationDate: o.separationDate,
    unreadMemos: unread,
    flaggedCount,
  };
  let orderBy: SQL[];
  if (opts.sort) {
    const dir = opts.order ?? 'ASC';
    const by = (e: SQLWrapper) => sql`${e} ${sql.raw(dir === 'ASC' ? 'asc nulls first' : 'desc nulls last')}`;
    const then = opts.sort === 'lastName' ? [by(sorts.firstName)] : [];
    orderBy = [by(sorts[opts.sort]), ...then, by(o.officerId)];
  } else {
    orderBy = ORDER_BY[opts.orderBy].map((e) => asc(e));
  }
  const rosterColumns = opts.roster
    ? {
        precinctId: o.precinctId,
        precinctDescr: s.precinct.description,
        lastLoginDate: o.lastLoginDate,
        accessTypeId: o.accessTypeId,
        accessDescr: s.accessType.description,
        unreadMemos: unread,
        flaggedCount,
        hasChildren: hasChildrenExpr(opts.superUserId),
      }
    : {};
  const pickerColumns = {
    officerId: o.officerId,
    lastName: o.lastName,
    firstName: o.firstName,
    mobile,
    rankId: o.rankId,
    rankDescr: s.rank.description,
    separationDate: o.separationDate,
    total: sql<number>`count(*) over ()`.mapWith(Number),
  };
  let q = db
    .select({ ...pickerColumns, ...rosterColumns } as typeof pickerColumns)
    .from(o)
    .leftJoin(s.rank, eq(s.rank.rankId, o.rankId))
    .$dynamic();
  if (opts.roster) {
    q = q
      .leftJoin(s.precinct, eq(s.precinct.precinctId, o.precinctId))
      .leftJoin(s.accessType, eq(s.accessType.accessTypeId, o.accessTypeId))
      .leftJoin(flagged, eq(flagged.officerId, o.officerId))
      .leftJoin(signed, eq(signed.officerId, o.officerId));
  }
  q = q.where(where.length ? and(...where) : undefined).orderBy(...orderBy).offset(opts.offset);
  if (opts.limit !== null) q = q.limit(opts.limit);
  const rows = (await q) as Array<Record<string, unknown> & { officerId: number; lastName: string; firstName: string; total: number }>;
  const total = rows.length ? rows[0].total : opts.offset > 0 ? await countOfficers(db, where) : 0;
  return {
    total,
    rows: rows.map((r) => {
      const row: OfficerListRow = {
        officerId: r.officerId,
        lastName: r.lastName,
        firstName: r.firstName,
        mobile: r.mobile as string | null,
        rank: r.rankId ? { rankId: r.rankId as number, description: (r.rankDescr as string | null) ?? '' } : null,
        separationDate: fromIsoDate(r.separationDate as string | null),
      };
      if (!opts.roster) return row;
      return {
        ...row,
        precinct: r.precinctId ? { precinctId: r.precinctId as number, description: (r.precinctDescr as string | null) ?? '' } : null,
        lastLoginDate: r.lastLoginDate ? new Date(r.lastLoginDate as Date).toISOString() : null,
        accessType: { accessTypeId: r.accessTypeId as number, description: (r.accessDescr as string | null) ?? '' },
        unreadMemos: r.unreadMemos as number,
        flaggedCount: r.flaggedCount as number,
        hasChildren: r.hasChildren ? 'Y' : 'N',
        exempt: isExemptOfficer(r.officerId),
      };
    }),
  };
}

/** Matching officers when the page asked lies past the end (the window count had no row to ride on). */
async function countOfficers(db: Db, where: SQL[]): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(o).where(where.length ? and(...where) : undefined);
  return n;
}

/**
 * One officer (spec §3) without any password material, in one statement: dates MM/DD/YYYY,
 * lookups as objects, updatedBy with names, flaggedCount, unreadMemos (0 for exempt officers),
 * hasChildren and profileComplete. soundex only when `withSoundex`. Null when not found.
 */
export async function getOfficer(db: Db, officerId: number, opts: { superUserId: number; withSoundex: boolean }): Promise<OfficerJson | null> {
  const flagged = flaggedPerOfficer(db);
  const signed = signedPerOfficer(db);
  const [r] = await db
    .select({
      o,
      precinctDescr: s.precinct.description,
      precinctAbbr: s.precinct.abbr,
      rankDescr: s.rank.description,
      stateAbbr: s.state.stateAbbr,
      stateName: s.state.stateName,
      accessDescr: s.accessType.description,
      updaterLast: updater.lastName,
      updaterFirst: updater.firstName,
      flaggedCount: sql<number>`coalesce(${flagged.n}, 0)`.mapWith(Number),
      unreadMemos: unreadExpr(signed),
      hasChildren: hasChildrenExpr(opts.superUserId),
    })
    .from(o)
    .leftJoin(s.precinct, eq(s.precinct.precinctId, o.precinctId))
    .leftJoin(s.rank, eq(s.rank.rankId, o.rankId))
    .leftJoin(s.state, eq(s.state.stateId, o.homeStateId))
    .leftJoin(s.accessType, eq(s.accessType.accessTypeId, o.accessTypeId))
    .leftJoin(updater, eq(updater.officerId, o.updatedBy))
    .leftJoin(flagged, eq(flagged.officerId, o.officerId))
    .leftJoin(signed, eq(signed.officerId, o.officerId))
    .where(eq(o.officerId, officerId));
  if (!r) return null;
  const x = r.o;
  const json: OfficerJson = {
    officerId: x.officerId,
    badgeNumber: x.badgeNumber,
    handcuffNumber: x.handcuffNumber,
    login: x.login,
    precinct: x.precinctId ? { precinctId: x.precinctId, description: r.precinctDescr ?? '', abbr: r.precinctAbbr ?? '' } : null,
    appointmentDate: fromIsoDate(x.appointmentDate),
    separationDate: fromIsoDate(x.separationDate),
    firstName: x.firstName,
    middle: x.middle,
    lastName: x.lastName,
    rank: x.rankId ? { rankId: x.rankId, description: r.rankDescr ?? '' } : null,
    homeStreetAddr1: x.homeStreetAddr1,
    homeCity: x.homeCity,
    homeState: x.homeStateId ? { stateId: x.homeStateId, stateAbbr: r.stateAbbr ?? '', stateName: r.stateName ?? '' } : null,
    homeZip: x.homeZip,
    homePhone: x.homePhone,
    mobile: x.mobile,
    homeEmail: x.homeEmail,
    deptEmail: x.deptEmail,
    homeEmailConfirmed: x.homeEmailConfirmed,
    deptEmailConfirmed: x.deptEmailConfirmed,
    accessType: { accessTypeId: x.accessTypeId, description: r.accessDescr ?? '' },
    lastLoginDate: x.lastLoginDate ? x.lastLoginDate.toISOString() : null,
    passwordExpireInterval: x.passwordExpireInterval,
    passwordChangedDate: x.passwordChangedDate ? x.passwordChangedDate.toISOString() : null,
    updatedBy: x.updatedBy ? { officerId: x.updatedBy, lastName: r.updaterLast ?? '', firstName: r.updaterFirst ?? '' } : null,
    updatedTimestamp: x.updatedTimestamp.toISOString(),
    flaggedCount: r.flaggedCount,
    unreadMemos: r.unreadMemos,
    hasChildren: r.hasChildren ? 'Y' : 'N',
    profileComplete: isProfileComplete(x),
  };
  if (opts.withSoundex) json.soundex = x.soundex;
  return json;
}

type OfficerColumns = Partial<typeof o.$inferInsert>;

const orNull = (v: string | null | undefined) => (v ? v : null);
const dateOrNull = (v: string | null | undefined) => (v ? toIsoDate(v) : null);

/** The contact columns of a body (address, city, state, zip, phones, e-mails); blanks stored as null. */
export function contactColumns(b: OfficerInput): Pick<OfficerColumns, 'homeStreetAddr1' | 'homeCity' | 'homeStateId' | 'homeZip' | 'homePhone' | 'mobile' | 'homeEmail' | 'deptEmail'> {
  const cols = {
    homeStreetAddr1: orNull(b.homeStreetAddr1),
    homeCity: orNull(b.homeCity),
    homeStateId: b.homeState?.stateId || null,
    homeZip: orNull(b.homeZip),
    homePhone: orNull(b.homePhone),
    mobile: orNull(b.mobile),
    homeEmail: orNull(b.homeEmail),
    deptEmail: orNull(b.deptEmail),
  } satisfies Record<string, unknown>;
  return cols;
}

/** The contact fields of the body that it carries (not undefined), as columns. */
export function presentContactColumns(b: OfficerInput): OfficerColumns {
  const all = contactColumns(b);
  const byField: Record<ContactField, keyof typeof all> = {
    homeStreetAddr1: 'homeStreetAddr1',
    homeCity: 'homeCity',
    homeState: 'homeStateId',
    homeZip: 'homeZip',
    homePhone: 'homePhone',
    mobile: 'mobile',
    homeEmail: 'homeEmail',
    deptEmail: 'deptEmail',
  };
  const out: OfficerColumns = {};
  for (const [field, column] of Object.entries(byField) as Array<[ContactField, keyof typeof all]>) {
    if (b[field] !== undefined) (out as Record<string, unknown>)[column] = all[column];
  }
  return out;
}

/**
 * Every column a roster administrator sets from a body that passed officerRulesSchema. The access
 * level is left out when the body has none (the super user's is kept).
 */
export function adminColumns(b: OfficerInput): OfficerColumns {
  return {
    login: b.login!,
    passwordExpireInterval: b.passwordExpireInterval ?? 0,
    firstName: b.firstName ?? '',
    middle: orNull(b.middle),
    lastName: b.lastName ?? '',
    precinctId: b.precinct?.precinctId || null,
    appointmentDate: dateOrNull(b.appointmentDate),
    separationDate: dateOrNull(b.separationDate),
    rankId: b.rank?.rankId || null,
    ...contactColumns(b),
    ...(b.accessType?.accessTypeId ? { accessTypeId: b.accessType.accessTypeId } : {}),
    badgeNumber: b.badgeNumber ?? null,
    handcuffNumber: b.handcuffNumber ?? null,
    soundex: orNull(b.soundex),
  };
}

/**
 * Adds an officer (spec §7 POST /officer/insert) with the scrypt hash of his first password. He has
 * never signed in (no last login date), so his first sign-in may only change the password (spec
 * §2 login flow). A taken officer id or login (case-insensitive): 409 'Duplicate record - unique
 * constraint violated!' (the database's keys decide, so two racing inserts cannot both land).
 */
export async function insertOfficer(db: Db, officerId: number, cols: OfficerColumns, passwordHash: string, actorId: number, now: Date): Promise<void> {
  try {
    await db.insert(o).values({
      accessTypeId: 0,
      ...cols,
      officerId,
      login: cols.login!,
      passwordHash,
      passwordChangedDate: now,
      lastLoginDate: null,
      updatedBy: actorId,
      updatedTimestamp: now,
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(rc.errors.duplicate);
    throw err;
  }
}

/**
 * Changes an officer in one transaction (404 'Officer not found.' when there is none). With
 * `endSessions` (he is separated as of today) every session of his is ended in the same
 * transaction. A login taken by another officer: 409 'Duplicate record - unique constraint
 * violated!'. The password is never set here (Reset password, Change Password).
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function updateOfficer(
  db: Db,
  officerId: number,
  cols: OfficerColumns,
  opts: { endSessions?: boolean; actorId: number; now: Date },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(o)
        .set({ ...cols, updatedBy: opts.actorId, updatedTimestamp: opts.now })
        .where(eq(o.officerId, officerId))
        .returning({ id: o.officerId });
      if (!rows.length) throw notFound(m.notFound);
      if (opts.endSessions) {
        await tx.update(s.session).set({ revokedAt: opts.now }).where(and(eq(s.session.officerId, officerId), isNull(s.session.revokedAt)));
      }
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(rc.errors.duplicate);
    throw err;
  }
}

/**
 * Removes officers, all or nothing, in one transaction that locks them: the super user (409),
 * oneself (409), an unknown id (404) or one with dependent records (409) removes nobody. Returns
 * how many went.
 * Called with the route's transaction (its audit entry goes in it too), it runs as a savepoint of it.
 */
export async function deleteOfficers(db: Db, ids: number[], opts: { superUserId: number; actorId: number }): Promise<number> {
  if (!ids.length) return 0;
  if (ids.includes(opts.superUserId)) throw conflict(m.superUserRemove);
  if (ids.includes(opts.actorId)) throw conflict(m.removeSelf);
  try {
    return await db.transaction(async (tx) => {
      const found = await tx.select({ id: o.officerId }).from(o).where(inArray(o.officerId, ids)).orderBy(asc(o.officerId)).for('update');
      if (found.length !== ids.length) throw notFound(m.notFound);
      const [{ blocked }] = await tx
        .select({ blocked: sql<number>`count(*) filter (where ${hasChildrenExpr(opts.superUserId)})`.mapWith(Number) })
        .from(o)
        .where(inArray(o.officerId, ids));
      if (blocked > 0) throw conflict(m.hasChildren);
      const removed = await tx.delete(o).where(inArray(o.officerId, ids)).returning({ id: o.officerId });
      return removed.length;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23503') throw conflict(m.hasChildren);
    throw err;
  }
}
