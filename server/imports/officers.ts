/**
 * The officers kind of an import: each row becomes the body POST /api/officer/insert and PUT
 * /api/officer/update take, checked by the same rules (officerRulesSchema, wording 'alert') and
 * the database's keys, and is written by the officer repository's insert and update. The officer
 * id is the natural key: a known id updates that officer (the fields without a column keep their
 * stored values), an unknown one adds him without a password.
 */
import { inArray, sql } from 'drizzle-orm';
import * as s from '../db/schema';
import * as repo from '../db/repositories/officers';
import { unusablePasswordHash } from '../auth/passwords';
import { ACCESS } from '../../src/domain/constants';
import { officerCode } from '../../src/domain/officerLabel';
import { fromIsoDate, toIsoDate, todayIn } from '../../src/domain/dates';
import { IMPORT_FIELDS, importDate, importOfficerId, importWholeNumber, type ImportField } from '../../src/domain/imports';
import { rc } from '../../src/domain/messages';
import { officerRulesSchema, type OfficerInput } from '../../src/domain/schemas/officers';
import { dedupe, type KindRunner, type RowIssue, type RowOutcome, type RunnerEnv } from './types';
import { addSchemaIssues, lookupId } from './rowChecks';
import type { SourceRow } from './read';

type StoredOfficer = typeof s.officer.$inferSelect;
type OfficerColumns = ReturnType<typeof repo.adminColumns>;

const FIELDS = new Map(IMPORT_FIELDS.officers.map((f) => [f.key, f]));
/** The body's nested reference of each lookup field: {precinct: {precinctId}}. */
const REF_KEY: Record<string, string> = { precinct: 'precinctId', rank: 'rankId', homeState: 'stateId', accessType: 'accessTypeId' };
/** Officer table column -> the field of the body (for the changed fields the report lists). */
const FIELD_OF_COLUMN: Record<string, string> = { precinctId: 'precinct', rankId: 'rank', homeStateId: 'homeState', accessTypeId: 'accessType' };

/** The stored officer as the body a save sends back (the fields an import may set). */
function storedBody(o: StoredOfficer): OfficerInput {
  return {
    officerId: o.officerId,
    login: o.login,
    passwordExpireInterval: o.passwordExpireInterval,
    firstName: o.firstName,
    middle: o.middle,
    lastName: o.lastName,
    precinct: o.precinctId ? { precinctId: o.precinctId } : null,
    appointmentDate: fromIsoDate(o.appointmentDate),
    separationDate: fromIsoDate(o.separationDate),
    rank: o.rankId ? { rankId: o.rankId } : null,
    homeStreetAddr1: o.homeStreetAddr1,
    homeCity: o.homeCity,
    homeState: o.homeStateId ? { stateId: o.homeStateId } : null,
    homeZip: o.homeZip,
    homePhone: o.homePhone,
    mobile: o.mobile,
    homeEmail: o.homeEmail,
    deptEmail: o.deptEmail,
    accessType: { accessTypeId: o.accessTypeId },
    badgeNumber: o.badgeNumber,
    handcuffNumber: o.handcuffNumber,
    soundex: o.soundex,
  };
}

const same = (a: unknown, b: unknown) => (a === '' ? null : (a ?? null)) === (b === '' ? null : (b ?? null));

/** The record as its audit entry shows it: the body's field names, references nested, dates MM/DD/YYYY. */
function auditView(officerId: number, c: Partial<OfficerColumns>): Record<string, unknown> {
  const out: Record<string, unknown> = { officerId };
  for (const [column, value] of Object.entries(c)) {
    const fieldName = FIELD_OF_COLUMN[column];
    if (fieldName) out[fieldName] = value === null ? null : { [REF_KEY[fieldName]]: value };
    else if (column === 'appointmentDate' || column === 'separationDate') out[column] = fromIsoDate(value as string | null);
    else out[column] = value;
  }
  return out;
}

