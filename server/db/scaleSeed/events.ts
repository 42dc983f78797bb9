import type { Faker } from '@faker-js/faker';
import { copyLine, type BulkLoader } from './copy';
import { activeOn, type SeedContext, type SeedOfficer } from './context';
import { ACCESS, EVENT_TYPE } from '../../../src/domain/constants';

const DAY_MS = 86_400_000;

/** A generated event; startMin/endMin are wall-clock minutes from midnight of `day` (end may pass 1440). */
export interface SeedEvent {
  eventId: number;
  day: number;
  eventTypeId: number;
  precinctId: number;
  startMs: number;
  endMs: number;
  name: string;
  maxOfficers: number;
}

interface SeedLocation { locationId: number; precinctId: number }

const PLACE_KINDS = ['Park', 'Train Station', 'High School', 'Community Center', 'Public Library', 'Shopping Center', 'Beach', 'Town Hall', 'Fire House', 'Ball Fields'];

/** Event names by type; none repeats a curated demo event's name (the e2e tests pick those by name). */
const NAMES: Record<number, readonly string[]> = {
  [EVENT_TYPE.DETAILS]: ['Street fair detail', 'Road race detail', 'Fireworks detail', 'Farmers market detail', 'Block party detail', 'Concert detail',
    'Graduation detail', 'School dismissal detail', 'Beach patrol detail', 'Train station detail', 'Car show detail', 'Little League opening day detail'],
  [EVENT_TYPE.TRAINING]: ['First aid refresher', 'Radio procedure class', 'Traffic direction training', 'Baton certification', 'Defensive tactics',
    'Crowd management course', 'Report writing workshop', 'Naloxone training'],
  [EVENT_TYPE.ADMINISTRATIVE]: ['Precinct staff meeting', 'Uniform inspection', 'Unit commanders meeting', 'Recruitment open house'],
  [EVENT_TYPE.SPECIAL]: ['Summer festival', 'Halloween parade', 'Veterans Day ceremony', 'Half marathon', 'Air show', 'Holiday tree lighting', 'Fourth of July celebration'],
};

const DESCRIPTIONS: Record<number, readonly string[]> = {
  [EVENT_TYPE.DETAILS]: ['Traffic and crowd control. Report to the post supervisor 15 minutes early.', 'Fixed posts at the entrances; reflective vests required.',
    'Foot patrol of the route. Radio check at the start of the tour.'],
  [EVENT_TYPE.TRAINING]: ['Mandatory annual training. Bring your ID card and notebook.', 'Classroom session followed by a practical exercise.'],
  [EVENT_TYPE.ADMINISTRATIVE]: ['Agenda: schedules, equipment and upcoming details.', 'Class B uniform. Sign in at the desk.'],
  [EVENT_TYPE.SPECIAL]: ['Large crowds expected. Posts assigned at roll call.', 'Joint deployment with the precinct. Summer uniform.'],
};

/** Events per year for `n` officers, by type. */
function perYear(n: number): Array<[number, number]> {
  return [[EVENT_TYPE.DETAILS, Math.max(20, n * 0.8)], [EVENT_TYPE.TRAINING, Math.max(12, n / 40)],
    [EVENT_TYPE.ADMINISTRATIVE, Math.max(12, n / 50)], [EVENT_TYPE.SPECIAL, Math.max(6, n / 60)]];
}

/** Start minute, length in minutes, max officers and incentive hours of an event of a type. */
function shape(ctx: SeedContext, type: number): [number, number, number, number] {
  const r = ctx.rng;
  if (type === EVENT_TYPE.DETAILS) return [r.int(14, 40) * 30, r.int(12, 32) * 15, r.int(2, 10), r.pick([0, 0, 0, 0.5, 1, 1, 2])];
  if (type === EVENT_TYPE.TRAINING) return [r.pick([9 * 60, 10 * 60, 18 * 60 + 30, 19 * 60]), r.int(8, 16) * 15, r.int(10, 30), 0];
  if (type === EVENT_TYPE.ADMINISTRATIVE) return [r.pick([19 * 60, 19 * 60 + 30]), r.int(6, 10) * 15, r.int(8, 25), 0];
  return [r.int(8, 17) * 60, r.int(16, 40) * 15, r.int(4, 16), r.pick([0, 1, 1.5])];
}

/** Locations: four in each of precincts 1-8, two at Headquarters (90), one of the support detachment (99). */
export async function seedLocations(ctx: SeedContext, loader: BulkLoader, faker: Faker, firstId: number, stateId: number): Promise<SeedLocation[]> {
  const plan = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((p) => [p, p, p, p]).concat([90, 90, 99]);
  const cols = ['location_id', 'name', 'address', 'city', 'state_id', 'zip', 'phone1', 'email1', 'web_address', 'precinct_id'];
  const locations = plan.map((precinctId, i) => ({ locationId: firstId + i, precinctId }));
  const lines = locations.map(({ locationId, precinctId }) => {
    const city = faker.location.city();
    const name = precinctId === 90 ? `Auxiliary Training Center ${locationId}` : precinctId === 99 ? 'Support Services Garage' : `${city} ${ctx.rng.pick(PLACE_KINDS)}`;
    const phone = ctx.rng.chance(0.6) ? `516-555-${faker.string.numeric(4)}` : null;
    return copyLine([locationId, name, faker.location.streetAddress(), city, stateId, faker.location.zipCode('11###'), phone, null, null, precinctId]);
  });
  await loader.copy('location', cols, lines);
  return locations;
}

