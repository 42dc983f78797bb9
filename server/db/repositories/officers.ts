import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { fromIsoDate } from '../../../src/domain/dates';

/** orderBy values allowed on GET /officer/getMultiple (spec §7), mapped to SQL; anything else is refused. */
export const OFFICER_ORDER_BY = {
  'last_name,first_name': [s.officer.lastName, s.officer.firstName, s.officer.officerId],
  'first_name,last_name': [s.officer.firstName, s.officer.lastName, s.officer.officerId],
  officer_id: [s.officer.officerId],
} as const;
export type OfficerOrderBy = keyof typeof OFFICER_ORDER_BY;

export interface OfficerListRow {
  officerId: number;
  lastName: string;
  firstName: string;
  mobile: string | null;
  rank: { rankId: number; description: string } | null;
  separationDate: string | null;
}

/**
 * Officers for pickers and contact lists (spec §7 GET /officer/getMultiple): id, names, mobile,
 * rank and separation date (MM/DD/YYYY). excludeSeparated drops officers whose separation date
 * is on or before `todayIso` (YYYY-MM-DD); a future separation date stays listed.
 */
export async function listOfficers(
  db: Db,
  opts: { excludeSeparated: boolean; accessTypeId?: number; orderBy: OfficerOrderBy; todayIso: string },
): Promise<OfficerListRow[]> {
  const c: SQL[] = [];
  if (opts.excludeSeparated) c.push(or(isNull(s.officer.separationDate), gt(s.officer.separationDate, opts.todayIso)) as SQL);
  if (opts.accessTypeId) c.push(eq(s.officer.accessTypeId, opts.accessTypeId));
  const rows = await db
    .select({
      officerId: s.officer.officerId,
      lastName: s.officer.lastName,
      firstName: s.officer.firstName,
      mobile: s.officer.mobile,
      rankId: s.officer.rankId,
      rankDescr: s.rank.description,
      separationDate: s.officer.separationDate,
    })
    .from(s.officer)
    .leftJoin(s.rank, eq(s.rank.rankId, s.officer.rankId))
    .where(c.length ? and(...c) : undefined)
    .orderBy(...OFFICER_ORDER_BY[opts.orderBy].map((col) => asc(col)));
  return rows.map((r) => ({
    officerId: r.officerId,
    lastName: r.lastName,
    firstName: r.firstName,
    mobile: r.mobile,
    rank: r.rankId ? { rankId: r.rankId, description: r.rankDescr ?? '' } : null,
    separationDate: fromIsoDate(r.separationDate),
  }));
}

/**
 * One officer (spec §3) without any password material: dates as MM/DD/YYYY, lookups as objects,
 * flaggedCount = his flagged time tickets. Null when not found.
 */
export async function getOfficer(db: Db, officerId: number) {
  const o = s.officer;
  const [r] = await db
    .select({
      officerId: o.officerId,
      badgeNumber: o.badgeNumber,
      handcuffNumber: o.handcuffNumber,
      login: o.login,
      precinctId: o.precinctId,
      precinctDescr: s.precinct.description,
      precinctAbbr: s.precinct.abbr,
      appointmentDate: o.appointmentDate,
      separationDate: o.separationDate,
      firstName: o.firstName,
      middle: o.middle,
      lastName: o.lastName,
      rankId: o.rankId,
      rankDescr: s.rank.description,
      homeStreetAddr1: o.homeStreetAddr1,
      homeCity: o.homeCity,
      homeStateId: o.homeStateId,
      homeZip: o.homeZip,
      homePhone: o.homePhone,
      mobile: o.mobile,
      homeEmail: o.homeEmail,
      deptEmail: o.deptEmail,
      accessTypeId: o.accessTypeId,
      accessDescr: s.accessType.description,
      lastLoginDate: o.lastLoginDate,
      passwordExpireInterval: o.passwordExpireInterval,
      passwordChangedDate: o.passwordChangedDate,
      soundex: o.soundex,
      updatedBy: o.updatedBy,
      flaggedCount: sql<number>`(select count(*) from ${s.hoursWorked} where ${s.hoursWorked.officerId} = ${o.officerId} and ${s.hoursWorked.flaggedBy} is not null)`.mapWith(Number),
    })
    .from(o)
    .leftJoin(s.precinct, eq(s.precinct.precinctId, o.precinctId))
    .leftJoin(s.rank, eq(s.rank.rankId, o.rankId))
    .leftJoin(s.accessType, eq(s.accessType.accessTypeId, o.accessTypeId))
    .where(eq(o.officerId, officerId));
  if (!r) return null;
  return {
    officerId: r.officerId,
    badgeNumber: r.badgeNumber,
    handcuffNumber: r.handcuffNumber,
    login: r.login,
    precinct: r.precinctId ? { precinctId: r.precinctId, description: r.precinctDescr ?? '', abbr: r.precinctAbbr ?? '' } : null,
    appointmentDate: fromIsoDate(r.appointmentDate),
    separationDate: fromIsoDate(r.separationDate),
    firstName: r.firstName,
    middle: r.middle,
    lastName: r.lastName,
    rank: r.rankId ? { rankId: r.rankId, description: r.rankDescr ?? '' } : null,
    homeStreetAddr1: r.homeStreetAddr1,
    homeCity: r.homeCity,
    homeState: r.homeStateId ? { stateId: r.homeStateId } : null,
    homeZip: r.homeZip,
    homePhone: r.homePhone,
    mobile: r.mobile,
    homeEmail: r.homeEmail,
    deptEmail: r.deptEmail,
    accessType: { accessTypeId: r.accessTypeId, description: r.accessDescr ?? '' },
    lastLoginDate: r.lastLoginDate ? r.lastLoginDate.toISOString() : null,
    passwordExpireInterval: r.passwordExpireInterval,
    passwordChangedDate: r.passwordChangedDate ? r.passwordChangedDate.toISOString() : null,
    soundex: r.soundex,
    updatedBy: r.updatedBy ? { officerId: r.updatedBy } : null,
    flaggedCount: r.flaggedCount,
  };
}
