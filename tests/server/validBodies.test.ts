import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fingerprint as dbFingerprint } from './dbFingerprint';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addLocation, eventBody } from './events.fixtures';
import { officerBody } from './officers.fixtures';
import { ticketBody } from './tickets.fixtures';

/**
 * generated bodies that reach the write paths. fast-check (seeded) builds bodies that
 * keep every rule of the shared zod schemas (dates MM/DD/YYYY inside the edit window, times on the
 * 15-minute step, lengths, ranges) for time tickets, events, sign-ups, officers and news items:
 * each is accepted (201) and reads back equal, or refused with a declared 4xx for a reason
 * outside the body (an overlapping ticket or sign-up: 409). Near-valid bodies (one field broken:
 * a time off the step, an impossible date, an unknown field, a text over its limit, a negative
 * count) are refused with 400 and change nothing. The contract hook of startTestApp checks every
 * answer against the OpenAPI document. Figures are printed at the end.
 */
const RUNS = Number(process.env.VALID_RUNS) || 12;
const SEED = Number(process.env.VALID_SEED) || 20261125;
const TABLES = ['officer', 'event', 'event_signup', 'hours_worked', 'news'];
const OFFICER = 100;
const ADMIN = 103;
const AUDITOR = 104;

let t: TestApp;
let locationId = 0;
const eventIds: number[] = [];
const figures: Record<string, { sent: number; accepted: number; conflicts: number; nearValid: number; refused: number }> = {};
const statuses: Record<number, number> = {};
let requests = 0;

function tally(route: string) {
  return (figures[route] ??= { sent: 0, accepted: 0, conflicts: 0, nearValid: 0, refused: 0 });
}

/** call() that counts requests and statuses for the report. */
async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: Parameters<typeof call>[3]) {
  const res = await call(t.app, method, url, opts);
  requests++;
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  expect(res.status, `${method} ${url}: ${res.text}`).toBeLessThan(500);
  return res;
}

const fingerprint = () => dbFingerprint(t.app, TABLES);

const pad = (n: number) => String(n).padStart(2, '0');
/** A quarter-hour time HH:mm from a count of quarters since midnight. */
const quarter = (q: number) => `${pad(Math.floor(q / 4))}:${pad((q % 4) * 15)}`;
const text = (max: number) => fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,'-]*$/, { maxLength: max }).map((s) => s.trim() || 'X').filter((s) => s.length <= max);
const name = fc.stringMatching(/^[A-Z][a-z]{1,14}$/);
const count = fc.integer({ min: 0, max: 30 });

/** A time ticket of March 2026 (the clock is 03/31/2026 noon in New York): inside the 30-day window, not in the future, one tour of 15 min to 10 h. */
const ticketArb = fc.record({
  day: fc.integer({ min: 2, max: 30 }),
  startQ: fc.integer({ min: 0, max: 48 }),
  lengthQ: fc.integer({ min: 1, max: 40 }),
  travelHours: fc.constantFrom(0, 1),
  precinctId: fc.integer({ min: 1, max: 8 }),
  description: text(200),
  parkingCitations: count,
  warnings: count,
  reports: count,
  businessChecks: count,
}).map((g) => {
  const endQ = Math.min(g.startQ + g.lengthQ, 95);
  const date = `03/${pad(g.day)}/2026`;
  return ticketBody(OFFICER, {
    precinct: { precinctId: g.precinctId },
    startDate: date,
    startTime: quarter(g.startQ),
    endDate: date,
    endTime: quarter(endQ),
    travelHours: g.travelHours,
    description: g.description,
    parkingCitations: g.parkingCitations,
    warnings: g.warnings,
    reports: g.reports,
    businessChecks: g.businessChecks,
  });
});

/** An event in June 2030 of a type that needs one, up to 12 hours, for 1-40 officers. */
const eventArb = fc.record({
  day: fc.integer({ min: 1, max: 30 }),
  startQ: fc.integer({ min: 0, max: 40 }),
  lengthQ: fc.integer({ min: 1, max: 48 }),
  eventTypeId: fc.constantFrom(1, 4, 9, 11),
  eventName: text(100),
  maxOfficers: fc.integer({ min: 1, max: 40 }),
  incentiveHours: fc.integer({ min: 0, max: 8 }),
  description: text(500),
}).map((g) => {
  const date = `06/${pad(g.day)}/2030`;
  return eventBody(locationId, {
    eventName: g.eventName,
    eventType: { eventTypeId: g.eventTypeId },
    startDate: date,
    startTime: quarter(g.startQ),
    endDate: date,
    endTime: quarter(Math.min(g.startQ + g.lengthQ, 95)),
    maxOfficers: g.maxOfficers,
    incentiveHours: g.incentiveHours,
    description: g.description,
  });
});

