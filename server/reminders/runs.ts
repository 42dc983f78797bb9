/**
 * The reminder runs: each kind finds its recipients in ONE statement (officers, opt-outs,
 * separation, addresses and already-written messages all in SQL), its messages are made from
 * the catalog's templates, and all of them are written by ONE INSERT ... SELECT from a JSON
 * parameter with ON CONFLICT (key) DO NOTHING, in the transaction that marks the run finished.
 * A run is claimed first by its key in reminder_run (INSERT ... ON CONFLICT DO NOTHING), so with
 * any number of processes each slot runs once; a message's unique key makes it once even if two
 * runs overlapped.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { figuresCte, readRules, rowsOf } from '../db/repositories/losap';
import { ACCESS, EVENT_TYPE, EXEMPT_OFFICER_IDS, UPLOAD_TYPE } from '../../src/domain/constants';
import { REMINDER_TIMING, REMINDERS_SKIPPING_RESTRICTED, type ReminderKind } from '../../src/domain/reminders';
import { eventStatus, signedUpOf } from '../../src/domain/eventStatus';
import { dayjs, todayIn, toIsoDate } from '../../src/domain/dates';
import { paceFor, round2, yearOf } from '../../src/domain/losap';
import type { DueRun } from './slots';
import { monthBounds } from './slots';
import * as t from './templates';

/** How long a claimed run may stay unfinished before another process may take it over (its process died). */
export const RUN_LEASE_MINUTES = 15;
/** Runs claimed longer ago than this many days are deleted (their slots never come again). */
export const RUN_KEEP_DAYS = 40;
/** Messages written per INSERT statement. */
const INSERT_CHUNK = 500;
/** Unread 159s a digest lists by name (the oldest); the rest are counted. */
const DIGEST_LIST = 5;

/** What a run needs: the database, the app's settings, and the instant it runs at. */
export interface RunContext {
  db: Db;
  tz: string;
  frame: t.MailFrame;
  now: Date;
  /** Who claims (process and app instance), stored in reminder_run.claimed_by. */
  claimant: string;
}

/** One message to write. */
interface NewMessage {
  key: string;
  kind: ReminderKind;
  officer_id: number;
  title: string;
  body: string;
  html: string;
  link: string;
  email_to: string | null;
}

const exemptIds = sql`${`{${EXEMPT_OFFICER_IDS.join(',')}}`}::int[]`;

/** The address a reminder goes to: his first confirmed address (home, then department), as a password reset would use; null: notice only. */
const addressOf = sql`coalesce(case when o.home_email_confirmed then nullif(btrim(o.home_email), '') end,
  case when o.dept_email_confirmed then nullif(btrim(o.dept_email), '') end)`;

/**
 * Who may get `kind` (officer alias o): not separated on `todayIso` (a separation date on or
 * before it), not opted out of it, and for the kinds that skip them neither level 3 nor exempt.
 */
function recipientFilter(kind: ReminderKind, todayIso: string): SQL {
  const parts = [
    sql`(o.separation_date is null or o.separation_date > ${todayIso}::date)`,
    sql`not exists (select 1 from reminder_opt_out x where x.officer_id = o.officer_id and x.kind = ${kind})`,
  ];
  if (REMINDERS_SKIPPING_RESTRICTED.includes(kind)) {
    parts.push(sql`o.access_type_id <> ${ACCESS.RESTRICTED}`, sql`o.officer_id <> all(${exemptIds})`);
  }
  return sql.join(parts, sql` and `);
}

/** Not written yet: no reminder_message with this key (the INSERT's ON CONFLICT is what guarantees it; this saves the work). */
const unwritten = (key: SQL) => sql`not exists (select 1 from reminder_message m where m.key = ${key})`;

/** An event's wall-clock columns in `tz` (alias e) and its location's name (alias l). */
const eventColumns = (tz: string) => sql`e.event_id as "eventId", e.event_name as event,
  to_char(e.start_at at time zone ${tz}, 'Dy') as day, to_char(e.start_at at time zone ${tz}, 'MM/DD/YYYY') as date,
  to_char(e.start_at at time zone ${tz}, 'HH24:MI') as time, to_char(e.end_at at time zone ${tz}, 'HH24:MI') as "endTime", l.name as location`;

type EventRow = t.EventFields & { officerId: number; email: string | null };

