import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fingerprint as dbFingerprint } from './dbFingerprint';
import { startTestApp, call, createOfficer, tokenFor, type TestApp } from './helpers';
import { addEvent, addLocation } from './events.fixtures';
import { add159, addPatrolTicket } from './officers.fixtures';

/**
 * Hostile input, property-based (fast-check, seeded). Every route of the OpenAPI
 * document gets generated malformed, oversized, wrong-typed and unknown-field bodies, query
 * strings and path ids, as each access level and without a session: among them text with lone
 * surrogates or NUL, bodies whose bytes are not UTF-8, whole numbers from 2^31 to 2^53 (past
 * PostgreSQL's integer) and multipart bodies cut off or garbled, on every multipart call too. The
 * answer is never a 5xx, and when it is an error (4xx) the database is exactly as before. Left out of the comparison:
 * `session` (every request touches its last activity), `login_attempt` (a failed sign-in is
 * counted on purpose) and `audit_log` (refusals are recorded on purpose).
 */
/** 8 runs per route in CI (440 requests); HOSTILE_RUNS and HOSTILE_SEED explore further by hand. */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS) || 8;
const SEED = Number(process.env.HOSTILE_SEED) || 20261125;
const TABLES = ['officer', 'event', 'event_signup', 'hours_worked', 'location', 'news', 'upload', 'upload_signoff'];

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  queryNames: string[];
  pathNames: string[];
  bodyNames: string[];
  /** The call reads a multipart/form-data body (upload insert and update). */
  multipart: boolean;
}

let t: TestApp;
let operations: Operation[] = [];
/** Who sends: the super user, levels 1, 3, 5, 9, 10, nobody (a fresh session each time: a generated logout or password change ends one). */
const senders: Array<number | undefined> = [1, 100, 101, 102, 103, 104, undefined];
const figures = { inputs: 0, errors: 0, successes: 0, byStatus: {} as Record<number, number> };

const fingerprint = () => dbFingerprint(t.app, TABLES);

/** Whole numbers past PostgreSQL's integer that JavaScript still holds exactly: 2^31 to 2^53. */
const pastInt4 = fc.bigInt({ min: 2n ** 31n, max: 2n ** 53n }).map((n) => Number(n));
/** One half of a surrogate pair standing alone: not a character, not encodable as UTF-8. */
const loneSurrogate = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF');
/** Text with a lone surrogate or a NUL somewhere inside. */
const brokenText = fc
  .tuple(fc.string({ maxLength: 10 }), fc.oneof(loneSurrogate, fc.constant('\u0000')), fc.string({ maxLength: 10 }))
  .map(([a, b, c]) => a + b + c);
/** Byte sequences that are not UTF-8: a stray continuation, overlong forms, an encoded surrogate, a cut-off sequence, 0xFF. */
const invalidUtf8 = fc.constantFrom([0xff], [0x80], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80]);

/** Hostile scalar values: wrong types, edge numbers, injection and control text, dates the wrong way round. */
const hostileScalar = fc.oneof(
  fc.constantFrom(
    null, true, false, 0, -1, 1, 2147483648, -2147483649, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2,
    '', ' ', '0', '-1', '1e309', 'NaN', 'Infinity', 'null', 'undefined', 'true', '[]', '{}',
    "1' OR '1'='1", "1; drop table officer;--", "'); select pg_sleep(0);--", '$1', '%00', '\u0000', '\u202Eevil', '../../../etc/passwd',
    '<script>alert(1)</script>', '13/45/2026', '02/30/2026', '2026-01-01', '25:00', '12:07', 'Y', 'N', 'last_name,first_name', 'officer_id',
    '__proto__', 'constructor', '\uD800', '😀'.repeat(50),
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  pastInt4,
  pastInt4.map((n) => -n),
  brokenText,
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, hostileScalar, tie('array'), tie('object'), fc.constant('x'.repeat(70_000))),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', 'officerId', 'eventId')), tie('value'), { maxKeys: 4 }),
})).value;

const BOUNDARY = 'hostileBoundary42';

