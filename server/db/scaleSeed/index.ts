import { performance } from 'node:perf_hooks';
import { Faker, base, en, en_US } from '@faker-js/faker';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as schema from '../schema';
import { markAttention } from '../repositories/ticketReview';
import { QUEUE_STATES } from '../../../src/domain/ticketReview';
import { withBulkLoader } from './copy';
import type { SeedContext, SeedOfficer } from './context';
import { Rng } from './random';
import { makeZoneClock } from './zoneClock';
import { copyOfficers, demoOfficers, makeOfficers } from './officers';
import { seedEvents, seedLocations, seedRosters } from './events';
import { TICKET_COLUMNS, ticketLines, type TicketTally } from './tickets';
import { seedBoard, seedNews } from './board';
import { verifyForeignKeys } from './verify';
import { dayjs } from '../../../src/domain/dates';
import { ACCESS } from '../../../src/domain/constants';

/** First id of generated officers (or the next after the highest id already there). */
export const GENERATED_OFFICER_ID_BASE = 1001;

export interface SeedOptions {
  /** Officers to generate besides the five demo logins. */
  officers: number;
  /** Years of history before `now` (events go a month past it). */
  years: number;
  /** Seed of every random choice: the same seed (and `now`) gives the same organisation. */
  seed: number;
  /** One scrypt hash (server/auth/passwords.ts hashPassword) shared by every seeded officer. */
  passwordHash: string;
  /** ORG_TIMEZONE: wall-clock times of tours and events. */
  tz: string;
  now: Date;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** Figures of one seed: rows loaded, seconds taken, database size in bytes afterwards. */
export interface SeedStats {
  officers: number;
  tickets: number;
  flaggedTickets: number;
  ticketsWithArrests: number;
  locations: number;
  events: number;
  signups: number;
  uploads: number;
  /** Of the uploads, 159s (the rest are LOSAP notices). */
  board159s: number;
  signoffs: number;
  news: number;
  seconds: number;
  databaseBytes: number;
}

type Row = { bytes: string | number };

const TABLES = ['officer', 'location', 'event', 'event_signup', 'hours_worked', 'upload', 'upload_signoff', 'news'];

/**
 * Generates a county-scale organisation on `db` (migrated, reference data loaded):
 * the five demo logins (unless there already), `officers` officers with names and addresses from
 * faker, locations in every precinct, `years` years of events with rosters, about a hundred time
 * tickets per active officer a year (some flagged, some with arrests), two 159s a month with
 * sign-offs and laggards, LOSAP notices and news. Records already in the database are kept: new
 * ids follow the highest ones, logins avoid the taken ones, and the demo logins get no generated
 * tickets or sign-ups, so nothing overlaps theirs. Everything is loaded with COPY in one
 * transaction (synchronous_commit off; foreign keys checked set-wise when the per-row triggers
 * could be skipped), then analysed, and vacuumed after the commit.
 */
export async function seedOrganisation(db: Db, opts: SeedOptions): Promise<SeedStats> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const lap = (what: string) => log(`${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const todayIso = dayjs(opts.now).tz(opts.tz).format('YYYY-MM-DD');
  const firstIso = dayjs.utc(todayIso).subtract(opts.years, 'year').format('YYYY-MM-DD');
  const today = dayjs.utc(todayIso).diff(dayjs.utc(firstIso), 'day');
  const clock = makeZoneClock(opts.tz, firstIso, today + 31);
  const ctx: SeedContext = { rng: new Rng(opts.seed), clock, nowMs: opts.now.getTime(), today, lastDay: today + 30 };
  const places = new Faker({ locale: [en_US, en, base] });
  places.seed(opts.seed + 1);

  const stats = await withBulkLoader(db, async (loader) => {
    await loader.exec('set local synchronous_commit = off');
    const [{ su }] = await loader.rows<{ su: string }>(`select current_setting('is_superuser') as su`);
    if (su === 'on') await loader.exec('set local session_replication_role = replica');
    // the replica role skips the triggers of ticket_list_version and data_version: a running
    // server's kept answers (server/answers) are made stale by hand, in the same transaction
    await loader.exec(
      'insert into ticket_list_version (officer_id, version) values (0, pg_current_xact_id()::text::bigint) on conflict (officer_id) do update set version = excluded.version',
    );
    await loader.exec('update data_version set version = version + 1');
    const [{ stateId }] = await loader.rows<{ stateId: number }>(`select state_id as "stateId" from state where state_abbr = 'NY'`);
    const existing = await loader.rows<{ id: number; login: string }>('select officer_id as id, lower(login) as login from officer');
    const next = async (table: string, column: string) => Number((await loader.rows<{ n: number }>(`select coalesce(max(${column}), 0)::int + 1 as n from ${table}`))[0].n);

    const demo = demoOfficers(ctx, { passwordHash: opts.passwordHash, homeStateId: stateId, existing });
    const taken = new Set(existing.map((o) => o.login).concat(demo.records.map((r) => String(r.login))));
    const firstId = Math.max(GENERATED_OFFICER_ID_BASE, ...existing.map((o) => o.id + 1));
    const made = makeOfficers(ctx, { count: opts.officers, firstId, seed: opts.seed, passwordHash: opts.passwordHash, homeStateId: stateId, takenLogins: taken });
    const officers: SeedOfficer[] = [...demo.officers, ...made.officers];
    const officerRows = await copyOfficers(loader, [...demo.records, ...made.records]);
    lap(`officers ${officerRows}`);

    const locations = await seedLocations(ctx, loader, places, await next('location', 'location_id'), stateId);
    const events = await seedEvents(ctx, loader, { firstId: await next('event', 'event_id'), officers: opts.officers, locations });
    const busy = new Int32Array(officers.length * clock.days);
    const signups = await seedRosters(ctx, loader, { officers, events, busy });
    lap(`locations ${locations.length}, events ${events.length}, sign-ups ${signups}`);

    const ids = (level: number) => made.officers.filter((o) => o.accessTypeId === level).map((o) => o.officerId);
    const auditors = ids(ACCESS.AUDITOR);
    const admins = ids(ACCESS.ADMINISTRATOR);
    const tally: TicketTally = { tickets: 0, flagged: 0, withArrests: 0 };
    await loader.copy('hours_worked', TICKET_COLUMNS, ticketLines(ctx, { officers, events, busy, auditors: auditors.length ? auditors : [110], admins, tally }));
    lap(`time tickets ${tally.tickets} (${tally.flagged} flagged, ${tally.withArrests} with arrests)`);

    const enteredBy = admins[0] ?? null;
    const board = await seedBoard(ctx, loader, { firstId: await next('upload', 'upload_id'), officers, enteredBy });
    const news = await seedNews(ctx, loader, { officers: made.officers.length ? made.officers : officers, enteredBy });
    for (const [table, column] of [['location', 'location_id'], ['event', 'event_id'], ['upload', 'upload_id']]) {
      await loader.exec(`select setval(pg_get_serial_sequence('${table}', '${column}'), (select max(${column}) from ${table}))`);
    }
    lap(`uploads ${board.uploads}, 159 sign-offs ${board.signoffs}, news ${news}`);
    await loader.exec(`analyze ${TABLES.join(', ')}`);
    if (su === 'on') {
      const keys = await verifyForeignKeys(loader, TABLES);
      lap(`analysed; ${keys} foreign keys checked`);
    }
    return {
      officers: officerRows, tickets: tally.tickets, flaggedTickets: tally.flagged, ticketsWithArrests: tally.withArrests, locations: locations.length,
      events: events.length, signups, uploads: board.uploads, board159s: board.board.length, signoffs: board.signoffs, news,
    };
  });
  // The tickets waiting for review get their attention marks by the same rules as a saved ticket.
  const marked = await markQueuedAttention(db, opts.tz);
  lap(`attention marks of ${marked} tickets waiting for review`);
  // After a bulk load, VACUUM sets the visibility map (and hint bits), so the reports' index-only
  // scans (hw_start_cover_idx) read no table pages; autovacuum would do it later on its own.
  await db.execute(sql.raw(`vacuum (analyze) ${TABLES.join(', ')}`));
  lap('vacuumed');
  const result = (await db.execute(sql`select pg_database_size(current_database())::bigint as bytes`)) as unknown as Row[] | { rows: Row[] };
  const [{ bytes }] = Array.isArray(result) ? result : result.rows;
  return { ...stats, seconds: Math.round((performance.now() - t0) / 100) / 10, databaseBytes: Number(bytes) };
}

/**
 * Works out the attention marks (repositories/ticketReview markAttention) of every ticket waiting
 * for review, a few thousand at a time; returns how many tickets that was.
 */
async function markQueuedAttention(db: Db, tz: string): Promise<number> {
  const hw = schema.hoursWorked;
  const rows = await db.select({ id: hw.hoursWorkedId }).from(hw).where(inArray(hw.reviewState, [...QUEUE_STATES]));
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 2000) await markAttention(db, ids.slice(i, i + 2000), tz);
  return ids.length;
}
