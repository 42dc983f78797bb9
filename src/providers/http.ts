import { HttpError } from 'react-admin';
import { TOKEN_KEY } from '../domain/constants';
import { format, rc } from '../domain/messages';

/** Query values: undefined, null and '' are left out of the query string. */
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Set on the sign-in call only: a 401 then reads 'Invalid credentials!' (spec §8). */
  login?: boolean;
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
 * is stored (spec §7); no body means no Content-Type (Fastify refuses an empty JSON body).
 * Returns { status, headers, json } where json is the parsed JSON body, the text for a text/plain
 * answer, or null for an empty one. A non-2xx answer throws react-admin's HttpError(message,
 * status, body): message is the server's body.message when present, else the spec §8 mapping of
 * statusMessage(). No answer at all (offline, server down) throws an Error reading
 * 'The server could not be reached. …' instead of the browser's 'Failed to fetch'.
 */
export async function apiFetch<T = unknown>(method: string, path: string, opts: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method, headers };
  if (opts.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(opts.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, opts.query), init);
  } catch (error) {
    throw new Error(rc.notify.noConnection, { cause: error });
  }
  const text = response.status === 204 ? '' : await response.text();
  let json: unknown = null;
  if (text) {
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
    } else {
      json = text;
    }
  }
  if (response.status < 200 || response.status >= 300) {
    const serverMessage =
      json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string'
        ? (json as { message: string }).message
        : '';
    throw new HttpError(serverMessage || statusMessage(response.status, opts.login), response.status, json);
  }
  return { status: response.status, headers: response.headers, json: json as T };
}
