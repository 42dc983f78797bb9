/**
 * The events kind of an import, with their rosters: each row becomes the body POST
 * /api/events/insert and PUT /api/events/update take, checked by the same schema
 * (eventInputSchema in ORG_TIMEZONE) and update rules (eventChangeRefusal), and is written by the
 * event repository; its 'Roster Officers' become sign-ups written by the roster's own add
 * (insertSignup). Event name + start instant is the natural key (the name compared without
 * regard to case or repeated spaces): a known event is updated (fields without a column keep their
 * stored values) and a roster only ever adds the officers it misses, never removes any (a
 * sign-up may carry time tickets). The location is named by its name within the row's precinct.
 *
 * History imports: an event may lie in the past, and its roster is added whoever imports it (the
 * 'sign-ups are closed' rule of an officer signing himself up is left out); Max Officers, the
 * overlapping sign-up rule and the certified LOSAP year's lock hold as for the API.
 */
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import * as s from '../db/schema';
import { eventChangeRefusal, getEvent, insertEvent, updateEvent } from '../db/repositories/events';
import { insertSignup } from '../db/repositories/signups';
import { certifiedSpans, inSpans } from '../db/repositories/losapYearEnd';
import { dayjs, fromInstant, isExistingLocalTime, isValidDate, isValidTime, toInstant } from '../../src/domain/dates';
import { DATE_FORMAT, EVENT_LIMIT_HOURS } from '../../src/domain/constants';
import { officerCode } from '../../src/domain/officerLabel';
import { IMPORT_FIELDS, importDate, importHours, importOfficerId, importTime, importWholeNumber, type ImportField } from '../../src/domain/imports';
import { format, rc } from '../../src/domain/messages';
import { eventInputSchema, type EventInput } from '../../src/domain/schemas/events';
import type { AuditEvent } from '../audit';
import { dedupe, type KindRunner, type RowIssue, type RowOutcome, type RunnerEnv } from './types';
import { addSchemaIssues, locationKey, locationsByName, lookupId, nameKey } from './rowChecks';
import type { SourceRow } from './read';

/** A stored event and the precinct of its location (a roster's event may not move to another precinct). */
type StoredEvent = typeof s.event.$inferSelect & { precinctId: number };

const FIELDS = new Map(IMPORT_FIELDS.events.map((f) => [f.key, f]));
const ROSTER_SEPARATORS = /[\s,;]+/;

/** The row's cells as body fields, before its location is found and its gaps are filled. */
interface Parsed {
  body: Record<string, unknown>;
  issues: RowIssue[];
  precinctId?: number;
  locationName?: string;
  /** The roster's officer ids, in file order; texts that are no officer id are kept for the message. */
  roster: Array<number | string>;
}

/** The stored event as the body a save sends back. */
function storedBody(e: StoredEvent, tz: string): EventInput {
  const start = fromInstant(e.startAt, tz);
  const end = fromInstant(e.endAt, tz);
  return {
    eventName: e.eventName,
    eventType: { eventTypeId: e.eventTypeId },
    location: { locationId: e.locationId },
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    maxOfficers: e.maxOfficers,
    incentiveHours: Number(e.incentiveHours),
    description: e.description,
  };
}

/** The body's fields a change is told by (references by id, hours to the cent). */
function comparable(b: EventInput): Record<string, string | number> {
  return {
    eventName: b.eventName, eventType: b.eventType.eventTypeId, location: b.location.locationId, startDate: b.startDate, startTime: b.startTime,
    endDate: b.endDate, endTime: b.endTime, maxOfficers: b.maxOfficers, incentiveHours: Math.round(b.incentiveHours * 100), description: b.description,
  };
}

const eventKey = (name: string, start: Date) => `${nameKey(name)}|${start.getTime()}`;

/** The start instant a row names (ORG_TIMEZONE), or null when its start date or time is not a valid one (the schema says why). */
function startOf(b: Record<string, unknown>, tz: string): Date | null {
  const { startDate: date, startTime: time } = b;
  if (typeof date !== 'string' || typeof time !== 'string' || !isValidDate(date) || !isValidTime(time) || !isExistingLocalTime(date, time, tz)) return null;
  return toInstant(date, time, tz);
}