/**
 * Events from day 0 to a month ahead (details, training, administrative and special, in numbers
 * that follow the officer count), loaded with COPY. Each starts at 06:00 or later and ends by
 * 04:00 the next day, so one event fills an officer's day. Returns them by day.
 */
export async function seedEvents(ctx: SeedContext, loader: BulkLoader, opts: { firstId: number; officers: number; locations: SeedLocation[] }): Promise<SeedEvent[]> {
  const r = ctx.rng;
  const events: SeedEvent[] = [];
  const lines: string[] = [];
  const byPrecinct = new Map<number, SeedLocation[]>();
  for (const l of opts.locations) byPrecinct.set(l.precinctId, [...(byPrecinct.get(l.precinctId) ?? []), l]);
  const rates = perYear(opts.officers).map(([type, n]) => [type, n / 365] as const);
  for (let day = 0; day <= ctx.lastDay; day++) {
    for (const [type, rate] of rates) {
      const count = Math.floor(rate) + (r.chance(rate % 1) ? 1 : 0);
      for (let k = 0; k < count; k++) {
        const [start, length, maxOfficers, incentive] = shape(ctx, type);
        const precinctId = type === EVENT_TYPE.TRAINING && r.chance(0.6) ? 90 : r.int(1, 8);
        const location = r.pick(byPrecinct.get(precinctId) ?? opts.locations);
        const startMs = ctx.clock.instant(day, start);
        const endMs = ctx.clock.instant(day, Math.min(start + length, 28 * 60));
        if (startMs === null || endMs === null || endMs <= startMs) continue;
        const name = r.pick(NAMES[type]);
        const event = { eventId: opts.firstId + events.length, day, eventTypeId: type, precinctId: location.precinctId, startMs, endMs, name, maxOfficers };
        events.push(event);
        lines.push(copyLine([event.eventId, name, new Date(startMs), new Date(endMs), type, location.locationId, maxOfficers, incentive, r.pick(DESCRIPTIONS[type])]));
      }
    }
  }
  await loader.copy('event', ['event_id', 'event_name', 'start_at', 'end_at', 'event_type_id', 'location_id', 'max_officers', 'incentive_hours', 'description'], lines);
  return events;
}

/** Which access levels sign up for which event type. */
function mayJoin(type: number, level: number): boolean {
  if (level === ACCESS.RESTRICTED) return false;
  if (type === EVENT_TYPE.ADMINISTRATIVE) return level >= ACCESS.SUPERVISOR;
  if (type === EVENT_TYPE.TRAINING) return true;
  return level <= ACCESS.SUPERVISOR;
}

/**
 * Fills rosters: past events mostly full, upcoming ones partly (some details uncovered), by
 * officers active that day and free that day (officers of the event's precinct first). Demo
 * logins are left out. Records in `busy` (officer index * days + day) the event index + 1, negated
 * when the officer did not turn up (no ticket), and loads the sign-ups with COPY. Returns their number.
 */
export async function seedRosters(
  ctx: SeedContext, loader: BulkLoader, opts: { officers: SeedOfficer[]; events: SeedEvent[]; busy: Int32Array },
): Promise<number> {
  const r = ctx.rng;
  const days = ctx.clock.days;
  const pool = opts.officers.map((o, i) => ({ o, i })).filter(({ o }) => !o.demo && o.accessTypeId !== ACCESS.RESTRICTED);
  const byPrecinct = new Map<number, typeof pool>();
  for (const x of pool) byPrecinct.set(x.o.precinctId, [...(byPrecinct.get(x.o.precinctId) ?? []), x]);
  const lines: string[] = [];
  opts.events.forEach((e, index) => {
    const past = e.endMs <= ctx.nowMs;
    const max = e.maxOfficers;
    const fill = past ? (r.chance(0.4) ? 1 : 0.5 + r.next() * 0.5) : e.eventTypeId === EVENT_TYPE.DETAILS && r.chance(0.2) ? 0 : r.next() * 0.8;
    const want = Math.round(max * fill);
    const local = byPrecinct.get(e.precinctId) ?? [];
    let taken = 0;
    for (let attempt = 0; taken < want && attempt < want * 8; attempt++) {
      const { o, i } = local.length && r.chance(0.7) ? r.pick(local) : r.pick(pool);
      const slot = i * days + e.day;
      if (opts.busy[slot] !== 0 || !mayJoin(e.eventTypeId, o.accessTypeId) || !activeOn(o, e.day) || (!past && o.separatedDay !== null)) continue;
      const turnedUp = past && r.chance(0.92);
      opts.busy[slot] = turnedUp ? index + 1 : -(index + 1);
      const signedUp = Math.min(ctx.nowMs, e.startMs - r.int(1, 20) * DAY_MS + r.int(0, 600) * 60_000);
      lines.push(copyLine([e.eventId, o.officerId, o.officerId, new Date(signedUp)]));
      taken++;
    }
  });
  return loader.copy('event_signup', ['event_id', 'officer_id', 'entered_by', 'created_timestamp'], lines);
}