/** The message of officer `officerId` with `content`, addressed to `email` (null: notice only). */
function message(ctx: RunContext, kind: ReminderKind, key: string, officerId: number, email: string | null, content: t.ReminderContent): NewMessage {
  return {
    key,
    kind,
    officer_id: officerId,
    title: content.title,
    body: t.noticeBody(content),
    html: t.mailHtml(kind, content, ctx.frame),
    link: content.link,
    email_to: email,
  };
}

/** eventTomorrow: each officer on the roster of an event starting within eventLeadHours, once per event. */
async function eventTomorrow(ctx: RunContext, todayIso: string): Promise<NewMessage[]> {
  const until = new Date(ctx.now.getTime() + REMINDER_TIMING.eventLeadHours * 3_600_000);
  const rows = await rowsOf<EventRow>(
    ctx.db,
    sql`select ${eventColumns(ctx.tz)}, su.officer_id as "officerId", ${addressOf} as email
      from event e join event_signup su on su.event_id = e.event_id
        join officer o on o.officer_id = su.officer_id join location l on l.location_id = e.location_id
      where e.start_at > ${ctx.now.toISOString()}::timestamptz and e.start_at <= ${until.toISOString()}::timestamptz
        and ${recipientFilter('eventTomorrow', todayIso)}
        and ${unwritten(sql`'eventTomorrow:' || e.event_id || ':' || su.officer_id`)}`,
  );
  return rows.map((r) => message(ctx, 'eventTomorrow', `eventTomorrow:${r.eventId}:${r.officerId}`, r.officerId, r.email, t.eventTomorrowContent(r)));
}

/**
 * understaffed: each detail starting within understaffedWithinHours with fewer sign-ups than
 * officers needed (UNCOVERED or partially staffed), to the level 5+ officers of its precinct, or
 * to every level 9+ officer when the precinct has no active level 5+ officer. Once per detail.
 */
async function understaffed(ctx: RunContext, todayIso: string): Promise<NewMessage[]> {
  const until = new Date(ctx.now.getTime() + REMINDER_TIMING.understaffedWithinHours * 3_600_000);
  const active = sql`(o.separation_date is null or o.separation_date > ${todayIso}::date)`;
  const rows = await rowsOf<EventRow & { precinct: string; signups: number; maxOfficers: number }>(
    ctx.db,
    sql`with short as (
        select ${eventColumns(ctx.tz)}, l.precinct_id, p.description as precinct, e.max_officers as "maxOfficers",
          (select count(*) from event_signup su where su.event_id = e.event_id)::int as signups
        from event e join location l on l.location_id = e.location_id join precinct p on p.precinct_id = l.precinct_id
        where e.event_type_id = ${EVENT_TYPE.DETAILS}
          and e.start_at > ${ctx.now.toISOString()}::timestamptz and e.start_at <= ${until.toISOString()}::timestamptz),
      staffed_precincts as (select distinct o.precinct_id from officer o where o.access_type_id >= ${ACCESS.SUPERVISOR} and ${active})
      select s.*, o.officer_id as "officerId", ${addressOf} as email
      from short s join officer o on o.access_type_id >= ${ACCESS.SUPERVISOR} and (o.precinct_id = s.precinct_id
          or (o.access_type_id >= ${ACCESS.ADMINISTRATOR} and s.precinct_id not in (select precinct_id from staffed_precincts where precinct_id is not null)))
      where s.signups < s."maxOfficers" and ${recipientFilter('understaffed', todayIso)}
        and ${unwritten(sql`'understaffed:' || s."eventId" || ':' || o.officer_id`)}`,
  );
  return rows.map((r) =>
    message(ctx, 'understaffed', `understaffed:${r.eventId}:${r.officerId}`, r.officerId, r.email, t.understaffedContent({
      ...r,
      status: eventStatus(EVENT_TYPE.DETAILS, r.signups, r.maxOfficers),
      signedUp: signedUpOf(r.signups, r.maxOfficers),
    })),
  );
}

/**
 * unread159s: each officer with 159s he has not signed off (as countUnread159s counts them:
 * every 159 without his sign-off), their number and the oldest few. Once per weekly slot.
 */
