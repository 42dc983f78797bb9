import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { OFFICER_HEADERS, csvOf, importCall, officerRow, runImportJob } from './imports.fixtures';
import * as s from '../../server/db/schema';
import { PASSWORD_SETUP_HOURS } from '../../src/domain/constants';
import { rc } from '../../src/domain/messages';

let t: TestApp;
let admin: string;

const file = (rows: Array<Record<string, string>>) => ({ name: 'roster.csv', bytes: Buffer.from(csvOf(OFFICER_HEADERS, rows)) });
const linkOf = (text: string) => /\/secure\/SetPassword\?token=([\w-]+)/.exec(text)?.[1];
const mailTo = (address: string) => t.mail.filter((m) => m.to === address);
const setPassword = (token: string, newPassword = 'Welcome123') => call(t.app, 'PUT', '/api/password/set', { body: { token, newPassword, verifyPassword: newPassword } });

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-04-06T14:00:00Z'), env: { PUBLIC_URL: 'https://rollcall.example.org', AUTH_RATE_LIMIT: '1000' } });
  await createOfficer(t.app, { officerId: 10, accessTypeId: 10, login: 'rosteradmin', lastName: 'Admin' });
  await createOfficer(t.app, { officerId: 9, accessTypeId: 9, login: 'chief', lastName: 'Chief' });
  admin = await tokenFor(t.app, 10);
});
afterAll(() => t.close());

describe('the set-password link of an imported officer', () => {
  it('is mailed to each address of a new officer after the import, and sets his password once', async () => {
    const { job } = await runImportJob(t.app, admin, 'officers', file([officerRow(1)]));
    expect(job.counts.new).toBe(1);
    const [dept] = mailTo('o1001@aux.example.org');
    const [home] = mailTo('o1001@example.org');
    expect(dept.subject).toBe('Roll Call: set your password');
    expect(dept.text).toContain('login imported1001');
    expect(dept.text).toContain(`within ${PASSWORD_SETUP_HOURS} hours`);
    expect(dept.text).toContain('https://rollcall.example.org/secure/SetPassword?token=');
    const token = linkOf(dept.text)!;
    // only the hash is stored
    const stored = await t.app.ctx.db.select().from(s.passwordSetup).where(eq(s.passwordSetup.officerId, 1001));
    expect(stored).toHaveLength(2);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    expect((await call(t.app, 'GET', '/api/password/set', { query: { token } })).body).toEqual({ login: 'imported1001' });
    const weak = await setPassword(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(rc.auth.passwordChange.rule);

    await t.app.ctx.db.update(s.officer).set({ deptEmailConfirmed: false }).where(eq(s.officer.officerId, 1001));
    const done = await setPassword(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password is set. Sign in with it.');
    const signIn = await call(t.app, 'POST', '/api/authenticate', { body: { username: 'imported1001', password: 'Welcome123' } });
    expect(signIn.status).toBe(200);
    const [o] = await t.app.ctx.db.select().from(s.officer).where(eq(s.officer.officerId, 1001));
    expect(o.deptEmailConfirmed).toBe(true);
    const entries = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'password-setup'));
    expect(entries.map((e) => [e.entityId, e.actorId, e.outcome])).toEqual([
      ['1001', 1001, 'failure'],
      ['1001', 1001, 'success'],
    ]);

    // twice: used; and the other address's link is used up with it
    const again = await setPassword(token, 'Other12345');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link to set a password is invalid, already used or expired. Ask the roster administrator for a temporary password.');
    expect((await setPassword(linkOf(home.text)!)).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/password/set', { query: { token } })).status).toBe(400);
  });

  it('expires after its hours, and stops working once a temporary password is issued', async () => {
    await runImportJob(t.app, admin, 'officers', file([officerRow(3), officerRow(4)]));
    const late = linkOf(mailTo('o1003@aux.example.org')[0].text)!;
    const reset = linkOf(mailTo('o1004@aux.example.org')[0].text)!;
    expect((await call(t.app, 'PUT', '/api/officer/resetPassword/1004', { token: admin })).status).toBe(200);
    expect((await setPassword(reset)).status).toBe(400);

    t.clock.advanceMinutes(PASSWORD_SETUP_HOURS * 60 + 1);
    const expired = await setPassword(late);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toContain('invalid, already used or expired');
    // the sessions of before have ended with the hours
    admin = await tokenFor(t.app, 10);
  });

  it('a mail that fails does not fail the import: it is logged and audited', async () => {
    t.failMail(true);
    try {
      const { job } = await runImportJob(t.app, admin, 'officers', file([officerRow(5)]));
      expect(job).toMatchObject({ status: 'done', counts: { new: 1 } });
    } finally {
      t.failMail(false);
    }
    const failures = await t.app.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, '1005'));
    expect(failures.filter((e) => e.action === 'password-setup-link' && e.outcome === 'failure')).toHaveLength(2);
  });

  it('a dry run mails nothing', async () => {
    const before = t.mail.length;
    await importCall(t.app, admin, 'officers', 'dryRun', file([officerRow(6)]));
    expect(t.mail.length).toBe(before);
  });
});

describe('import routes below level 10', () => {
  it('answer 403 to a level-9 officer', async () => {
    const chief = await tokenFor(t.app, 9);
    const calls: Array<[string, 'GET' | 'PUT' | 'DELETE', unknown?]> = [
      ['/api/import/jobs', 'GET'],
      ['/api/import/jobs/1', 'GET'],
      ['/api/import/jobs/1/errors', 'GET'],
      ['/api/import/officers/mappings', 'GET'],
      ['/api/import/officers/mappings/Mine', 'PUT', { mapping: {} }],
      ['/api/import/officers/mappings/Mine', 'DELETE'],
    ];
    for (const [url, method, body] of calls) {
      const res = await call(t.app, method, url, { token: chief, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await importCall(t.app, chief, 'officers', 'run', file([officerRow(7)]))).status).toBe(403);
  });
});