/** A multipart body of a jsonBodyData part holding `json` and a PDF `file` part. */
const multipartOf = (json: string, filename = 'x\u202Efdp.exe') =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="jsonBodyData"\r\n\r\n${json}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n${'%'.repeat(600)}\n%%EOF\r\n--${BOUNDARY}--\r\n`,
  );

/**
 * A multipart body cut off at some byte, without a boundary in its Content-Type, or framed by a
 * boundary other than the one its Content-Type names, or garbage under a right Content-Type.
 */
const brokenMultipart = fc.record({
  // A whole upload that would be stored (a 159 as an update of upload 1 or a new one), or hostile JSON.
  json: fc.oneof(
    fc.constant(JSON.stringify({ uploadId: 1, uploadType: { uploadTypeId: 1 }, dateEntered: '03/30/2026', description: 'Board notice' })),
    hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  ),
  cut: fc.double({ min: 0, max: 1, noNaN: true }),
  how: fc.constantFrom('cut', 'cut', 'noBoundary', 'otherBoundary', 'garbage'),
  garbage: fc.uint8Array({ minLength: 1, maxLength: 400 }),
}).map(({ json, cut, how, garbage }) => {
  const whole = multipartOf(json, 'notice.pdf');
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  if (how === 'noBoundary') return { kind: 'raw' as const, type: 'multipart/form-data', payload: whole };
  if (how === 'otherBoundary') return { kind: 'raw' as const, type: 'multipart/form-data; boundary=notTheOneUsed', payload: whole };
  if (how === 'garbage') return { kind: 'raw' as const, type, payload: Buffer.from(garbage) };
  return { kind: 'raw' as const, type, payload: whole.subarray(0, Math.floor(cut * (whole.length - 1))) };
});

/** A JSON body whose bytes are not UTF-8: an invalid sequence inside a string value (or a key) of an object over the call's fields. */
function invalidUtf8Body(op: Operation) {
  const known = op.bodyNames.length ? fc.constantFrom(...op.bodyNames) : fc.constant('unknownField');
  return fc.record({ name: known, bytes: invalidUtf8, inKey: fc.boolean(), inArray: fc.boolean() }).map(({ name, bytes, inKey, inArray }) => {
    const bad = Buffer.concat([Buffer.from('ok'), Buffer.from(bytes), Buffer.from('ok')]);
    const object = inKey ? [Buffer.from('{"'), bad, Buffer.from('":"x"}')] : [Buffer.from(`{"${name}":"`), bad, Buffer.from('"}')];
    const parts = inArray ? [Buffer.from('['), ...object, Buffer.from(']')] : object;
    return { kind: 'raw' as const, type: 'application/json', payload: Buffer.concat(parts) };
  });
}

/** A request body for an operation: an object over its own field names and unknown ones, or any JSON, or not JSON at all. */
function bodyFor(op: Operation) {
  const known = op.bodyNames.length ? fc.constantFrom(...op.bodyNames) : fc.constant('unknownField');
  const objectBody = fc.dictionary(fc.oneof(known, known, fc.string({ maxLength: 10 }), fc.constant('__proto__')), hostileValue, { maxKeys: 8 });
  return fc.oneof(
    objectBody.map((b) => ({ kind: 'json' as const, payload: JSON.stringify(b) })),
    fc.array(fc.oneof(objectBody, hostileValue), { maxLength: 3 }).map((b) => ({ kind: 'json' as const, payload: JSON.stringify(b) })),
    hostileValue.map((b) => ({ kind: 'json' as const, payload: JSON.stringify(b) ?? 'null' })),
    fc.constantFrom('{', '{"a":', '[1,2', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', 'null', '"text"', ' ').map((p) => ({ kind: 'json' as const, payload: p })),
    fc.constant({ kind: 'json' as const, payload: JSON.stringify({ pad: 'y'.repeat(1_200_000) }) }),
    fc.string({ maxLength: 50 }).map((p) => ({ kind: 'text' as const, payload: p })),
    hostileValue.map((v) => ({ kind: 'multipart' as const, payload: JSON.stringify(v) ?? 'null' })),
    brokenMultipart,
    invalidUtf8Body(op),
    fc.constant({ kind: 'none' as const, payload: '' }),
    // A body type no call reads (415 in the shared shape, declared by every call with a body).
    fc.constant({ kind: 'xml' as const, payload: '<login>admin</login>' }),
  );
}

function queryFor(op: Operation) {
  const names = fc.oneof(op.queryNames.length ? fc.constantFrom(...op.queryNames) : fc.constant('x'), fc.constantFrom('_sort', '_order', '_start', '_end', 'officerId'), fc.string({ maxLength: 8 }));
  return fc.dictionary(names, fc.oneof(hostileScalar.map((v) => String(v)), pastInt4.map(String), fc.constant('z'.repeat(5000))), { maxKeys: 5 });
}

const pathValue = fc.oneof(
  fc.constantFrom('0', '-1', '1', '2', '999999999999999999999', '1.5', '1e3', 'abc', "1' or '1'='1", '%00', 'a%00b', '%ED%A0%80', '%FF', '..%2F..%2Fetc', '%E2%80%AE', 'admin', 'x'.repeat(300)),
  fc.integer({ min: -5, max: 5000 }).map(String),
  pastInt4.map(String),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s) || 'empty'),
);

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-31T16:00:00Z'), env: { AUTH_RATE_LIMIT: '100000' } });
  const levels = [1, 3, 5, 9, 10];
  for (const [i, level] of levels.entries()) await createOfficer(t.app, { officerId: 100 + i, accessTypeId: level });
  const admin = await tokenFor(t.app, 103);
  const loc = await addLocation(t.app, admin);
  const ev = await addEvent(t.app, admin, loc, { startDate: '04/10/2026', endDate: '04/10/2026' });
  await call(t.app, 'POST', '/api/signup/insert', { token: await tokenFor(t.app, 100), body: { event: { eventId: ev }, officer: { officerId: 100 } } });
  await addPatrolTicket(t.app, 100, { day: '2026-03-20' });
  await add159(t.app, '2026-03-01');
  await call(t.app, 'POST', '/api/news/insert', { token: admin, body: { dateEntered: '03/30/2026', shortDesc: 'News', newsText: 'Text' } });
  const doc = (await call(t.app, 'GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: object; items?: { properties?: object } } }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        pathNames: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        bodyNames: Object.keys(schema?.properties ?? schema?.items?.properties ?? {}),
        multipart: !!op.requestBody?.content?.['multipart/form-data'],
      };
    }),
  );
});
afterAll(async () => {
  console.log(
    `hostile input: ${operations.length} routes, ${figures.inputs} generated requests (${figures.errors} answered 4xx with the database unchanged, ${figures.successes} 2xx/3xx), statuses ${JSON.stringify(figures.byStatus)}`,
  );
  await t.close();
});