/** The officers kind (see the file's comment). */
export async function officerRunner(env: RunnerEnv): Promise<KindRunner> {
  const { ctx } = env;
  const rules = officerRulesSchema({ isNew: false, superUserId: ctx.superUserId, wording: 'alert' });
  const seenIds = new Set<number>();
  const seenLogins = new Set<string>();
  const today = toIsoDate(todayIn(ctx.tz, ctx.now()));

  /** The row's mapped cells as body fields, and the issues of lookup values that match nothing. */
  function partialBody(cells: Record<string, string>) {
    const body: Record<string, unknown> = {};
    const issues: RowIssue[] = [];
    for (const [key, text] of Object.entries(cells)) {
      const f = FIELDS.get(key) as ImportField;
      switch (f.type) {
        case 'officerId':
          body[key] = importOfficerId(text);
          break;
        case 'integer':
          body[key] = importWholeNumber(text);
          break;
        case 'date':
          body[key] = importDate(text);
          break;
        case 'lookup': {
          if (!text) {
            body[key] = null;
            break;
          }
          const id = lookupId(env, f, text, issues);
          if (id !== undefined) body[key] = { [REF_KEY[key]]: id };
          break;
        }
        default:
          body[key] = text === '' ? null : text;
      }
    }
    return { body, issues };
  }

  async function storedOfficers(ids: number[]): Promise<Map<number, StoredOfficer>> {
    if (!ids.length) return new Map();
    const rows = await ctx.db.select().from(s.officer).where(inArray(s.officer.officerId, ids));
    return new Map(rows.map((r) => [r.officerId, r]));
  }

  /** Lower-cased login -> the officer id holding it, for the batch's logins (the database's unique key is lower(login)). */
  async function loginOwners(logins: string[]): Promise<Map<string, number>> {
    if (!logins.length) return new Map();
    const lower = sql<string>`lower(${s.officer.login})`;
    const rows = await ctx.db.select({ id: s.officer.officerId, login: lower }).from(s.officer).where(inArray(lower, logins));
    return new Map(rows.map((r) => [r.login, r.id]));
  }

  function check(row: SourceRow, stored: Map<number, StoredOfficer>, owners: Map<string, number>, parsed: ReturnType<typeof partialBody>): RowOutcome {
    const { body, issues } = parsed;
    const id = typeof body.officerId === 'number' ? body.officerId : null;
    const login = typeof body.login === 'string' ? body.login.toLowerCase() : null;
    // the same officer or login twice within the file: the second is what the database would refuse
    if (id !== null) {
      if (seenIds.has(id)) issues.push({ field: 'officerId', message: rc.errors.duplicate });
      seenIds.add(id);
    }
    if (login) {
      if (seenLogins.has(login)) issues.push({ field: 'login', message: rc.errors.duplicate });
      seenLogins.add(login);
    }
    const before = id !== null ? stored.get(id) : undefined;
    // a new officer has no password (the rules check a password only when one is given); the
    // expire interval the form defaults to 0 is the table's default too
    const merged = { ...(before ? storedBody(before) : { passwordExpireInterval: 0 }), ...body } as OfficerInput;
    const result = rules.safeParse(merged);
    addSchemaIssues(issues, result.error);
    if (issues.length || !result.success || id === null) return { status: 'refused', issues: dedupe(issues) };
    const b = result.data;
    const owner = owners.get(b.login!.toLowerCase());
    if (owner !== undefined && owner !== id) issues.push({ field: 'login', message: rc.errors.duplicate });

    const cols: Partial<OfficerColumns> = repo.adminColumns(b);
    const superUser = id === ctx.superUserId;
    if (superUser && !before) cols.accessTypeId = ACCESS.AUDITOR;
    const changed = before ? changedColumns(cols, before) : [];
    if (before && superUser) {
      // as on the officer form: the super user's access level and separation date stay; only he changes his login and e-mails
      if ((changed.includes('accessTypeId') && body.accessType !== undefined) || changed.includes('separationDate')) {
        issues.push({ message: rc.officers.errors.superUserFixed });
      }
      if (ctx.actor.officerId !== id && changed.some((c) => c === 'login' || c === 'homeEmail' || c === 'deptEmail')) {
        issues.push({ message: rc.officers.errors.superUserAccount });
      }
      delete cols.accessTypeId;
      delete cols.separationDate;
    }
    if (before && ctx.actor.officerId === id && changed.some((c) => c === 'homeEmail' || c === 'deptEmail')) {
      issues.push({ message: rc.imports.errors.ownEmail });
    }
    if (issues.length) return { status: 'refused', issues: dedupe(issues) };

    const key = officerCode(id);
    const details = `import ${env.fileName}, line ${row.line}`;
    const actorId = ctx.actor.officerId;
    if (!before) {
      return {
        status: 'new',
        key,
        fields: [],
        write: async (tx) => {
          await repo.insertOfficer(tx, id, cols, unusablePasswordHash(), actorId, ctx.now());
          return { action: 'create', entity: 'officer', entityId: id, after: { ...auditView(id, cols), password: 'none' }, details };
        },
      };
    }
    const writable = changed.filter((c) => c in cols);
    if (!writable.length) return { status: 'unchanged', key };
    const set: Partial<OfficerColumns> & { homeEmailConfirmed?: boolean; deptEmailConfirmed?: boolean } = {};
    for (const c of writable) (set as Record<string, unknown>)[c] = cols[c as keyof OfficerColumns];
    // an address the roster administrator enters counts as confirmed, as on the form
    if (writable.includes('homeEmail')) set.homeEmailConfirmed = true;
    if (writable.includes('deptEmail')) set.deptEmailConfirmed = true;
    // separating an officer as of today or earlier ends his sessions, as on the form
    const separates = writable.includes('separationDate') && !!set.separationDate && set.separationDate <= today;
    const beforeView = auditView(id, Object.fromEntries(writable.map((c) => [c, before[c as keyof StoredOfficer]])) as Partial<OfficerColumns>);
    return {
      status: 'changed',
      key,
      fields: writable.map((c) => FIELD_OF_COLUMN[c] ?? c),
      write: async (tx) => {
        await repo.updateOfficer(tx, id, set, { endSessions: separates, actorId, now: ctx.now() });
        return { action: 'update', entity: 'officer', entityId: id, before: beforeView, after: auditView(id, set), details };
      },
    };
  }

  return {
    async checkBatch(rows) {
      const parsed = rows.map((row) => partialBody(env.cells(row)));
      const ids = [...new Set(parsed.map((p) => p.body.officerId).filter((v): v is number => typeof v === 'number'))];
      const logins = [...new Set(parsed.map((p) => p.body.login).filter((v): v is string => typeof v === 'string').map((l) => l.toLowerCase()))];
      const [stored, owners] = await Promise.all([storedOfficers(ids), loginOwners(logins)]);
      return rows.map((row, i) => check(row, stored, owners, parsed[i]));
    },
  };
}

/** The columns of `cols` whose value differs from the stored officer's. */
function changedColumns(cols: Partial<OfficerColumns>, stored: StoredOfficer): string[] {
  return Object.keys(cols).filter((c) => !same(cols[c as keyof OfficerColumns], stored[c as keyof StoredOfficer]));
}
