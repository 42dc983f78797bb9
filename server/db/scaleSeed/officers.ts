import { Faker, base, en, en_US } from '@faker-js/faker';
import { copyLine, type BulkLoader } from './copy';
import { activeOn, type SeedContext, type SeedOfficer } from './context';
import { demoOfficerRecords } from '../demo';
import { ACCESS } from '../../../src/domain/constants';

const MINUTE = 60_000;

/** Columns of the officer COPY, in order. */
const COLUMNS = [
  'officer_id', 'badge_number', 'handcuff_number', 'login', 'password_hash', 'precinct_id', 'appointment_date', 'separation_date',
  'first_name', 'middle', 'last_name', 'rank_id', 'home_street_addr1', 'home_city', 'home_state_id', 'home_zip', 'home_phone',
  'mobile', 'home_email', 'dept_email', 'access_type_id', 'last_login_date', 'password_expire_interval', 'soundex',
] as const;

type OfficerRecord = Record<(typeof COLUMNS)[number], string | number | Date | null>;

const AREA_CODES = ['516', '631', '718', '347', '917'];
/** Precinct weights: the eight precincts, Headquarters (90) and the support detachment (99). */
const PRECINCT_WEIGHTS: ReadonlyArray<readonly [number, number]> = [[1, 14], [2, 12], [3, 13], [4, 11], [5, 12], [6, 10], [7, 11], [8, 10], [90, 4], [99, 3]];

/**
 * How many officers get each access level: mostly 1, some 3 (recruits) and 5 (supervisors), a
 * few 9 (administrators) and 10 (auditors), at least one auditor to flag tickets.
 */
function levelCounts(n: number): Array<[number, number]> {
  const auditors = Math.max(1, Math.round(n * 0.005));
  const admins = Math.round(n * 0.015);
  const supervisors = Math.round(n * 0.07);
  const restricted = Math.round(n * 0.05);
  return [[ACCESS.AUDITOR, auditors], [ACCESS.ADMINISTRATOR, admins], [ACCESS.SUPERVISOR, supervisors], [ACCESS.RESTRICTED, restricted],
    [ACCESS.OFFICER, Math.max(0, n - auditors - admins - supervisors - restricted)]];
}

/** Rank for an access level (ranks of server/db/referenceData.ts; 9 recruit, 10 civilian staff). */
function rankFor(ctx: SeedContext, level: number): number {
  const r = ctx.rng;
  if (level === ACCESS.RESTRICTED) return 9;
  if (level === ACCESS.OFFICER) return r.weighted([[1, 86], [2, 10], [3, 3], [9, 1]]);
  if (level === ACCESS.SUPERVISOR) return r.weighted([[2, 50], [3, 30], [4, 15], [5, 5]]);
  if (level === ACCESS.ADMINISTRATOR) return r.weighted([[4, 30], [5, 25], [6, 20], [7, 10], [10, 15]]);
  return r.weighted([[3, 40], [4, 30], [5, 20], [6, 10]]);
}

/** A login from the names (letters only), made unique against `taken` (lower case). */
function uniqueLogin(first: string, last: string, taken: Set<string>): string {
  const stem = `${first[0] ?? 'x'}${last}`.toLowerCase().replace(/[^a-z]/g, '').slice(0, 20) || 'officer';
  let login = stem;
  for (let i = 2; taken.has(login); i++) login = `${stem}${i}`;
  taken.add(login);
  return login;
}

/**
 * Makes `count` officers with ids from `firstId` (names, addresses and phones from faker seeded
 * with `seed`), their access levels, ranks, precincts, appointment and separation dates, and their
 * officer records. Returns both; logins avoid `takenLogins`.
 */