type Body = { kind: 'json' | 'text' | 'xml' | 'multipart' | 'none'; payload: string } | { kind: 'raw'; type: string; payload: Buffer };

/**
 * Sends one generated request and holds the answer to the rules: never a 5xx; an error answer
 * (4xx) leaves the database exactly as before and, when JSON, has the shared error shape.
 */
async function sendHostile(op: Operation, pathValues: string[], query: Record<string, string>, body: Body, sender: number | undefined) {
  let url = op.path;
  op.pathNames.forEach((name, i) => (url = url.replace(`{${name}}`, pathValues[i])));
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (body.kind === 'raw') {
    headers['content-type'] = body.type;
    payload = body.payload;
  } else if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = body.payload;
  } else if (body.kind === 'text') {
    headers['content-type'] = 'text/plain';
    payload = body.payload;
  } else if (body.kind === 'xml') {
    headers['content-type'] = 'application/xml';
    payload = body.payload;
  } else if (body.kind === 'multipart') {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    payload = multipartOf(body.payload);
  }
  const token = sender === undefined ? undefined : await tokenFor(t.app, sender);
  const before = await fingerprint();
  const res = await t.app.inject({
    method: op.method,
    url,
    query,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload !== undefined && op.method !== 'GET' ? { payload } : {}),
  });
  figures.inputs++;
  figures.byStatus[res.statusCode] = (figures.byStatus[res.statusCode] ?? 0) + 1;
  const what = `${op.method} ${url} ${JSON.stringify(query).slice(0, 200)} body ${JSON.stringify(String(payload ?? '').slice(0, 200))} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    figures.errors++;
    expect(await fingerprint(), `database changed by an error answer: ${what}`).toBe(before);
    if (res.headers['content-type']?.toString().includes('json')) {
      expect(JSON.parse(res.body), what).toMatchObject({ statusCode: res.statusCode, error: expect.any(String), message: expect.any(String) });
    }
  } else {
    figures.successes++;
  }
}

describe('hostile input never gets a 5xx or a half-written record', () => {
  it('walks the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((op) => op.multipart).length).toBeGreaterThan(0);
  });

  it('every route, as every level and without a session', { timeout: 600_000 }, async () => {
    for (const [index, op] of operations.entries()) {
      const request = fc.record({
        who: fc.integer({ min: 0, max: senders.length - 1 }),
        pathValues: fc.array(pathValue, { minLength: op.pathNames.length, maxLength: op.pathNames.length }),
        query: queryFor(op),
        body: bodyFor(op),
      });
      await fc.assert(
        fc.asyncProperty(request, (r) => sendHostile(op, r.pathValues, r.query, r.body, senders[r.who])),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + index, endOnFailure: true },
      );
    }
  });

  it('every multipart route, sent broken multipart bodies by an officer allowed to upload (level 9)', { timeout: 300_000 }, async () => {
    for (const [index, op] of operations.filter((o) => o.multipart).entries()) {
      await fc.assert(
        fc.asyncProperty(brokenMultipart, (body) => sendHostile(op, op.pathNames.map(() => '1'), {}, body, 103)),
        { numRuns: RUNS_PER_ROUTE * 3, seed: SEED + 1000 + index, endOnFailure: true },
      );
    }
  });
});