let nextOfficerId = 5000;
const officerArb = fc.record({ firstName: name, lastName: name, precinctId: fc.integer({ min: 1, max: 8 }), accessTypeId: fc.constantFrom(1, 3, 5, 9, 10) }).map((g) => {
  const id = nextOfficerId++;
  return officerBody(id, { firstName: g.firstName, lastName: g.lastName, precinct: { precinctId: g.precinctId }, accessType: { accessTypeId: g.accessTypeId } });
});

const newsArb = fc.record({ day: fc.integer({ min: 1, max: 30 }), shortDesc: text(200), newsText: text(2000) }).map((g) => ({ dateEntered: `03/${pad(g.day)}/2026`, shortDesc: g.shortDesc, newsText: g.newsText }));

/** One field of a valid body broken so the shared schema refuses it (400). */
function breakOne<T extends Record<string, unknown>>(body: T, breakers: Array<(b: T) => Record<string, unknown>>) {
  return fc.constantFrom(...breakers).map((f) => f(structuredClone(body)));
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-31T16:00:00Z'), env: { ORG_TIMEZONE: 'America/New_York' } });
  for (const [i, level] of [1, 3, 5, 9, 10].entries()) await createOfficer(t.app, { officerId: 100 + i, accessTypeId: level });
  locationId = await addLocation(t.app, await tokenFor(t.app, ADMIN));
});

afterAll(async () => {
  const lines = Object.entries(figures).map(
    ([route, f]) => `  ${route}: ${f.accepted}/${f.sent} valid bodies accepted (${Math.round((100 * f.accepted) / Math.max(1, f.sent))}%), ${f.conflicts} refused 409 (overlap); ${f.refused}/${f.nearValid} near-valid refused 400`,
  );
  console.log(`Valid generated bodies (seed ${SEED}, ${RUNS} runs per route): ${requests} requests, statuses ${JSON.stringify(statuses)}\n${lines.join('\n')}`);
  await t.close();
});

