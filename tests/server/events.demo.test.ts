import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { seedDemoEvents } from '../../server/db/demoEvents';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: new Date('2030-05-15T12:00:00Z') });
  await createOfficer(t.app, { officerId: 105, accessTypeId: 5 });
  await createOfficer(t.app, { officerId: 109, accessTypeId: 9 });
});
afterAll(() => t.close());

describe('demo events', () => {
  it('seeds locations, events of every type and sign-ups, once', async () => {
    await seedDemoEvents(t.app.ctx.db, t.clock.now(), t.app.ctx.config.ORG_TIMEZONE);
    await seedDemoEvents(t.app.ctx.db, t.clock.now(), t.app.ctx.config.ORG_TIMEZONE);
    const token = await tokenFor(t.app, 109);
    const locations = await call(t.app, 'GET', '/api/locations/getMultiple', { token });
    expect(locations.body).toHaveLength(3);
    const events = await call(t.app, 'GET', '/api/events/getMultiple', { token, query: { sinceStartDate: '01/01/2030' } });
    expect(events.status).toBe(200);
    const rows = events.body.slice(1);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((e: { eventType: { eventTypeId: number } }) => e.eventType.eventTypeId))).toEqual(new Set([1, 4, 9, 11]));
    expect(rows.find((e: { eventName: string }) => e.eventName === '<b>Memorial Day Parade</b>').status).toBe('Fully Staffed');
  });
});
