import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { App } from '../../server/app';

/**
 * the API suite holds the server to its OpenAPI document. startTestApp wraps
 * `app.inject` with `checkAgainstDocument`: every answer any test receives is checked against
 * /api/docs/json (its status declared for the operation, its media type declared, its body valid
 * under the declared schema, no body for a 204) with ajv, and a mismatch throws from inject, so the
 * test that saw it fails. Refusals at addresses outside the document under /api must have the
 * shared error shape (a known path with another method: 405). Statuses seen are written to CONTRACT_SEEN_DIR for the listing
 * of declared statuses never seen (tests/server/contractCoverage.ts).
 */

type Json = Record<string, unknown>;
interface ResponseDecl {
  content?: Record<string, { schema?: Json }>;
}
interface OperationDecl {
  responses: Record<string, ResponseDecl>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationDecl>>;
  components?: Json;
}

interface PathEntry {
  path: string;
  pattern: RegExp;
  literal: boolean;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Where each test process writes the (operation, status) pairs it saw. */
export const SEEN_DIR = process.env.CONTRACT_SEEN_DIR ?? path.join(os.tmpdir(), 'rollcall-contract-seen');

/** The shared error body every refusal outside the document must have (spec §8). */
const ERROR_SHAPE = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
  not: { required: ['code'] },
};

/** A compiled view of the document: operations by path pattern and a validator per response. */
export class Contract {
  readonly ajv: Ajv;
  readonly paths: PathEntry[];
  private readonly validators = new Map<string, ValidateFunction>();
  /** `${METHOD} ${path} ${status}` seen in this process. */
  readonly seen = new Set<string>();

  constructor(readonly doc: OpenApiDoc) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat('mm/dd/yyyy', /^(0[1-9]|1[0-2])\/(0[1-9]|[12][0-9]|3[01])\/[0-9]{4}$/);
    this.ajv.addFormat('HH:mm', /^([01][0-9]|2[0-3]):[0-5][0-9]$/);
    this.ajv.addKeyword({ keyword: 'example' });
    this.ajv.addSchema(doc as unknown as Json, 'openapi');
    this.paths = Object.keys(doc.paths).map((p) => ({
      path: p,
      literal: !p.includes('{'),
      pattern: new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }));
  }

  /** The document path an address belongs to (a literal path before a templated one). */
  pathOf(urlPath: string): string | undefined {
    return (this.paths.find((p) => p.literal && p.path === urlPath) ?? this.paths.find((p) => p.pattern.test(urlPath)))?.path;
  }

  private validator(pointer: string): ValidateFunction {
    let v = this.validators.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `openapi#${pointer}` });
      this.validators.set(pointer, v);
    }
    return v;
  }

  /**
   * The mismatches of one answer with the document (empty when it keeps to it).
   * `method` and `url` are the request's; status, content type and body the answer's.
   */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string): string[] {
    const urlPath = url.split('?')[0];
    if (!urlPath.startsWith('/api/') || urlPath.startsWith('/api/docs') || method === 'HEAD' || method === 'OPTIONS') return [];
    const docPath = this.pathOf(urlPath);
    const media = (contentType ?? '').split(';')[0].trim().toLowerCase();
    const operation = docPath ? this.doc.paths[docPath][method.toLowerCase()] : undefined;
    if (!operation) {
      // Outside the document (an unknown address, a wrong method, a test's extra route): every
      // refusal in the shared shape; a known path with another method is 405, 414 or 400.
      if (status < 400) return [];
      const problems: string[] = [];
      if (docPath && ![405, 414, 400].includes(status)) problems.push(`status ${status} for a known path with an undeclared method (expected 405)`);
      problems.push(...this.validateJson(ERROR_SHAPE, media, body));
      return problems;
    }
    const key = `${method} ${docPath} ${status}`;
    this.seen.add(key);
    const declared = operation.responses[String(status)] ?? operation.responses.default;
    if (!declared) return [`status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`];
    if (!declared.content) return body.length ? [`status ${status} declares no content but the answer has ${body.length} bytes`] : [];
    const mediaKey = Object.keys(declared.content).find((k) => k === media || k === '*/*');
    if (!mediaKey) return [`content type '${media}' is not declared for ${status} (declared: ${Object.keys(declared.content).join(', ')})`];
    const pointer = `/paths/${escape(docPath!)}/${method.toLowerCase()}/responses/${status}/content/${escape(mediaKey)}/schema`;
    if (media === 'application/json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return [`${status} body is not JSON`];
      }
      const validate = this.validator(pointer);
      return validate(parsed) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${status} body${e.instancePath} ${e.message} (${JSON.stringify(e.params)})`);
    }
    if (media.startsWith('text/')) {
      const validate = this.validator(pointer);
      return validate(body) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${status} text body ${e.message}`);
    }
    return [];
  }

  private validateJson(schema: Json, media: string, body: string): string[] {
    if (media !== 'application/json') return [`content type '${media}' where the shared JSON error body is expected`];
    try {
      const validate = this.ajv.compile(schema);
      return validate(JSON.parse(body)) ? [] : [`not the shared error body: ${this.ajv.errorsText(validate.errors)}`];
    } catch {
      return ['body is not JSON'];
    }
  }

  /** Every (operation, status) pair the document declares, as `METHOD /path status`. */
  declaredPairs(): string[] {
    return Object.entries(this.doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => Object.keys(op.responses).map((status) => `${method.toUpperCase()} ${p} ${status}`)),
    );
  }

  /** Appends what this process saw, and what the document declares, to the run's directory (one file each per process). */
  flushSeen() {
    if (!this.seen.size) return;
    const dir = process.env.CONTRACT_SEEN_DIR ?? SEEN_DIR;
    fs.mkdirSync(dir, { recursive: true });
    fs.appendFileSync(path.join(dir, `seen-${process.pid}.txt`), [...this.seen].join('\n') + '\n');
    fs.writeFileSync(path.join(dir, `declared-${process.pid}.txt`), this.declaredPairs().join('\n') + '\n');
    this.seen.clear();
  }
}