/** The events kind (see the file's comment). */
export async function eventRunner(env: RunnerEnv): Promise<KindRunner> {
  const { ctx } = env;
  const tz = ctx.tz;
  const rules = eventInputSchema(tz);
  const seen = new Set<string>();
  /** Each officer's sign-ups this import adds, as [start, end, event name], for the overlap rule across rows and batches (a dry run writes none). */
  const added = new Map<number, Array<[number, number, string]>>();

  function partialBody(cells: Record<string, string>): Parsed {
    const out: Parsed = { body: {}, issues: [], roster: [] };
    for (const [key, text] of Object.entries(cells)) {
      const f = FIELDS.get(key) as ImportField;
      // a blank optional cell leaves the field as stored (a new event: the form's default)
      if (!text && !f.required) continue;
      if (key === 'precinct') {
        if (text) out.precinctId = lookupId(env, f, text, out.issues);
        else out.issues.push({ field: key, message: rc.validation.required });
      } else if (key === 'eventType') {
        const id = text ? lookupId(env, f, text, out.issues) : undefined;
        if (id !== undefined) out.body.eventType = { eventTypeId: id };
        else if (!text) out.body.eventType = {};
      } else if (key === 'location') out.locationName = text;
      else if (key === 'roster') out.roster = text.split(ROSTER_SEPARATORS).filter(Boolean).map((id) => importOfficerId(id) ?? id);
      else if (f.type === 'date') out.body[key] = importDate(text);
      else if (f.type === 'time') out.body[key] = importTime(text);
      else if (f.type === 'integer') out.body[key] = importWholeNumber(text);
      else if (f.type === 'hours') out.body[key] = importHours(text);
      else out.body[key] = text;
    }
    return out;
  }

  /** Stored events starting at these instants, by eventKey (twins share a key). */
  async function storedEvents(starts: Date[]): Promise<Map<string, StoredEvent[]>> {
    const out = new Map<string, StoredEvent[]>();
    if (!starts.length) return out;
    const found = await ctx.db
      .select({ event: s.event, precinctId: s.location.precinctId })
      .from(s.event)
      .innerJoin(s.location, eq(s.location.locationId, s.event.locationId))
      .where(inArray(s.event.startAt, starts));
    for (const { event: e, precinctId } of found) {
      const r = { ...e, precinctId };
      const k = eventKey(r.eventName, new Date(r.startAt));
      out.set(k, [...(out.get(k) ?? []), r]);
    }
    return out;
  }

  /** The roster (officer ids) and whether time tickets were logged, of each stored event. */
  async function rostersOf(ids: number[]) {
    const signups = new Map<number, Set<number>>();
    const ticketed = new Set<number>();
    if (!ids.length) return { signups, ticketed };
    const [rows, tickets] = await Promise.all([
      ctx.db.select({ eventId: s.eventSignup.eventId, officerId: s.eventSignup.officerId }).from(s.eventSignup).where(inArray(s.eventSignup.eventId, ids)),
      ctx.db.selectDistinct({ eventId: s.hoursWorked.eventId }).from(s.hoursWorked).where(inArray(s.hoursWorked.eventId, ids)),
    ]);
    for (const r of rows) signups.set(r.eventId, (signups.get(r.eventId) ?? new Set()).add(r.officerId));
    for (const t of tickets) if (t.eventId !== null) ticketed.add(t.eventId);
    return { signups, ticketed };
  }

  /** The stored officers among these ids. */
  async function knownOfficers(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await ctx.db.select({ id: s.officer.officerId }).from(s.officer).where(inArray(s.officer.officerId, ids));
    return new Set(rows.map((r) => r.id));
  }

  /** The stored sign-ups of these officers for events overlapping [from, to): officer -> [event id, start, end, name]. */
  async function signupsBetween(officerIds: number[], from: Date, to: Date) {
    const out = new Map<number, Array<{ eventId: number; start: number; end: number; name: string }>>();
    if (!officerIds.length) return out;
    const rows = await ctx.db
      .select({ officerId: s.eventSignup.officerId, eventId: s.event.eventId, startAt: s.event.startAt, endAt: s.event.endAt, name: s.event.eventName })
      .from(s.eventSignup)
      .innerJoin(s.event, eq(s.event.eventId, s.eventSignup.eventId))
      .where(and(inArray(s.eventSignup.officerId, officerIds), lt(s.event.startAt, to), gt(s.event.endAt, from)));
    for (const r of rows) {
      out.set(r.officerId, [...(out.get(r.officerId) ?? []), { eventId: r.eventId, start: new Date(r.startAt).getTime(), end: new Date(r.endAt).getTime(), name: r.name }]);
    }
    return out;
  }

  /**
   * The row's body with its location found and its gaps filled: a known event's stored fields, a
   * new one's defaults (incentive hours 0 as the form; the end date the start's, or the next day's
   * when the end time is not after the start time: a night's event; Max Officers, which legacy
   * files rarely carry, the size of the row's roster, at least 1, so the history it records fits).
   */
  function completeBody(p: Parsed, locations: Map<string, Array<{ locationId: number }>>, before?: EventInput): Record<string, unknown> {
    const defaults = { incentiveHours: 0, maxOfficers: Math.max(1, new Set(p.roster).size) };
    const body: Record<string, unknown> = { ...(before ?? defaults), ...p.body };
    // a blank location is the schema's 'Location Required!'
    if (p.locationName === '') body.location = {};
    else if (p.locationName !== undefined && p.precinctId !== undefined) {
      const found = locations.get(locationKey(p.locationName, p.precinctId)) ?? [];
      const f = FIELDS.get('location')!;
      if (found.length === 1) body.location = { locationId: found[0].locationId };
      else if (found.length > 1) p.issues.push({ field: 'location', message: format(rc.imports.errors.ambiguousLocation, { name: p.locationName.trim() }) });
      else {
        p.issues.push({ field: 'location', message: format(rc.imports.errors.unknownValue, { field: f.label, value: p.locationName }) });
        env.noteUnknown(f, p.locationName);
      }
    }
    if (p.body.endDate === undefined && !before && typeof body.startDate === 'string') {
      const start = dayjs(body.startDate, DATE_FORMAT, true);
      const overnight = typeof body.endTime === 'string' && typeof body.startTime === 'string' && body.endTime <= body.startTime;
      if (start.isValid()) body.endDate = overnight ? start.add(1, 'day').format(DATE_FORMAT) : body.startDate;
    }
    return body;
  }

  return {
    async checkBatch(rows) {
      const parsed = rows.map((row) => partialBody(env.cells(row)));
      const names = [...new Set(parsed.flatMap((p) => (p.locationName ? [nameKey(p.locationName)] : [])))];
      const starts = parsed.map((p) => startOf(p.body, tz));
      const rosterIds = [...new Set(parsed.flatMap((p) => p.roster.filter((id): id is number => typeof id === 'number')))];
      const [locations, stored, known, spans] = await Promise.all([
        locationsByName(ctx.db, names),
        storedEvents([...new Map(starts.filter((d): d is Date => !!d).map((d) => [d.getTime(), d])).values()]),
        knownOfficers(rosterIds),
        certifiedSpans(ctx.db),
      ]);
      const storedIds = [...stored.values()].flatMap((list) => list.map((e) => e.eventId));
      // the batch's events lie between its first start and its last start plus the longest event
      const valid = starts.filter((d): d is Date => !!d).map((d) => d.getTime());
      const from = new Date(Math.min(...valid));
      const to = dayjs(Math.max(...valid)).add(EVENT_LIMIT_HOURS, 'hour').toDate();
      const [{ signups, ticketed }, others] = await Promise.all([
        rostersOf(storedIds),
        valid.length ? signupsBetween([...known], from, to) : Promise.resolve(new Map() as Awaited<ReturnType<typeof signupsBetween>>),
      ]);
      return rows.map((row, i) => check(row, parsed[i], starts[i], { locations, stored, known, spans, signups, ticketed, others }));
    },
  };

  function check(
    row: SourceRow,
    p: Parsed,
    start: Date | null,
    d: {
      locations: Map<string, Array<{ locationId: number }>>;
      stored: Map<string, StoredEvent[]>;
      known: Set<number>;
      spans: Array<{ startsAt: Date; endsAt: Date }>;
      signups: Map<number, Set<number>>;
      ticketed: Set<number>;
      others: Awaited<ReturnType<typeof signupsBetween>>;
    },
  ): RowOutcome {
    const { issues } = p;
    const name = typeof p.body.eventName === 'string' ? p.body.eventName.trim() : '';
    const key = name && start ? eventKey(name, start) : null;
    if (key) {
      if (seen.has(key)) issues.push({ field: 'eventName', message: rc.errors.duplicate });
      seen.add(key);
    }
    const twins = key ? (d.stored.get(key) ?? []) : [];
    if (twins.length > 1) {
      issues.push({ field: 'eventName', message: format(rc.imports.errors.ambiguousEvent, { name, start: `${p.body.startDate} ${p.body.startTime}` }) });
    }
    const was = twins.length === 1 ? twins[0] : undefined;
    const before = was ? storedBody(was, tz) : undefined;
    const result = rules.safeParse(completeBody(p, d.locations, before));
    // a location is found within its precinct: an unknown precinct already says why none was
    addSchemaIssues(issues, result.error, issues.some((i) => i.field === 'precinct') ? ['location'] : []);

    // the roster: officers who exist, each once, within Max Officers, none signed up elsewhere at the time
    const unknown = p.roster.filter((id) => typeof id !== 'number' || !d.known.has(id)).map((id) => (typeof id === 'number' ? officerCode(id) : id));
    if (unknown.length) issues.push({ field: 'roster', message: format(rc.imports.errors.rosterUnknown, { ids: [...new Set(unknown)].join(', ') }) });
    const ids = p.roster.filter((id): id is number => typeof id === 'number');
    const twice = [...new Set(ids.filter((id, at) => ids.indexOf(id) !== at))];
    if (twice.length) issues.push({ field: 'roster', message: format(rc.imports.errors.rosterTwice, { ids: twice.map(officerCode).join(', ') }) });
    if (issues.length || !result.success || !key || !start) return { status: 'refused', issues: dedupe(issues) };

    const input = result.data;
    const end = toInstant(input.endDate, input.endTime, tz);
    const signed = was ? (d.signups.get(was.eventId) ?? new Set<number>()) : new Set<number>();
    const adds = [...new Set(ids)].filter((id) => !signed.has(id));
    const total = signed.size + adds.length;
    if (adds.length && total > input.maxOfficers) {
      issues.push({ field: 'roster', message: format(rc.imports.errors.rosterOverMax, { n: total, max: input.maxOfficers }) });
    }
    for (const id of adds) {
      const storedClash = (d.others.get(id) ?? []).find((o) => o.eventId !== was?.eventId && o.start < end.getTime() && o.end > start.getTime());
      const fileClash = (added.get(id) ?? []).find(([s0, e0]) => s0 < end.getTime() && e0 > start.getTime());
      const clash = storedClash?.name ?? fileClash?.[2];
      if (clash !== undefined) issues.push({ field: 'roster', message: format(rc.imports.errors.rosterOverlap, { id: officerCode(id), event: clash }) });
    }
    const after = comparable(input);
    const stored = before ? comparable(before) : undefined;
    const fields = stored ? Object.keys(after).filter((f) => after[f] !== stored[f]) : [];
    if (was && fields.length) {
      const refusal = eventChangeRefusal(was, { eventTypeId: input.eventType.eventTypeId, startAt: start, endAt: end, incentiveHours: input.incentiveHours, maxOfficers: input.maxOfficers }, {
        signups: signed.size,
        hasTicket: d.ticketed.has(was.eventId),
        movesPrecinct: p.precinctId !== undefined && p.precinctId !== was.precinctId,
      });
      if (refusal) issues.push({ message: refusal.message });
    }
    if (adds.length) fields.push('roster');
    if (was && !fields.length) return { status: 'unchanged', key: label(input) };
    // a certified LOSAP year's events and rosters are locked, as the API and the database's triggers lock them
    if (inSpans(d.spans, start) || (was && inSpans(d.spans, was.startAt))) issues.push({ message: rc.losap.errors.frozen });
    if (issues.length) return { status: 'refused', issues: dedupe(issues) };

    for (const id of adds) added.set(id, [...(added.get(id) ?? []), [start.getTime(), end.getTime(), input.eventName]]);
    const details = `import ${env.fileName}, line ${row.line}`;
    const actorId = ctx.actor.officerId;
    const now = ctx.now();
    const eventFieldsChange = fields.some((f) => f !== 'roster');
    const addRoster = async (tx: Parameters<typeof insertSignup>[0], eventId: number): Promise<AuditEvent[]> => {
      const entries: AuditEvent[] = [];
      for (const officerId of adds) {
        await insertSignup(tx, eventId, officerId, actorId, now, true);
        entries.push({ action: 'create', entity: 'signup', entityId: `${eventId}/${officerId}`, after: { eventId, officerId }, details });
      }
      return entries;
    };
    if (!was) {
      return {
        status: 'new',
        key: label(input),
        fields: [],
        write: async (tx) => {
          const created = await insertEvent(tx, input, tz, actorId, now);
          return [{ action: 'create', entity: 'event', entityId: created.eventId, after: created, details }, ...(await addRoster(tx, created.eventId))];
        },
      };
    }
    return {
      status: 'changed',
      key: label(input),
      fields,
      write: async (tx) => {
        const entries: AuditEvent[] = [];
        if (eventFieldsChange) {
          const prior = await getEvent(tx, was.eventId, tz);
          const updated = await updateEvent(tx, was.eventId, { ...input, eventId: was.eventId }, tz, actorId, now);
          entries.push({ action: 'update', entity: 'event', entityId: was.eventId, before: prior, after: updated, details });
        }
        return [...entries, ...(await addRoster(tx, was.eventId))];
      },
    };
  }
}

/** An event as the report names it: 'Memorial Day Parade (05/25/2026 08:00)'. */
const label = (e: EventInput) => `${e.eventName} (${e.startDate} ${e.startTime})`;
