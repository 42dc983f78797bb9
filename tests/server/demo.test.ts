import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app';
import { readConfig } from '../../server/config';
import { DEMO_OFFICERS, enrolDemoSecondFactor } from '../../server/db/demo';
import { totpCodeAt } from '../../server/auth/secondFactor';
import { call } from './helpers';
import { copyTemplateDatabase } from './pgliteTemplate';

let app: App;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-demo-test-'));
  await copyTemplateDatabase(dataDir);
  // The demo's data is under test here, not two-step sign-in (tests/server/twoFactor.test.ts).
  app = await buildApp(readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECOND_FACTOR_LEVEL: 'off' }), { demoPassword: 'Demo2026', logger: false });
});
afterAll(async () => {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('demo organisation (npm run demo)', () => {
  it('lets every demo login sign straight in with a complete profile at its level', async () => {
    for (const o of DEMO_OFFICERS) {
      const res = await call(app, 'POST', '/api/authenticate', { body: { username: o.login, password: 'Demo2026' } });
      expect(res.status, o.login).toBe(200);
      expect(res.body.user).toMatchObject({ officerId: o.officerId, accessType: { accessTypeId: o.accessTypeId }, profileComplete: true, mustChangePassword: false });
    }
  });

  it('has events and time tickets to look at', async () => {
    const jwt = (await call(app, 'POST', '/api/authenticate', { body: { username: 'officer', password: 'Demo2026' } })).body.jwt;
    const events = await call(app, 'GET', '/api/events/getMultiple', { token: jwt, query: { sinceStartDate: '01/01/1980' } });
    expect(events.status).toBe(200);
    expect(events.body.length).toBeGreaterThan(1);
    const tickets = await call(app, 'GET', '/api/timeTickets/getMultiple', { token: jwt, query: { officerId: '101' } });
    expect(tickets.status).toBe(200);
    expect(tickets.body.length).toBeGreaterThan(0);
  });

  it('looks like a real organisation: many officers, a year of their tickets, filled rosters', async () => {
    const jwt = (await call(app, 'POST', '/api/authenticate', { body: { username: 'auditor', password: 'Demo2026' } })).body.jwt;
    const officers = await call(app, 'GET', '/api/officer/getMultiple', { token: jwt });
    expect(officers.body.length).toBeGreaterThan(50);
    const year = await call(app, 'GET', '/api/timeTickets/getMultiple', { token: jwt, query: { summarizeFlag: 'Y', sinceDate: '01/01/1980', _start: '0', _end: '200' } });
    expect(year.status).toBe(200);
    expect(Number(year.headers['x-total-count'])).toBeGreaterThan(50);
    const generated = year.body.find((row: { hoursWorkedId: number }) => row.hoursWorkedId > 1000); // summary rows: one per officer
    const own = await call(app, 'GET', '/api/timeTickets/getMultiple', { token: jwt, query: { officerId: String(generated.hoursWorkedId), sinceDate: '01/01/1980' } });
    expect(own.body.length).toBeGreaterThan(20);
    const events = await call(app, 'GET', '/api/events/getMultiple', { token: jwt, query: { sinceStartDate: '01/01/1980' } });
    expect(events.body.some((e: { status: string }) => e.status === 'Fully Staffed' || e.status === 'Full')).toBe(true);
  });
  // last: from here on the administrator and auditor are asked for a code
  it('sets up the level 9 and 10 logins with the one printed authenticator key; its codes sign them in', async () => {
    const enrolled = await enrolDemoSecondFactor(app.ctx.db, app.ctx.totpKey, 9, app.ctx.now());
    expect(enrolled?.logins).toEqual(['administrator', 'auditor']);
    for (const login of enrolled!.logins) {
      const res = await call(app, 'POST', '/api/authenticate', { body: { username: login, password: 'Demo2026' } });
      expect(res.body.secondFactor, login).toBe('required');
      // one code per 30-second step and login: each login uses the current step's
      const verified = await call(app, 'POST', '/api/twoFactor/verify', { token: res.body.jwt, body: { code: totpCodeAt(enrolled!.secret, app.ctx.now()) } });
      expect(verified.status, login).toBe(200);
    }
    // the other logins are not asked
    const officer = await call(app, 'POST', '/api/authenticate', { body: { username: 'officer', password: 'Demo2026' } });
    expect(officer.body.secondFactor).toBeNull();
    expect(await enrolDemoSecondFactor(app.ctx.db, app.ctx.totpKey, null, app.ctx.now())).toBeNull();
  });
});
