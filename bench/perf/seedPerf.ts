import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/**
 * Seeds the perf harness's data in a few INSERT ... SELECT generate_series statements:
 * `officers` officers (ids 1000.., complete profiles, level 1, precincts 1-8), an auditor
 * (`auditor`, level 10) and `tickets` tickets per officer, one a day ending on `lastDay`
 * (YYYY-MM-DD), a 4-hour tour from 08:00 UTC (patrol-like assignment types 2, 3, 6, 7), travel
 * on odd days, a few counts, one ticket in ten flagged by the auditor. Then ANALYZE.
 */
export async function seedPerfData(db: Db, o: { officers: number; tickets: number; auditor: number; lastDay: string }): Promise<void> {
  const profile = sql`1, 'Street 1', 'City', 33, '10001', '5551234567', '5557654321', 'a@example.org', 'D123'`;
  await db.execute(sql`
    insert into officer (officer_id, login, password_hash, first_name, last_name, access_type_id, precinct_id, rank_id,
      badge_number, handcuff_number, home_street_addr1, home_city, home_state_id, home_zip, home_phone, mobile, home_email, soundex)
    select 999 + g, 'perf' || g, 'x', 'First' || g, 'Last' || g, 1, (g % 8) + 1, 1, g, ${profile}
    from generate_series(1, ${o.officers}::int) g`);
  await db.execute(sql`
    insert into officer (officer_id, login, password_hash, first_name, last_name, access_type_id, rank_id,
      badge_number, handcuff_number, home_street_addr1, home_city, home_state_id, home_zip, home_phone, mobile, home_email, soundex)
    values (${o.auditor}, 'perfauditor', 'x', 'Audrey', 'Auditor', 10, 1, 99999, ${profile})`);
  await db.execute(sql`
    insert into hours_worked (officer_id, assignment_type_id, precinct_id, start_at, end_at, hours_worked, travel_hours,
      description, arrests, reports, warnings, flagged_by, review_state, entered_by, updated_by)
    select 999 + g, (array[2, 3, 6, 7])[1 + (d % 4)], ((g + d) % 8) + 1,
      (${o.lastDay}::date - d) + time '08:00' at time zone 'UTC', (${o.lastDay}::date - d) + time '12:00' at time zone 'UTC',
      4, d % 2, 'Perf tour ' || d, case when d % 7 = 0 then 1 else 0 end, d % 3, d % 5,
      case when d % 10 = 0 then ${o.auditor}::int end, case when d % 10 = 0 then 'flagged' else 'accepted' end, 999 + g, 999 + g
    from generate_series(1, ${o.officers}::int) g, generate_series(0, ${o.tickets}::int - 1) d`);
  await db.execute(sql`analyze`);
}
