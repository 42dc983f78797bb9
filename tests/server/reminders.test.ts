import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { scheduledJobs } from 'croner';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { readConfig } from '../../server/config';
import { createMailer, type Mailer } from '../../server/mail';
import * as s from '../../server/db/schema';
import { runReminderTick, startReminderScheduler } from '../../server/reminders';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratchDatabase';
import { ACCESS } from '../../src/domain/constants';
import { createOfficer, startTestApp, type TestApp } from './helpers';

/**
 * Reminders as officers meet them: each notice and mail once however many ticks find it due,
 * none for an officer who turned the kind off, for a separated officer, or (for the 159 and
 * missing-hours reminders) level 3 and the exempt accounts; a notice without a mail for an officer
 * without an address; a mail the server refused once is sent on the retry, once. The clock is
 * injected; the scheduler is not started (runReminderTick performs a tick at a given instant).
 */

/** Saturday 11/28/2026 07:00 in America/New_York. */
const NOW = new Date('2026-11-28T12:00:00Z');

async function addLocation(app: App, precinctId: number): Promise<number> {
  const [l] = await app.ctx.db
    .insert(s.location)
    .values({ name: `Post ${precinctId}`, address: '1 Main St', city: 'Mineola', stateId: 1, zip: '11501', precinctId })
    .returning();
  return l.locationId;
}

async function addEvent(app: App, o: { name: string; start: string; hours?: number; typeId: number; locationId: number; max?: number }): Promise<number> {
  const start = new Date(o.start);
  const [e] = await app.ctx.db
    .insert(s.event)
    .values({
      eventName: o.name,
      startAt: start,
      endAt: new Date(start.getTime() + (o.hours ?? 4) * 3_600_000),
      eventTypeId: o.typeId,
      locationId: o.locationId,
      maxOfficers: o.max ?? 5,
      description: 'Reminder test',
    })
    .returning();
  return e.eventId;
}

const signUp = (app: App, eventId: number, officerIds: number[]) =>
  app.ctx.db.insert(s.eventSignup).values(officerIds.map((officerId) => ({ eventId, officerId })));

const messagesOf = (app: App, kind: string) =>
  app.ctx.db.select().from(s.reminderMessage).where(eq(s.reminderMessage.kind, kind)).orderBy(asc(s.reminderMessage.officerId));

/** A mailer that keeps what it sends. */
function memoryMailer(): Mailer & { sent: Array<{ to: string; subject: string; text: string; html?: string }> } {
  const sent: Array<{ to: string; subject: string; text: string; html?: string }> = [];
  return {
    sent,
    async send(msg) {
      sent.push(msg);
      return 'memory';
    },
  };
}

