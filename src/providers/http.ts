import { HttpError } from 'react-admin';
import { TOKEN_KEY } from '../domain/constants';
import { format, rc } from '../domain/messages';
import { EARLY_ANSWERS, type EarlyAnswers } from '../earlyLanding';

/** Query values: undefined, null and '' are left out of the query string. */
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Set on the sign-in call only: a 401 then reads 'Invalid credentials!' (spec §8). */
  login?: boolean;
  /** Extra request headers, e.g. the offline outbox's Idempotency-Key (src/domain/offline.ts). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

/** Builds '?a=1&b=x' from a query object, skipping undefined, null and empty values. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The spec §8 wording for a failed status: login 401 'Invalid credentials!', 403 'Unauthorized!',
 * 409 'Duplicate record - unique constraint violated!', otherwise 'Error {status}'.
 */
export function statusMessage(status: number, login = false): string {
  if (status === 401 && login) return rc.errors.invalidCredentials;
  if (status === 403) return rc.errors.unauthorized;
  if (status === 409) return rc.errors.duplicate;
  return format(rc.errors.status, { status });
}

/** Absolute URL of `/api${path}` on this origin (absolute so it also works under jsdom). */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null' ? window.location.origin : 'http://localhost';
  return `${base}/api${path}${toQueryString(query)}`;
}

/** The bearer token kept in session storage under 'jwt' (spec §2), or null. */
export function getToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Calls `/api${path}` with JSON content type and accept headers and the bearer token when one
 * is stored (spec §7), plus `opts.headers`; no body means no Content-Type (Fastify refuses an empty JSON body).
 * Returns { status, headers, json } where json is the parsed JSON body, the text for a text/plain
 * answer, or null for an empty one. A non-2xx answer throws react-admin's HttpError(message,
 * status, body): message is the server's body.message when present, else the spec §8 mapping of
 * statusMessage(). No answer at all (offline, server down) throws an Error reading
 * 'The server could not be reached. …' instead of the browser's 'Failed to fetch'.
 * A plain GET that index.html's early script already sent takes that answer (takeEarlyAnswer).
 */
export async function apiFetch<T = unknown>(method: string, path: string, opts: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers({ ...opts.headers, Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method, headers };
  if (opts.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(opts.body);
  }
  // a plain GET the early script has already sent takes its answer
  const early = method === 'GET' && opts.body === undefined && !opts.headers ? takeEarlyAnswer(path, opts.query, token) : undefined;
  let response: Response;
  try {
    response = await (early ?? fetch(apiUrl(path, opts.query), init));
  } catch (error) {
    throw new Error(rc.notify.noConnection, { cause: error });
  }
  const text = response.status === 204 ? '' : await response.text();
  const json = parseBody(text, response.headers.get('Content-Type'));
  if (response.status < 200 || response.status >= 300) throw failure(response.status, json, opts.login);
  return { status: response.status, headers: response.headers, json: json as T };
}

/**
 * The answer to GET /api`path` with `query` (e.g. '/session') that index.html's early script sent
 * as the page loaded (src/earlyLanding.ts), for the first request that asks for it: later ones ask
 * the server. Undefined when it sent none, or sent it with another token than `token` (the tab
 * signed out and in again since). Once the hand-off has ended it only reads one property.
 */
function takeEarlyAnswer(path: string, query: Record<string, QueryValue> | undefined, token: string | null): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : (window as unknown as Record<string, EarlyAnswers | null | undefined>)[EARLY_ANSWERS];
  if (!early || early.token !== token) return undefined;
  const pathAndQuery = `${path}${toQueryString(query)}`;
  const answer = early.answers[pathAndQuery];
  delete early.answers[pathAndQuery];
  return answer;
}

/**
 * Ends the hand-off of the early script's answers (src/main.tsx, once the page has sent its first
 * requests): an answer not taken by then (a request the page did not make, or put off while the
 * browser says it is offline) is never given to a later request, which asks the server afresh.
 * It leaves the property closed (null) rather than gone: an early script that runs only now (the
 * browser may run it after this script) then sends nothing.
 */
export function dropEarlyAnswers(): void {
  if (typeof window !== 'undefined') (window as unknown as Record<string, EarlyAnswers | null>)[EARLY_ANSWERS] = null;
}

/** A response body: parsed JSON when the content type says JSON (the text if it does not parse), else the text; null when empty. */
export function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return null;
  if (!(contentType ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The HttpError of a non-2xx answer: the server's body.message when present, else statusMessage(). */
export function failure(status: number, json: unknown, login?: boolean): HttpError {
  const serverMessage =
    json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string' ? (json as { message: string }).message : '';
  return new HttpError(serverMessage || statusMessage(status, login), status, json);
}

/**
 * Sends a multipart body (`form`: a `file` part and a `jsonBodyData` part, spec §7 uploads) to
 * `/api${path}` with XMLHttpRequest, whose upload events report progress (fetch has none):
 * `onProgress(percent)` gets 0 at the start, whole percentages of the bytes sent while the body
 * goes out, and 100 once it is sent. The browser sets the multipart Content-Type with its boundary.
 * Answers and errors as apiFetch (HttpError with the server's message; no answer: the
 * could-not-be-reached message).
 */
export function apiUpload<T = unknown>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: (percent: number) => void): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.floor((100 * e.loaded) / e.total)));
      };
      xhr.upload.onload = () => onProgress(100);
    }
    xhr.onerror = () => reject(new Error(rc.notify.noConnection));
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const json = parseBody(xhr.status === 204 ? '' : xhr.responseText, headers.get('Content-Type'));
      if (xhr.status < 200 || xhr.status >= 300) reject(failure(xhr.status, json));
      else resolve({ status: xhr.status, headers, json: json as T });
    };
    onProgress?.(0);
    xhr.send(form);
  });
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): filename*=UTF-8''… (percent-decoded)
 * before filename="…"; null when there is none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  if (!plain) return null;
  return (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() || null;
}

/**
 * Downloads a file (GET /api/uploads/download/{id}?officerId, spec §7): the bytes as a Blob and
 * the name from Content-Disposition (`fallbackName` when it has none). Any failure throws an
 * HttpError reading 'Error downloading file, error code = {status}' (spec §8); no answer at all
 * throws the could-not-be-reached message.
 */
export async function apiDownload(path: string, query: Record<string, QueryValue> | undefined, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers });
  } catch (error) {
    throw new Error(rc.notify.noConnection, { cause: error });
  }
  if (response.status < 200 || response.status >= 300) throw new HttpError(format(rc.errors.downloadFailed, { status: response.status }), response.status, null);
  const blob = await response.blob();
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName };
}