async function unread159s(ctx: RunContext, todayIso: string, slot: string): Promise<NewMessage[]> {
  const rows = await rowsOf<{ officerId: number; email: string | null; count: number; oldest: Array<{ date: string; description: string }> | string }>(
    ctx.db,
    sql`select o.officer_id as "officerId", ${addressOf} as email, u.count, to_jsonb(u.oldest[1:${DIGEST_LIST}::int]) as oldest
      from officer o cross join lateral (
        select count(*)::int as count,
          array_agg(jsonb_build_object('date', to_char(b.date_entered, 'MM/DD/YYYY'), 'description', b.description) order by b.date_entered, b.upload_id) as oldest
        from upload b
        where b.upload_type_id = ${UPLOAD_TYPE.BOARD_159}
          and not exists (select 1 from upload_signoff so where so.upload_id = b.upload_id and so.officer_id = o.officer_id)) u
      where u.count > 0 and ${recipientFilter('unread159s', todayIso)}
        and ${unwritten(sql`${`unread159s:${slot}:`} || o.officer_id`)}`,
  );
  return rows.map((r) => {
    const oldest = typeof r.oldest === 'string' ? (JSON.parse(r.oldest) as Array<{ date: string; description: string }>) : r.oldest;
    return message(ctx, 'unread159s', `unread159s:${slot}:${r.officerId}`, r.officerId, r.email, t.unread159sContent(Number(r.count), oldest ?? []));
  });
}

/**
 * missingHours: each officer with no time ticket whose 10-41 falls in the month before `slot`
 * ('YYYY-MM', ORG_TIMEZONE), leaving out officers appointed only after that month. Once per month.
 */
async function missingHours(ctx: RunContext, todayIso: string, slot: string): Promise<NewMessage[]> {
  const b = monthBounds(slot, ctx.tz);
  const rows = await rowsOf<{ officerId: number; email: string | null }>(
    ctx.db,
    sql`select o.officer_id as "officerId", ${addressOf} as email from officer o
      where ${recipientFilter('missingHours', todayIso)}
        and (o.appointment_date is null or o.appointment_date < ${`${slot}-01`}::date)
        and not exists (select 1 from hours_worked hw where hw.officer_id = o.officer_id
          and hw.start_at >= ${b.previousStart.toISOString()}::timestamptz and hw.start_at < ${b.start.toISOString()}::timestamptz)
        and ${unwritten(sql`${`missingHours:${slot}:`} || o.officer_id`)}`,
  );
  const month = dayjs.utc(`${b.previous}-01`).format('MMMM YYYY');
  return rows.map((r) => message(ctx, 'missingHours', `missingHours:${slot}:${r.officerId}`, r.officerId, r.email, t.missingHoursContent(month)));
}

/**
 * losapPace: each active officer (exempt accounts left out, as on the LOSAP Progress report)
 * whose total of the current LOSAP year is below its pace today (paceFor: the threshold pro-rated
 * to the days gone by; standingOf's behindPace), from the same figures statement as the report.
 * Only once the year's rules are stored; once per month.
 */
async function losapPace(ctx: RunContext, todayIso: string, slot: string): Promise<NewMessage[]> {
  const today = todayIn(ctx.tz, ctx.now);
  const year = yearOf(today);
  const rules = await readRules(ctx.db, year);
  if (!rules.stored) return [];
  const pace = paceFor(rules.threshold, year, today);
  const rows = await rowsOf<{ officerId: number; email: string | null; total: number }>(
    ctx.db,
    sql`with ${figuresCte({ rules, tz: ctx.tz })}
      select o.officer_id as "officerId", ${addressOf} as email, round(coalesce(p.total, 0), 2)::float8 as total
      from officer o left join per_officer p on p.officer_id = o.officer_id
      where o.officer_id <> all(${exemptIds}) and coalesce(p.total, 0) < ${pace}::numeric
        and ${recipientFilter('losapPace', todayIso)}
        and ${unwritten(sql`${`losapPace:${slot}:`} || o.officer_id`)}`,
  );
  return rows.map((r) =>
    message(ctx, 'losapPace', `losapPace:${slot}:${r.officerId}`, r.officerId, r.email, t.losapPaceContent({
      year, total: round2(Number(r.total)), pace, threshold: rules.threshold, rule: rules.rule,
    })),
  );
}

/** Whether a run of this kind has anything to do now (losapPace waits for the year's rules); checked before claiming. */
export async function runApplies(ctx: RunContext, run: DueRun): Promise<boolean> {
  if (run.kind !== 'losapPace') return true;
  return (await readRules(ctx.db, yearOf(todayIn(ctx.tz, ctx.now)))).stored;
}

