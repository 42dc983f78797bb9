/**
 * Crash harness: `npm run test:crash [-- --short] [-- --db pglite|postgres] [-- --seed n]`.
 *
 * Starts the real server (server/main.ts --api-only) on a temporary database, writes time tickets
 * and sign-ups from several concurrent clients, and kills the server with SIGKILL at random
 * moments, restarting it at once. At the end every write that was answered 2xx must be there,
 * exactly as sent, every record found must be one that was sent, complete (nothing
 * half-written), and every record must have its audit entry ('create' of that record) and every
 * such entry its record: a write and its entry commit together. Writes cut off by a kill may or
 * may not have landed. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (a throw-away
 * database is created). Prints figures and exits non-zero on any loss or unpaired record or entry.
 * Not a test: it takes a while and prints its figures.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startAppProcess, type AppProcess } from './appProcess';
import { createScratchDatabase } from './scratchDatabase';

const args = process.argv.slice(2);
const SHORT = args.includes('--short');
const dbArg = args.includes('--db') ? args[args.indexOf('--db') + 1] : undefined;
const KILLS = SHORT ? 3 : 12;
const CLIENTS = 4;
const EVENTS = SHORT ? 12 : 40;
const OFFICERS = SHORT ? 8 : 16;
const ADMIN_PASSWORD = 'Crash12345';
const NEW_PASSWORD = 'Crash67890';

let seed = Number(args.includes('--seed') ? args[args.indexOf('--seed') + 1] : Date.now() % 100000);
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const hhmm = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

interface Sent {
  kind: 'ticket' | 'signup';
  key: string;
  body: Record<string, unknown>;
  acked: boolean;
}

async function api(base: () => string, method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base()}${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, total: Number(res.headers.get('x-total-count') ?? 0), json: (text ? JSON.parse(text) : null) as any };
}

async function runOn(kind: 'pglite' | 'postgres'): Promise<boolean> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-crash-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'rollcall_crash');
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_PASSWORD, JWT_SECRET: randomBytes(32).toString('hex'), ORG_TIMEZONE: 'UTC', AUTH_RATE_LIMIT: '100000', REDIS_URL: undefined };
  let server: AppProcess = await startAppProcess(env);
  const base = () => server.url;
  const restarts: number[] = [];
  try {
    // The super user's first sign-in may only change the password.
    let res = await api(base, 'POST', '/api/authenticate', null, { username: 'admin', password: ADMIN_PASSWORD });
    let token = (res.json as { jwt: string }).jwt;
    await api(base, 'PUT', '/api/password/update', token, { login: 'admin', oldPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD, verifyPassword: NEW_PASSWORD });
    await api(base, 'PUT', '/api/updateLastLoginDate/1', token);
    res = await api(base, 'POST', '/api/authenticate', null, { username: 'admin', password: NEW_PASSWORD });
    token = (res.json as { jwt: string }).jwt;
    const loc = await api(base, 'POST', '/api/locations/insert', token, {
      name: 'Crash Hall', address: '1 Main St', city: 'Mineola', state: { stateId: 33 }, zip: '11501', precinct: { precinctId: 1 },
    });
    const locationId = (loc.json as { locationId: number }).locationId;
    const officers: number[] = [];
    for (let i = 0; i < OFFICERS; i++) {
      const id = 500 + i;
      const r = await api(base, 'POST', '/api/officer/insert', token, {
        officerId: id, login: `crash${id}`, password: 'Welcome123', passwordExpireInterval: 90, firstName: 'Casey', middle: '', lastName: `Crash${String.fromCharCode(65 + i)}`,
        precinct: { precinctId: 1 }, appointmentDate: '01/01/2020', separationDate: '', rank: { rankId: 9 }, homeStreetAddr1: '1 Elm St', homeCity: 'Hempstead',
        homeState: { stateId: 33 }, homeZip: '11550', homePhone: '516-555-0100', mobile: '516-555-0101', homeEmail: `c${id}@example.org`, deptEmail: `c${id}@aux.example.org`,
        accessType: { accessTypeId: 1 }, badgeNumber: id, handcuffNumber: id, soundex: 'C123',
      });
      if (r.status !== 201) throw new Error(`officer insert ${r.status} ${JSON.stringify(r.json)}`);
      officers.push(id);
    }
    const events: number[] = [];
    const future = new Date(Date.now() + 30 * 86_400_000);
    for (let i = 0; i < EVENTS; i++) {
      const d = new Date(Date.UTC(future.getUTCFullYear(), future.getUTCMonth(), future.getUTCDate() + i));
      const r = await api(base, 'POST', '/api/events/insert', token, {
        eventName: `Crash detail ${i}`, eventType: { eventTypeId: 1 }, location: { locationId }, startDate: day(d), startTime: '08:00', endDate: day(d), endTime: '12:00',
        maxOfficers: 1000, incentiveHours: 0, description: 'Crash harness event',
      });
      if (r.status !== 201) throw new Error(`event insert ${r.status} ${JSON.stringify(r.json)}`);
      events.push((r.json as { eventId: number }).eventId);
    }

    // Work to do: tickets of the super user in 1-hour slots 2 hours apart, in the past year; every (event, officer) sign-up.
    const sent: Sent[] = [];
    const start0 = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 300 * 86_400_000;
    let ticketSlot = 0;
    const pairs = events.flatMap((e) => officers.map((o) => [e, o] as const));
    let pairIndex = 0;
    const nextWrite = (): Sent | null => {
      if (random() < 0.5 && pairIndex < pairs.length) {
        const [eventId, officerId] = pairs[pairIndex++];
        return { kind: 'signup', key: `${eventId}/${officerId}`, body: { event: { eventId }, officer: { officerId } }, acked: false };
      }
      const s = new Date(start0 + ticketSlot++ * 2 * 3600_000);
      const e = new Date(s.getTime() + 3600_000);
      const description = `Crash ticket ${ticketSlot} ${randomBytes(4).toString('hex')}`;
      return {
        kind: 'ticket',
        key: `${day(s)} ${hhmm(s)}`,
        body: {
          officer: { officerId: 1 }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, event: { eventId: 0 },
          startDate: day(s), startTime: hhmm(s), endDate: day(e), endTime: hhmm(e), travelHours: 0, description, parkingCitations: ticketSlot % 7,
          firs: 0, warnings: 0, arrests: 0, arrestAssists: 0, reports: 0, pedestrianEdu: 0, businessChecks: 0,
        },
        acked: false,
      };
    };

    let kills = 0;
    let stop = false;
    let down = false;
    const client = async () => {
      while (!stop) {
        if (down) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const w = nextWrite();
        if (!w) break;
        sent.push(w);
        try {
          const r = await api(base, 'POST', w.kind === 'ticket' ? '/api/timeTickets/insert' : '/api/signup/insert', token, w.body);
          if (r.status === 201) w.acked = true;
          else if (r.status >= 500) throw new Error(`5xx answer ${r.status} ${JSON.stringify(r.json)}`);
        } catch (err) {
          if ((err as Error).message.startsWith('5xx')) throw err;
          // Connection cut by the kill: the write may or may not have landed.
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    while (kills < KILLS) {
      await new Promise((r) => setTimeout(r, 300 + random() * 1500));
      down = true;
      await server.kill();
      kills++;
      const t0 = Date.now();
      server = await startAppProcess(env);
      restarts.push(Date.now() - t0);
      down = false;
    }
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await Promise.all(clients);

    // Check: every acked write present and complete; every record present is one that was sent, complete.
    const problems: string[] = [];
    const tickets: Array<Record<string, unknown>> = [];
    for (let startAt = 0; ; startAt += 200) {
      const r = await api(base, 'GET', `/api/timeTickets/getMultiple?officerId=1&_sort=startDate&_order=ASC&_start=${startAt}&_end=${startAt + 200}`, token);
      const page = r.json as unknown as Array<Record<string, unknown>>;
      tickets.push(...page);
      if (page.length < 200) break;
    }
    const byKey = new Map(tickets.map((t) => [`${t.startDate} ${t.startTime}`, t]));
    const sentTickets = new Map(sent.filter((s) => s.kind === 'ticket').map((s) => [s.key, s]));
    for (const s of sentTickets.values()) {
      const found = byKey.get(s.key);
      if (s.acked && !found) problems.push(`acknowledged ticket ${s.key} is missing`);
    }
    for (const [key, t] of byKey) {
      const s = sentTickets.get(key);
      if (!s) {
        problems.push(`ticket ${key} was never sent`);
        continue;
      }
      for (const field of ['description', 'endDate', 'endTime', 'parkingCitations', 'hoursWorked'] as const) {
        const want = field === 'hoursWorked' ? 1 : s.body[field];
        if (t[field] !== want) problems.push(`ticket ${key}: ${field} is ${JSON.stringify(t[field])}, sent ${JSON.stringify(want)}`);
      }
    }
    const signups = new Set<string>();
    for (const eventId of events) {
      const r = await api(base, 'GET', `/api/signup/getMultiple?eventId=${eventId}`, token);
      for (const row of r.json as unknown as Array<{ eventSignupId: { eventId: number; officerId: number } }>) signups.add(`${row.eventSignupId.eventId}/${row.eventSignupId.officerId}`);
    }
    const sentSignups = new Map(sent.filter((s) => s.kind === 'signup').map((s) => [s.key, s]));
    for (const s of sentSignups.values()) if (s.acked && !signups.has(s.key)) problems.push(`acknowledged sign-up ${s.key} is missing`);
    for (const key of signups) if (!sentSignups.has(key)) problems.push(`sign-up ${key} was never sent`);
    const allPresent = problems.length === 0;
    // Each record is written in one transaction with its audit entry: a kill anywhere leaves both
    // or neither. A record without its 'create' entry, or an entry without its record, fails.
    const createEntries = async (entity: string) => {
      const ids = new Set<string>();
      for (let startAt = 0; ; startAt += 200) {
        const r = await api(base, 'GET', `/api/auditLog/getMultiple?entity=${entity}&action=create&_sort=at&_order=ASC&_start=${startAt}&_end=${startAt + 200}`, token);
        const page = r.json as unknown as Array<{ entityId: string | null }>;
        for (const e of page) if (e.entityId) ids.add(e.entityId);
        if (page.length < 200) break;
      }
      return ids;
    };
    const ticketEntries = await createEntries('ticket');
    const signupEntries = await createEntries('signup');
    const ticketIds = new Set(tickets.map((t) => String(t.hoursWorkedId)));
    const unaudited = [...ticketIds].filter((id) => !ticketEntries.has(id)).length + [...signups].filter((key) => !signupEntries.has(key)).length;
    const orphanEntries = [...ticketEntries].filter((id) => !ticketIds.has(id)).length + [...signupEntries].filter((key) => !signups.has(key)).length;
    if (unaudited) problems.push(`${unaudited} records without their audit entry`);
    if (orphanEntries) problems.push(`${orphanEntries} audit entries without their record`);
    const acked = sent.filter((s) => s.acked).length;
    const cut = sent.filter((s) => !s.acked);
    const landedAnyway = cut.filter((s) => (s.kind === 'ticket' ? byKey.has(s.key) : signups.has(s.key))).length;
    restarts.sort((a, b) => a - b);
    console.log(
      `[${kind}] ${kills} SIGKILLs, ${sent.length} writes sent (${acked} acknowledged, all present: ${allPresent ? 'yes' : 'NO'}; ` +
        `${cut.length} cut off by a kill or refused, ${landedAnyway} of them landed whole), ${tickets.length} tickets and ${signups.size} sign-ups in the database; ` +
        `${unaudited} records without their audit entry, ${orphanEntries} entries without their record; restart to serving after a kill: median ${restarts[Math.floor(restarts.length / 2)]} ms, max ${restarts.at(-1)} ms`,
    );
    for (const p of problems.slice(0, 20)) console.log(`  PROBLEM ${p}`);
    return problems.length === 0;
  } finally {
    await server.stop().catch(() => {});
    await drop().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const kinds: Array<'pglite' | 'postgres'> = dbArg ? [dbArg as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
  console.log(`crash harness: ${SHORT ? 'short' : 'full'} mode, seed ${seed}, ${kinds.join(' and ')}`);
  let ok = true;
  for (const kind of kinds) ok = (await runOn(kind)) && ok;
  process.exit(ok ? 0 : 1);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
