import type { AuthProvider, UserIdentity } from 'react-admin';
import { HttpError } from 'react-admin';
import { apiFetch, getToken } from './http';
import { queryClient } from './queryClient';
import {
  clearSession,
  getSessionUser,
  needsPasswordChange,
  pendingSecondFactor,
  setLoginMessage,
  setSessionUser,
  setToken,
  type SessionUser,
} from './session';
import { officerIdentity } from '../domain/officerLabel';
import { rc } from '../domain/messages';
import type { PasskeyAuthenticationBody } from '../domain/schemas/secondFactor';

/** Where logout and failed session checks go (spec §2). */
export const LOGIN_PATH = '/Login';
export const PASSWORD_CHANGE_PATH = '/PasswordChange';
/** The second step of sign-in (TOTP, recovery code or passkey; src/domain/secondFactor.ts). */
export const TWO_FACTOR_PATH = '/TwoFactor';

interface AuthenticateResponse {
  jwt?: string | null;
  user?: SessionUser;
}

/**
 * What login() takes: the login and password of the Login page, or the browser's answer to
 * passkey authentication options (POST /api/passkeys/authentication, src/domain/schemas/secondFactor.ts).
 */
export type LoginParams = { username: string; password: string } | { passkey: PasskeyAuthenticationBody };

/** Parameters of logout(): `reason` is shown once on the Login page (e.g. the inactivity notice). */
export interface LogoutParams {
  reason?: string;
}

async function endServerSession(): Promise<void> {
  if (!getToken()) return;
  try {
    await apiFetch('POST', '/logout');
  } catch {
    // the session may already be gone; logging out goes on regardless
  }
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (error && typeof error === 'object' && 'status' in error) return Number((error as { status: unknown }).status);
  return undefined;
}

/**
 * Roll Call's authProvider (spec §2 login flow, §4 session):
 * - login({ username, password }): POST /api/authenticate -> { jwt, user }. A blank jwt throws
 *   'Invalid login credentials!'; a 401 'Invalid credentials!'. login({ passkey }) does the same
 *   with POST /api/passkeys/authentication (a passkey counts as both factors), ending any
 *   half-finished session it replaces. The token goes to sessionStorage 'jwt' and the user to
 *   sessionStorage 'user'. A pending second factor -> /TwoFactor; first sign-in or temporary
 *   password -> /PasswordChange;
 *   complete profile -> PUT /api/updateLastLoginDate/{officerId} and /; otherwise the session is
 *   cleared and the incomplete-profile message thrown (the Login page shows it).
 * - logout(): POST /api/logout (failure ignored), storage cleared, the query client and the lists
 *   kept on the device for offline use cleared (every officer's), -> /Login.
 * - checkAuth(): GET /api/session (200 { user } refreshes the stored user; 401/403 clears it; no answer
 *   at all, e.g. a request cancelled by a navigation, keeps the session). Checks asked while one is
 *   on its way share it, and within 10 s of a confirmed session react-admin's further checks take
 *   that answer (the app's query client keeps it); `{ fresh: true }` (menu clicks) always asks.
 * - checkError(): 401 logs out; 403 stays. getIdentity(): '(A0001) Last, First Middle'.
 * - getPermissions(): accessType.accessTypeId.
 */
/** checkAuth's parameters: `fresh` asks the server even when it answered a moment ago (menu clicks). */
export interface CheckAuthParams {
  fresh?: boolean;
}

/** A session check this recent (ms) answers the next one without asking the server again. */
const RECHECK_AFTER_MS = 10_000;
/** The answer asked as the page loaded serves the first check up to this age (ms: the layout's code took that long to arrive); older, it is asked again. */
const EARLY_ANSWER_MS = 60_000;
/** The query-client key of every session check; the token that asked follows it. */
const SESSION_KEY = 'rollcall-session';

/**
 * GET /api/session asked with `token`, in the app's query client: its answer `{ user }` counts as
 * fresh for `staleTime` ms, and checks asked while one is on its way share it.
 */
function sessionQuery(token: string, staleTime: number) {
  return {
    queryKey: [SESSION_KEY, token],
    queryFn: async () => (await apiFetch<{ user?: SessionUser }>('GET', '/session')).json,
    staleTime,
    // asked even when the browser says it is offline, as any request: a check that gets no answer
    // leaves the session standing rather than waiting for the network to come back
    networkMode: 'always' as const,
  };
}

/** False until a session check has run in this page load: the first takes the answer sent as the page loaded. */
let checkedOnce = false;

/**
 * Sends this page load's GET /api/session before React renders, so a reload of a signed-in
 * page does not wait for the layout's code to ask. Only the request starts here: the first session
 * check afterwards reads its answer from the query client and acts on it as on its own (refreshing
 * or ending the session). Nothing without a token.
 */
export function startSessionCheck(): void {
  const token = getToken();
  if (token) void queryClient.prefetchQuery(sessionQuery(token, EARLY_ANSWER_MS));
}

