import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { dataVersion, type DataScope } from './schema';
import { rawStatement, type RawStatement } from './rawQuery';

const statements = new WeakMap<Db, RawStatement<'scope' | 'version'>>();

/** Versions read on a database whose writes notify this process (keepVersionsInMemory). */
interface VersionMemo {
  /** Changes at every notification: a read begun under an older one is not kept. */
  generation: number;
  scopes: ScopeVersions | null;
  lists: Map<number, string>;
}
const memos = new WeakMap<Db, VersionMemo>();

/**
 * Keeps the versions read on `db` in memory until a committed change of any version is notified
 * (migration 0016: channel 'data_version', sent at commit by sessions that SET
 * rollcall.notify_versions). For the embedded database only: its one connection belongs to this
 * process (the DATA_DIR lock), so every write there notifies it, before the writing call returns.
 * A read served from memory then costs no statement, which PGlite, one statement at a time on one
 * core, would otherwise spend on every request. `listen` subscribes `onChange` to the channel.
 */
export async function keepVersionsInMemory(db: Db, listen: (channel: string, onChange: () => void) => Promise<unknown>): Promise<void> {
  const memo: VersionMemo = { generation: 0, scopes: null, lists: new Map() };
  await listen('data_version', () => {
    memo.generation++;
    memo.scopes = null;
    memo.lists.clear();
  });
  memos.set(db, memo);
}

/**
 * `read()`'s value, or the one kept in `db`'s memo (`get`/`set`); a value whose read began before a
 * notification is not kept, as it may predate the change.
 */
export async function rememberedVersion<T>(db: Db, get: (memo: VersionMemo) => T | null | undefined, set: (memo: VersionMemo, value: T) => void, read: () => Promise<T>): Promise<T> {
  const memo = memos.get(db);
  if (!memo) return read();
  const hit = get(memo);
  if (hit !== null && hit !== undefined) return hit;
  const generation = memo.generation;
  const value = await read();
  if (memo.generation === generation) set(memo, value);
  return value;
}

/** Every scope's version on one database, as read by one statement. */
export type ScopeVersions = ReadonlyMap<string, string>;

/**
 * Every scope's version on `db`, read in one statement of the data_version table (six rows). Each
 * version is kept by triggers inside the writing transaction (migration 0015; server/answers keeps
 * answers under them), so versions read before an answer's rows are never newer than those rows,
 * on PGlite and PostgreSQL alike, whichever process wrote. On the embedded database they come from
 * memory until a write changes one (keepVersionsInMemory).
 */
export async function readScopeVersions(db: Db): Promise<ScopeVersions> {
  return rememberedVersion(
    db,
    (memo) => memo.scopes,
    (memo, versions) => {
      memo.scopes = versions;
    },
    () => readScopeVersionsNow(db),
  );
}

async function readScopeVersionsNow(db: Db): Promise<ScopeVersions> {
  let statement = statements.get(db);
  if (!statement) {
    const v = dataVersion;
    statement = rawStatement(db, ['scope', 'version'], db.select({ scope: v.scope, version: sql<string>`${v.version}::text` }).from(v));
    statements.set(db, statement);
  }
  const rows = await statement.run({});
  return new Map(rows.map((r) => [r.scope as string, r.version as string]));
}

/** The versions of `scopes` as one string ('tickets=12 officers=3'); a missing row counts as 0. */
export function versionOf(versions: ScopeVersions, scopes: readonly DataScope[]): string {
  return scopes.map((s) => `${s}=${versions.get(s) ?? '0'}`).join(' ');
}

/**
 * Versions read earlier in the same request (by the session check, which runs before every route),
 * kept with the object they were read for (the request's actor) so the answer layer need not read
 * them again: read before the session row, they are older than any row the route reads after.
 */
const readFor = new WeakMap<object, { db: Db; versions: ScopeVersions }>();

/** Remembers `versions`, read on `db`, for `owner` (the actor of a request). */
export function rememberVersions(owner: object, db: Db, versions: ScopeVersions): void {
  readFor.set(owner, { db, versions });
}

/** The versions of `scopes` on `db`: those remembered for `owner` on the same database, else read now. */
export async function scopeVersions(db: Db, scopes: readonly DataScope[], owner?: object | null): Promise<string> {
  const remembered = owner ? readFor.get(owner) : undefined;
  return versionOf(remembered?.db === db ? remembered.versions : await readScopeVersions(db), scopes);
}