/** Runs a property: the valid body is accepted and reads back equal (or 409), a near-valid one is 400 and changes nothing. */
async function property<T extends Record<string, unknown>>(
  route: string,
  arb: fc.Arbitrary<T>,
  write: (body: T) => Promise<{ status: number; body: Record<string, unknown> }>,
  readBack: (created: Record<string, unknown>, body: T) => Promise<void>,
  breakers: Array<(b: T) => Record<string, unknown>>,
  nearValid: (broken: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>,
) {
  const f = tally(route);
  await fc.assert(
    fc.asyncProperty(arb, async (body) => {
      f.sent++;
      const res = await write(body);
      expect([201, 409], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 409) {
        f.conflicts++;
        return;
      }
      f.accepted++;
      await readBack(res.body, body);
    }),
    { numRuns: RUNS, seed: SEED },
  );
  await fc.assert(
    fc.asyncProperty(arb.chain((b) => breakOne(b, breakers)), async (broken) => {
      f.nearValid++;
      const before = await fingerprint();
      const res = await nearValid(broken);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(await fingerprint()).toBe(before);
      f.refused++;
    }),
    { numRuns: RUNS, seed: SEED + 1 },
  );
}

const offStep = (field: string) => (b: Record<string, unknown>) => ({ ...b, [field]: '08:07' });
const badDate = (field: string) => (b: Record<string, unknown>) => ({ ...b, [field]: '13/45/2026' });
const unknownField = (b: Record<string, unknown>) => ({ ...b, favouriteColour: 'blue' });
const tooLong = (field: string, max: number) => (b: Record<string, unknown>) => ({ ...b, [field]: 'x'.repeat(max + 1) });

describe('generated valid bodies reach the write paths', () => {
  it('time tickets: accepted and read back equal, or 409 for an overlap', async () => {
    const token = await tokenFor(t.app, OFFICER);
    await property(
      'POST /api/timeTickets/insert',
      ticketArb,
      (body) => send('POST', '/api/timeTickets/insert', { token, body }),
      async (created, body) => {
        const read = (await send('GET', `/api/timeTickets/getSingle/${created.hoursWorkedId}`, { token })).body;
        for (const k of ['startDate', 'startTime', 'endDate', 'endTime', 'travelHours', 'description', 'parkingCitations', 'warnings', 'reports', 'businessChecks'] as const) {
          expect(read[k], k).toEqual(body[k]);
        }
        expect(read.precinct.precinctId).toBe((body.precinct as { precinctId: number }).precinctId);
      },
      [offStep('startTime'), badDate('endDate'), unknownField, tooLong('description', 5000), (b) => ({ ...b, warnings: -1 })],
      (body) => send('POST', '/api/timeTickets/insert', { token, body }),
    );
  });

  it('events: accepted and read back equal', async () => {
    const token = await tokenFor(t.app, ADMIN);
    await property(
      'POST /api/events/insert',
      eventArb,
      (body) => send('POST', '/api/events/insert', { token, body }),
      async (created, body) => {
        eventIds.push(created.eventId as number);
        const read = (await send('GET', `/api/events/getSingle/${created.eventId}`, { token })).body;
        for (const k of ['eventName', 'startDate', 'startTime', 'endDate', 'endTime', 'maxOfficers', 'incentiveHours', 'description'] as const) expect(read[k], k).toEqual(body[k]);
        expect(read.eventType.eventTypeId).toBe((body.eventType as { eventTypeId: number }).eventTypeId);
      },
      [offStep('endTime'), badDate('startDate'), unknownField, tooLong('description', 535), (b) => ({ ...b, maxOfficers: -1 })],
      (body) => send('POST', '/api/events/insert', { token, body }),
    );
  });

  it('sign-ups: accepted and on the roster, or 409 for an overlapping event', async () => {
    const token = await tokenFor(t.app, OFFICER);
    expect(eventIds.length).toBeGreaterThan(0);
    await property(
      'POST /api/signup/insert',
      fc.constantFrom(...eventIds).map((eventId) => ({ event: { eventId }, officer: { officerId: OFFICER } })),
      (body) => send('POST', '/api/signup/insert', { token, body }),
      async (_created, body) => {
        const roster = (await send('GET', '/api/signup/getMultiple', { token, query: { eventId: String(body.event.eventId) } })).body as Array<{ officerId?: number; officer?: { officerId: number } }>;
        expect(roster.some((r) => (r.officer?.officerId ?? r.officerId) === OFFICER)).toBe(true);
      },
      [unknownField, (b) => ({ ...b, event: { eventId: 'x' } }), (b) => ({ ...b, officer: {} })],
      (body) => send('POST', '/api/signup/insert', { token, body }),
    );
  });

  it('officers: accepted and read back equal', async () => {
    const token = await tokenFor(t.app, AUDITOR);
    await property(
      'POST /api/officer/insert',
      officerArb,
      (body) => send('POST', '/api/officer/insert', { token, body }),
      async (created, body) => {
        const read = (await send('GET', `/api/officer/getSingle/${created.officerId}`, { token })).body;
        for (const k of ['firstName', 'lastName', 'login', 'appointmentDate', 'homeZip', 'mobile', 'badgeNumber'] as const) expect(read[k], k).toEqual(body[k]);
        expect(read.precinct.precinctId).toBe((body.precinct as { precinctId: number }).precinctId);
        expect(read.accessType.accessTypeId).toBe((body.accessType as { accessTypeId: number }).accessTypeId);
      },
      [badDate('appointmentDate'), unknownField, (b) => ({ ...b, mobile: '5165550121' }), (b) => ({ ...b, badgeNumber: 0 })],
      (body) => send('POST', '/api/officer/insert', { token, body }),
    );
  });

  it('news items: accepted and read back equal', async () => {
    const token = await tokenFor(t.app, ADMIN);
    await property(
      'POST /api/news/insert',
      newsArb,
      (body) => send('POST', '/api/news/insert', { token, body }),
      async (created, body) => {
        const read = (await send('GET', `/api/news/getSingle/${created.newsId}`, { token })).body;
        expect({ dateEntered: read.dateEntered, shortDesc: read.shortDesc, newsText: read.newsText }).toEqual(body);
      },
      [badDate('dateEntered'), unknownField, tooLong('newsText', 2000)],
      (body) => send('POST', '/api/news/insert', { token, body }),
    );
  });
});
