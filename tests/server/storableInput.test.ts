import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { officerBody } from './officers.fixtures';
import { samplePdf, sendUpload, uploadRecord } from './uploads.fixtures';
import { format, rc } from '../../src/domain/messages';
import * as s from '../../server/db/schema';

/**
 * Values PostgreSQL cannot store as sent get the field-level 400 every other invalid value gets
 * ({ statusCode, error, message, field, issues }), and nothing is stored:
 * - text that is not valid Unicode: a lone surrogate escaped in JSON ("\uD800") or bytes that are
 *   not UTF-8 (they used to be stored as U+FFFD without a word);
 * - NUL (\u0000) inside text;
 * - whole numbers past PostgreSQL's integer (2^31 to 2^53) as counts, ids in the address, in the
 *   query or in a delete list.
 */
let t: TestApp;
let admin: string;
let rosterAdmin: string;
let officer: string;

const TOO_LARGE = format(rc.validation.numberTooLarge, { max: 2147483647 });
const newsRows = async () => JSON.stringify(await t.app.ctx.db.select().from(s.news).orderBy(s.news.newsId));
const uploadCount = async () => (await t.app.ctx.db.select({ id: s.upload.uploadId }).from(s.upload)).length;
const officerCount = async () => (await t.app.ctx.db.select({ id: s.officer.officerId }).from(s.officer)).length;

/** Sends a raw JSON body (a string keeps JSON escapes as sent, a Buffer its bytes). */
const sendRaw = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload: string | Buffer) =>
  call(t.app, method, url, { token, body: payload, headers: { 'content-type': 'application/json' } });

/** The answer is the field-level 400 naming `field` with `message`. */
function expectFieldError(res: Awaited<ReturnType<typeof call>>, field: string, message: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message, field });
  expect(res.body.issues).toEqual([{ field, message }]);
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-11-23T15:00:00Z') });
  await createOfficer(t.app, { officerId: 601, accessTypeId: 9 });
  await createOfficer(t.app, { officerId: 602, accessTypeId: 10 });
  await createOfficer(t.app, { officerId: 603, accessTypeId: 1 });
  admin = await tokenFor(t.app, 601);
  rosterAdmin = await tokenFor(t.app, 602);
  officer = await tokenFor(t.app, 603);
});
afterAll(() => t.close());

describe('text that is not valid Unicode', () => {
  it('a lone surrogate escaped in a news title: 400 naming shortDesc, nothing stored', async () => {
    const before = await newsRows();
    const res = await sendRaw('POST', '/api/news/insert', admin, '{"dateEntered":"11/20/2026","shortDesc":"Holiday \\uD800 deployment","newsText":"Text"}');
    expectFieldError(res, 'shortDesc', rc.validation.invalidText);
    expect(await newsRows()).toBe(before);
  });

  it('a lone low surrogate in an officer name: 400 naming firstName, no officer added', async () => {
    const before = await officerCount();
    const res = await sendRaw('POST', '/api/officer/insert', rosterAdmin, JSON.stringify(officerBody(4100)).replace('"Robin"', '"Rob\\udc00in"'));
    expectFieldError(res, 'firstName', rc.validation.invalidText);
    expect(await officerCount()).toBe(before);
  });

  it('bytes that are not UTF-8 in the news text: 400 naming newsText, nothing stored', async () => {
    const before = await newsRows();
    const body = Buffer.concat([Buffer.from('{"dateEntered":"11/20/2026","shortDesc":"Title","newsText":"Report at '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(' 0800"}')]);
    const res = await sendRaw('POST', '/api/news/insert', admin, body);
    expectFieldError(res, 'newsText', rc.validation.invalidText);
    expect(await newsRows()).toBe(before);
  });

  it('names the dotted path of a nested value', async () => {
    const res = await sendRaw('DELETE', '/api/news/delete', admin, '[{"id":0,"deleteStatus":""},{"id":5,"deleteStatus":"\\uDBFF"}]');
    expectFieldError(res, '1.deleteStatus', rc.validation.invalidText);
  });

  it('keeps valid text: characters beyond the BMP (surrogate pairs) and a U+FFFD sent as UTF-8', async () => {
    const pair = await sendRaw('POST', '/api/news/insert', admin, '{"dateEntered":"11/20/2026","shortDesc":"Parade \\ud83d\\ude00","newsText":"Text"}');
    expect(pair.status, pair.text).toBe(201);
    expect(pair.body.shortDesc).toBe('Parade 😀');
    const replacement = await sendRaw('POST', '/api/news/insert', admin, Buffer.from('{"dateEntered":"11/20/2026","shortDesc":"Parade \uFFFD","newsText":"Text"}', 'utf8'));
    expect(replacement.status, replacement.text).toBe(201);
  });

  it('keeps the JSON parser as it was: an empty body is no body, broken JSON and __proto__ are 400', async () => {
    expect((await sendRaw('PUT', '/api/news/update', admin, '')).body.message).not.toBe(rc.validation.invalidText);
    const broken = await sendRaw('POST', '/api/news/insert', admin, '{"shortDesc":');
    expect(broken.status).toBe(400);
    const poisoned = await sendRaw('POST', '/api/news/insert', admin, '{"__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
  });
});

describe('NUL inside text', () => {
  it('a NUL in a news title: 400 naming shortDesc, nothing stored', async () => {
    const before = await newsRows();
    const res = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: { dateEntered: '11/20/2026', shortDesc: 'Holiday\u0000deployment', newsText: 'Text' } });
    expectFieldError(res, 'shortDesc', rc.validation.nulCharacter);
    expect(await newsRows()).toBe(before);
  });

  it('a NUL in a login in the address: 400 naming login', async () => {
    const res = await call(t.app, 'GET', '/api/officer/isValidLogin/abc%00def');
    expectFieldError(res, 'login', rc.validation.nulCharacter);
  });
});

