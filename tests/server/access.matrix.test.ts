import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, TEST_PASSWORD, type TestApp } from './helpers';
import { addEvent, addLocation, eventBody, locationBody } from './events.fixtures';
import { ticketBody } from './tickets.fixtures';
import { add159, officerBody } from './officers.fixtures';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as s from '../../server/db/schema';
import { tokenHash } from '../../server/auth/accountMail';
import { feedTokenHash } from '../../server/calendarFeed';
import { yearSpan } from '../../server/db/repositories/losapYearEnd';
import { hashPassword } from '../../server/auth/passwords';
import { SoftAuthenticator } from './softAuthenticator';
import { encryptSecret, issueRecoveryCodes, newTotpSecret, totpCodeAt } from '../../server/auth/secondFactor';
import { ACCESS_MATRIX, INCOMPLETE_PROFILE, SUPER_USER_ACCOUNT, WHO, type Cell, type Who } from './access.matrix';

/**
 * Every cell of the authorisation matrix (tests/server/access.matrix.ts) against the
 * running app. Each level has two officers: the first acts, on his own records and on the second's
 * (the super user acts on a level-10 officer's). 'allow' must answer below 400 (or the route's
 * documented business refusal), 'deny' 403, 'own' and 'others' the one or the other. Every route without a
 * session: 401, unless public.
 */
const PAIRS: Record<Who, [actor: number, other: number]> = {
  L1: [111, 112],
  L3: [131, 132],
  L5: [151, 152],
  L9: [191, 192],
  L10: [211, 212],
  SU: [1, 212],
};
const LEVEL: Record<Who, number> = { L1: 1, L3: 3, L5: 5, L9: 9, L10: 10, SU: 10 };
/**
 * Officers whose profile is incomplete (no drivers licence number on file, a field only the roster
 * administrator fills in, so saving his contact fields leaves it incomplete), at level 1 and 10;
 * each acts on his own records and on a complete officer's of his level.
 */
const INCOMPLETE_PAIRS: Record<string, { level: number; pair: [actor: number, other: number] }> = {
  'L1 incomplete': { level: 1, pair: [121, 112] },
  'L10 incomplete': { level: 10, pair: [221, 212] },
};
const PUBLIC_LOGIN = 'pub';

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Cx {
  actor: number;
  owner: number;
  own: boolean;
}

let t: TestApp;
let admin: () => Promise<string>;
let locationId: number;
let upload159: number;
let trainingEvent: number;
let nextOfficerId = 700;
let ticketSlot = 0;
let eventDay = 0;
const figures = { requests: 0, cells: 0 };

const pad = (n: number) => String(n).padStart(2, '0');
const loginOf = (id: number) => (id === 1 ? 'admin' : `officer${id}`);
const passwordOf = (id: number) => (id === 1 ? 'Admin12345' : TEST_PASSWORD);

