import { sql } from 'drizzle-orm';
import type { App } from '../../server/app';

/**
 * A fingerprint of the given tables' contents (row count and an md5 of every row, per table), so a
 * test can show that a refused request changed nothing.
 */
export async function fingerprint(app: App, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await app.ctx.db.execute(sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from ${table} x`));
    const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as { n: string; h: string };
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join(' ');
}
