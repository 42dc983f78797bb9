/**
 * The reminder scheduler: every app process runs one (croner, every REMINDER_TIMING.tickMinutes);
 * each tick performs the runs due at the app's clock (server/reminders/runs.ts, each claimed once
 * across processes) and then sends the mail that is due (send.ts). runReminderTick performs one
 * tick at a given instant, for tests and the bench. See docs/decisions/027-reminders-and-feeds.md.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { App } from '../appType';
import type { Mailer } from '../mail';
import { REMINDER_TIMING, type ReminderKind } from '../../src/domain/reminders';
import { dueRuns } from './slots';
import { performRun, pruneRuns, type RunContext } from './runs';
import { sendDueMail, tickRequest, type SendReport } from './send';
import type { MailFrame } from './templates';

/** What one tick did: each due run (messages written, or null when another process had it) and the mail sent. */
export interface TickReport {
  at: Date;
  runs: Array<{ key: string; kind: ReminderKind; written: number | null; ms: number }>;
  mail: SendReport;
}

/** Options of one tick. */
export interface TickOptions {
  /** The mailer to send with; default the app's (ctx.mailer). */
  mailer?: Mailer;
  /** Only these kinds' runs (default: every due run). */
  kinds?: readonly ReminderKind[];
  /** false: write the messages but send nothing (default true). */
  send?: boolean;
  /** Who claims, stored in reminder_run.claimed_by; default this process and a random id. */
  claimant?: string;
}

const claimants = new WeakMap<object, string>();

/** This app instance's name in reminder_run.claimed_by: host, process id and a random part (two apps in one process differ). */
function claimantOf(app: App): string {
  let id = claimants.get(app);
  if (!id) {
    id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    claimants.set(app, id);
  }
  return id;
}

/** The mail's frame from the app's settings: ORG_NAME and PUBLIC_URL. */
function frameOf(app: App): MailFrame {
  return { orgName: app.ctx.config.ORG_NAME, publicUrl: app.ctx.config.PUBLIC_URL ?? null };
}

/**
 * Runs one reminder tick at instant `at`: every run due then (dueRuns), each performed only if
 * this call claims it; then, unless opts.send is false, every mail due at `at`. Finished runs
 * past RUN_KEEP_DAYS are pruned. Safe to call from any number of processes or concurrently in
 * one. Throws what the database throws (a failed send is recorded, not thrown).
 */
export async function runReminderTick(app: App, at: Date, opts: TickOptions = {}): Promise<TickReport> {
  const frame = frameOf(app);
  const ctx: RunContext = { db: app.ctx.db, tz: app.ctx.config.ORG_TIMEZONE, frame, now: at, claimant: opts.claimant ?? claimantOf(app) };
  const report: TickReport = { at, runs: [], mail: { sent: 0, retrying: 0, failed: 0 } };
  for (const run of dueRuns(at, ctx.tz)) {
    if (opts.kinds && !opts.kinds.includes(run.kind)) continue;
    const t0 = performance.now();
    const written = await performRun(ctx, run);
    report.runs.push({ key: run.key, kind: run.kind, written, ms: performance.now() - t0 });
  }
  await pruneRuns(app.ctx.db, at);
  if (opts.send !== false) {
    // the tick's instant is the clock of everything it writes (sent_at, retries, audit entries), so
    // a tick at a given instant behaves the same whatever the app's clock says meanwhile
    const clock = () => at;
    report.mail = await sendDueMail({ db: app.ctx.db, mailer: opts.mailer ?? app.ctx.mailer, frame, clock, request: tickRequest(clock) }, at);
  }
  return report;
}

/** A running scheduler: stop() ends its timer and waits for a tick in progress. */
export interface ReminderScheduler {
  stop(): Promise<void>;
}

/**
 * Starts this process's scheduler: a croner job every tickMinutes (at :00, :05, ... of the
 * clock) that runs runReminderTick at the app's clock (ctx.now, which tests inject). A tick
 * never overlaps the one before it (croner's protect); a tick's error is logged and the next
 * tick tries again. The timer does not keep the process alive.
 */
export function startReminderScheduler(app: App): ReminderScheduler {
  let running: Promise<void> | null = null;
  const job = new Cron(`*/${REMINDER_TIMING.tickMinutes} * * * *`, { protect: true, unref: true, name: `reminders-${randomUUID()}` }, () => {
    running = runReminderTick(app, app.ctx.now())
      .then((r) => {
        const written = r.runs.reduce((n, x) => n + (x.written ?? 0), 0);
        if (written || r.mail.sent || r.mail.retrying || r.mail.failed) app.log.info({ written, ...r.mail }, 'reminders tick');
      })
      .catch((err: unknown) => app.log.error({ err }, 'reminders tick failed'))
      .finally(() => {
        running = null;
      });
    return running;
  });
  return {
    async stop() {
      job.stop();
      if (running) await running;
    },
  };
}