async function checkSession(fresh: boolean): Promise<void> {
  const token = getToken();
  if (!token) {
    clearSession();
    throw { redirectTo: LOGIN_PATH, message: false };
  }
  // the layout's first check takes the answer sent as the page loaded; react-admin's own checks
  // right behind a confirmed session (the dashboard's, a list's) take its answer: one
  // GET /api/session per page load; a menu click asks afresh
  const staleTime = fresh ? 0 : checkedOnce ? RECHECK_AFTER_MS : EARLY_ANSWER_MS;
  checkedOnce = true;
  try {
    const json = await queryClient.fetchQuery(sessionQuery(token, staleTime));
    if (json?.user) setSessionUser(json.user);
  } catch (error) {
    // the next check asks the server again, whatever answered before
    queryClient.removeQueries({ queryKey: [SESSION_KEY] });
    // Only the server's refusal ends the session. A check that never got an answer (cancelled by
    // a reload or a second navigation, or the server out of reach) leaves it standing: the next
    // call tells the truth.
    const status = statusOf(error);
    if (status === 401 || status === 403) {
      clearSession();
      throw { redirectTo: LOGIN_PATH, message: rc.errors.notAuthenticated };
    }
  }
}

/**
 * Where a session goes once its user is stored (spec §2 login flow): /TwoFactor while the second
 * factor is pending; /PasswordChange on a first sign-in or temporary password; with a complete
 * profile PUT /api/updateLastLoginDate/{officerId} and /; otherwise the session is ended and the
 * incomplete-profile message thrown.
 */
async function landing(user: SessionUser): Promise<string> {
  if (pendingSecondFactor(user)) return TWO_FACTOR_PATH;
  if (needsPasswordChange(user)) return PASSWORD_CHANGE_PATH;
  if (user.profileComplete) {
    try {
      await apiFetch('PUT', `/updateLastLoginDate/${user.officerId}`);
    } catch (error) {
      await endServerSession();
      clearSession();
      throw error;
    }
    return '/';
  }
  await endServerSession();
  clearSession();
  throw new Error(rc.errors.incompleteProfile);
}

async function signedIn(jwt: string, user: SessionUser): Promise<{ redirectTo: string }> {
  setToken(jwt);
  setSessionUser(user);
  return { redirectTo: await landing(user) };
}

/**
 * Ends the two-step sign-in of the stored session (/TwoFactor): `user` is the server's answer to
 * the verify, confirm or passkey registration call (its secondFactor now null; the token stays
 * the same). Stores it, forgets any session check made while the step was
 * pending (its stage is stale), and returns where a normal sign-in would go; throws as login()
 * does (the incomplete-profile message, the failed last-login update), the session then ended.
 */
export async function completeSecondFactor(user: SessionUser): Promise<string> {
  setSessionUser(user);
  queryClient.removeQueries({ queryKey: [SESSION_KEY] });
  return landing(getSessionUser() ?? user);
}

/**
 * Forgets every answer of the officer who leaves: the app's query client, and the lists kept on
 * the device for offline use (src/offline/persistedCache.ts, part of the signed-in layout's chunk,
 * so asking for it here downloads nothing more once somebody was signed in). Never throws.
 */
async function forgetCachedAnswers(): Promise<void> {
  try {
    const { clearPersistedCache } = await import('../offline/persistedCache');
    await clearPersistedCache();
  } catch {
    // no code (offline before the layout ever loaded): nothing was kept in this page load either
  }
  queryClient.clear();
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    if ('passkey' in params) {
      const { json } = await apiFetch<AuthenticateResponse>('POST', '/passkeys/authentication', { body: params.passkey, login: true });
      const jwt = json?.jwt?.trim();
      if (!jwt || !json?.user) throw new Error(rc.auth.login.blankJwt);
      // a passkey used from /TwoFactor replaces the half-finished session it started from
      await endServerSession();
      clearSession();
      return signedIn(jwt, json.user);
    }
    const { username, password } = params;
    const { json } = await apiFetch<AuthenticateResponse>('POST', '/authenticate', {
      body: { username, password },
      login: true,
    });
    const jwt = json?.jwt?.trim();
    if (!jwt || !json?.user) {
      clearSession();
      throw new Error(rc.auth.login.blankJwt);
    }
    return signedIn(jwt, { ...json.user, login: username });
  },

  async logout(params?: LogoutParams) {
    await endServerSession();
    clearSession();
    await forgetCachedAnswers();
    if (params?.reason) setLoginMessage(params.reason);
    return LOGIN_PATH;
  },

  async checkAuth(params?: CheckAuthParams) {
    return checkSession(!!params?.fresh);
  },

  async checkError(error: unknown) {
    if (statusOf(error) === 401) {
      clearSession();
      throw { redirectTo: LOGIN_PATH, message: rc.errors.notAuthenticated };
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const user = getSessionUser();
    if (!user) throw new Error(rc.errors.notAuthenticated);
    return { id: user.officerId, fullName: officerIdentity(user) };
  },

  async getPermissions() {
    const user = getSessionUser();
    if (!user) throw new Error(rc.errors.notAuthenticated);
    return user.accessType.accessTypeId;
  },
};
