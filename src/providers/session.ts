import { can, type Actor } from '../domain/access';
import { TOKEN_KEY } from '../domain/constants';
import type { SessionUser as ServerSessionUser } from '../domain/sessionUser';

/** The signed-in user as the browser keeps it: the server's SessionUser plus the login typed at sign-in. */
export interface SessionUser extends ServerSessionUser {
  /** The login typed at sign-in, kept so the password pages can send it (not from the server). */
  login?: string;
}

/** Session storage key of the signed-in user. The token is under TOKEN_KEY ('jwt'). */
export const USER_KEY = 'user';
/** Session storage key of a one-time message the Login page shows (e.g. the inactivity notice). */
export const FLASH_KEY = 'loginMessage';

/** The stored session user, or null. */
export function getSessionUser(): SessionUser | null {
  try {
    const raw = sessionStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Stores the session user, keeping the login typed at sign-in when the new record lacks it. */
export function setSessionUser(user: SessionUser): void {
  const login = user.login ?? getSessionUser()?.login;
  sessionStorage.setItem(USER_KEY, JSON.stringify(login ? { ...user, login } : user));
}

/** Stores the bearer token under 'jwt' (spec §2). */
export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

/** Removes the token and the user (spec §4 logout). */
export function clearSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(USER_KEY);
}

/** True while the user may only change the password: first sign-in or a temporary password (spec §2 login flow). */
export function needsPasswordChange(user: SessionUser | null): boolean {
  return !!user && (user.lastLoginDate === null || user.lastLoginDate === '' || user.mustChangePassword);
}

/** The step of two-step sign-in the session still waits for ('required' | 'enrol'), or null when none (or nobody signed in). */
export function pendingSecondFactor(user: SessionUser | null): SessionUser['secondFactor'] {
  return user?.secondFactor ?? null;
}

/** The user as can() sees it (accessLevel = accessType.accessTypeId), or null. */
export function actorOf(user: SessionUser | null): Actor | null {
  if (!user) return null;
  return {
    officerId: user.officerId,
    accessLevel: user.accessType?.accessTypeId ?? 0,
    passwordChangeOnly: needsPasswordChange(user),
    secondFactor: user.secondFactor ?? null,
    profileIncomplete: !user.profileComplete,
  };
}

/**
 * True when `user` may use the app beyond the password change (spec §2 login flow, §6): signed in,
 * past the second factor, not on a first sign-in or temporary password, profile complete. Such a user gets Change Password
 * inside the signed-in layout; anybody else gets the bare page (header without menu or Logout).
 */
export function hasFullSession(user: SessionUser | null): boolean {
  return can(actorOf(user), 'app:use');
}

/** Keeps a message for the Login page to show once. */
export function setLoginMessage(message: string): void {
  sessionStorage.setItem(FLASH_KEY, message);
}

/** The Login page's one-time message, or null (read with peek, then clear once shown). */
export function peekLoginMessage(): string | null {
  return sessionStorage.getItem(FLASH_KEY);
}

/** Forgets the Login page's one-time message. */
export function clearLoginMessage(): void {
  sessionStorage.removeItem(FLASH_KEY);
}
