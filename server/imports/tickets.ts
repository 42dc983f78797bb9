/**
 * The time tickets kind of an import: each row becomes the body POST /api/timeTickets/insert
 * takes and meets the same rules (ticketRulesSchema worded as the API's alerts, then the checks
 * saveTicket makes against the database: event type, roster, one ticket per event, tour during the
 * event, overlap), with the history rules of an import (decision 025): no edit window, separated
 * officers allowed, and every ticket enters the auditors' queue as already accepted by the
 * importing officer. A ticket in a certified LOSAP year is refused.
 *
 * The natural key is officer + 10-41 instant: a stored ticket with that key is the row's record
 * (unchanged, or changed with the fields that differ). A row whose tour overlaps an earlier row of
 * the file or a stored ticket is refused, as the database's exclusion constraint would refuse the
 * second of the pair. Each batch is checked with a handful of statements (officers, certified
 * years, events, rosters, and one lateral read of each row's stored neighbours over
 * hw_officer_start_idx) and written with one multi-row INSERT and one multi-row UPDATE (writeMany).
 * The tours accepted so far are kept per officer (three numbers a row), so the dry run finds the
 * same overlaps within the file as the run.
 */
import { sql } from 'drizzle-orm';
import { LOSAP_LOCK_SQLSTATE, badRequest, conflict, pgConstraint, pgErrorCode } from '../errors';
import type { AuditEvent } from '../audit';
import type { Db } from '../db/client';
import type { Tx } from './types';
import { rowsOf } from '../db/repositories/losap';
import { certifiedSpans, inSpans } from '../db/repositories/losapYearEnd';
import { COUNT_FIELDS, followingEndDate, needsEvent, ticketHours, tourOverlapsEvent, type CountField } from '../../src/domain/tickets';
import { ticketRulesSchema, type TicketInput } from '../../src/domain/schemas/tickets';
import { fromInstant, isValidDate, isValidTime, spanFields, toInstant, todayIn } from '../../src/domain/dates';
import { IMPORT_FIELDS, importDate, importOfficerId, importTime, importWholeNumber, type ImportField } from '../../src/domain/imports';
import { officerCode } from '../../src/domain/officerLabel';
import { format, rc } from '../../src/domain/messages';
import { dedupe, type KindRunner, type RowIssue, type RowOutcome, type RunnerEnv, type WritableOutcome } from './types';
import type { SourceRow } from './read';

const m = rc.tickets;
const e = rc.imports.errors;
const FIELDS = new Map(IMPORT_FIELDS.tickets.map((f) => [f.key, f]));
/** The body's nested reference of each lookup field. */
const REF_KEY: Record<string, string> = { precinct: 'precinctId', assignmentType: 'assignmentTypeId' };
/** The import field of a rule's issue path (['officer', 'officerId'] -> officerId). */
const FIELD_OF_PATH: Record<string, string> = { officer: 'officerId', event: 'eventName' };
/** Column names of the counts (the raw statements name columns as the database does). */
const COUNT_COLUMNS: Record<CountField, string> = {
  parkingCitations: 'parking_citations', firs: 'firs', warnings: 'warnings', arrests: 'arrests', arrestAssists: 'arrest_assists',
  reports: 'reports', pedestrianEdu: 'pedestrian_edu', businessChecks: 'business_checks',
};
/** How far before a row's 10-41 a stored tour may start and still reach it: longer than any shift the rules allow. */
const LONGEST_TOUR = "interval '1 day'";
const MINUTE = 60_000;

/** A ticket as the import writes it. */
interface TicketRecord {
  line: number;
  officerId: number;
  assignmentTypeId: number;
  precinctId: number;
  eventId: number | null;
  start: Date;
  end: Date;
  hours: number;
  travelHours: number;
  description: string;
  counts: Record<CountField, number>;
  /** The stored ticket a changed row updates. */
  storedId?: number;
  /** The audit entry's record: the body's field names, the tour as wall-clock text. */
  after: Record<string, unknown>;
  before?: Record<string, unknown>;
}

