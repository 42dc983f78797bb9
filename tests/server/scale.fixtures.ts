import { sql } from 'drizzle-orm';
import type { App } from '../../server/app';
import { countQueries } from '../../server/db/queryCount';
import { call, tokenFor } from './helpers';

/** Officer ids of the scale world: OFFICERS officers from FIRST_OFFICER, and an auditor (level 10). */
export const SCALE = { FIRST_OFFICER: 1000, OFFICERS: 300, TICKETS_EACH: 30, EVENTS: 2400, UPLOADS: 60, AUDITOR: 9999 } as const;

/**
 * Seeds a database big enough for the planner to prefer indexes, in a few INSERT ...
 * SELECT generate_series statements, then ANALYZE: 300 officers (precincts 1-8) and an auditor;
 * 8 locations; 2,400 events over 2017-2026 (one every 36 hours, types 1, 4, 9, 11, 4 hours);
 * every tenth event with 5 sign-ups and their time tickets; 30 tickets per officer, one every 120
 * days from 01/01/2017 (20:00-23:00 UTC, never overlapping the events); 600 uploads (every tenth a 159, the
 * others LOSAP notices and Forms documents), each 159 signed off by every third officer.
 */
export async function seedScaleWorld(app: App): Promise<void> {
  const db = app.ctx.db;
  const { FIRST_OFFICER, OFFICERS, TICKETS_EACH, EVENTS, UPLOADS, AUDITOR } = SCALE;
  const profile = sql`'1 Main St', 'Mineola', 1, '11501', '516-555-0100', '516-555-0101', 'o@example.org', 'D123'`;
  await db.execute(sql`
    insert into officer (officer_id, login, password_hash, first_name, last_name, access_type_id, precinct_id, rank_id,
      badge_number, handcuff_number, home_street_addr1, home_city, home_state_id, home_zip, home_phone, mobile, home_email, soundex)
    select ${FIRST_OFFICER - 1}::int + g, 'scale' || g, 'x', 'First' || g, 'Last' || g, 1, (g % 8) + 1, 1, g, g, ${profile}
    from generate_series(1, ${OFFICERS}::int) g
    union all
    select ${AUDITOR}::int, 'scaleauditor', 'x', 'Audrey', 'Auditor', 10, 1, 3, ${AUDITOR}::int, ${AUDITOR}::int, ${profile}`);
  await db.execute(sql`
    insert into location (name, address, city, state_id, zip, precinct_id)
    select 'Post ' || p, p || ' Main St', 'Mineola', 1, '11501', p from generate_series(1, 8) p`);
  await db.execute(sql`
    insert into event (event_name, start_at, end_at, event_type_id, location_id, max_officers, incentive_hours, description)
    select 'Event ' || e, timestamptz '2017-01-01 00:00Z' + e * interval '36 hours', timestamptz '2017-01-01 04:00Z' + e * interval '36 hours',
      (array[1, 4, 9, 11])[1 + e % 4], (select min(location_id) from location) + e % 8, 10, e % 3, 'Scale event'
    from generate_series(0, ${EVENTS - 1}::int) e`);
  await db.execute(sql`
    insert into event_signup (event_id, officer_id)
    select ev.event_id, ${FIRST_OFFICER}::int + (ev.event_id * 7 + k) % ${OFFICERS}::int
    from event ev, generate_series(0, 4) k where ev.event_id % 10 = 0`);
  await db.execute(sql`
    insert into hours_worked (officer_id, assignment_type_id, precinct_id, event_id, start_at, end_at, hours_worked, description)
    select su.officer_id, ev.event_type_id, l.precinct_id, ev.event_id, ev.start_at, ev.end_at, 4, 'Event ticket'
    from event_signup su join event ev on ev.event_id = su.event_id join location l on l.location_id = ev.location_id`);
  await db.execute(sql`
    insert into hours_worked (officer_id, assignment_type_id, precinct_id, start_at, end_at, hours_worked, travel_hours, description, arrests, reports, flagged_by, review_state)
    select ${FIRST_OFFICER - 1}::int + g, (array[2, 3, 6, 7])[1 + d % 4], (g + d) % 8 + 1,
      timestamptz '2017-01-01 20:00Z' + d * interval '120 days', timestamptz '2017-01-01 23:00Z' + d * interval '120 days',
      3, d % 2, 'Tour ' || d, d % 7, d % 3, case when d % 10 = 0 then ${AUDITOR}::int end,
      case when d % 10 = 0 then 'flagged' else 'accepted' end
    from generate_series(1, ${OFFICERS}::int) g, generate_series(0, ${TICKETS_EACH - 1}::int) d`);
  await db.execute(sql`
    insert into upload (upload_type_id, date_entered, description, filename, content_type, file)
    select case when u % 10 = 0 then 1 else 2 + u % 6 end, date '2017-01-01' + u * 6, 'Document ' || u, 'n' || u || '.pdf', 'application/pdf', '\\x255044462d'::bytea
    from generate_series(1, ${UPLOADS * 10}::int) u`);
  await db.execute(sql`
    insert into upload_signoff (upload_id, officer_id)
    select up.upload_id, o.officer_id from upload up, officer o
    where up.upload_type_id = 1 and o.officer_id >= ${FIRST_OFFICER}::int and (o.officer_id + up.upload_id) % 3 = 0`);
  await db.execute(sql`vacuum analyze`);
}

/** The session check's SELECT (server/db/repositories/sessions.ts). */
const isSessionCheck = (statement: string) => /^select .* from "session"/.test(statement);
/**
 * A read of versions: the data versions every session check starts with (server/db/dataVersion.ts,
 * reused by the answer layer) or one officer's ticket list version. On the embedded database both
 * come from memory until a write changes a version, so only PostgreSQL reads them every time.
 */
const isVersionRead = (statement: string) => /^select .* from "(data_version|ticket_list_version)"( where .*)?$/.test(statement);

/**
 * One API call with the SQL statements it ran after the session check (`queries`, with their
 * `params`), through countQueries, and how many session rows it read (`sessionChecks`: none while
 * the kept row's versions stand) and version reads it ran (`versionChecks`: data and ticket list versions).
 */
export async function callCounted(app: App, method: 'GET' | 'POST', url: string, opts: { token: string; body?: unknown }) {
  const counted = await countQueries(() => call(app, method, url, opts));
  const checks = counted.queries.filter(isSessionCheck).length;
  const versionChecks = counted.queries.filter(isVersionRead).length;
  const after = counted.queries.map((q, i) => ({ q, p: counted.params[i] })).filter(({ q }) => !isSessionCheck(q) && !isVersionRead(q));
  return { ...counted.result, queries: after.map(({ q }) => q), params: after.map(({ p }) => p), sessionChecks: checks, versionChecks };
}

/** A bearer token of the scale world's auditor. */
export const auditorToken = (app: App) => tokenFor(app, SCALE.AUDITOR);
