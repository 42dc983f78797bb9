import { apiFetch } from '../../providers/http';
import { rc } from '../../domain/messages';
import { normaliseCode } from '../../domain/secondFactor';
import type { PasskeyAuthenticationBody, PasskeyInfo, TotpConfirmed, TotpSetup, TwoFactorStatus, Verified, WebAuthnOptions } from '../../domain/schemas/secondFactor';

/**
 * The two-step sign-in calls of the browser (src/domain/schemas/secondFactor.ts lists them all).
 * They go through apiFetch itself, not react-admin's dataProvider: a 401 on a call that carries a
 * code means a wrong code, and the dataProvider would sign the officer out on it. The WebAuthn
 * library is fetched on first use only (never part of the sign-in page's first download).
 */

/** A factor just added (TOTP confirmed, passkey registered): the user (his stage now null), the first time his recovery codes, and the passkey registered. */
export type FactorAdded = TotpConfirmed & { passkey?: PasskeyInfo };

/** The message of a failure: the server's (HttpError carries it), else the error's own. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** POST /api/twoFactor/verify { code }: 401 'Invalid code!' on a wrong code (thrown as HttpError). */
export async function verifyCode(code: string): Promise<Verified> {
  return (await apiFetch<Verified>('POST', '/twoFactor/verify', { body: { code: normaliseCode(code).value } })).json;
}

/** POST /api/twoFactor/totp/setup: a new secret, its otpauth:// address and that address as a QR code (SVG). */
export async function startTotpSetup(): Promise<TotpSetup> {
  return (await apiFetch<TotpSetup>('POST', '/twoFactor/totp/setup')).json;
}

/** POST /api/twoFactor/totp/confirm { code }: turns the app on; 401 'Invalid code!'. */
export async function confirmTotp(code: string): Promise<FactorAdded> {
  return (await apiFetch<FactorAdded>('POST', '/twoFactor/totp/confirm', { body: { code: normaliseCode(code).value } })).json;
}

/** DELETE /api/twoFactor/totp { code }: turns the app off (a current code or a recovery code); his status after it. 401 'Invalid code!', 409 when it is his last factor. */
export async function turnOffTotp(code: string): Promise<TwoFactorStatus> {
  return (await apiFetch<TwoFactorStatus>('DELETE', '/twoFactor/totp', { body: { code: normaliseCode(code).value } })).json;
}

/** True when this browser can use passkeys at all (WebAuthn). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'undefined';
}

/**
 * The browser's half of a passkey sign-in: POST /api/passkeys/authentication/options, then the
 * browser's passkey prompt. Returns the body of POST /api/passkeys/authentication. A refused or
 * cancelled prompt throws rc.secondFactor.login.passkeyFailed; a server refusal its own message.
 */
export async function passkeyAssertion(): Promise<PasskeyAuthenticationBody> {
  const { challengeId, options } = (await apiFetch<WebAuthnOptions>('POST', '/passkeys/authentication/options')).json;
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
    return { challengeId, response: response as unknown as Record<string, unknown> };
  } catch (error) {
    throw new Error(rc.secondFactor.login.passkeyFailed, { cause: error });
  }
}

/**
 * Registers a passkey named `name` on this device: POST /api/passkeys/registration/options, the
 * browser's prompt, POST /api/passkeys/registration { challengeId, name, response }. A refused or
 * cancelled prompt throws rc.secondFactor.steps.passkeyCreateFailed; a server refusal (400
 * passkeyRefused, 409 challengeExpired / tooManyPasskeys) its own message.
 */
export async function registerPasskey(name: string): Promise<FactorAdded> {
  const { challengeId, options } = (await apiFetch<WebAuthnOptions>('POST', '/passkeys/registration/options')).json;
  let response: Record<string, unknown>;
  try {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const answer = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
    response = answer as unknown as Record<string, unknown>;
  } catch (error) {
    throw new Error(rc.secondFactor.steps.passkeyCreateFailed, { cause: error });
  }
  return (await apiFetch<FactorAdded>('POST', '/passkeys/registration', { body: { challengeId, name: name.trim(), response } })).json;
}
