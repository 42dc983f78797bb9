import { format, rc } from '../src/domain/messages';
import { INT4_MAX, INT4_MIN } from '../src/domain/schemas/common';

/**
 * An expected failure with its HTTP status and the message the user sees (spec §5, §8).
 * Routes throw it; the app's error handler answers { statusCode, error, message }.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * SQLSTATE of the certified LOSAP year's lock (triggers of migration 0020): a write into a
 * certified year that no route refused first; answered 409 rc.losap.errors.frozen.
 */
export const LOSAP_LOCK_SQLSTATE = 'RCY01';

/** PostgreSQL error code of a driver error (postgres.js and PGlite both expose `code`), or undefined. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Name of the violated constraint of a driver error, when it has one. */
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const c = (e as { constraint?: unknown; constraint_name?: unknown }).constraint ?? (e as { constraint_name?: unknown }).constraint_name;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A 400 naming one field, answered like a schema failure (server/errorHandler.ts: statusCode,
 * error, message, field as the dotted path, issues). `path` is the value's place in the body,
 * query or address, e.g. ['officer', 'officerId'] or [1, 'id'].
 */
export function fieldError(path: ReadonlyArray<string | number>, message: string): Error {
  return Object.assign(new Error(message), {
    statusCode: 400,
    validation: [{ keyword: 'custom', instancePath: `/${path.join('/')}`, message }],
  });
}

/** UTF-8 bytes as text, and whether they were valid UTF-8 (invalid sequences become U+FFFD in `text`). */
export function decodeUtf8(bytes: Uint8Array): { text: string; valid: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), valid: true };
  } catch {
    return { text: new TextDecoder('utf-8').decode(bytes), valid: false };
  }
}

/** A value PostgreSQL cannot store as sent: where it is and the message naming the problem. */
export interface Unstorable {
  path: Array<string | number>;
  message: string;
}

/** A UTF-16 code unit of a surrogate pair standing alone: no Unicode character, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Surrogate}/u;

function textProblem(text: string, replacementIsBroken: boolean): string | undefined {
  if (LONE_SURROGATE.test(text) || (replacementIsBroken && text.includes('\uFFFD'))) return rc.validation.invalidText;
  if (text.includes('\u0000')) return rc.validation.nulCharacter;
  return undefined;
}

/**
 * The first value, in the order it was sent, of a parsed JSON body (or a query or address) that
 * PostgreSQL cannot store: text with a lone surrogate, with NUL, or (when `replacementIsBroken`:
 * the bytes were not UTF-8 and the decoder put U+FFFD in their place) with U+FFFD; a number past
 * PostgreSQL's integer (INT4_MIN to INT4_MAX; every number the API stores is an integer or a
 * small decimal). Object keys are judged like text. Undefined when everything can be stored.
 * The walk keeps its own stack: JSON nested a million levels deep is parsed by V8, and must not
 * overflow this function's call stack.
 */
export function firstUnstorable(value: unknown, replacementIsBroken = false): Unstorable | undefined {
  interface Frame {
    value: unknown;
    key: string | number | null;
    parent: Frame | null;
  }
  const pathOf = (frame: Frame) => {
    const path: Array<string | number> = [];
    for (let f: Frame | null = frame; f?.parent; f = f.parent) path.push(f.key as string | number);
    return path.reverse();
  };
  const stack: Frame[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const frame = stack.pop()!;
    const v = frame.value;
    const problem =
      (typeof frame.key === 'string' ? textProblem(frame.key, replacementIsBroken) : undefined) ??
      (typeof v === 'string' ? textProblem(v, replacementIsBroken) : undefined) ??
      (typeof v === 'number' && v > INT4_MAX ? format(rc.validation.numberTooLarge, { max: INT4_MAX }) : undefined) ??
      (typeof v === 'number' && v < INT4_MIN ? format(rc.validation.numberTooSmall, { min: INT4_MIN }) : undefined);
    if (problem) return { path: pathOf(frame), message: problem };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: frame });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: frame });
    }
  }
  return undefined;
}