describe('reminders on one app (embedded database, or DATABASE_URL)', () => {
  let t: TestApp;
  let app: App;
  let tomorrow: number;
  beforeAll(async () => {
    t = await startTestApp({ now: NOW, env: { ORG_NAME: 'Auxiliary <Police> & Co', PUBLIC_URL: 'https://rollcall.example.org' } });
    app = t.app;
    await createOfficer(app, { officerId: 101, accessTypeId: ACCESS.OFFICER });
    await createOfficer(app, { officerId: 102, accessTypeId: ACCESS.OFFICER, homeEmail: null, deptEmail: null });
    await createOfficer(app, { officerId: 103, accessTypeId: ACCESS.OFFICER, separationDate: '2026-11-01' });
    await createOfficer(app, { officerId: 104, accessTypeId: ACCESS.OFFICER });
    await createOfficer(app, { officerId: 105, accessTypeId: ACCESS.RESTRICTED });
    await createOfficer(app, { officerId: 3, accessTypeId: ACCESS.OFFICER, login: 'exempt3' });
    await app.ctx.db.insert(s.reminderOptOut).values({ officerId: 104, kind: 'eventTomorrow' });
    const post1 = await addLocation(app, 1);
    tomorrow = await addEvent(app, { name: 'Parade <Main St>', start: '2026-11-29T11:00:00Z', typeId: 4, locationId: post1 });
    await signUp(app, tomorrow, [101, 102, 103, 104, 105]);
    // starts in 25 hours: not yet due
    const later = await addEvent(app, { name: 'Later', start: '2026-11-29T13:00:00Z', typeId: 4, locationId: post1 });
    await signUp(app, later, [101]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the 24-hour reminder once per officer when two ticks run at the same instant', async () => {
    const [a, b] = await Promise.all([
      runReminderTick(app, NOW, { kinds: ['eventTomorrow'], send: false }),
      runReminderTick(app, NOW, { kinds: ['eventTomorrow'], send: false, claimant: 'other-process' }),
    ]);
    // exactly one of the two ticks claimed the run
    expect([a.runs[0].written, b.runs[0].written].filter((n) => n !== null)).toEqual([3]);
    const rows = await messagesOf(app, 'eventTomorrow');
    // 103 is separated and 104 turned the kind off; level 3 (105) is on the roster, so he gets it
    expect(rows.map((r) => [r.officerId, r.mailStatus, r.emailTo])).toEqual([
      [101, 'pending', 'o101@example.org'],
      [102, 'none', null],
      [105, 'pending', 'o105@example.org'],
    ]);
    expect(rows[0].key).toBe(`eventTomorrow:${tomorrow}:101`);
    expect(rows[0].title).toBe('Reminder: Parade <Main St> on 11/29/2026 at 06:00');
    expect(rows[0].link).toBe(`/EventSignupBrowse?eventId=${tomorrow}`);
    // the HTML part escapes the event's name and the organisation's
    expect(rows[0].html).toContain('Parade &lt;Main St&gt;');
    expect(rows[0].html).toContain('Auxiliary &lt;Police&gt; &amp; Co');
    expect(rows[0].html).not.toContain('<Main St>');

    // later ticks (another slot) find nothing new; mails go once
    const mailer = memoryMailer();
    const again = await runReminderTick(app, new Date(NOW.getTime() + 5 * 60_000), { kinds: ['eventTomorrow'], mailer });
    expect(again.runs[0].written).toBe(0);
    expect(again.mail).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(['o101@example.org', 'o105@example.org']);
    const mail = mailer.sent.find((m) => m.to === 'o101@example.org')!;
    expect(mail.text).toContain('https://rollcall.example.org/secure/EventSignupBrowse?eventId=');
    expect(mail.text).toContain('Auxiliary <Police> & Co');
    expect(mail.html).toContain('<a href="https://rollcall.example.org/secure/EventSignupBrowse?eventId=');
    const third = await runReminderTick(app, new Date(NOW.getTime() + 10 * 60_000), { kinds: ['eventTomorrow'], mailer });
    expect(third.mail.sent).toBe(0);
    expect(mailer.sent).toHaveLength(2);
    expect((await messagesOf(app, 'eventTomorrow')).map((r) => r.mailStatus)).toEqual(['sent', 'none', 'sent']);
    // the audit log says what went to whom
    const entries = await app.ctx.db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, 'reminder'), eq(s.auditLog.outcome, 'success')));
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.details).join('\n')).toContain('eventTomorrow to officer 101 <o101@example.org>: Reminder: Parade <Main St>');
  });

  it('leaves level 3 and the exempt accounts out of the 159 digest and the missing-hours note', async () => {
    await app.ctx.db.insert(s.upload).values({
      uploadTypeId: 1, dateEntered: '2026-11-02', description: 'Winter uniform', filename: 'a.pdf', contentType: 'application/pdf', file: Buffer.from('%PDF-'),
    });
    // 101 worked in November; the others did not
    await app.ctx.db.insert(s.hoursWorked).values({
      officerId: 101, assignmentTypeId: 2, precinctId: 1, startAt: new Date('2026-11-10T14:00:00Z'), endAt: new Date('2026-11-10T18:00:00Z'), hoursWorked: 4,
    });
    // the 5th at 09:00 in New York: the monthly runs are due, and the weekly digest
    const at = new Date('2026-12-05T14:00:00Z');
    const tick = await runReminderTick(app, at, { kinds: ['unread159s', 'missingHours'], send: false });
    expect(tick.runs.map((r) => r.key)).toEqual(['unread159s:2026-11-30', 'missingHours:2026-12']);
    const digest = await messagesOf(app, 'unread159s');
    // 103 separated, 105 level 3, 3 and the super user 1 exempt
    expect(digest.map((r) => r.officerId)).toEqual([101, 102, 104]);
    expect(digest[0].title).toBe('You have 1 unread 159(s)');
    expect(digest[0].body).toContain('- 11/02/2026 Winter uniform');
    expect(digest[0].link).toBe('/UploadBrowse?uploadTypeId=1');
    const missing = await messagesOf(app, 'missingHours');
    expect(missing.map((r) => r.officerId)).toEqual([102, 104]);
    expect(missing[0].title).toBe('No time ticket for November 2026');
    // the same slot again writes nothing
    const again = await runReminderTick(app, new Date(at.getTime() + 3_600_000), { kinds: ['unread159s', 'missingHours'], send: false });
    expect(again.runs.map((r) => r.written)).toEqual([null, null]);
  });

  it('tells the supervisors of the precinct about an uncovered detail, else every level 9+', async () => {
    await createOfficer(app, { officerId: 201, accessTypeId: ACCESS.SUPERVISOR, precinctId: 1 });
    await createOfficer(app, { officerId: 202, accessTypeId: ACCESS.SUPERVISOR, precinctId: 2 });
    await createOfficer(app, { officerId: 203, accessTypeId: ACCESS.ADMINISTRATOR, precinctId: 2 });
    const inOne = await addEvent(app, { name: 'Fair', start: '2026-11-30T15:00:00Z', typeId: 1, locationId: await addLocation(app, 1), max: 2 });
    const inFour = await addEvent(app, { name: 'Game', start: '2026-11-30T15:00:00Z', typeId: 1, locationId: await addLocation(app, 4), max: 2 });
    const full = await addEvent(app, { name: 'Full', start: '2026-11-30T15:00:00Z', typeId: 1, locationId: await addLocation(app, 1), max: 1 });
    await signUp(app, full, [101]);
    await runReminderTick(app, NOW, { kinds: ['understaffed'], send: false });
    const rows = await messagesOf(app, 'understaffed');
    const byEvent = (id: number) => rows.filter((r) => r.key.startsWith(`understaffed:${id}:`)).map((r) => r.officerId);
    expect(byEvent(inOne)).toEqual([201]);
    // precinct 4 has no supervisor: the level 9+ officers (the super user and 203)
    expect(byEvent(inFour)).toEqual([1, 203]);
    expect(byEvent(full)).toEqual([]);
    expect(rows.find((r) => r.officerId === 201)!.body).toContain('is UNCOVERED: 0 of 2 signed up');
  });

  it('sends the LOSAP pace note once the year has rules, to officers below pace', async () => {
    const at = new Date('2026-12-05T14:00:00Z');
    const before = await runReminderTick(app, at, { kinds: ['losapPace'], send: false });
    expect(before.runs[0].written).toBeNull();
    await app.ctx.db.insert(s.losapYearRules).values({ year: 2026, rule: 'hours', threshold: 4 });
    // pace on 12/05: 4 x 339/365 = 3.72 hours; 101 has 4
    await runReminderTick(app, at, { kinds: ['losapPace'], send: false });
    const rows = await messagesOf(app, 'losapPace');
    expect(rows.map((r) => r.officerId)).not.toContain(101);
    expect(rows.map((r) => r.officerId)).toContain(102);
    expect(rows.find((r) => r.officerId === 102)!.body).toBe('Your LOSAP total for 2026 is 0 hours. To be on pace by today you would have 3.72 of the 4 hours the year needs.');
  });

  it('retries a mail the SMTP server refused, then sends it once', async () => {
    let attempts = 0;
    const received: string[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onMailFrom(_address, _session, done) {
        attempts++;
        if (attempts === 1) {
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return done(err);
        }
        done();
      },
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      // what the earlier tests left pending goes first, elsewhere
      await runReminderTick(app, new Date('2027-01-01T00:00:00Z'), { kinds: [], mailer: memoryMailer() });
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Roll Call <rollcall@localhost>', dataDir: t.config.DATA_DIR, log: app.log });
      await createOfficer(app, { officerId: 301, accessTypeId: ACCESS.OFFICER });
      const ev = await addEvent(app, { name: 'Drill', start: '2026-11-29T10:00:00Z', typeId: 4, locationId: await addLocation(app, 2) });
      await signUp(app, ev, [301]);
      const at = new Date('2026-11-28T12:30:00Z');
      const first = await runReminderTick(app, at, { kinds: ['eventTomorrow'], mailer });
      expect(first.mail).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [row] = await app.ctx.db.select().from(s.reminderMessage).where(eq(s.reminderMessage.key, `eventTomorrow:${ev}:301`));
      expect(row).toMatchObject({ mailStatus: 'pending', attempts: 1 });
      expect(row.lastError).toContain('Try again later');
      expect(row.nextAttemptAt?.toISOString()).toBe('2026-11-28T12:31:00.000Z');
      // not due before its retry time
      expect((await runReminderTick(app, new Date(at.getTime() + 30_000), { kinds: [], mailer })).mail.sent).toBe(0);
      const retry = await runReminderTick(app, new Date(at.getTime() + 5 * 60_000), { kinds: [], mailer });
      expect(retry.mail).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect((await runReminderTick(app, new Date(at.getTime() + 10 * 60_000), { kinds: [], mailer })).mail.sent).toBe(0);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Reminder: Drill on 11/29/2026 at 05:00');
      expect(received[0]).toContain('text/html');
      const log = await app.ctx.db
        .select({ outcome: s.auditLog.outcome, details: s.auditLog.details })
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entity, 'reminder'), sql`${s.auditLog.details} like '%officer 301%'`))
        .orderBy(asc(s.auditLog.auditLogId));
      expect(log.map((l) => l.outcome)).toEqual(['failure', 'success']);
      expect(log[0].details).toContain('attempt 1 failed');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
  it('gives a mail up after the last retry, with each wait of the timing table', async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    await createOfficer(app, { officerId: 302, accessTypeId: ACCESS.OFFICER });
    const ev = await addEvent(app, { name: 'Drill 2', start: '2026-11-29T10:00:00Z', typeId: 4, locationId: await addLocation(app, 2) });
    await signUp(app, ev, [302]);
    const key = `eventTomorrow:${ev}:302`;
    const rowOf = async () => (await app.ctx.db.select().from(s.reminderMessage).where(eq(s.reminderMessage.key, key)))[0];
    let at = new Date('2026-11-28T12:40:00Z');
    await runReminderTick(app, at, { kinds: ['eventTomorrow'], mailer: failing });
    const waits: number[] = [];
    for (;;) {
      const row = await rowOf();
      if (row.mailStatus !== 'pending') break;
      waits.push((row.nextAttemptAt!.getTime() - at.getTime()) / 60_000);
      at = row.nextAttemptAt!;
      await runReminderTick(app, at, { kinds: [], mailer: failing });
    }
    expect(waits).toEqual([1, 5, 30, 120]);
    expect(await rowOf()).toMatchObject({ mailStatus: 'failed', attempts: 5, nextAttemptAt: null });
    const log = await app.ctx.db.select({ details: s.auditLog.details }).from(s.auditLog).where(sql`${s.auditLog.details} like '%officer 302%'`)
      .orderBy(asc(s.auditLog.auditLogId));
    expect(log).toHaveLength(5);
    expect(log.at(-1)!.details).toContain('attempt 5 failed, no more retries');
  });

  it('has a scheduler that ticks every 5 minutes at the app clock and stops', async () => {
    t.clock.set('2026-11-28T09:00:00Z');
    const scheduler = startReminderScheduler(app);
    const job = scheduledJobs.find((j) => j.name?.startsWith('reminders-'));
    expect(job!.nextRun()!.getUTCMinutes() % 5).toBe(0);
    await job!.trigger();
    await scheduler.stop();
    expect(job!.isStopped()).toBe(true);
    // the tick ran at the injected clock's instant
    const runs = await app.ctx.db.select({ key: s.reminderRun.key }).from(s.reminderRun);
    expect(runs.map((r) => r.key)).toContain('eventTomorrow:2026-11-28T09:00Z');
    t.clock.set(NOW.toISOString());
  });
});

