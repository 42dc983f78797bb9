import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { UPLOAD_TYPE } from '../../../src/domain/constants';

/**
 * Number of 159s (upload type 1) the officer has not signed off (spec §2 home redirect step 4).
 * Exempt officers are handled by the caller (their count is 0).
 */
export async function countUnread159s(db: Db, officerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(s.upload)
    .where(
      and(
        eq(s.upload.uploadTypeId, UPLOAD_TYPE.BOARD_159),
        notExists(
          db
            .select({ one: sql`1` })
            .from(s.uploadSignoff)
            .where(and(eq(s.uploadSignoff.uploadId, s.upload.uploadId), eq(s.uploadSignoff.officerId, officerId))),
        ),
      ),
    );
  return row.count;
}