/** A 2-hour patrol slot in March 2026 that no other ticket of this suite uses (all inside the 30-day window). */
function nextTicketTimes() {
  const k = ticketSlot++;
  const day = `03/${pad(2 + Math.floor(k / 5))}/2026`;
  const hour = 6 + 3 * (k % 5);
  return { startDate: day, startTime: `${pad(hour)}:00`, endDate: day, endTime: `${pad(hour + 2)}:00` };
}
async function makeTicket(owner: number): Promise<number> {
  const res = await call(t.app, 'POST', '/api/timeTickets/insert', { token: await admin(), body: ticketBody(owner, nextTicketTimes()) });
  if (res.status !== 201) throw new Error(`ticket insert ${res.status} ${res.text}`);
  return res.body.hoursWorkedId;
}
/** An event on a day of its own from April 2026 on (so sign-ups never overlap). */
async function makeEvent(): Promise<number> {
  const d = new Date(Date.UTC(2026, 3, 1 + eventDay++));
  const day = `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
  return addEvent(t.app, await admin(), locationId, { startDate: day, endDate: day });
}
async function makeNews(): Promise<number> {
  const res = await call(t.app, 'POST', '/api/news/insert', { token: await admin(), body: { dateEntered: '03/30/2026', shortDesc: 'Matrix', newsText: 'Text' } });
  if (res.status !== 201) throw new Error(`news insert ${res.status} ${res.text}`);
  return res.body.newsId;
}
async function makeOfficer(): Promise<number> {
  const id = nextOfficerId++;
  await createOfficer(t.app, { officerId: id, accessTypeId: 1 });
  return id;
}
function multipart(json: unknown, file?: { name: string; bytes: Buffer }): { body: Buffer; headers: Record<string, string> } {
  const boundary = 'matrixBoundary7MA4YWxk';
  const parts = [`--${boundary}\r\nContent-Disposition: form-data; name="jsonBodyData"\r\n\r\n${JSON.stringify(json)}\r\n`];
  const chunks: Buffer[] = [Buffer.from(parts[0])];
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** A fresh confirmation link (its token) for the home address of the officer who signs in as PUBLIC_LOGIN. */
async function confirmationToken(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = t.app.ctx.now();
  await t.app.ctx.db.insert(s.emailConfirmation).values({
    tokenHash: tokenHash(token), officerId: 990, field: 'homeEmail', email: 'o990@example.org', createdAt: now, expiresAt: new Date(now.getTime() + 3600_000),
  });
  return token;
}
/**
 * A past year in the year-end state a call needs, written straight before each call (so every
 * cell finds it so, however many cells ran before): no row (open), under review, or certified.
 */
async function yearIn(year: number, state: 'open' | 'review' | 'certified'): Promise<number> {
  const table = s.losapYearState;
  await t.app.ctx.db.delete(table).where(eq(table.year, year));
  if (state === 'open') return year;
  const now = t.app.ctx.now();
  const certified = state === 'certified' ? { certifiedAt: now, certifiedBy: 191 } : {};
  await t.app.ctx.db.insert(table).values({ year, state, ...yearSpan(year, t.config.ORG_TIMEZONE), reviewOpenedAt: now, reviewOpenedBy: 191, ...certified });
  return year;
}
const freshYear = () => yearIn(2010, 'open');
const yearInReview = () => yearIn(2011, 'review');
const certifiedYear = () => yearIn(2012, 'certified');
/** The year every attestation and dispute of the matrix is made in: under review, never certified. */
const REVIEW_YEAR = 2025;
let reviewOpened: Promise<unknown> | null = null;
async function reviewYear(): Promise<number> {
  reviewOpened ??= admin().then((token) => call(t.app, 'POST', '/api/losap/yearEnd/open', { token, body: { year: REVIEW_YEAR } }));
  await reviewOpened;
  return REVIEW_YEAR;
}
/** The review year, with an open dispute of `officerId` in it (written straight, as level 3 cannot dispute). */
async function disputeOf(officerId: number): Promise<number> {
  const year = await reviewYear();
  const dispute = { state: 'disputed', disputedAt: t.app.ctx.now(), comment: 'Matrix', resolvedAt: null, resolvedBy: null, resolution: null };
  await t.app.ctx.db.insert(s.losapAttestation).values({ year, officerId, ...dispute }).onConflictDoUpdate({ target: [s.losapAttestation.year, s.losapAttestation.officerId], set: dispute });
  return year;
}
const sponsorYear = () => yearIn(2013, 'certified');
/** A set-password link of officer 991, usable once (made after his password was set). */
async function passwordSetupToken(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const later = new Date(t.app.ctx.now().getTime() + 24 * 3600_000);
  await t.app.ctx.db.insert(s.passwordSetup).values({
    tokenHash: tokenHash(token), officerId: 991, field: 'homeEmail', email: 'o991@example.org', createdAt: later, expiresAt: new Date(later.getTime() + 3600_000),
  });
  return token;
}
/** Waits until no import runs (one at a time: the next cell's run would be refused 409). */
async function importsIdle(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const running = await t.app.ctx.db.select({ id: s.importJob.id }).from(s.importJob).where(eq(s.importJob.status, 'running'));
    if (!running.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** A finished import job's id (the first one the matrix ran, or one written straight). */
async function importJobId(): Promise<number> {
  await importsIdle();
  const [job] = await t.app.ctx.db.select({ id: s.importJob.id }).from(s.importJob).where(eq(s.importJob.status, 'done')).limit(1);
  if (job) return job.id;
  const now = t.app.ctx.now();
  const [row] = await t.app.ctx.db
    .insert(s.importJob)
    .values({ kind: 'locations', fileName: 'matrix.csv', status: 'done', startedBy: 10, startedAt: now, finishedAt: now, owner: 'matrix', updatedAt: now, errorFile: Buffer.from('Name,Errors\r\n') })
    .returning({ id: s.importJob.id });
  return row.id;
}
/** A one-location CSV for the import calls (the same each time: a second run finds it unchanged). */
const importFile = (action: string): Req => {
  const m = multipart({}, { name: 'locations.csv', bytes: Buffer.from('Name,Address,City,State,Zip,Precinct\r\nMatrix Hall,1 Main St,Mineola,NY,11501,1\r\n') });
  return { method: 'POST', url: `/api/import/locations/${action}`, body: m.body, headers: m.headers };
};
/** A live 'signups' feed token of officer 990 (written straight: only its hash is stored). */
let feedToken: string | null = null;
async function calendarFeedToken(): Promise<string> {
  if (feedToken) return feedToken;
  feedToken = randomBytes(32).toString('base64url');
  await t.app.ctx.db.insert(s.calendarFeed).values({ officerId: 990, scope: 'signups', tokenHash: feedTokenHash(feedToken), createdAt: t.app.ctx.now() });
  return feedToken;
}
/** Gives the officer a 'signups' feed (replacing his), so revoking it answers 204. */
async function feedOf(officerId: number): Promise<void> {
  if (!officerId) return;
  await t.app.ctx.db.delete(s.calendarFeed).where(and(eq(s.calendarFeed.officerId, officerId), eq(s.calendarFeed.scope, 'signups')));
  await t.app.ctx.db.insert(s.calendarFeed).values({ officerId, scope: 'signups', tokenHash: feedTokenHash(randomBytes(32).toString('base64url')), createdAt: t.app.ctx.now() });
}
/**
 * A registration answer for the actor's session, made by a software authenticator against options
 * his own session asked for; when it may not ask (no session, a refused one), a body of the right
 * shape that the call refuses before reading it.
 */
async function passkeyRegistration(actor: number) {
  const start = actor ? await call(t.app, 'POST', '/api/passkeys/registration/options', { token: await tokenFor(t.app, actor) }) : null;
  if (start?.status !== 200) return { challengeId: 'none', name: 'Matrix', response: {} };
  return { challengeId: start.body.challengeId, name: 'Matrix', response: new SoftAuthenticator().register(start.body.options) };
}
/** A passkey of the officer written straight (its key is never used); answers its id. */
async function storedPasskey(officerId: number): Promise<string> {
  const credentialId = randomBytes(16).toString('base64url');
  await t.app.ctx.db.insert(s.passkey).values({ credentialId, officerId, name: 'Matrix', publicKey: 'AA', createdAt: t.app.ctx.now() });
  return credentialId;
}
/** Officer 990's passkey (registered once through the API), signing each sign-in's fresh challenge. */
let publicPasskey: SoftAuthenticator | null = null;
async function passkeySignIn() {
  if (!publicPasskey) {
    publicPasskey = new SoftAuthenticator();
    const start = await call(t.app, 'POST', '/api/passkeys/registration/options', { token: await tokenFor(t.app, 990) });
    const body = { challengeId: start.body.challengeId, name: 'Matrix', response: publicPasskey.register(start.body.options) };
    const added = await call(t.app, 'POST', '/api/passkeys/registration', { token: await tokenFor(t.app, 990), body });
    if (added.status !== 201) throw new Error(`passkey registration ${added.status} ${added.text}`);
  }
  const start = await call(t.app, 'POST', '/api/passkeys/authentication/options');
  return { challengeId: start.body.challengeId, response: publicPasskey.authenticate(start.body.options) };
}
/** Turns the officer's authenticator app off (written straight; 0 is the anonymous call's nobody). */
async function totpOff(officerId: number): Promise<void> {
  if (officerId) await t.app.ctx.db.delete(s.officerTotp).where(eq(s.officerTotp.officerId, officerId));
}
/** Starts an authenticator set-up of the officer (written straight) and returns its current code. */
async function totpWaiting(officerId: number): Promise<string> {
  const secret = newTotpSecret();
  await totpOff(officerId);
  if (officerId) await t.app.ctx.db.insert(s.officerTotp).values({ officerId, secretEnc: encryptSecret(t.app.ctx.totpKey, secret), createdAt: t.app.ctx.now() });
  return totpCodeAt(secret, t.app.ctx.now());
}
/** Turns the officer's authenticator app on with fresh recovery codes (written straight) and returns one of the codes. */
async function totpOn(officerId: number): Promise<string> {
  if (!officerId) return 'aaaaa-aaaaa';
  const now = t.app.ctx.now();
  await totpOff(officerId);
  await t.app.ctx.db.insert(s.officerTotp).values({ officerId, secretEnc: encryptSecret(t.app.ctx.totpKey, newTotpSecret()), createdAt: now, confirmedAt: now });
  const codes = await t.app.ctx.db.transaction((tx) => issueRecoveryCodes(tx, officerId, now));
  return codes[0];
}
const del = (id: number) => [{ id: 0, deleteStatus: '' }, { id, deleteStatus: 'Y' }];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** How each route is called for one cell: the actor acting on the owner's records. */
const REQUESTS: Record<keyof typeof ACCESS_MATRIX, (c: Cx) => Promise<Req>> = {
  'GET /api/health': async () => ({ method: 'GET', url: '/api/health' }),
  'GET /api/config': async () => ({ method: 'GET', url: '/api/config' }),
  'POST /api/authenticate': async () => ({ method: 'POST', url: '/api/authenticate', body: { username: PUBLIC_LOGIN, password: TEST_PASSWORD } }),
  'PUT /api/password/reset': async () => ({ method: 'PUT', url: '/api/password/reset', body: { login: PUBLIC_LOGIN } }),
  'PUT /api/email/confirm': async () => ({ method: 'PUT', url: '/api/email/confirm', body: { token: await confirmationToken() } }),
  'GET /api/officer/isValidLogin/{login}': async () => ({ method: 'GET', url: `/api/officer/isValidLogin/${PUBLIC_LOGIN}` }),
  'GET /api/session': async () => ({ method: 'GET', url: '/api/session' }),
  'POST /api/logout': async () => ({ method: 'POST', url: '/api/logout' }),
  'PUT /api/updateLastLoginDate/{officerId}': async (c) => ({ method: 'PUT', url: `/api/updateLastLoginDate/${c.owner}` }),
  'GET /api/getRoleByUsername/{login}': async (c) => ({ method: 'GET', url: `/api/getRoleByUsername/${loginOf(c.owner)}` }),
  'PUT /api/password/update': async (c) => ({
    method: 'PUT',
    url: '/api/password/update',
    body: { login: loginOf(c.owner), oldPassword: passwordOf(c.owner), newPassword: 'Changed123', verifyPassword: 'Changed123' },
  }),
  'GET /api/getStateTable': async () => ({ method: 'GET', url: '/api/getStateTable' }),
  'GET /api/getPrecinctTable': async () => ({ method: 'GET', url: '/api/getPrecinctTable' }),
  'GET /api/getLookupTable': async () => ({ method: 'GET', url: '/api/getLookupTable', query: { tableName: 'rank', pkName: 'rank_id', displayName: 'description' } }),
  'GET /api/locations/getMultiple': async () => ({ method: 'GET', url: '/api/locations/getMultiple' }),
  'GET /api/locations/getSingle/{id}': async () => ({ method: 'GET', url: `/api/locations/getSingle/${locationId}` }),
  'POST /api/locations/insert': async () => ({ method: 'POST', url: '/api/locations/insert', body: locationBody() }),
  'PUT /api/locations/update': async () => {
    const id = await addLocation(t.app, await admin());
    return { method: 'PUT', url: '/api/locations/update', body: locationBody({ locationId: id, name: 'Renamed' }) };
  },
  'DELETE /api/locations/delete': async () => ({ method: 'DELETE', url: '/api/locations/delete', body: del(await addLocation(t.app, await admin())) }),
  'GET /api/events/getMultiple': async (c) => ({ method: 'GET', url: '/api/events/getMultiple', query: { officerId: String(c.owner) } }),
  'GET /api/events/getSingle/{id}': async () => ({ method: 'GET', url: `/api/events/getSingle/${trainingEvent}` }),
  'POST /api/events/insert': async () => ({ method: 'POST', url: '/api/events/insert', body: eventBody(locationId) }),
  'PUT /api/events/update': async () => {
    const id = await makeEvent();
    return { method: 'PUT', url: '/api/events/update', body: eventBody(locationId, { eventId: id, eventName: 'Renamed' }) };
  },
  'DELETE /api/events/delete': async () => ({ method: 'DELETE', url: '/api/events/delete', body: del(await makeEvent()) }),
  'POST /api/events/getNonCompliantOfficers': async () => ({
    method: 'POST',
    url: '/api/events/getNonCompliantOfficers',
    query: { precinctId: '1' },
    body: [{ eventId: trainingEvent }],
  }),
  'GET /api/signup/getMultiple': async (c) => ({ method: 'GET', url: '/api/signup/getMultiple', query: { officerId: String(c.owner) } }),
  'POST /api/signup/insert': async (c) => ({ method: 'POST', url: '/api/signup/insert', body: { event: { eventId: await makeEvent() }, officer: { officerId: c.owner } } }),
  'DELETE /api/signup/delete': async (c) => {
    const eventId = await makeEvent();
    await t.app.ctx.db.insert(s.eventSignup).values({ eventId, officerId: c.owner });
    return { method: 'DELETE', url: '/api/signup/delete', query: { eventId: String(eventId) }, body: del(c.owner) };
  },
  'GET /api/officer/getMultiple': async () => ({ method: 'GET', url: '/api/officer/getMultiple' }),
  'GET /api/officer/getSingle/{id}': async (c) => ({ method: 'GET', url: `/api/officer/getSingle/${c.owner}` }),
  'POST /api/officer/insert': async () => ({ method: 'POST', url: '/api/officer/insert', body: officerBody(nextOfficerId++) }),
  'PUT /api/officer/update': async (c) => {
    const record = await call(t.app, 'GET', `/api/officer/getSingle/${c.owner}`, { token: await tokenFor(t.app, 211) });
    return { method: 'PUT', url: '/api/officer/update', body: { ...record.body, mobile: '516-555-0199' } };
  },
  'PUT /api/officer/resetPassword/{id}': async (c) => ({ method: 'PUT', url: `/api/officer/resetPassword/${c.owner}` }),
  'DELETE /api/officer/delete': async (c) => ({ method: 'DELETE', url: '/api/officer/delete', body: del(c.own ? c.actor : await makeOfficer()) }),
  'GET /api/timeTickets/getSingle/{id}': async (c) => ({ method: 'GET', url: `/api/timeTickets/getSingle/${await makeTicket(c.owner)}` }),
  'GET /api/timeTickets/getMultiple': async (c) => ({ method: 'GET', url: '/api/timeTickets/getMultiple', query: { officerId: String(c.owner) } }),
  'GET /api/timeTickets/getTotals': async (c) => ({ method: 'GET', url: '/api/timeTickets/getTotals', query: { officerId: String(c.owner) } }),
  'GET /api/timeTickets/getHoursByMonth': async (c) => ({ method: 'GET', url: '/api/timeTickets/getHoursByMonth', query: { officerId: String(c.owner) } }),
  'GET /api/timeTickets/getDuplicateTickets': async (c) => ({
    method: 'GET',
    url: '/api/timeTickets/getDuplicateTickets',
    query: { officerId: String(c.owner), startDate: '03/15/2026', startTime: '08:00', endDate: '03/15/2026', endTime: '10:00' },
  }),
  'POST /api/timeTickets/insert': async (c) => ({ method: 'POST', url: '/api/timeTickets/insert', body: ticketBody(c.owner, nextTicketTimes()) }),
  'PUT /api/timeTickets/update': async (c) => {
    const times = nextTicketTimes();
    const res = await call(t.app, 'POST', '/api/timeTickets/insert', { token: await admin(), body: ticketBody(c.owner, times) });
    return { method: 'PUT', url: '/api/timeTickets/update', body: ticketBody(c.owner, { ...times, hoursWorkedId: res.body.hoursWorkedId, description: 'Corrected' }) };
  },
  'DELETE /api/timeTickets/delete': async (c) => ({ method: 'DELETE', url: '/api/timeTickets/delete', body: del(await makeTicket(c.owner)) }),
  'PUT /api/timeTickets/flagTicket/{id}': async (c) => ({
    method: 'PUT',
    url: `/api/timeTickets/flagTicket/${await makeTicket(c.owner)}`,
    query: { flaggedBy: String(c.actor) },
  }),
  'GET /api/timeTickets/getQueue': async () => ({ method: 'GET', url: '/api/timeTickets/getQueue' }),
  'GET /api/timeTickets/getQueueCount': async () => ({ method: 'GET', url: '/api/timeTickets/getQueueCount' }),
  'PUT /api/timeTickets/review': async (c) => ({
    method: 'PUT',
    url: '/api/timeTickets/review',
    body: { ids: [await makeTicket(c.owner)], decision: 'flag', reason: 'Check the 10-42.' },
  }),
  'GET /api/uploads/getMultiple': async (c) => ({ method: 'GET', url: '/api/uploads/getMultiple', query: { uploadTypeId: '1', officerId: String(c.owner) } }),
  'GET /api/uploads/getSingle/{id}': async (c) => ({ method: 'GET', url: `/api/uploads/getSingle/${upload159}`, query: { officerId: String(c.owner) } }),
  'GET /api/uploads/download/{id}': async (c) => ({ method: 'GET', url: `/api/uploads/download/${upload159}`, query: { officerId: String(c.owner) } }),
  'GET /api/countUnread159s/{officerId}': async (c) => ({ method: 'GET', url: `/api/countUnread159s/${c.owner}` }),
  'PUT /api/uploads/markCheckedAsRead': async (c) => ({
    method: 'PUT',
    url: '/api/uploads/markCheckedAsRead',
    query: { officerId: String(c.owner) },
    body: [{ id: upload159, deleteStatus: 'Y' }],
  }),
  'GET /api/uploads/downloadReport': async (c) => ({ method: 'GET', url: '/api/uploads/downloadReport', query: { officerId: String(c.owner) } }),
  'POST /api/uploads/insert': async () => {
    const m = multipart({ uploadType: { uploadTypeId: 1 }, dateEntered: '03/30/2026', description: 'Matrix 159' }, { name: 'notice.pdf', bytes: PDF });
    return { method: 'POST', url: '/api/uploads/insert', body: m.body, headers: m.headers };
  },
  'PUT /api/uploads/update': async () => {
    const id = await add159(t.app, '2026-03-20');
    const m = multipart({ uploadId: id, uploadType: { uploadTypeId: 1 }, dateEntered: '03/20/2026', description: 'Corrected 159' });
    return { method: 'PUT', url: '/api/uploads/update', body: m.body, headers: m.headers };
  },
  'DELETE /api/uploads/delete': async () => ({ method: 'DELETE', url: '/api/uploads/delete', body: del(await add159(t.app, '2026-03-21')) }),
  'GET /api/news/getMultiple': async () => ({ method: 'GET', url: '/api/news/getMultiple' }),
  'GET /api/news/getSingle/{id}': async () => ({ method: 'GET', url: `/api/news/getSingle/${await makeNews()}` }),
  'POST /api/news/insert': async () => ({ method: 'POST', url: '/api/news/insert', body: { dateEntered: '03/30/2026', shortDesc: 'New', newsText: 'Text' } }),
  'PUT /api/news/update': async () => ({
    method: 'PUT',
    url: '/api/news/update',
    body: { newsId: await makeNews(), dateEntered: '03/30/2026', shortDesc: 'Changed', newsText: 'Changed text' },
  }),
  'DELETE /api/news/delete': async () => ({ method: 'DELETE', url: '/api/news/delete', body: del(await makeNews()) }),
  'GET /api/news/getLatestUnread': async () => ({ method: 'GET', url: '/api/news/getLatestUnread' }),
  'PUT /api/news/markRead/{id}': async () => ({ method: 'PUT', url: `/api/news/markRead/${await makeNews()}` }),
  'GET /api/auditLog/getMultiple': async (c) => ({ method: 'GET', url: '/api/auditLog/getMultiple', query: { actorId: String(c.owner), _start: '0', _end: '25' } }),
  'GET /api/statistics/getStatistics': async () => ({
    method: 'GET',
    url: '/api/statistics/getStatistics',
    query: { assignedPct: '1', sinceDate: '01/01/2026', untilDate: '03/31/2026' },
  }),
  'GET /api/losap/rules': async () => ({ method: 'GET', url: '/api/losap/rules', query: { year: '2026' } }),
  'PUT /api/losap/rules': async () => ({ method: 'PUT', url: '/api/losap/rules', body: { year: 2031, rule: 'hours', threshold: 100, categories: [] } }),
  'GET /api/losap/progress': async (c) => ({ method: 'GET', url: '/api/losap/progress', query: { officerId: String(c.owner), year: '2026' } }),
  'GET /api/losap/progressReport': async () => ({ method: 'GET', url: '/api/losap/progressReport', query: { year: '2026', _sort: 'total', _order: 'DESC', _start: '0', _end: '25' } }),
  'GET /api/losap/statement': async (c) => ({ method: 'GET', url: '/api/losap/statement', query: { officerId: String(c.owner), year: '2026' } }),
  'GET /api/losap/statements': async () => ({ method: 'GET', url: '/api/losap/statements', query: { year: '2026' } }),
  'GET /api/losap/yearEnd': async () => ({ method: 'GET', url: '/api/losap/yearEnd', query: { year: '2025' } }),
  'POST /api/losap/yearEnd/open': async () => ({ method: 'POST', url: '/api/losap/yearEnd/open', body: { year: await freshYear() } }),
  'POST /api/losap/yearEnd/certify': async () => ({ method: 'POST', url: '/api/losap/yearEnd/certify', body: { year: await yearInReview() } }),
  'POST /api/losap/yearEnd/reopen': async () => ({ method: 'POST', url: '/api/losap/yearEnd/reopen', body: { year: await certifiedYear(), reason: 'Matrix' } }),
  'GET /api/losap/review': async () => ({ method: 'GET', url: '/api/losap/review', query: { year: '2025', _start: '0', _end: '25' } }),
  'GET /api/losap/attestation': async (c) => ({ method: 'GET', url: '/api/losap/attestation', query: { officerId: String(c.owner), year: String(REVIEW_YEAR) } }),
  'POST /api/losap/attest': async () => ({ method: 'POST', url: '/api/losap/attest', body: { year: await reviewYear() } }),
  'POST /api/losap/dispute': async () => ({ method: 'POST', url: '/api/losap/dispute', body: { year: await reviewYear(), comment: 'Matrix' } }),
  'POST /api/losap/resolve': async (c) => ({ method: 'POST', url: '/api/losap/resolve', body: { year: await disputeOf(c.owner), officerId: c.owner, comment: 'Matrix' } }),
  'GET /api/losap/exportSponsorFile': async () => ({ method: 'GET', url: '/api/losap/exportSponsorFile', query: { year: String(await sponsorYear()), format: 'xlsx' } }),
  'POST /api/import/{kind}/inspect': async () => importFile('inspect'),
  'POST /api/import/{kind}/dryRun': async () => importFile('dryRun'),
  'POST /api/import/{kind}/run': async () => {
    await importsIdle();
    return importFile('run');
  },
  'POST /api/import/{kind}/errors': async () => importFile('errors'),
  'GET /api/import/{kind}/template': async () => ({ method: 'GET', url: '/api/import/locations/template', query: { format: 'xlsx' } }),
  'GET /api/import/{kind}/mappings': async () => ({ method: 'GET', url: '/api/import/locations/mappings' }),
  'PUT /api/import/{kind}/mappings/{name}': async () => ({ method: 'PUT', url: '/api/import/locations/mappings/Matrix', body: { mapping: { name: 'Name' }, values: {} } }),
  'DELETE /api/import/{kind}/mappings/{name}': async () => {
    const now = t.app.ctx.now();
    await t.app.ctx.db.insert(s.importMapping).values({ kind: 'locations', name: 'Gone', mapping: {}, values: {}, updatedAt: now }).onConflictDoNothing();
    return { method: 'DELETE', url: '/api/import/locations/mappings/Gone' };
  },
  'GET /api/import/jobs': async () => ({ method: 'GET', url: '/api/import/jobs' }),
  'GET /api/import/jobs/{id}': async () => ({ method: 'GET', url: `/api/import/jobs/${await importJobId()}` }),
  'GET /api/import/jobs/{id}/errors': async () => ({ method: 'GET', url: `/api/import/jobs/${await importJobId()}/errors` }),
  'GET /api/events/calendar': async () => ({ method: 'GET', url: '/api/events/calendar', query: { from: '03/01/2026', to: '03/31/2026' } }),
  'GET /api/calendarFeed/{token}': async () => ({ method: 'GET', url: `/api/calendarFeed/${await calendarFeedToken()}` }),
  'GET /api/mySettings': async () => ({ method: 'GET', url: '/api/mySettings' }),
  'PUT /api/mySettings/reminders': async () => ({ method: 'PUT', url: '/api/mySettings/reminders', body: { unread159s: false } }),
  'POST /api/mySettings/feeds': async () => ({ method: 'POST', url: '/api/mySettings/feeds', body: { scope: 'details', precinctId: 1 } }),
  'DELETE /api/mySettings/feeds/{scope}': async (c) => {
    await feedOf(c.actor);
    return { method: 'DELETE', url: '/api/mySettings/feeds/signups' };
  },
  'GET /api/notices': async () => ({ method: 'GET', url: '/api/notices' }),
  'GET /api/twoFactor': async () => ({ method: 'GET', url: '/api/twoFactor' }),
  'POST /api/twoFactor/totp/setup': async (c) => {
    await totpOff(c.actor);
    return { method: 'POST', url: '/api/twoFactor/totp/setup' };
  },
  'POST /api/twoFactor/totp/confirm': async (c) => ({ method: 'POST', url: '/api/twoFactor/totp/confirm', body: { code: await totpWaiting(c.actor) } }),
  'DELETE /api/twoFactor/totp': async (c) => ({ method: 'DELETE', url: '/api/twoFactor/totp', body: { code: await totpOn(c.actor) } }),
  'POST /api/twoFactor/verify': async () => ({ method: 'POST', url: '/api/twoFactor/verify', body: { code: '123456' } }),
  'POST /api/twoFactor/recoveryCodes': async (c) => {
    await totpOn(c.actor);
    return { method: 'POST', url: '/api/twoFactor/recoveryCodes' };
  },
  'POST /api/officers/{officerId}/twoFactor/reset': async (c) => {
    await totpOn(c.owner);
    return { method: 'POST', url: `/api/officers/${c.owner}/twoFactor/reset`, body: { reason: 'Lost his phone' } };
  },
  'PUT /api/notices/read': async () => ({ method: 'PUT', url: '/api/notices/read', body: {} }),
  'GET /api/password/set': async () => ({ method: 'GET', url: '/api/password/set', query: { token: await passwordSetupToken() } }),
  'PUT /api/password/set': async () => ({ method: 'PUT', url: '/api/password/set', body: { token: await passwordSetupToken(), newPassword: 'Welcome123', verifyPassword: 'Welcome123' } }),
  'POST /api/passkeys/registration/options': async () => ({ method: 'POST', url: '/api/passkeys/registration/options' }),
  'POST /api/passkeys/registration': async (c) => ({ method: 'POST', url: '/api/passkeys/registration', body: await passkeyRegistration(c.actor) }),
  'GET /api/passkeys': async () => ({ method: 'GET', url: '/api/passkeys' }),
  'DELETE /api/passkeys/{id}': async (c) => {
    // two of his own, so removing one is never his last factor; one of the other officer's
    const id = await storedPasskey(c.owner);
    if (c.own) await storedPasskey(c.owner);
    return { method: 'DELETE', url: `/api/passkeys/${id}` };
  },
  'POST /api/passkeys/authentication/options': async () => ({ method: 'POST', url: '/api/passkeys/authentication/options' }),
  'POST /api/passkeys/authentication': async () => ({ method: 'POST', url: '/api/passkeys/authentication', body: await passkeySignIn() }),
};

/** Each export is called as its list is, at its own address (the list's query or body, plus format). */
const EXPORTS: Record<string, keyof typeof ACCESS_MATRIX> = {
  'GET /api/timeTickets/export': 'GET /api/timeTickets/getMultiple',
  'GET /api/events/export': 'GET /api/events/getMultiple',
  'GET /api/signup/export': 'GET /api/signup/getMultiple',
  'GET /api/uploads/export': 'GET /api/uploads/getMultiple',
  'GET /api/uploads/exportReport': 'GET /api/uploads/downloadReport',
  'GET /api/officer/export': 'GET /api/officer/getMultiple',
  'GET /api/statistics/export': 'GET /api/statistics/getStatistics',
  'POST /api/events/exportNonCompliantOfficers': 'POST /api/events/getNonCompliantOfficers',
  'GET /api/auditLog/export': 'GET /api/auditLog/getMultiple',
  'GET /api/losap/exportProgressReport': 'GET /api/losap/progressReport',
};
for (const [route, list] of Object.entries(EXPORTS)) {
  REQUESTS[route] = async (c) => {
    const req = await REQUESTS[list](c);
    return { ...req, url: route.split(' ')[1], query: { ...req.query, format: 'xlsx' } };
  };
}

/** Allowed calls answer below 400, except these documented business refusals (route, own record). */
const BUSINESS_REFUSALS: Record<string, (c: Cx) => number | undefined> = {
  // Nobody removes himself: 409 'You cannot remove yourself.' (not an authorisation refusal).
  'DELETE /api/officer/delete': (c) => (c.own ? 409 : undefined),
  // The super user's account is exempt from LOSAP: 403 'Only an active officer of 2025 can attest its record.'
  'POST /api/losap/attest': (c) => (c.actor === 1 ? 403 : undefined),
  'POST /api/losap/dispute': (c) => (c.actor === 1 ? 403 : undefined),
  // Another officer's passkey is not found among his own: 404 'Passkey not found.'
  'DELETE /api/passkeys/{id}': (c) => (c.own ? undefined : 404),
};

async function send(req: Req, token?: string) {
  figures.requests++;
  return call(t.app, req.method, req.url, { token, query: req.query, body: req.body, headers: req.headers });
}

/**
 * The cell of `route` for one kind of user (`who`): `actor` calls it on his own records and on
 * `other`'s. Allowed calls answer below 400 (or the route's documented business refusal), refused
 * ones 403 in the shared error shape; never a 5xx.
 */
async function checkCell(route: string, who: string, [actor, other]: [number, number], cell: Cell) {
  const build = REQUESTS[route];
  for (const own of [true, false]) {
    const c: Cx = { actor, owner: own ? actor : other, own };
    const allowed = cell === 'allow' || (cell === 'own' && own) || (cell === 'others' && !own);
    figures.cells++;
    const res = await send(await build(c), await tokenFor(t.app, actor));
    const label = `${route} as ${who} (officer ${actor}) on ${own ? 'his own' : `officer ${c.owner}'s`} records: ${res.status} ${res.text.slice(0, 160)}`;
    expect(res.status, label).toBeLessThan(500);
    if (allowed) {
      const refusal = BUSINESS_REFUSALS[route]?.(c);
      if (refusal) expect(res.status, label).toBe(refusal);
      else expect(res.status, label).toBeLessThan(400);
    } else {
      expect(res.status, label).toBe(403);
      expect(res.body, label).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
  }
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-31T16:00:00Z'), env: { AUTH_RATE_LIMIT: '100000', FEED_RATE_LIMIT: '100000' } });
  for (const who of WHO) {
    for (const id of PAIRS[who]) {
      // Names without digits, so a roster administrator's save of the record as read passes the §5 rules.
      const lastName = `Matrix${String.fromCharCode(65 + (id % 26))}`;
      if (id !== 1 && !(who === 'SU' && id === 212)) await createOfficer(t.app, { officerId: id, accessTypeId: LEVEL[who], firstName: 'Pat', lastName, appointmentDate: '2020-01-01' });
    }
  }
  for (const { level, pair } of Object.values(INCOMPLETE_PAIRS)) {
    const id = pair[0];
    await createOfficer(t.app, { officerId: id, accessTypeId: level, firstName: 'Pat', lastName: `Partial${String.fromCharCode(65 + (id % 26))}`, appointmentDate: '2020-01-01', soundex: null });
  }
  await createOfficer(t.app, { officerId: 990, accessTypeId: 1, login: PUBLIC_LOGIN });
  await createOfficer(t.app, { officerId: 991, accessTypeId: 1, login: 'setpw', homeEmail: 'o991@example.org' });
  // The super user starts without an e-mail address; with one, Reset password on his own record answers.
  await t.app.ctx.db.update(s.officer).set({ homeEmail: 'chief@aux.example.org' }).where(eq(s.officer.officerId, 1));
  admin = () => tokenFor(t.app, 191);
  locationId = await addLocation(t.app, await admin(), { precinct: { precinctId: 1 } });
  upload159 = await add159(t.app, '2026-03-01');
  trainingEvent = await addEvent(t.app, await admin(), locationId, { eventType: { eventTypeId: 4 }, startDate: '03/10/2026', endDate: '03/10/2026' });
});
afterAll(async () => {
  console.log(
    `authorisation matrix: ${Object.keys(ACCESS_MATRIX).length} routes x ${WHO.length + Object.keys(INCOMPLETE_PAIRS).length} kinds of user (${Object.keys(INCOMPLETE_PAIRS).length} with an incomplete profile), ${figures.cells} cells, ${figures.requests} requests`,
  );
  await t.close();
});

describe('the matrix covers the API', () => {
  it('lists every route and method of the OpenAPI document, and no other', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.filter((k) => !(k in ACCESS_MATRIX)), 'routes missing from tests/server/access.matrix.ts').toEqual([]);
    expect(Object.keys(ACCESS_MATRIX).filter((k) => !documented.includes(k)), 'matrix rows of no route').toEqual([]);
  });
});

describe('every cell against the running app', () => {
  for (const [route, row] of Object.entries(ACCESS_MATRIX)) {
    it(route, { timeout: 120_000 }, async () => {
      const build = REQUESTS[route];
      // Without a session
      const anonymous = await send(await build({ actor: 0, owner: PAIRS.L1[1], own: false }));
      if (row === 'public') expect(anonymous.status, `${route} anonymous`).toBeLessThan(400);
      else expect(anonymous.status, `${route} anonymous`).toBe(401);
      for (const who of WHO) await checkCell(route, who, PAIRS[who], row === 'public' ? 'allow' : row[who]);
    });
  }
});

describe('the incomplete-profile column: his own officer form and nothing else', () => {
  it('signs these officers in with an incomplete profile, and names only matrix routes', async () => {
    for (const { pair } of Object.values(INCOMPLETE_PAIRS)) {
      const res = await call(t.app, 'GET', '/api/session', { token: await tokenFor(t.app, pair[0]) });
      expect(res.body.user, `officer ${pair[0]}`).toMatchObject({ officerId: pair[0], profileComplete: false });
    }
    expect(Object.keys(INCOMPLETE_PROFILE).filter((k) => !(k in ACCESS_MATRIX))).toEqual([]);
  });

  for (const [route, row] of Object.entries(ACCESS_MATRIX)) {
    it(route, { timeout: 120_000 }, async () => {
      const cell = row === 'public' ? 'allow' : (INCOMPLETE_PROFILE[route] ?? 'deny');
      for (const [who, { pair }] of Object.entries(INCOMPLETE_PAIRS)) await checkCell(route, who, pair, cell);
    });
  }

  it('leaves the profile incomplete after every call, so each cell above was his', async () => {
    for (const { pair } of Object.values(INCOMPLETE_PAIRS)) {
      const res = await call(t.app, 'GET', '/api/session', { token: await tokenFor(t.app, pair[0]) });
      expect(res.body.user, `officer ${pair[0]}`).toMatchObject({ profileComplete: false });
    }
  });
});

describe("the super user's account: only he changes his login, e-mail and password", () => {
  /** The change each row names, made to the super user's record as read. */
  const change: Record<string, Record<string, unknown>> = {
    'PUT /api/officer/update login': { login: 'ADMIN' },
    'PUT /api/officer/update homeEmail': { homeEmail: 'other@aux.example.org', currentPassword: passwordOf(1) },
    'PUT /api/officer/update deptEmail': { deptEmail: 'other@aux.example.org', currentPassword: passwordOf(1) },
    'PUT /api/officer/update password': { password: 'Takeover99', verifyPassword: 'Takeover99' },
    'PUT /api/officer/update firstName': { firstName: 'System' },
  };
  beforeAll(async () => {
    // The password-change cells above changed his password: he gives the one he starts with.
    await t.app.ctx.db.update(s.officer).set({ passwordHash: await hashPassword(passwordOf(1)) }).where(eq(s.officer.officerId, 1));
  });
  for (const [row, cells] of Object.entries(SUPER_USER_ACCOUNT)) {
    it(row, async () => {
      for (const [who, actor] of [['L10', PAIRS.L10[0]], ['SU', 1]] as const) {
        const token = await tokenFor(t.app, actor);
        const stored = (await call(t.app, 'GET', '/api/officer/getSingle/1', { token })).body;
        const res = row.startsWith('PUT /api/officer/resetPassword')
          ? await call(t.app, 'PUT', '/api/officer/resetPassword/1', { token })
          : await call(t.app, 'PUT', '/api/officer/update', { token, body: { ...stored, ...change[row] } });
        figures.requests++;
        figures.cells++;
        if (cells[who] === 'deny') expect(res.status, `${row} as ${who}`).toBe(403);
        else expect(res.status, `${row} as ${who}`).toBeLessThan(400);
        // Put the record back as it was, so every row starts from the same super user.
        const back = { ...(await call(t.app, 'GET', '/api/officer/getSingle/1', { token: await tokenFor(t.app, 1) })).body };
        const restored = { login: stored.login, firstName: stored.firstName, homeEmail: stored.homeEmail, deptEmail: stored.deptEmail };
        await call(t.app, 'PUT', '/api/officer/update', { token: await tokenFor(t.app, 1), body: { ...back, ...restored, currentPassword: passwordOf(1) } });
        await t.app.ctx.db.update(s.officer).set({ homeEmailConfirmed: true, deptEmailConfirmed: true }).where(eq(s.officer.officerId, 1));
      }
    });
  }
});
