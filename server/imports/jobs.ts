/**
 * Imports run in the background by the server (table import_job, decision 026): POST
 * /api/import/{kind}/run starts one and answers at once; the import goes on in this process,
 * writing its progress to its row after each batch and a heartbeat every
 * IMPORT_HEARTBEAT_SECONDS, and stores its report and error file when done. One runs at a time
 * (checked here and by the table's partial unique index). A job whose process is gone is marked
 * 'failed' with rc.imports.errors.jobInterrupted: at start-up (the embedded database: every
 * running job, its one process being this one; PostgreSQL: those whose heartbeat is older than
 * IMPORT_STALE_MINUTES, as another server may be running them) and before a new one starts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import * as s from '../db/schema';
import { HttpError, conflict, notFound, pgErrorCode } from '../errors';
import { format, rc } from '../../src/domain/messages';
import { IMPORT_HEARTBEAT_SECONDS, IMPORT_STALE_MINUTES } from '../../src/domain/constants';
import type { ImportKind } from '../../src/domain/imports';
import type { ImportJob, ImportReportAnswer } from '../../src/domain/schemas/imports';
import { prepareImport, type ImportOptions, type ImportProgress } from './run';
import type { ImportContext } from './types';

type JobRow = typeof s.importJob.$inferSelect;

const jobColumns = {
  id: s.importJob.id,
  kind: s.importJob.kind,
  fileName: s.importJob.fileName,
  status: s.importJob.status,
  rows: s.importJob.rows,
  countNew: s.importJob.countNew,
  countUnchanged: s.importJob.countUnchanged,
  countChanged: s.importJob.countChanged,
  countRefused: s.importJob.countRefused,
  bytesRead: s.importJob.bytesRead,
  bytesTotal: s.importJob.bytesTotal,
  error: s.importJob.error,
  startedAt: s.importJob.startedAt,
  finishedAt: s.importJob.finishedAt,
  startedBy: s.importJob.startedBy,
  hasErrorFile: sql<boolean>`${s.importJob.errorFile} is not null and ${s.importJob.countRefused} > 0`,
  name: sql<string>`coalesce(${s.officer.lastName} || ', ' || ${s.officer.firstName}, '')`,
};
type JobListRow = Pick<JobRow, 'id' | 'kind' | 'fileName' | 'status' | 'rows' | 'countNew' | 'countUnchanged' | 'countChanged' | 'countRefused' | 'bytesRead' | 'bytesTotal' | 'error' | 'startedAt' | 'finishedAt' | 'startedBy'> & {
  hasErrorFile: boolean;
  name: string;
};

function view(r: JobListRow, report: unknown = null): ImportJob {
  return {
    id: r.id,
    kind: r.kind as ImportKind,
    fileName: r.fileName,
    status: r.status as ImportJob['status'],
    rows: r.rows,
    counts: { new: r.countNew, unchanged: r.countUnchanged, changed: r.countChanged, refused: r.countRefused },
    bytesRead: r.bytesRead,
    bytesTotal: r.bytesTotal,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    startedBy: { officerId: r.startedBy, name: r.name },
    report: (report as ImportReportAnswer | null) ?? null,
    error: r.error,
    hasErrorFile: !!r.hasErrorFile,
  };
}

export interface ImportJobs {
  /**
   * Starts an import in the background: prepares it (the 400s and 404s of a bad file or mapping
   * answer here, before any job exists), claims the one running slot (409
   * rc.imports.errors.jobRunning when another import runs), and returns the job as it starts.
   * `cleanup` (the uploaded file's removal) runs when the job ends, whatever the outcome.
   */
  start(ctx: ImportContext, opts: Omit<ImportOptions, 'dryRun' | 'errorFile' | 'signal' | 'onProgress'>, bytesTotal: number, cleanup: () => Promise<void>): Promise<ImportJob>;
  /** The latest 20 jobs, newest first, without their reports. */
  list(): Promise<ImportJob[]>;
  /** One job with its report; 404 rc.imports.errors.jobNotFound. */
  get(id: number): Promise<ImportJob>;
  /** A finished job's error file (the header row alone when nothing was refused) and kind; 404 rc.imports.errors.jobNotFound when there is no such job or it has none (running or failed). */
  errorFile(id: number): Promise<{ kind: ImportKind; bytes: Buffer }>;
  /** Marks the jobs of processes that are gone 'failed' (see the file's comment). */
  recover(all: boolean): Promise<number>;
  /** Stops this process' running job between two batches and waits until it is marked failed. */
  close(): Promise<void>;
  /** This process' running job's end (tests wait on it). */
  idle(): Promise<void>;
}

