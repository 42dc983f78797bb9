/**
 * Second factor of sign-in (decision 029): TOTP (RFC 6238), single-use recovery codes, and
 * passkeys (WebAuthn). Shared by the server, which enforces every rule here, and the browser,
 * which shows the matching step.
 *
 * The sign-in states of a session:
 * - `null`: fully signed in (or no second factor asked for);
 * - 'required': the password was right and the officer has a factor; he must give a TOTP code, a
 *   recovery code, or use a passkey before anything else;
 * - 'enrol': the password was right, his access level must use a second factor and he has none;
 *   he must enrol one (TOTP confirmed by a code, or a passkey) before anything else.
 * While a session is in either state the server refuses every route but the few that finish or
 * leave that step (HALF_SESSION_ROUTES on the server), whatever the access level.
 */
import { ACCESS } from './constants';

export const SECOND_FACTOR_STAGES = ['required', 'enrol'] as const;
export type SecondFactorStage = (typeof SECOND_FACTOR_STAGES)[number];

/**
 * The lowest access level that must use a second factor, unless configured otherwise
 * (SECOND_FACTOR_LEVEL): administrators (9) and auditors (10) read every officer's home address,
 * mobile and driver's licence number and can change anyone's access level.
 */
export const DEFAULT_SECOND_FACTOR_LEVEL = ACCESS.ADMINISTRATOR;

/** TOTP as authenticator apps expect it: SHA-1, 6 digits, 30-second steps; ±1 step accepted. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30, window: 1 } as const;
/** Bytes of a TOTP secret (160 bits, RFC 4226's recommendation); shown as 32 base32 characters. */
export const TOTP_SECRET_BYTES = 20;

/** How many recovery codes are made at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: two groups of five lowercase base32 letters and digits, e.g. 'k3f9q-7mz2x'. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** Longest passkey name, and how many passkeys one officer may register. */
export const PASSKEY_NAME_MAX = 60;
export const MAX_PASSKEYS = 10;
/** Minutes a WebAuthn challenge stays usable. */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;
/** Longest reason an administrator gives when he resets another officer's second factor. */
export const RESET_REASON_MAX = 500;

/**
 * True when an officer at `accessLevel` must use a second factor, given the configured lowest
 * level (`requiredFrom`; null: nobody must).
 */
export function mustUseSecondFactor(accessLevel: number, requiredFrom: number | null): boolean {
  return requiredFrom !== null && accessLevel >= requiredFrom;
}

/**
 * The state a password sign-in opens the session in: 'required' when he has a factor, 'enrol' when
 * he has none and must have one, otherwise null (fully signed in).
 */
export function stageAfterPassword(accessLevel: number, hasFactor: boolean, requiredFrom: number | null): SecondFactorStage | null {
  if (hasFactor) return 'required';
  return mustUseSecondFactor(accessLevel, requiredFrom) ? 'enrol' : null;
}

/** A typed code, tidied: spaces removed, lowercase. Six digits read as TOTP; otherwise a recovery code (its hyphen put back when left out). */
export function normaliseCode(code: string): { kind: 'totp' | 'recovery'; value: string } {
  const value = code.replace(/\s+/g, '').toLowerCase();
  if (/^\d{6}$/.test(value)) return { kind: 'totp', value };
  // a recovery code typed without its hyphen is the same code
  return { kind: 'recovery', value: /^[a-z2-7]{10}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : value };
}