describe('whole numbers past PostgreSQL integer (2^31 to 2^53)', () => {
  it.each([2 ** 31, 2 ** 32, 2 ** 53 - 1])('%s as a path id: 400 naming id (news, upload, officer)', async (n) => {
    for (const url of [`/api/news/getSingle/${n}`, `/api/uploads/getSingle/${n}`, `/api/officer/getSingle/${n}`, `/api/events/getSingle/${n}`]) {
      expectFieldError(await call(t.app, 'GET', url, { token: rosterAdmin }), 'id', TOO_LARGE);
    }
  });

  it('the largest integer is looked up (404), not refused', async () => {
    expect((await call(t.app, 'GET', '/api/news/getSingle/2147483647', { token: admin })).status).toBe(404);
  });

  it('as a query id: 400 naming the parameter', async () => {
    expectFieldError(await call(t.app, 'GET', '/api/timeTickets/getMultiple', { token: admin, query: { officerId: '2147483648' } }), 'officerId', TOO_LARGE);
    expectFieldError(await call(t.app, 'GET', '/api/events/getMultiple', { token: admin, query: { precinctId: '4294967296' } }), 'precinctId', TOO_LARGE);
    expectFieldError(await call(t.app, 'GET', '/api/signup/getMultiple', { token: admin, query: { eventId: '9007199254740991' } }), 'eventId', TOO_LARGE);
    expectFieldError(await call(t.app, 'GET', '/api/uploads/getMultiple', { token: admin, query: { officerId: '2147483648' } }), 'officerId', TOO_LARGE);
  });

  it('in a delete list: 400 naming the row, nothing removed', async () => {
    const before = await newsRows();
    const res = await call(t.app, 'DELETE', '/api/news/delete', { token: admin, body: [{ id: 0, deleteStatus: '' }, { id: 2 ** 31, deleteStatus: 'Y' }] });
    expectFieldError(res, '1.id', TOO_LARGE);
    expect(await newsRows()).toBe(before);
  });

  it('as a count or a reference in a body: 400 naming it', async () => {
    const ticket = { officer: { officerId: 603 }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, startDate: '11/20/2026', startTime: '08:00', endDate: '11/20/2026', endTime: '12:00', parkingCitations: 2 ** 40 };
    expectFieldError(await call(t.app, 'POST', '/api/timeTickets/insert', { token: officer, body: ticket }), 'parkingCitations', TOO_LARGE);
    expectFieldError(await call(t.app, 'POST', '/api/signup/insert', { token: officer, body: { event: { eventId: 2 ** 31 }, officer: { officerId: 603 } } }), 'event.eventId', TOO_LARGE);
  });

  it('below the smallest integer: 400 naming it', async () => {
    const res = await call(t.app, 'POST', '/api/news/insert', { token: admin, body: { newsId: -(2 ** 31) - 1, dateEntered: '11/20/2026', shortDesc: 'T', newsText: 'Text' } });
    expectFieldError(res, 'newsId', format(rc.validation.numberTooSmall, { min: -2147483648 }));
  });
});

describe("an upload's jsonBodyData part is held to the same rules", () => {
  it('a NUL in the description: 400 naming description, nothing stored', async () => {
    const before = await uploadCount();
    const res = await sendUpload(t.app, admin, 'POST', uploadRecord({ description: 'Board\u0000notice' }), { filename: 'notice.pdf', data: samplePdf() });
    expectFieldError(res, 'description', rc.validation.nulCharacter);
    expect(await uploadCount()).toBe(before);
  });

  it('an uploadId past the largest integer: 400 naming uploadId', async () => {
    const res = await sendUpload(t.app, admin, 'PUT', { ...uploadRecord(), uploadId: 2 ** 31 }, undefined, { asField: true });
    expectFieldError(res, 'uploadId', TOO_LARGE);
  });
});
