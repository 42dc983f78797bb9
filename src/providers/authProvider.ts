import type { AuthProvider, UserIdentity } from 'react-admin';
import { HttpError } from 'react-admin';
import { apiFetch, getToken, type ApiResponse } from './http';
import {
  CHECKED_KEY,
  clearSession,
  getSessionUser,
  needsPasswordChange,
  setLoginMessage,
  setSessionUser,
  setToken,
  type SessionUser,
} from './session';
import { officerIdentity } from '../domain/officerLabel';
import { rc } from '../domain/messages';

/** Where logout and failed session checks go (spec §2). */
export const LOGIN_PATH = '/Login';
export const PASSWORD_CHANGE_PATH = '/PasswordChange';

interface AuthenticateResponse {
  jwt?: string | null;
  user?: SessionUser;
}

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
 *   'Invalid login credentials!'; a 401 'Invalid credentials!'. The token goes to sessionStorage 'jwt'
 *   and the user to sessionStorage 'user'. First sign-in or temporary password -> /PasswordChange;
 *   complete profile -> PUT /api/updateLastLoginDate/{officerId} and /; otherwise the session is
 *   cleared and the incomplete-profile message thrown (the Login page shows it).
 * - logout(): POST /api/logout (failure ignored), storage cleared, -> /Login.
 * - checkAuth(): GET /api/session (200 { user } refreshes the stored user; 401/403 clears it; no answer
 *   at all, e.g. a request cancelled by a navigation, keeps the session). Checks asked while one is
 *   on its way share it, and within 10 s of a confirmed session react-admin's further checks take
 *   that answer; `{ fresh: true }` (menu clicks) always asks.
 * - checkError(): 401 logs out; 403 stays. getIdentity(): '(A0001) Last, First Middle'.
 * - getPermissions(): accessType.accessTypeId.
 */
/** checkAuth's parameters: `fresh` asks the server even when it answered a moment ago (menu clicks). */
export interface CheckAuthParams {
  fresh?: boolean;
}

/** A session check this recent (ms) answers the next one without asking the server again. */
const RECHECK_AFTER_MS = 10_000;
/** The session check on its way, if any. */
let checking: Promise<void> | null = null;

/** This page load (a reload or a new tab checks the session with the server again). */
const PAGE_LOAD = Math.random().toString(36).slice(2);

/** True when the server confirmed this tab's session during this page load less than RECHECK_AFTER_MS ago. */
function recentlyChecked(): boolean {
  const [load, at] = (sessionStorage.getItem(CHECKED_KEY) ?? '').split(' ');
  return load === PAGE_LOAD && Date.now() - Number(at) < RECHECK_AFTER_MS && !!getToken();
}

/** GET /api/session sent as the page loaded (startSessionCheck), waiting for the first check to read it. */
let earlySession: { token: string; sentAt: number; answer: Promise<ApiResponse<{ user: SessionUser }>> } | null = null;
/** An early answer older than this (ms: the layout's code took that long to arrive) is asked again. */
const EARLY_ANSWER_MS = 60_000;

/**
 * Sends this page load's GET /api/session before React renders (issue 13), so a reload of a signed-in
 * page does not wait for the layout's code to ask. Only the request starts here: the first session
 * check afterwards reads its answer and acts on it as on its own (refreshing or ending the session).
 * Nothing without a token.
 */
export function startSessionCheck(): void {
  const token = getToken();
  if (!token) return;
  const answer = apiFetch<{ user: SessionUser }>('GET', '/session');
  answer.catch(() => {}); // read by checkSession
  earlySession = { token, sentAt: Date.now(), answer };
}

/** The early answer when it was asked with the token this tab holds now, within the last minute; else a new request. */
function sessionAnswer(): Promise<ApiResponse<{ user: SessionUser }>> {
  const early = earlySession;
  earlySession = null;
  const usable = early && early.token === getToken() && Date.now() - early.sentAt < EARLY_ANSWER_MS;
  return usable ? early.answer : apiFetch<{ user: SessionUser }>('GET', '/session');
}

async function checkSession(): Promise<void> {
  if (!getToken()) {
    clearSession();
    throw { redirectTo: LOGIN_PATH, message: false };
  }
  try {
    const { json } = await sessionAnswer();
    if (json?.user) setSessionUser(json.user);
    sessionStorage.setItem(CHECKED_KEY, `${PAGE_LOAD} ${Date.now()}`);
  } catch (error) {
    sessionStorage.removeItem(CHECKED_KEY);
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

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { json } = await apiFetch<AuthenticateResponse>('POST', '/authenticate', {
      body: { username, password },
      login: true,
    });
    const jwt = json?.jwt?.trim();
    if (!jwt || !json?.user) {
      clearSession();
      throw new Error(rc.auth.login.blankJwt);
    }
    setToken(jwt);
    const user: SessionUser = { ...json.user, login: username };
    setSessionUser(user);
    if (needsPasswordChange(user)) return { redirectTo: PASSWORD_CHANGE_PATH };
    if (user.profileComplete) {
      try {
        await apiFetch('PUT', `/updateLastLoginDate/${user.officerId}`);
      } catch (error) {
        await endServerSession();
        clearSession();
        throw error;
      }
      return { redirectTo: '/' };
    }
    await endServerSession();
    clearSession();
    throw new Error(rc.errors.incompleteProfile);
  },

  async logout(params?: LogoutParams) {
    await endServerSession();
    clearSession();
    if (params?.reason) setLoginMessage(params.reason);
    return LOGIN_PATH;
  },

  async checkAuth(params?: CheckAuthParams) {
    // react-admin's own checks right behind the layout's (the dashboard's, a list's) take its
    // answer: one GET /api/session per page load (issue 13); a menu click asks afresh
    if (!params?.fresh && recentlyChecked()) return;
    checking ??= checkSession().finally(() => {
      checking = null;
    });
    return checking;
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