/**
 * Claims run `key` for ctx.claimant: a new key is inserted (ON CONFLICT DO NOTHING); an existing
 * one is taken over only when it never finished and was claimed more than RUN_LEASE_MINUTES ago
 * (its process died mid-run; its messages' keys keep the rerun from repeating any). True when claimed.
 */
export async function claimRun(ctx: RunContext, key: string): Promise<boolean> {
  const inserted = await rowsOf<{ key: string }>(
    ctx.db,
    sql`insert into reminder_run (key, claimed_by, claimed_at) values (${key}, ${ctx.claimant}, ${ctx.now.toISOString()}::timestamptz)
      on conflict (key) do nothing returning key`,
  );
  if (inserted.length) return true;
  const stale = new Date(ctx.now.getTime() - RUN_LEASE_MINUTES * 60_000);
  const taken = await rowsOf<{ key: string }>(
    ctx.db,
    sql`update reminder_run set claimed_by = ${ctx.claimant}, claimed_at = ${ctx.now.toISOString()}::timestamptz
      where key = ${key} and finished_at is null and claimed_at < ${stale.toISOString()}::timestamptz returning key`,
  );
  return taken.length > 0;
}

/** Writes messages (ON CONFLICT (key) DO NOTHING): 'pending' with an address (due now), 'none' without. Returns how many were new. */
async function writeMessages(tx: Db, messages: NewMessage[], now: Date): Promise<number> {
  let written = 0;
  for (let i = 0; i < messages.length; i += INSERT_CHUNK) {
    const chunk = messages.slice(i, i + INSERT_CHUNK);
    const at = now.toISOString();
    const rows = await rowsOf<{ id: number }>(
      tx,
      sql`insert into reminder_message (key, kind, officer_id, title, body, html, link, email_to, mail_status, attempts, next_attempt_at, created_at)
        select x.key, x.kind, x.officer_id, x.title, x.body, x.html, x.link, x.email_to,
          case when x.email_to is null then 'none' else 'pending' end, 0,
          case when x.email_to is null then null else ${at}::timestamptz end, ${at}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
          as x(key text, kind text, officer_id int, title text, body text, html text, link text, email_to text)
        on conflict (key) do nothing returning id`,
    );
    written += rows.length;
  }
  return written;
}

/** The messages a due run would write now (the recipients not written yet). */
function collect(ctx: RunContext, run: DueRun): Promise<NewMessage[]> {
  const todayIso = toIsoDate(todayIn(ctx.tz, ctx.now));
  switch (run.kind) {
    case 'eventTomorrow':
      return eventTomorrow(ctx, todayIso);
    case 'understaffed':
      return understaffed(ctx, todayIso);
    case 'unread159s':
      return unread159s(ctx, todayIso, run.slot);
    case 'missingHours':
      return missingHours(ctx, todayIso, run.slot);
    case 'losapPace':
      return losapPace(ctx, todayIso, run.slot);
  }
}

/**
 * Performs one due run if this process claims it: finds its recipients, writes their messages and
 * marks the run finished (with the number written) in one transaction. Returns the number of
 * messages written, or null when the run was not claimed here (another process has or had it,
 * or it does not apply yet). Throws what the database throws (the run then stays unfinished and
 * is taken over after RUN_LEASE_MINUTES).
 */
export async function performRun(ctx: RunContext, run: DueRun): Promise<number | null> {
  if (!(await runApplies(ctx, run))) return null;
  if (!(await claimRun(ctx, run.key))) return null;
  const messages = await collect(ctx, run);
  return ctx.db.transaction(async (tx) => {
    const written = await writeMessages(tx as unknown as Db, messages, ctx.now);
    await tx.execute(
      sql`update reminder_run set finished_at = ${ctx.now.toISOString()}::timestamptz, messages = ${written}
        where key = ${run.key} and claimed_by = ${ctx.claimant}`,
    );
    return written;
  });
}

/**
 * Deletes runs claimed more than RUN_KEEP_DAYS before `now`: their slots (a tick, a week, a month)
 * never come again, including those a dead process left unfinished in a slot nobody reran.
 */
export async function pruneRuns(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - RUN_KEEP_DAYS * 86_400_000);
  await db.execute(sql`delete from reminder_run where claimed_at < ${before.toISOString()}::timestamptz`);
}
