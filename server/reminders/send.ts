/**
 * Sending the reminders' mail. Due rows (mail_status 'pending', next_attempt_at <= now) are
 * claimed by moving their next_attempt_at a lease ahead in one UPDATE over a
 * SELECT ... FOR UPDATE SKIP LOCKED, so two processes never claim the same row; each is then
 * sent and marked 'sent' (a batch at a time), or its attempt counted and its next try put off by
 * REMINDER_TIMING.retryMinutes ('failed' after the last). Each outcome and its audit entry
 * (server/audit.ts) are written in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/repositories/losap';
import type { Mailer } from '../mail';
import { audit, type AuditRequest } from '../audit';
import { REMINDER_TIMING, type ReminderKind } from '../../src/domain/reminders';
import { format, rc } from '../../src/domain/messages';
import { mailText, type MailFrame } from './templates';

/** How far ahead a claimed row's next_attempt_at moves: longer than any send takes; a crash mid-send retries after it. */
export const SEND_LEASE_MINUTES = 10;
/** Rows claimed at a time. */
const CLAIM_BATCH = 100;
/** Mails in flight at once. */
const PARALLEL_SENDS = 4;
/** Longest error text kept on the row and in the audit log. */
const ERROR_MAX = 500;

/** What sending needs: the database, the mailer, the mail's frame, the app's clock and the audit entries' request. */
export interface SendContext {
  db: Db;
  mailer: Mailer;
  frame: MailFrame;
  /** The clock of the pass (the tick's instant): when each mail was sent or failed, and when it is tried again. */
  clock: () => Date;
  /** The audit entries' request: a tick id, no signed-in officer, the app's clock. */
  request: AuditRequest;
}

/** Counts of one sending pass. */
export interface SendReport {
  sent: number;
  /** Failed attempts that will be tried again. */
  retrying: number;
  /** Failed attempts that were the last ('failed'). */
  failed: number;
}

interface ClaimedMail {
  id: number;
  kind: ReminderKind;
  officerId: number;
  to: string;
  title: string;
  body: string;
  html: string;
  link: string;
  attempts: number;
}

/** Claims up to CLAIM_BATCH due mails at `now` (safe across processes; PGlite and PostgreSQL alike). */
export async function claimDueMail(db: Db, now: Date): Promise<ClaimedMail[]> {
  const lease = new Date(now.getTime() + SEND_LEASE_MINUTES * 60_000);
  return rowsOf<ClaimedMail>(
    db,
    sql`update reminder_message set next_attempt_at = ${lease.toISOString()}::timestamptz
      where id in (select id from reminder_message
        where mail_status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id limit ${CLAIM_BATCH} for update skip locked)
        and mail_status = 'pending'
      returning id, kind, officer_id as "officerId", email_to as "to", title, body, html, link, attempts`,
  );
}

/**
 * Marks claimed mails sent, with one audit entry each (what went to whom), in one transaction: one
 * UPDATE and one audit INSERT for the whole batch, whatever its size.
 */
async function markSent(ctx: SendContext, mails: ClaimedMail[]): Promise<void> {
  if (!mails.length) return;
  const at = ctx.clock();
  const ids = `{${mails.map((m) => m.id).join(',')}}`;
  await ctx.db.transaction(async (tx) => {
    const done = await rowsOf<{ id: number }>(
      tx as unknown as Db,
      sql`update reminder_message set mail_status = 'sent', sent_at = ${at.toISOString()}::timestamptz, attempts = attempts + 1,
          next_attempt_at = null, last_error = null
        where id = any(${ids}::int[]) and mail_status = 'pending' returning id`,
    );
    const marked = new Set(done.map((d) => Number(d.id)));
    const events = mails
      .filter((m) => marked.has(m.id))
      .map((m) => ({
        action: 'reminder-mail',
        entity: 'reminder',
        entityId: m.id,
        actorId: null,
        after: { kind: m.kind, officerId: m.officerId, to: m.to, subject: m.title, attempt: m.attempts + 1 },
        details: format(rc.reminders.audit.sent, { kind: m.kind, officerId: m.officerId, to: m.to, subject: m.title }),
      }));
    if (events.length) await audit(tx, ctx.request, events);
  });
}

/**
 * Counts a failed attempt with its error and audit entry, in one transaction: the next try after
 * retryMinutes[attempts - 1] minutes, or 'failed' when every retry is used. Returns whether it gave up.
 */
async function markFailed(ctx: SendContext, m: ClaimedMail, err: unknown): Promise<boolean> {
  const at = ctx.clock();
  const attempt = m.attempts + 1;
  const waits = REMINDER_TIMING.retryMinutes;
  const giveUp = attempt > waits.length;
  const next = giveUp ? null : new Date(at.getTime() + waits[attempt - 1] * 60_000);
  const error = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
  await ctx.db.transaction(async (tx) => {
    const done = await rowsOf<{ id: number }>(
      tx as unknown as Db,
      sql`update reminder_message set attempts = ${attempt}, last_error = ${error},
          mail_status = ${giveUp ? 'failed' : 'pending'}, next_attempt_at = ${next ? next.toISOString() : null}::timestamptz
        where id = ${m.id} and mail_status = 'pending' returning id`,
    );
    if (!done.length) return;
    await audit(tx, ctx.request, {
      action: 'reminder-mail',
      entity: 'reminder',
      entityId: m.id,
      actorId: null,
      outcome: 'failure',
      after: { kind: m.kind, officerId: m.officerId, to: m.to, subject: m.title, attempt, nextAttemptAt: next?.toISOString() ?? null },
      details: format(giveUp ? rc.reminders.audit.gaveUp : rc.reminders.audit.failed, { kind: m.kind, officerId: m.officerId, to: m.to, attempt, error }),
    });
  });
  return giveUp;
}

/**
 * Sends every mail due at `now`: claims a batch, sends it (a few at once), marks each sent or
 * failed, and claims again until nothing is due. A claimed row is put a lease ahead first, so a
 * pass ends even when sends fail. Never throws for a failed send (it is recorded); throws what
 * the database throws.
 */
export async function sendDueMail(ctx: SendContext, now: Date): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const batch = await claimDueMail(ctx.db, now);
    if (!batch.length) return report;
    let next = 0;
    const sent: ClaimedMail[] = [];
    const worker = async () => {
      while (next < batch.length) {
        const m = batch[next++];
        try {
          await ctx.mailer.send({ to: m.to, subject: m.title, text: mailText(m.kind, m.body, m.link, ctx.frame), html: m.html });
          sent.push(m);
        } catch (err) {
          if (await markFailed(ctx, m, err)) report.failed++;
          else report.retrying++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, batch.length) }, worker));
    // the batch's sent mails are marked together (a crash before this resends them after the lease)
    await markSent(ctx, sent);
    report.sent += sent.length;
  }
}

/** An audit request for one tick's entries: its own id, nobody signed in, the app's clock. */
export function tickRequest(clock: () => Date): AuditRequest {
  return { id: `reminders-${randomUUID()}`, actor: null, server: { ctx: { now: clock } } };
}