/** The import jobs of one server process (`owner` tells its jobs from other processes'). */
export function importJobs(deps: { db: Db; now: () => Date; log: FastifyBaseLogger }): ImportJobs {
  const { db, now, log } = deps;
  const owner = randomUUID();
  let current: { id: number; abort: AbortController; done: Promise<void> } | null = null;

  async function readJob(id: number) {
    const [row] = await db.select(jobColumns).from(s.importJob).leftJoin(s.officer, eq(s.officer.officerId, s.importJob.startedBy)).where(eq(s.importJob.id, id));
    return row;
  }

  async function fail(where: ReturnType<typeof and>, message: string): Promise<number> {
    const rows = await db
      .update(s.importJob)
      .set({ status: 'failed', error: message, finishedAt: now(), updatedAt: now() })
      .where(and(eq(s.importJob.status, 'running'), where))
      .returning({ id: s.importJob.id });
    return rows.length;
  }

  const stale = () => lt(s.importJob.updatedAt, new Date(now().getTime() - IMPORT_STALE_MINUTES * 60_000));

  async function finish(id: number, set: Partial<JobRow>) {
    await db.update(s.importJob).set({ ...set, finishedAt: now(), updatedAt: now() }).where(eq(s.importJob.id, id));
  }

  async function runJob(
    id: number,
    prepared: Awaited<ReturnType<typeof prepareImport>>,
    job: { dir: string; errorPath: string; bytesTotal: number; signal: AbortSignal; cleanup: () => Promise<void> },
  ) {
    const heartbeat = setInterval(() => {
      db.update(s.importJob).set({ updatedAt: now() }).where(eq(s.importJob.id, id)).catch((err: unknown) => log.error({ err }, 'import heartbeat failed'));
    }, IMPORT_HEARTBEAT_SECONDS * 1000);
    heartbeat.unref();
    try {
      const report = await prepared.run();
      const c = report.counts;
      // kept even when nothing was refused: its download is then the header row, as the errors route gives
      const bytes = await fs.readFile(job.errorPath);
      await finish(id, {
        status: 'done',
        rows: report.rows,
        countNew: c.new,
        countUnchanged: c.unchanged,
        countChanged: c.changed,
        countRefused: c.refused,
        bytesRead: job.bytesTotal,
        report,
        errorFile: bytes,
      });
    } catch (err) {
      const message =
        job.signal.aborted ? rc.imports.errors.jobInterrupted : err instanceof HttpError && err.statusCode < 500 ? err.message : rc.errors.internal;
      if (!(err instanceof HttpError)) log.error({ err, job: id }, 'import job failed');
      await finish(id, { status: 'failed', error: message }).catch((e: unknown) => log.error({ err: e, job: id }, 'import job could not be marked failed'));
    } finally {
      clearInterval(heartbeat);
      await fs.rm(job.dir, { recursive: true, force: true });
      await job.cleanup().catch((e: unknown) => log.error({ err: e }, 'import upload cleanup failed'));
    }
  }

  return {
    async start(ctx, opts, bytesTotal, cleanup) {
      if (current) {
        // the job's row reads done a moment before its run has cleaned up: only a running one blocks
        const running = await readJob(current.id);
        if (running?.status === 'running') throw conflict(format(rc.imports.errors.jobRunning, { fileName: running.fileName, name: running.name }));
      }
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-import-job-'));
      const errorPath = path.join(dir, 'errors.csv');
      const abort = new AbortController();
      let id = 0;
      let prepared;
      try {
        const progress = async (p: ImportProgress) => {
          await db
            .update(s.importJob)
            .set({
              rows: p.rows,
              countNew: p.counts.new,
              countUnchanged: p.counts.unchanged,
              countChanged: p.counts.changed,
              countRefused: p.counts.refused,
              bytesRead: Math.min(p.bytesRead, bytesTotal),
              updatedAt: now(),
            })
            .where(eq(s.importJob.id, id));
        };
        prepared = await prepareImport(ctx, { ...opts, dryRun: false, errorFile: errorPath, signal: abort.signal, onProgress: progress });
        // a job another process left behind without a heartbeat does not block this one
        await fail(and(ne(s.importJob.owner, owner), stale()), rc.imports.errors.jobInterrupted);
        const at = now();
        try {
          const [row] = await db
            .insert(s.importJob)
            .values({ kind: opts.kind, fileName: opts.originalName, status: 'running', bytesTotal, startedBy: ctx.actor.officerId, startedAt: at, owner, updatedAt: at })
            .returning({ id: s.importJob.id });
          id = row.id;
        } catch (err) {
          if (pgErrorCode(err) !== '23505') throw err;
          const [running] = await db
            .select(jobColumns)
            .from(s.importJob)
            .leftJoin(s.officer, eq(s.officer.officerId, s.importJob.startedBy))
            .where(eq(s.importJob.status, 'running'));
          throw conflict(format(rc.imports.errors.jobRunning, { fileName: running?.fileName ?? '', name: running?.name ?? '' }));
        }
      } catch (err) {
        prepared?.close();
        await fs.rm(dir, { recursive: true, force: true });
        await cleanup();
        throw err;
      }
      const job = await readJob(id);
      const done = runJob(id, prepared, { dir, errorPath, bytesTotal, signal: abort.signal, cleanup }).finally(() => {
        if (current?.id === id) current = null;
      });
      current = { id, abort, done };
      return view(job!);
    },

    async list() {
      const rows = await db
        .select(jobColumns)
        .from(s.importJob)
        .leftJoin(s.officer, eq(s.officer.officerId, s.importJob.startedBy))
        .orderBy(desc(s.importJob.id))
        .limit(20);
      return rows.map((r) => view(r));
    },

    async get(id) {
      const [row] = await db
        .select({ ...jobColumns, report: s.importJob.report })
        .from(s.importJob)
        .leftJoin(s.officer, eq(s.officer.officerId, s.importJob.startedBy))
        .where(eq(s.importJob.id, id));
      if (!row) throw notFound(rc.imports.errors.jobNotFound);
      return view(row, row.report);
    },

    async errorFile(id) {
      const [row] = await db.select({ kind: s.importJob.kind, bytes: s.importJob.errorFile }).from(s.importJob).where(eq(s.importJob.id, id));
      if (!row?.bytes) throw notFound(rc.imports.errors.jobNotFound);
      return { kind: row.kind as ImportKind, bytes: row.bytes };
    },

    async recover(all) {
      return fail(all ? ne(s.importJob.owner, owner) : and(ne(s.importJob.owner, owner), stale()), rc.imports.errors.jobInterrupted);
    },

    async close() {
      if (!current) return;
      current.abort.abort();
      await current.done;
    },

    async idle() {
      await current?.done;
    },
  };
}