const baseDatabaseUrl = process.env.DATABASE_URL;

describe.runIf(!!baseDatabaseUrl)('two app instances on one PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  let dirs: string[] = [];
  let a: App;
  let b: App;
  const mailers = [memoryMailer(), memoryMailer()];
  beforeAll(async () => {
    scratch = await createScratchDatabase(baseDatabaseUrl!, 'rollcall_test');
    dirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-remind-'))));
    const shared = { DATABASE_URL: scratch.url, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'silent' };
    a = await buildApp(readConfig({ ...shared, DATA_DIR: dirs[0] }), { logger: false, now: () => NOW, mailer: mailers[0] });
    b = await buildApp(readConfig({ ...shared, DATA_DIR: dirs[1] }), { logger: false, now: () => NOW, mailer: mailers[1] });
    const ids = Array.from({ length: 20 }, (_, i) => 400 + i);
    for (const officerId of ids) await createOfficer(a, { officerId, accessTypeId: ACCESS.OFFICER });
    const ev = await addEvent(a, { name: 'Parade', start: '2026-11-29T11:00:00Z', typeId: 4, locationId: await addLocation(a, 1), max: 30 });
    await signUp(a, ev, ids);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('writes and mails each 24-hour reminder once when both tick at the same instant', async () => {
    const [ra, rb] = await Promise.all([runReminderTick(a, NOW, { kinds: ['eventTomorrow'] }), runReminderTick(b, NOW, { kinds: ['eventTomorrow'] })]);
    expect([ra.runs[0].written, rb.runs[0].written].filter((n) => n !== null)).toEqual([20]);
    const rows = await messagesOf(a, 'eventTomorrow');
    expect(rows).toHaveLength(20);
    // whichever process sent them, each officer got one mail
    await Promise.all([runReminderTick(a, NOW, { kinds: [] }), runReminderTick(b, NOW, { kinds: [] })]);
    const to = [...mailers[0].sent, ...mailers[1].sent].map((m) => m.to).sort();
    expect(to).toHaveLength(20);
    expect(new Set(to).size).toBe(20);
    expect((await messagesOf(a, 'eventTomorrow')).every((r) => r.mailStatus === 'sent')).toBe(true);
  });
});