/** A stored ticket near a row's tour (the lateral read of checkBatch). */
interface StoredTicket {
  n: number;
  id: number;
  startMs: number;
  endMs: number;
  assignmentTypeId: number;
  precinctId: number;
  eventId: number | null;
  travelHours: number;
  description: string;
  locked: boolean;
  kind: string;
  counts: Record<CountField, number>;
}

interface EventRow {
  eventId: number;
  name: string;
  eventTypeId: number;
  precinctId: number;
  startMs: number;
  endMs: number;
}

/** A row parsed: the body for the rules, the issues of its cells, and its event as the file names it. */
interface Parsed {
  body: Record<string, unknown>;
  issues: RowIssue[];
  eventName: string;
  /** The Event Start cell read as an instant (ms), null when blank, NaN when not a date and time. */
  eventStartMs: number | null;
}

/**
 * Values travel as ONE JSON parameter read back in the statement (as the audit log's INSERT does):
 * the same text for one row or five hundred, and both drivers pass it alike (postgres.js refuses a
 * JavaScript array as a parameter of a raw statement).
 */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** A JSON array of texts as a SQL array, for = any(…). */
const textArray = (values: readonly (string | number)[]) => sql`array(select jsonb_array_elements_text(${json(values)}))`;

const lower = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A date and time cell pair as an instant (ms), or null when either is not valid. */
function instantOf(date: string, time: string, tz: string): number | null {
  if (!date || !time || !isValidDate(date) || !isValidTime(time)) return null;
  return toInstant(date, time, tz).getTime();
}

/**
 * The database's refusal of a ticket write as the 4xx the API would answer (a write that races
 * past the checks): overlap 409, roster 400, one ticket per event 409, certified year 409, unknown
 * officer 400. Other errors come back as they are.
 */
function refusalOf(err: unknown): unknown {
  const code = pgErrorCode(err);
  const constraint = pgConstraint(err);
  if (code === '23P01') return conflict(m.overlap);
  if (code === '23505' && constraint === 'hw_one_ticket_per_event') return conflict(m.alreadyLoggedEvent);
  if (code === '23503' && constraint === 'hw_event_signup_fk') return badRequest(m.mustBeSignedUp);
  if (code === '23503') return badRequest(m.mustSelectOfficer);
  if (code === LOSAP_LOCK_SQLSTATE) return conflict(rc.losap.errors.frozen);
  return err;
}

/**
 * Rows a batch's check handles before it lets other work run (mapYielding). The check of a batch
 * runs while the batches before it are written, in the same process: the rules take about 0.15 ms
 * a row, so a 500-row batch checked in one go would hold the event loop for 75 ms or more, and a
 * write whose statement has finished would wait that long before sending its next one (its audit
 * entries, its COMMIT). Every 50 rows (under 10 ms) the writes get their turn.
 */
const YIELD_ROWS = 50;

/**
 * `f` of each item, in order, as Array.prototype.map (the i-th answer for the i-th item), giving
 * the event loop a turn (setImmediate: pending I/O first) every YIELD_ROWS items.
 */
async function mapYielding<T, U>(items: readonly T[], f: (item: T, i: number) => U): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i && i % YIELD_ROWS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    out.push(f(items[i], i));
  }
  return out;
}