/** JSON pointer escaping of one segment. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

let contract: Contract | null = null;

/** The document of the app, compiled once per test process (every app serves the same one). */
export async function contractOf(app: App): Promise<Contract> {
  if (!contract) {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    contract = new Contract(JSON.parse(res.body) as OpenApiDoc);
  }
  return contract;
}

/** The text of a body sent with Content-Encoding br, gzip or deflate; undefined when not encoded. */
function decoded(encoding: unknown, raw: Buffer): string | undefined {
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'deflate') return inflateSync(raw).toString();
  return undefined;
}

/**
 * Wraps `app.inject` so every answer is checked against the document (see above); a mismatch
 * throws an Error naming the request, the answer and each mismatch.
 */
export async function checkAgainstDocument(app: App): Promise<Contract> {
  const c = await contractOf(app);
  const inject = app.inject.bind(app) as (opts: unknown, cb?: unknown) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string; rawPayload: Buffer }>;
  const checked = async (opts: unknown) => {
    const res = await inject(opts);
    // A compressed answer (for clients that accept it) is checked as the client reads it.
    const body = decoded(res.headers['content-encoding'], res.rawPayload) ?? res.body ?? '';
    const o = (typeof opts === 'string' ? { url: opts } : (opts ?? {})) as { method?: string; url?: unknown; path?: unknown };
    const url = typeof o.url === 'string' ? o.url : typeof o.path === 'string' ? o.path : undefined;
    if (url) {
      const method = (o.method ?? 'GET').toUpperCase();
      const problems = c.check(method, url, res.statusCode, res.headers['content-type'] as string | undefined, body);
      if (problems.length) {
        throw new Error(`The answer to ${method} ${url.slice(0, 200)} breaks the OpenAPI document:\n  - ${problems.join('\n  - ')}\nbody: ${body.slice(0, 500)}`);
      }
    }
    return res;
  };
  (app as unknown as { inject: unknown }).inject = (opts: unknown, cb?: unknown) => {
    if (opts === undefined || cb !== undefined) return inject(opts, cb);
    return checked(opts);
  };
  return c;
}
