/**
 * `npm run import -- --kind officers|locations --file roster.csv|roster.xlsx [--dry-run]
 *   [--mapping mapping.json|NAME] [--errors errors.csv] [--as OFFICER_ID]`
 * --mapping takes a JSON file of field -> column header when it names an existing .json file, else
 * the name of a mapping saved on the Import page for this kind (its columns and values).
 * Imports a file of any size into the database of `npm start` (DATABASE_URL, or the embedded
 * database in DATA_DIR, whose lock it takes: stop the server first) with the same code as the
 * Import page (server/imports/run.ts): the same checks, batches, transactions and audit entries.
 * The importing officer is --as (default SUPER_USER_ID) and must be level 10; the audit entries
 * carry him and the request id 'import-cli-<uuid>'. Prints progress and the report, and one
 * `IMPORT_RESULT {json}` line with the counts and figures (rows per second, peak RSS).
 * New officers with an e-mail address are mailed their set-password link at PUBLIC_URL (SMTP_URL,
 * else DATA_DIR/outbox); without PUBLIC_URL no link is mailed and a notice says so.
 * `npm run import` caps V8's old generation at 512 MB (--max-old-space-size, a flag of the npm
 * script, which wins over NODE_OPTIONS): the pass streams the file and keeps only a few numbers a
 * row, but a heap left to grow grows with the allocation rate (940,429 tickets: +415 MB of RSS
 * uncapped, +81 MB capped, in the same time). A file that needs more (an XLSX with a huge
 * shared-strings table) runs as `npx tsx --max-old-space-size=N scripts/import.ts …`.
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { readConfig, type Config } from '../server/config';
import { lockDataDir, openDatabase } from '../server/db/client';
import { loadReferenceData } from '../server/db/seed';
import * as s from '../server/db/schema';
import { runImport, type AddedRow, type ImportProgress } from '../server/imports/run';
import type { ImportContext } from '../server/imports/types';
import { can } from '../src/domain/access';
import { IMPORT_KINDS, importIssueText, type ImportKind } from '../src/domain/imports';
import { importMappingName, importRequest } from '../src/domain/schemas/imports';
import { requestMapping } from '../server/imports/mappings';
import { addedOfficerIds, mailPasswordLinks } from '../server/auth/passwordSetup';
import { createMailer } from '../server/mail';
import type { FastifyBaseLogger } from 'fastify';

const USAGE = `Usage: npm run import -- --kind ${IMPORT_KINDS.join('|')} --file FILE.csv|FILE.xlsx [--dry-run] [--mapping MAPPING.json|SAVED_NAME] [--errors ERRORS.csv] [--as OFFICER_ID]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArgs() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        kind: { type: 'string' }, file: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, mapping: { type: 'string' },
        errors: { type: 'string' }, as: { type: 'string' }, help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.kind || !(IMPORT_KINDS as readonly string[]).includes(values.kind)) fail(`--kind must be one of ${IMPORT_KINDS.join(', ')}\n${USAGE}`);
  if (!values.file) fail(`--file is required\n${USAGE}`);
  if (!fs.existsSync(values.file)) fail(`No such file: ${values.file}`);
  let mapping: Record<string, string | null> | undefined;
  let savedMapping: string | undefined;
  if (values.mapping && values.mapping.toLowerCase().endsWith('.json') && fs.existsSync(values.mapping)) {
    const parsed = importRequest.safeParse({ mapping: JSON.parse(fs.readFileSync(values.mapping, 'utf8')) });
    if (!parsed.success) fail(`--mapping must be a JSON object of field names and column headers`);
    mapping = parsed.data.mapping;
  } else if (values.mapping) {
    const name = importMappingName.safeParse(values.mapping);
    if (!name.success) fail(`--mapping must name a .json file or a saved mapping`);
    savedMapping = name.data;
  }
  const as = values.as === undefined ? undefined : Number(values.as);
  if (as !== undefined && (!Number.isInteger(as) || as < 1)) fail('--as must be an officer id');
  return { kind: values.kind as ImportKind, file: values.file, dryRun: values['dry-run'], mapping, savedMapping, errors: values.errors, as };
}

const rate = (rows: number, seconds: number) => (seconds > 0 ? Math.round(rows / seconds) : rows);

async function main() {
  const args = readArgs();
  let config: Config;
  try {
    config = readConfig(process.env);
  } catch (err) {
    fail((err as Error).message);
  }
  let release: () => Promise<void>;
  try {
    release = config.DATABASE_URL ? async () => {} : await lockDataDir(config.DATA_DIR);
  } catch (err) {
    fail((err as Error).message);
  }
  const database = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 200);
  try {
    await loadReferenceData(database.db);
    const officerId = args.as ?? config.SUPER_USER_ID;
    const [me] = await database.db.select({ accessTypeId: s.officer.accessTypeId }).from(s.officer).where(eq(s.officer.officerId, officerId));
    const actor = { officerId, accessLevel: me?.accessTypeId ?? 0 };
    if (!me || !can(actor, 'import:run')) fail(`Officer ${officerId} is not a level-10 officer of this database (use --as OFFICER_ID).`);
    // The audit entries' request: this run's id and officer, and the clock of the server (none here: the system's).
    const request = { id: `import-cli-${randomUUID()}`, actor, server: { ctx: { now: () => new Date() } } };
    const ctx: ImportContext = { db: database.db, superUserId: config.SUPER_USER_ID, tz: config.ORG_TIMEZONE, now: () => new Date(), actor, request };
    const started = performance.now();
    const tty = process.stderr.isTTY;
    const progress = (p: ImportProgress) => {
      const seconds = (performance.now() - started) / 1000;
      const c = p.counts;
      const line = `${p.rows} rows (${rate(p.rows, seconds)}/s): ${c.new} new, ${c.unchanged} unchanged, ${c.changed} changed, ${c.refused} refused`;
      process.stderr.write(tty ? `\r${line}` : `${line}\n`);
    };
    console.log(`${args.dryRun ? 'Dry run of' : 'Importing'} ${args.kind} from ${path.resolve(args.file)} on ${database.kind} as officer ${officerId} (${request.id})…`);
    const { mapping, values } = await requestMapping(database.db, args.kind, { mapping: args.mapping, savedMapping: args.savedMapping });
    if (args.savedMapping) console.log(`Saved mapping "${args.savedMapping}"`);
    // the set-password links of new officers go to PUBLIC_URL: this command has no request to take an address from
    let onAdded: ((added: AddedRow[]) => Promise<void>) | undefined;
    if (args.kind === 'officers' && !args.dryRun) {
      if (config.PUBLIC_URL) {
        const log = { info: (o: object, m?: string) => console.log(m ?? '', JSON.stringify(o)), error: (o: object, m?: string) => console.error(m ?? '', o) } as unknown as FastifyBaseLogger;
        const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log });
        const links = { db: database.db, mailer, now: () => new Date(), log, origin: config.PUBLIC_URL.replace(/\/+$/, '') };
        onAdded = (added) => mailPasswordLinks(links, request, addedOfficerIds(added));
      } else {
        console.log('PUBLIC_URL is not set: new officers are not mailed a link to set their password (Reset password on the officer form mails a temporary one).');
      }
    }
    const report = await runImport(ctx, {
      kind: args.kind, file: args.file, originalName: path.basename(args.file), mapping, values, dryRun: args.dryRun, errorFile: args.errors, onProgress: progress, onAdded,
    });
    if (tty) process.stderr.write('\n');
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    const c = report.counts;
    console.log(`Columns: ${Object.entries(report.mapping).filter(([, h]) => h).map(([f, h]) => `${h} -> ${f}`).join(', ')}`);
    for (const r of report.refused.slice(0, 50)) console.log(`  line ${r.line}: ${r.issues.map((i) => importIssueText(args.kind, i)).join('; ')}`);
    if (c.refused > 50) console.log(`  … and ${c.refused - 50} more refused rows${args.errors ? ` (all in ${args.errors})` : ' (--errors FILE writes them all)'}`);
    for (const u of report.unknownValues.slice(0, 20)) console.log(`  unknown ${u.field} "${u.value}" in ${u.rows} rows`);
    console.log(`${args.dryRun ? 'Dry run' : 'Imported'}: ${report.rows} rows in ${report.seconds} s (${rate(report.rows, report.seconds)} rows/s): ${c.new} new, ${c.unchanged} unchanged, ${c.changed} changed, ${c.refused} refused.`);
    const figures = { rowsPerSecond: rate(report.rows, report.seconds), rssPeakMb: Math.round(rssPeak / 1048576), rssGrowthMb: Math.round((rssPeak - rssStart) / 1048576) };
    console.log(`IMPORT_RESULT ${JSON.stringify({ kind: report.kind, dryRun: report.dryRun, rows: report.rows, counts: c, seconds: report.seconds, ...figures })}`);
  } finally {
    clearInterval(sampler);
    await database.close();
    await release();
  }
}

main().catch((err: Error & { statusCode?: number }) => fail(err.statusCode ? err.message : `Import failed: ${err.stack ?? err.message}`));
