import type { BulkLoader } from './copy';

/**
 * Checks every foreign key of `tables` with one anti-join each (MATCH SIMPLE: rows with a null in
 * the key are skipped). The scale seed loads with session_replication_role = replica when it may
 * (superuser), which skips the per-row foreign-key triggers; this set-based check in the same
 * transaction keeps the guarantee. Throws naming the first broken key, so the load rolls back.
 */
export async function verifyForeignKeys(loader: BulkLoader, tables: readonly string[]): Promise<number> {
  const keys = await loader.rows<{ name: string; child: string; parent: string; cols: string; refs: string }>(`
    select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
      (select string_agg(a.attname, ',' order by k.i) from unnest(c.conkey) with ordinality k(n, i)
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as cols,
      (select string_agg(a.attname, ',' order by k.i) from unnest(c.confkey) with ordinality k(n, i)
         join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as refs
    from pg_constraint c
    where c.contype = 'f' and c.conrelid::regclass::text in (${tables.map((t) => `'${t}'`).join(', ')})
    order by 1`);
  for (const k of keys) {
    const cols = k.cols.split(',');
    const refs = k.refs.split(',');
    const notNull = cols.map((c) => `c.${c} is not null`).join(' and ');
    const match = cols.map((c, i) => `p.${refs[i]} = c.${c}`).join(' and ');
    const [{ n }] = await loader.rows<{ n: number }>(
      `select count(*)::int as n from ${k.child} c where ${notNull} and not exists (select 1 from ${k.parent} p where ${match})`,
    );
    if (Number(n) > 0) throw new Error(`Seed broke foreign key ${k.name} (${k.child} -> ${k.parent}) in ${n} rows`);
  }
  return keys.length;
}
