/** One answer of the server as the bench reads it. */
export interface Answer {
  status: number;
  body: Buffer;
  headers: Headers;
  /** The server's own time for the request (Server-Timing app;dur, set by bench/server.ts), ms; NaN when absent. */
  serverMs: number;
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  /** Path and query under the server, e.g. '/api/session'. */
  path: string;
  body?: unknown;
}

/** Sends one request with the session token (when given); JSON bodies as application/json. */
export async function send(baseUrl: string, call: Call, token?: string, raw?: Buffer): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Blob | undefined;
  if (raw) {
    headers['content-type'] = 'application/octet-stream';
    body = new Blob([new Uint8Array(raw)]);
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  const res = await fetch(`${baseUrl}${call.path}`, { method: call.method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const timing = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  return { status: res.status, body: bytes, headers: res.headers, serverMs: timing ? Number(timing[1]) : NaN };
}

/** Sends a call and parses its JSON answer; throws with the server's message unless 2xx. */
export async function json<T>(baseUrl: string, call: Call, token?: string): Promise<{ data: T; headers: Headers }> {
  const a = await send(baseUrl, call, token);
  if (a.status < 200 || a.status > 299) throw new Error(`${call.method} ${call.path}: ${a.status} ${a.body.toString().slice(0, 300)}`);
  return { data: JSON.parse(a.body.toString()) as T, headers: a.headers };
}

export interface SignedIn {
  token: string;
  officerId: number;
  accessLevel: number;
}

/** POST /api/authenticate {username, password} -> the session token and who signed in; throws for a password-change-only session. */
export async function signIn(baseUrl: string, login: string, password: string): Promise<SignedIn> {
  const { data } = await json<{ jwt: string; user: { officerId: number; accessType: { accessTypeId: number }; mustChangePassword: boolean } }>(baseUrl, {
    method: 'POST',
    path: '/api/authenticate',
    body: { username: login, password },
  });
  if (data.user.mustChangePassword) throw new Error(`${login} may only change the password (first sign-in): the seed must set a last login date`);
  return { token: data.jwt, officerId: data.user.officerId, accessLevel: data.user.accessType.accessTypeId };
}

/** Median of numbers (the middle one, or the mean of the two middle ones). */
export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
