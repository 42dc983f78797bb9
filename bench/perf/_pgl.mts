import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/pgl-scale/pgdata');
const text = fs.readFileSync(process.argv[2], 'utf8').trim().replace(/;$/, '');
for (let i = 0; i < 12; i++) {
  const r = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, timing off, summary on) ${text}`);
  console.log(r.rows.filter((x) => /Planning|Execution/.test(x['QUERY PLAN'])).map((x) => x['QUERY PLAN']).join(' | '));
}
const t0 = performance.now();
for (let i = 0; i < 50; i++) await db.query(text, [], { rowMode: 'array' });
console.log('query+parse per call', ((performance.now() - t0) / 50).toFixed(2), 'ms');
await db.close();