/** The time tickets kind (see the file's comment). */
export async function ticketRunner(env: RunnerEnv): Promise<KindRunner> {
  const { ctx, lookups } = env;
  const { tz } = ctx;
  const actorId = ctx.actor.officerId;
  /** The tours taken so far, per officer: [10-41 minute, 10-42 minute, line] triples sorted by 10-41 (disjoint, so their ends are sorted too). */
  const tours = new Map<number, number[]>();
  /** Officer and event of the event tickets taken so far ('7:120'): one ticket per officer per event. */
  const eventTickets = new Set<string>();
  /** Stored tickets a changed row moves: their old extent no longer stands in the way (the row's new one is in `tours`). */
  const moved = new Set<number>();
  /** The write of each outcome that writes (writeMany reads them). */
  const records = new WeakMap<WritableOutcome, TicketRecord>();

  /** The line of a taken tour of the officer that overlaps [start, end) (minutes), or null. */
  function tourInTheWay(officerId: number, start: number, end: number): number | null {
    const a = tours.get(officerId);
    if (!a) return null;
    let lo = 0;
    let hi = a.length / 3;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (a[mid * 3] < end) lo = mid + 1;
      else hi = mid;
    }
    const i = lo - 1;
    return i >= 0 && a[i * 3 + 1] > start ? a[i * 3 + 2] : null;
  }

  function takeTour(officerId: number, start: number, end: number, line: number) {
    let a = tours.get(officerId);
    if (!a) tours.set(officerId, (a = []));
    let i = a.length / 3;
    // files come in time order (either way) or by officer: the place is found from the end, usually at once
    while (i > 0 && a[(i - 1) * 3] > start) i--;
    if (i === a.length / 3) a.push(start, end, line);
    else a.splice(i * 3, 0, start, end, line);
  }

  /** The row's mapped cells as a body (references nested), and the issues of values that match nothing. */
  function parse(cells: Record<string, string>): Parsed {
    const body: Record<string, unknown> = {};
    const issues: RowIssue[] = [];
    for (const [key, text] of Object.entries(cells)) {
      const f = FIELDS.get(key) as ImportField;
      switch (key) {
        case 'officerId': {
          const id = importOfficerId(text);
          if (typeof id === 'number') body.officer = { officerId: id };
          else if (id !== null) issues.push({ field: key, message: format(e.unknownValue, { field: f.label, value: text }) });
          break;
        }
        case 'assignmentType':
        case 'precinct': {
          if (!text) break;
          const id = lookups[f.lookup!](text);
          if (id === undefined) {
            issues.push({ field: key, message: format(e.unknownValue, { field: f.label, value: text }) });
            env.noteUnknown(f, text);
          } else body[key] = { [REF_KEY[key]]: id };
          break;
        }
        case 'startDate':
        case 'endDate':
          body[key] = importDate(text);
          break;
        case 'startTime':
        case 'endTime':
          body[key] = importTime(text);
          break;
        case 'eventName':
        case 'eventStart':
          break;
        case 'description':
          body.description = text;
          break;
        default: {
          // travel hours and the counts: whole numbers; a blank cell is 0, as on the form
          const n = importWholeNumber(text);
          if (n !== null) body[key] = n;
        }
      }
    }
    // no 10-42 date: the day the form would give it (the 10-41 date, or the next one for a tour past midnight)
    if (!body.endDate) body.endDate = followingEndDate(body.startDate as string, body.startTime as string, body.endTime as string) ?? '';
    let eventStartMs: number | null = null;
    const startText = cells.eventStart ?? '';
    if (startText) {
      const [d = '', t = ''] = startText.split(/\s+/);
      eventStartMs = instantOf(importDate(d), importTime(t), tz) ?? NaN;
    }
    return { body, issues, eventName: cells.eventName ?? '', eventStartMs };
  }

  /** The events the batch's event tickets name (by name, near their tours), in one statement. */
  async function eventsNamed(parsed: Parsed[]): Promise<Map<string, EventRow[]>> {
    const names = new Set<string>();
    let from = Infinity;
    let until = -Infinity;
    for (const p of parsed) {
      const type = (p.body.assignmentType as { assignmentTypeId: number } | undefined)?.assignmentTypeId;
      if (!p.eventName || !needsEvent(type)) continue;
      names.add(lower(p.eventName));
      for (const at of [instantOf(p.body.startDate as string, p.body.startTime as string, tz), p.eventStartMs]) {
        if (at !== null && !Number.isNaN(at)) {
          from = Math.min(from, at);
          until = Math.max(until, at);
        }
      }
    }
    const byName = new Map<string, EventRow[]>();
    if (!names.size || from === Infinity) return byName;
    // an event lasts at most 24 hours and a tour must overlap it: two days either side hold every candidate
    const rows = await rowsOf<EventRow>(
      ctx.db,
      sql`select ev.event_id as "eventId", ev.event_name as "name", ev.event_type_id as "eventTypeId", l.precinct_id as "precinctId",
            (extract(epoch from ev.start_at) * 1000)::float8 as "startMs", (extract(epoch from ev.end_at) * 1000)::float8 as "endMs"
          from event ev join location l on l.location_id = ev.location_id
          where ev.start_at >= ${new Date(from - 2 * 86_400_000).toISOString()}::timestamptz
            and ev.start_at <= ${new Date(until + 2 * 86_400_000).toISOString()}::timestamptz
            and lower(regexp_replace(btrim(ev.event_name), '\\s+', ' ', 'g')) = any(${textArray([...names])})`,
    );
    for (const r of rows) {
      const key = lower(r.name);
      byName.set(key, [...(byName.get(key) ?? []), { ...r, startMs: Number(r.startMs), endMs: Number(r.endMs) }]);
    }
    return byName;
  }

  /**
   * The event a row names: by name and Event Start, or without a start the one event of that name
   * its tour overlaps, in its precinct; when that still leaves several, they are `candidates` and
   * the one whose roster holds the officer is his (checkBatch).
   */
  function resolveEvent(p: Parsed, events: Map<string, EventRow[]>): { event?: EventRow; candidates?: EventRow[]; issue?: RowIssue } {
    const named = events.get(lower(p.eventName)) ?? [];
    const name = p.eventName;
    if (p.eventStartMs !== null) {
      if (Number.isNaN(p.eventStartMs)) return { issue: { field: 'eventStart', message: e.eventStartInvalid } };
      const event = named.find((ev) => ev.startMs === p.eventStartMs);
      const start = fromInstant(new Date(p.eventStartMs), tz);
      return event ? { event } : { issue: { field: 'eventName', message: format(e.unknownEvent, { name, start: `${start.date} ${start.time}` }) } };
    }
    const start = instantOf(p.body.startDate as string, p.body.startTime as string, tz);
    const end = instantOf(p.body.endDate as string, p.body.endTime as string, tz);
    if (start === null || end === null) return {};
    let covering = named.filter((ev) => start < ev.endMs && end > ev.startMs);
    // an event ticket's precinct is its event location's (what the ticket export lists): it tells same-named events of one day apart
    const precinctId = (p.body.precinct as { precinctId: number } | undefined)?.precinctId;
    if (covering.length > 1 && precinctId) covering = covering.filter((ev) => ev.precinctId === precinctId);
    if (covering.length === 1) return { event: covering[0] };
    if (covering.length > 1) return { candidates: covering };
    return { issue: { field: 'eventName', message: format(e.eventNotCovering, { name }) } };
  }

  /** Officers found so far (an officer is never removed while he has tickets, so a find holds for the import). */
  const known = new Set<number>();

  /** Which of the officers exist: those not found before, read in one statement. */
  async function knownOfficers(ids: number[]): Promise<Set<number>> {
    const ask = ids.filter((id) => !known.has(id));
    if (ask.length) {
      const rows = await rowsOf<{ id: number }>(ctx.db, sql`select officer_id as "id" from officer where officer_id = any(${textArray(ask)}::int[])`);
      for (const r of rows) known.add(r.id);
    }
    return known;
  }

  /**
   * The stored tickets that meet each tour (its own key included), in ONE statement: per row a
   * range read of the officer's tickets over hw_officer_start_idx (10-41 from a day before the
   * row's to its 10-42), with what the report and the comparison need.
   */
  async function storedNear(rows: Array<{ n: number; officerId: number; start: Date; end: Date }>): Promise<Map<number, StoredTicket[]>> {
    const near = new Map<number, StoredTicket[]>();
    if (!rows.length) return near;
    const counts = COUNT_FIELDS.map((c) => sql`h.${sql.identifier(COUNT_COLUMNS[c])} as ${sql.identifier(c)}`);
    const found = await rowsOf<StoredTicket & Record<CountField, number>>(
      ctx.db,
      sql`select r.n::int as "n", h.hours_worked_id as "id", (extract(epoch from h.start_at) * 1000)::float8 as "startMs",
            (extract(epoch from h.end_at) * 1000)::float8 as "endMs", h.assignment_type_id as "assignmentTypeId", h.precinct_id as "precinctId",
            h.event_id as "eventId", h.travel_hours as "travelHours", h.description, h.locked, coalesce(ev.event_name, a.description, '') as "kind",
            ${sql.join(counts, sql`, `)}
          from jsonb_to_recordset(${json(rows.map((r) => ({ n: r.n, officer_id: r.officerId, start_at: r.start.toISOString(), end_at: r.end.toISOString() })))})
            as r(n int, officer_id int, start_at timestamptz, end_at timestamptz)
          cross join lateral (
            -- offset 0 keeps the subquery per row: pulled up, the planner hashes the whole table instead
            select * from hours_worked h where h.officer_id = r.officer_id and h.start_at < r.end_at
              and h.start_at > r.start_at - ${sql.raw(LONGEST_TOUR)} and h.end_at > r.start_at offset 0
          ) h
          join assignment_type a on a.assignment_type_id = h.assignment_type_id
          left join event ev on ev.event_id = h.event_id`,
    );
    for (const f of found) {
      const t: StoredTicket = {
        ...f,
        startMs: Number(f.startMs),
        endMs: Number(f.endMs),
        counts: Object.fromEntries(COUNT_FIELDS.map((c) => [c, Number(f[c])])) as Record<CountField, number>,
      };
      near.set(t.n, [...(near.get(t.n) ?? []), t]);
    }
    return near;
  }

  /** For each (officer, event) of the batch's event tickets, by 'row:event': on the roster, and the stored tickets he has for it. */
  async function rosterOf(pairs: Array<{ n: number; officerId: number; eventId: number }>) {
    const out = new Map<string, { signedUp: boolean; logged: number[] }>();
    if (!pairs.length) return out;
    const rows = await rowsOf<{ n: number; eventId: number; signedUp: boolean; logged: number[] | null }>(
      ctx.db,
      sql`select r.n::int as "n", r.event_id as "eventId",
            exists (select 1 from event_signup es where es.event_id = r.event_id and es.officer_id = r.officer_id) as "signedUp",
            (select array_agg(h.hours_worked_id) from hours_worked h where h.officer_id = r.officer_id and h.event_id = r.event_id) as "logged"
          from jsonb_to_recordset(${json(pairs.map((p) => ({ n: p.n, officer_id: p.officerId, event_id: p.eventId })))}) as r(n int, officer_id int, event_id int)`,
    );
    for (const r of rows) out.set(`${r.n}:${r.eventId}`, { signedUp: !!r.signedUp, logged: (r.logged ?? []).map(Number) });
    return out;
  }

  /** The record as its audit entry shows it (the insert body's names; the tour as wall-clock text). */
  function view(rec: Omit<TicketRecord, 'after' | 'line'>, b: TicketInput): Record<string, unknown> {
    return {
      officer: { officerId: rec.officerId },
      assignmentType: { assignmentTypeId: rec.assignmentTypeId },
      precinct: { precinctId: rec.precinctId },
      event: rec.eventId ? { eventId: rec.eventId } : null,
      startDate: b.startDate,
      startTime: b.startTime,
      endDate: b.endDate,
      endTime: b.endTime,
      hoursWorked: rec.hours,
      travelHours: rec.travelHours,
      description: rec.description,
      ...rec.counts,
      reviewState: 'accepted',
    };
  }

  /** The fields of the row that differ from its stored ticket (report names), with the before and after values for the audit entry. */
  function differences(rec: TicketRecord, stored: StoredTicket) {
    const fields: string[] = [];
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const note = (field: string, was: unknown, now: unknown) => {
      fields.push(field);
      before[field] = was;
      after[field] = now;
    };
    if (rec.assignmentTypeId !== stored.assignmentTypeId) note('assignmentType', { assignmentTypeId: stored.assignmentTypeId }, { assignmentTypeId: rec.assignmentTypeId });
    if (rec.precinctId !== stored.precinctId) note('precinct', { precinctId: stored.precinctId }, { precinctId: rec.precinctId });
    if (rec.end.getTime() !== stored.endMs) {
      const was = spanFields(new Date(stored.startMs), new Date(stored.endMs), tz);
      if (was.endDate !== rec.after.endDate) note('endDate', was.endDate, rec.after.endDate);
      if (was.endTime !== rec.after.endTime) note('endTime', was.endTime, rec.after.endTime);
      before.hoursWorked = Math.round(((stored.endMs - stored.startMs) / 3_600_000) * 100) / 100;
      after.hoursWorked = rec.hours;
    }
    if (rec.travelHours !== stored.travelHours) note('travelHours', stored.travelHours, rec.travelHours);
    if ((rec.eventId ?? null) !== (stored.eventId ?? null)) note('eventName', { eventId: stored.eventId }, { eventId: rec.eventId });
    if (rec.description !== stored.description) note('description', stored.description, rec.description);
    for (const c of COUNT_FIELDS) if (rec.counts[c] !== stored.counts[c]) note(c, stored.counts[c], rec.counts[c]);
    return { fields, before, after };
  }

  async function checkBatch(rows: SourceRow[]): Promise<RowOutcome[]> {
    const now = ctx.now();
    const rules = ticketRulesSchema({ accessLevel: ctx.actor.accessLevel, today: todayIn(tz, now), now, tz, wording: 'alert', history: true });
    const parsed = await mapYielding(rows, (row) => parse(env.cells(row)));
    const events = await eventsNamed(parsed);

    // the §5 rules of each body, with the event it names (its precinct may come from the event)
    const checked = await mapYielding(parsed, (p) => {
      const type = (p.body.assignmentType as { assignmentTypeId: number } | undefined)?.assignmentTypeId;
      let candidates: EventRow[] = [];
      const refused = new Set(p.issues.map((i) => i.field));
      if (needsEvent(type) && p.eventName) {
        const found = resolveEvent(p, events);
        candidates = found.event ? [found.event] : (found.candidates ?? []);
        // the rules ask only that there is an event; which of the candidates it is, the rosters tell below
        if (candidates.length) p.body.event = { eventId: candidates[0].eventId };
        if (found.issue) {
          p.issues.push(found.issue);
          // the event would have given the precinct: its absence is the event's issue, said once
          for (const f of [found.issue.field, 'eventName', 'precinct']) refused.add(f);
        }
      }
      const result = rules.safeParse(p.body);
      if (!result.success) {
        for (const i of result.error.issues) {
          const head = String(i.path[0] ?? '');
          const field = FIELD_OF_PATH[head] ?? (head || undefined);
          if (!refused.has(field)) p.issues.push({ field, message: i.message });
        }
      }
      if (p.issues.length || !result.success) return null;
      const b = result.data;
      const tour = ticketHours(b.startDate!, b.startTime!, b.endDate!, b.endTime!, tz);
      return { b, tour, candidates };
    });

    // what the database knows of the rows that pass: officers, certified years, stored neighbours, rosters
    const passing = checked.flatMap((c, n) => (c ? [{ n, officerId: c.b.officer!.officerId, start: c.tour.start, end: c.tour.end }] : []));
    const [officers, spans, near] = await Promise.all([
      knownOfficers([...new Set(passing.map((r) => r.officerId))]),
      passing.length ? certifiedSpans(ctx.db) : Promise.resolve([]),
      storedNear(passing),
    ]);
    const rosters = await rosterOf(
      checked.flatMap((c, n) => (c && officers.has(c.b.officer!.officerId) ? c.candidates.map((ev) => ({ n, officerId: c.b.officer!.officerId, eventId: ev.eventId })) : [])),
    );

    return mapYielding(rows, (row, n): RowOutcome => {
      const p = parsed[n];
      const c = checked[n];
      if (!c) return { status: 'refused', issues: dedupe(p.issues) };
      const { b, tour, candidates } = c;
      const officerId = b.officer!.officerId;
      const refuse = (message: string, field?: string): RowOutcome => ({ status: 'refused', issues: [{ field, message }] });
      if (!officers.has(officerId)) return refuse(format(e.unknownValue, { field: FIELDS.get('officerId')!.label, value: officerCode(officerId) }), 'officerId');
      if (inSpans(spans, tour.start)) return refuse(rc.losap.errors.frozen, 'startDate');
      const startMs = tour.start.getTime();
      const endMs = tour.end.getTime();
      const neighbours = near.get(n) ?? [];
      const stored = neighbours.find((t) => t.startMs === startMs);
      // the same key earlier in the file is in the way of this row, as the database would see it
      const line = tourInTheWay(officerId, startMs / MINUTE, endMs / MINUTE);
      if (line !== null) return refuse(`${m.overlap} ${format(e.overlapsLine, { line })}`);
      if (stored?.locked) return refuse(m.locked);
      let precinctId = b.precinct?.precinctId ?? 0;
      let event = candidates.length === 1 ? candidates[0] : undefined;
      if (candidates.length > 1) {
        const his = candidates.filter((ev) => rosters.get(`${n}:${ev.eventId}`)?.signedUp);
        if (his.length !== 1) return refuse(format(e.ambiguousTourEvent, { name: p.eventName }), 'eventName');
        event = his[0];
      }
      if (event) {
        if (event.eventTypeId !== b.assignmentType!.assignmentTypeId) return refuse(m.assignmentTypeMismatch, 'assignmentType');
        const roster = rosters.get(`${n}:${event.eventId}`);
        if (!roster?.signedUp) {
          const start = fromInstant(new Date(event.startMs), tz);
          return refuse(format(e.notOnRoster, { officer: officerCode(officerId), name: event.name, start: `${start.date} ${start.time}` }), 'eventName');
        }
        const pair = `${officerId}:${event.eventId}`;
        if (eventTickets.has(pair) || roster.logged.some((id) => id !== stored?.id)) return refuse(m.alreadyLoggedEvent, 'eventName');
        if (!tourOverlapsEvent(tour.start, tour.end, { startAt: new Date(event.startMs), endAt: new Date(event.endMs) })) return refuse(m.notDuringEvent, 'eventName');
        precinctId = event.precinctId;
      }
      const inTheWay = neighbours.find((t) => t !== stored && !moved.has(t.id) && t.startMs < endMs && t.endMs > startMs);
      if (inTheWay) {
        const span = spanFields(new Date(inTheWay.startMs), new Date(inTheWay.endMs), tz);
        const end = span.endDate === span.startDate ? span.endTime : `${span.endDate} ${span.endTime}`;
        return refuse(`${m.overlap} ${format(m.overlapsOfficers, { startDate: span.startDate, startTime: span.startTime, end, kind: inTheWay.kind })}`);
      }

      const base = {
        officerId,
        assignmentTypeId: b.assignmentType!.assignmentTypeId,
        precinctId,
        eventId: event?.eventId ?? null,
        start: tour.start,
        end: tour.end,
        hours: tour.hours,
        travelHours: b.travelHours,
        description: (b.description ?? '').trim(),
        counts: Object.fromEntries(COUNT_FIELDS.map((f) => [f, b[f]])) as Record<CountField, number>,
      };
      const rec: TicketRecord = { ...base, line: row.line, after: view(base, b) };
      takeTour(officerId, startMs / MINUTE, endMs / MINUTE, row.line);
      if (event) eventTickets.add(`${officerId}:${event.eventId}`);
      const key = `${officerCode(officerId)} ${b.startDate} ${b.startTime}`;
      if (!stored) {
        const outcome: WritableOutcome = { status: 'new', key, fields: [], write: (tx) => writeRecords(tx, [rec]).then((a) => a[0]) };
        records.set(outcome, rec);
        return outcome;
      }
      const diff = differences(rec, stored);
      if (!diff.fields.length) return { status: 'unchanged', key };
      if (rec.end.getTime() !== stored.endMs) moved.add(stored.id);
      rec.storedId = stored.id;
      rec.before = diff.before;
      rec.after = diff.after;
      const outcome: WritableOutcome = { status: 'changed', key, fields: diff.fields, write: (tx) => writeRecords(tx, [rec]).then((a) => a[0]) };
      records.set(outcome, rec);
      return outcome;
    });
  }

  /**
   * Writes the records (new ones in one multi-row INSERT, changed ones in one multi-row UPDATE,
   * each from arrays unnested in the statement: one parameter a column, whatever the number of
   * rows) and returns their audit entries in the records' order. New tickets enter the auditors'
   * queue as accepted by the importing officer; a changed one too, unless it is flagged (its flag
   * and state stay). A refusal of the database comes back as the API's 4xx (refusalOf).
   */
  async function writeRecords(tx: Tx | Db, recs: TicketRecord[]): Promise<AuditEvent[]> {
    const now = ctx.now().toISOString();
    const details = (r: TicketRecord) => `import ${env.fileName}, line ${r.line}`;
    const fresh = recs.filter((r) => r.storedId === undefined);
    const changed = recs.filter((r) => r.storedId !== undefined);
    const ids = new Map<string, number>();
    const counts = (r: TicketRecord) => Object.fromEntries(COUNT_FIELDS.map((c) => [COUNT_COLUMNS[c], r.counts[c]]));
    const row = (r: TicketRecord) => ({
      id: r.storedId ?? null, officer_id: r.officerId, assignment_type_id: r.assignmentTypeId, precinct_id: r.precinctId, event_id: r.eventId,
      start_at: r.start.toISOString(), end_at: r.end.toISOString(), hours_worked: r.hours, travel_hours: r.travelHours, description: r.description, ...counts(r),
    });
    const countCols = sql.raw(COUNT_FIELDS.map((c) => COUNT_COLUMNS[c]).join(', '));
    const countTypes = sql.raw(COUNT_FIELDS.map((c) => `${COUNT_COLUMNS[c]} int`).join(', '));
    const fields = sql`id int, officer_id int, assignment_type_id int, precinct_id int, event_id int, start_at timestamptz, end_at timestamptz,
      hours_worked numeric, travel_hours int, description text, ${countTypes}`;
    try {
      if (fresh.length) {
        const made = await rowsOf<{ id: number; officerId: number; startMs: number }>(
          tx,
          sql`insert into hours_worked (officer_id, assignment_type_id, precinct_id, event_id, start_at, end_at, hours_worked, travel_hours, description,
                ${countCols}, review_state, reviewed_by, reviewed_at, entered_by, updated_by, created_timestamp, updated_timestamp)
              select v.officer_id, v.assignment_type_id, v.precinct_id, v.event_id, v.start_at, v.end_at, v.hours_worked, v.travel_hours, v.description,
                ${countCols}, 'accepted', ${actorId}::int, ${now}::timestamptz, ${actorId}::int, ${actorId}::int, ${now}::timestamptz, ${now}::timestamptz
              from jsonb_to_recordset(${json(fresh.map(row))}) as v(${fields})
              returning hours_worked_id as "id", officer_id as "officerId", (extract(epoch from start_at) * 1000)::float8 as "startMs"`,
        );
        for (const r of made) ids.set(`${r.officerId}:${Number(r.startMs)}`, r.id);
      }
      if (changed.length) {
        const sets = sql.raw(COUNT_FIELDS.map((c) => `${COUNT_COLUMNS[c]} = v.${COUNT_COLUMNS[c]}`).join(', '));
        await tx.execute(sql`
          update hours_worked h set assignment_type_id = v.assignment_type_id, precinct_id = v.precinct_id, event_id = v.event_id, end_at = v.end_at,
            hours_worked = v.hours_worked, travel_hours = v.travel_hours, description = v.description, ${sets},
            updated_by = ${actorId}::int, updated_timestamp = ${now}::timestamptz,
            review_state = case when h.flagged_by is null then 'accepted' else h.review_state end,
            reviewed_by = case when h.flagged_by is null then ${actorId}::int else h.reviewed_by end,
            reviewed_at = case when h.flagged_by is null then ${now}::timestamptz else h.reviewed_at end
          from jsonb_to_recordset(${json(changed.map(row))}) as v(${fields})
          where h.hours_worked_id = v.id`);
      }
    } catch (err) {
      throw refusalOf(err);
    }
    return recs.map((r): AuditEvent =>
      r.storedId === undefined
        ? { action: 'create', entity: 'ticket', entityId: ids.get(`${r.officerId}:${r.start.getTime()}`) ?? null, after: r.after, details: details(r) }
        : { action: 'update', entity: 'ticket', entityId: r.storedId, before: r.before, after: r.after, details: details(r) },
    );
  }

  return {
    checkBatch,
    writeMany: (tx, outcomes) => writeRecords(tx, outcomes.map((o) => records.get(o)!)),
  };
}