export function makeOfficers(ctx: SeedContext, opts: { count: number; firstId: number; seed: number; passwordHash: string; homeStateId: number; takenLogins: Set<string> }) {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(opts.seed);
  const r = ctx.rng;
  const levels = r.shuffle(levelCounts(opts.count).flatMap(([level, k]) => Array<number>(k).fill(level)));
  const officers: SeedOfficer[] = [];
  const records: OfficerRecord[] = [];
  const year = 365;
  levels.forEach((level, i) => {
    const officerId = opts.firstId + i;
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const staff = level >= ACCESS.ADMINISTRATOR;
    const precinctId = staff ? r.pick([90, 90, 99]) : r.weighted(PRECINCT_WEIGHTS);
    // recruits were appointed this past year; most others before the range, some during it
    const appointedDay = level === ACCESS.RESTRICTED ? ctx.today - r.int(20, year)
      : r.chance(0.82) || ctx.today < 120 ? -r.int(30, 20 * year) : r.int(0, ctx.today - 60);
    const from = Math.max(appointedDay, 0) + 90;
    const separatedDay = !staff && level !== ACCESS.RESTRICTED && r.chance(0.1) && from < ctx.today ? r.int(from, ctx.today) : null;
    const officer: SeedOfficer = { officerId, firstName, lastName, precinctId, accessTypeId: level, appointedDay, separatedDay, laggard: r.chance(0.05), demo: false };
    officers.push(officer);
    const login = uniqueLogin(firstName, lastName, opts.takenLogins);
    const lastSeenDay = activeOn(officer, ctx.today) ? ctx.today - r.int(0, 40) : (separatedDay ?? ctx.today) - r.int(1, 30);
    const lastLogin = ctx.clock.instant(Math.max(lastSeenDay, appointedDay), r.int(7, 22) * 60 + r.int(0, 59));
    const area = r.pick(AREA_CODES);
    records.push({
      officer_id: officerId,
      badge_number: 1000 + officerId,
      handcuff_number: 5000 + officerId,
      login,
      password_hash: opts.passwordHash,
      precinct_id: precinctId,
      appointment_date: ctx.clock.isoDate(appointedDay),
      separation_date: separatedDay === null ? null : ctx.clock.isoDate(separatedDay),
      first_name: firstName,
      middle: r.chance(0.6) ? faker.string.alpha({ length: 1, casing: 'upper' }) : null,
      last_name: lastName,
      rank_id: rankFor(ctx, level),
      home_street_addr1: faker.location.streetAddress(),
      home_city: faker.location.city(),
      home_state_id: opts.homeStateId,
      home_zip: faker.location.zipCode('11###'),
      home_phone: `${area}-${faker.string.numeric({ length: 1, exclude: ['0', '1'] })}${faker.string.numeric(2)}-${faker.string.numeric(4)}`,
      mobile: `${r.pick(AREA_CODES)}-${faker.string.numeric({ length: 1, exclude: ['0', '1'] })}${faker.string.numeric(2)}-${faker.string.numeric(4)}`,
      home_email: `${login}@example.net`,
      dept_email: `${login}@aux.example.org`,
      access_type_id: level,
      last_login_date: lastLogin === null || lastLogin > ctx.nowMs ? new Date(ctx.nowMs - r.int(1, 48) * 60 * MINUTE) : new Date(lastLogin),
      password_expire_interval: 0,
      soundex: `${faker.string.alpha({ length: 1, casing: 'upper' })}${faker.string.numeric(3)}-${faker.string.numeric(3)}-${faker.string.numeric(3)}`,
    });
  });
  return { officers, records };
}

/**
 * The demo logins as seed officers (never separated, never laggards): every demo login present
 * afterwards, and the records of those not yet in the database (`existing`: ids and lower-case logins).
 */
export function demoOfficers(ctx: SeedContext, opts: { passwordHash: string; homeStateId: number; existing: ReadonlyArray<{ id: number; login: string }> }) {
  const ids = new Set(opts.existing.map((o) => o.id));
  const logins = new Set(opts.existing.map((o) => o.login));
  const all = demoOfficerRecords(opts.passwordHash, opts.homeStateId, new Date(ctx.nowMs));
  const rows = all.filter((o) => !ids.has(o.officerId) && !logins.has(o.login.toLowerCase()));
  const present = all.filter((o) => ids.has(o.officerId) || rows.includes(o));
  const officers: SeedOfficer[] = present.map((o) => ({
    officerId: o.officerId, firstName: o.firstName ?? '', lastName: o.lastName ?? '', precinctId: o.precinctId ?? 1, accessTypeId: o.accessTypeId,
    appointedDay: -365, separatedDay: null, laggard: false, demo: true,
  }));
  const records: OfficerRecord[] = rows.map((o) => ({
    officer_id: o.officerId, badge_number: o.badgeNumber ?? null, handcuff_number: o.handcuffNumber ?? null, login: o.login, password_hash: o.passwordHash,
    precinct_id: o.precinctId ?? null, appointment_date: o.appointmentDate ?? null, separation_date: null, first_name: o.firstName ?? '', middle: o.middle ?? null,
    last_name: o.lastName ?? '', rank_id: o.rankId ?? null, home_street_addr1: o.homeStreetAddr1 ?? null, home_city: o.homeCity ?? null,
    home_state_id: o.homeStateId ?? null, home_zip: o.homeZip ?? null, home_phone: o.homePhone ?? null, mobile: o.mobile ?? null, home_email: o.homeEmail ?? null,
    dept_email: o.deptEmail ?? null, access_type_id: o.accessTypeId, last_login_date: o.lastLoginDate ?? null, password_expire_interval: 0, soundex: o.soundex ?? null,
  }));
  return { officers, records };
}

/** Loads officer records with one COPY; returns how many. */
export function copyOfficers(loader: BulkLoader, records: readonly OfficerRecord[]): Promise<number> {
  return loader.copy('officer', COLUMNS, records.map((rec) => copyLine(COLUMNS.map((c) => rec[c]))));
}
