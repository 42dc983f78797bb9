/**
 * Wire shapes of two-factor sign-in (decision 029; src/domain/secondFactor.ts). Every call acts
 * on the signed-in officer's own factors, except the level-10 reset, which names an officer.
 *
 * Calls ("half" = also allowed while the session's secondFactor stage is pending; every other
 * /api route then answers 403 rc.secondFactor.errors.stepPending):
 * - GET    /api/twoFactor -> twoFactorStatus                                   (full, half)
 * - POST   /api/twoFactor/totp/setup -> 200 totpSetup; starts (or restarts) an unconfirmed set-up;
 *          409 totpAlreadyOn                                                    (full, half 'enrol')
 * - POST   /api/twoFactor/totp/confirm codeBody -> 200 {recoveryCodes?, user}; turns TOTP on, ends
 *          an 'enrol' stage; recoveryCodes when he had none; 401 invalidCode   (full, half 'enrol')
 * - DELETE /api/twoFactor/totp codeBody -> 200 twoFactorStatus; the code is a current TOTP code or
 *          a recovery code; 409 lastFactor / superUserLastFactor; 401 invalidCode  (full)
 * - POST   /api/twoFactor/verify codeBody -> 200 verified; ends a 'required' stage with a TOTP or
 *          recovery code; a wrong code is 401 invalidCode and counts toward the lockout
 *          (5 in a row -> the login is locked 10 minutes) and the sign-in rate limit  (half 'required')
 * - POST   /api/twoFactor/recoveryCodes -> 200 {recoveryCodes}; replaces all old codes; 409 noFactor (full)
 * - POST   /api/passkeys/registration/options -> 200 {challengeId, options}   (full, half 'enrol')
 * - POST   /api/passkeys/registration passkeyRegistrationBody -> 201 {passkey, recoveryCodes?, user}
 *          ends an 'enrol' stage; 400 passkeyRefused; 409 challengeExpired / tooManyPasskeys
 * - GET    /api/passkeys -> passkeyInfo[]                                       (full)
 * - DELETE /api/passkeys/{id} -> 200 twoFactorStatus; 404 passkeyNotFound; 409 lastFactor (full)
 * - POST   /api/passkeys/authentication/options -> 200 {challengeId, options}  (public, rate-limited)
 * - POST   /api/passkeys/authentication passkeyAuthenticationBody -> 200 {jwt, user}: a full
 *          sign-in (a passkey counts as both factors); 400 passkeyRefused, 401 for a separated or
 *          locked officer ('Invalid credentials!'), 409 challengeExpired       (public, rate-limited)
 * - POST   /api/officers/{officerId}/twoFactor/reset resetBody -> 200 {message}; level 10 only;
 *          403 resetSuperUser / resetSelf; 400 nothingToReset; audited, mailed, his sessions end
 */
import './jitless';
import { z } from 'zod';
import { rc } from '../messages';
import { PASSKEY_NAME_MAX, RESET_REASON_MAX, SECOND_FACTOR_STAGES } from '../secondFactor';
import { sessionUserSchema } from './session';

const required = (max: number) => z.string({ error: rc.validation.required }).trim().min(1, rc.validation.required).max(max);

/** One passkey of his: id is the credential id (base64url). Dates 'MM/DD/YYYY HH:mm' in the org's time zone. */
export const passkeyInfo = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfo>;

/**
 * GET /api/twoFactor. `required`: his access level must keep a factor. `totpSince`:
 * 'MM/DD/YYYY' (org time zone) when TOTP was confirmed, null when off. `stage`: the session's
 * pending step, or null when fully signed in.
 */
export const twoFactorStatus = z.object({
  required: z.boolean(),
  totp: z.boolean(),
  totpSince: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeyInfo),
  stage: z.enum(SECOND_FACTOR_STAGES).nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /api/twoFactor/totp/setup: the secret (base32) and its otpauth:// URI, and the URI as a QR code (SVG text). */
export const totpSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetup>;

/** A TOTP code (6 digits) or a recovery code; spaces are ignored. */
export const codeBody = z.strictObject({ code: required(40) });
export type CodeBody = z.infer<typeof codeBody>;

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/**
 * POST /api/twoFactor/totp/confirm: the signed-in user (his 'enrol' stage ended), and his first
 * recovery codes when he had none unused (shown once).
 */
export const totpConfirmed = z.object({ recoveryCodes: z.array(z.string()).optional(), user: sessionUserSchema });
export type TotpConfirmed = z.infer<typeof totpConfirmed>;

/** POST /api/twoFactor/verify: the signed-in user (his 'required' stage ended); after a recovery code, how many he has left. */
export const verified = z.object({ user: sessionUserSchema, recoveryCodesLeft: z.number().int().optional() });
export type Verified = z.infer<typeof verified>;

/** A WebAuthn options object as @simplewebauthn/browser takes it (JSON), with the id of its stored challenge. */
export const webAuthnOptions = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type WebAuthnOptions = z.infer<typeof webAuthnOptions>;

/** The browser's answer to registration options (RegistrationResponseJSON), and the passkey's name. */
export const passkeyRegistrationBody = z.strictObject({
  challengeId: required(100),
  name: required(PASSKEY_NAME_MAX),
  response: z.record(z.string(), z.unknown()),
});
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBody>;

/** The browser's answer to authentication options (AuthenticationResponseJSON). */
export const passkeyAuthenticationBody = z.strictObject({
  challengeId: required(100),
  response: z.record(z.string(), z.unknown()),
});
export type PasskeyAuthenticationBody = z.infer<typeof passkeyAuthenticationBody>;

/** POST /api/officers/{officerId}/twoFactor/reset: why (kept in the audit log and mailed to him). */
export const resetBody = z.strictObject({ reason: required(RESET_REASON_MAX) });
export type ResetBody = z.infer<typeof resetBody>;
