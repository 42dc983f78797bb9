import { and, asc, eq, gt, inArray, isNull, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { EXEMPT_OFFICER_IDS } from '../../../src/domain/constants';
import type { NonCompliantRow } from '../../../src/domain/schemas/training';

const o = s.officer;
const hw = s.hoursWorked;

/** How many of the event ids exist. */
export async function countEvents(db: Db, eventIds: number[]): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(s.event).where(inArray(s.event.eventId, eventIds));
  return n;
}

/**
 * Training compliance (spec §2 Training Compliance results, §7 POST /events/getNonCompliantOfficers)
 * in one SQL statement: the active officers (no separation date, or one after `todayIso`,
 * YYYY-MM-DD in ORG_TIMEZONE), assigned to `precinctId` when given, who have no time ticket for
 * any of `eventIds` (a flagged ticket still shows he attended), by last name, first name, id.
 * Exempt officers (1, 2, 3, 767: the system and role accounts) are left out.
 */
export async function nonCompliantOfficers(
  db: Db,
  eventIds: number[],
  opts: { precinctId?: number; todayIso: string },
): Promise<NonCompliantRow[]> {
  const where: SQL[] = [
    or(isNull(o.separationDate), gt(o.separationDate, opts.todayIso)) as SQL,
    notInArray(o.officerId, [...EXEMPT_OFFICER_IDS]),
    notExists(
      db
        .select({ one: sql`1` })
        .from(hw)
        .where(and(eq(hw.officerId, o.officerId), inArray(hw.eventId, eventIds))),
    ),
  ];
  if (opts.precinctId) where.push(eq(o.precinctId, opts.precinctId));
  return db
    .select({ officerId: o.officerId, lastName: o.lastName, firstName: o.firstName, mobile: o.mobile })
    .from(o)
    .where(and(...where))
    .orderBy(asc(sql`lower(${o.lastName})`), asc(sql`lower(${o.firstName})`), asc(o.officerId));
}
