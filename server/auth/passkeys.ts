import type { FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../config';
import { appUrlOf } from '../routes/calendar';
import { badRequest } from '../errors';
import { rc } from '../../src/domain/messages';
import { WEBAUTHN_CHALLENGE_MINUTES } from '../../src/domain/secondFactor';

/**
 * Passkeys (WebAuthn) of two-step sign-in (decision 029), on @simplewebauthn/server: the relying
 * party Roll Call is, the options handed to the browser, and the checks of its answers. Storage
 * lives in server/db/repositories/passkeys.ts, the calls in server/routes/passkeys.ts.
 */

/** Who the browser's authenticator binds a passkey to: rpID (a host name), the expected origin, and the name shown. */
export interface RelyingParty {
  rpID: string;
  rpName: string;
  origin: string;
}

/**
 * The relying party of a request: the host name and origin of PUBLIC_URL when set, else of the
 * request's own address (appUrlOf); the name is ORG_NAME. WebAuthn refuses IP addresses as rpID,
 * so Roll Call must be reached by a host name for passkeys to work.
 */
export function relyingPartyOf(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL' | 'ORG_NAME'>): RelyingParty {
  // a Host header that makes no address (a client's doing) is its bad request, not a server failure
  const url = URL.parse(appUrlOf(request, config.PUBLIC_URL));
  if (!url?.hostname) throw badRequest(rc.errors.badRequest);
  return { rpID: url.hostname, rpName: config.ORG_NAME, origin: url.origin };
}

/** The WebAuthn user handle of an officer: stable bytes from his officer id (no name, no login). */
export function userHandleOf(officerId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`officer:${officerId}`);
}

/** Milliseconds the browser may take over a ceremony: the life of its challenge. */
const TIMEOUT_MS = WEBAUTHN_CHALLENGE_MINUTES * 60_000;

/** A stored passkey as the checks need it: credential id and public key base64url, its counter and transports. */
export interface StoredCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | null;
}

/**
 * Options for registering a new passkey of an officer (PublicKeyCredentialCreationOptionsJSON):
 * his existing passkeys excluded, a discoverable credential required (it signs in without a
 * login typed), user verification required (the passkey counts as both factors), any
 * attestation accepted ('none').
 */
export function registrationOptions(
  rp: RelyingParty,
  officer: { officerId: number; login: string; displayName: string },
  existing: StoredCredential[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userID: userHandleOf(officer.officerId),
    userName: officer.login,
    userDisplayName: officer.displayName,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: (c.transports ?? undefined) as AuthenticatorTransport[] | undefined })),
    // discoverable: the sign-in asks for no login, so a credential the browser cannot offer unasked
    // would count as his factor yet never sign him in
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** What a checked registration gives: the new credential to store. */
export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | null;
}

/**
 * Checks the browser's answer to registration options against the stored challenge, the relying
 * party's origin and rpID. Output: the new credential (public key base64url), or null when the
 * answer does not check out (malformed, wrong origin or challenge, bad attestation): never throws.
 */
export async function verifyRegistration(rp: RelyingParty, challenge: string, response: unknown): Promise<NewCredential | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      // A passkey stands for both factors, so the device must have checked who holds it (PIN or
      // biometric); an authenticator that only proves presence is refused.
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports?.length ? [...credential.transports] : null,
    };
  } catch {
    return null;
  }
}

/**
 * Options for signing in with a passkey (PublicKeyCredentialRequestOptionsJSON): no
 * allowCredentials, so the browser offers the discoverable passkeys it holds for this rpID.
 */
export function authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.rpID, timeout: TIMEOUT_MS, userVerification: 'required' });
}

/** The credential id (base64url) a browser's authentication answer names, or null when it names none. */
export function credentialIdOf(response: unknown): string | null {
  const id = (response as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/**
 * Checks the browser's answer to authentication options with the stored passkey: challenge,
 * origin, rpID, signature, the user handle (when the authenticator sends one, it must be the
 * passkey's officer's) and the signature counter (must grow unless the authenticator keeps none).
 * Output: the new counter, or null when it does not check out; never throws.
 */
export async function verifyAssertion(rp: RelyingParty, challenge: string, response: unknown, stored: StoredCredential, officerId: number): Promise<number | null> {
  try {
    const answer = response as AuthenticationResponseJSON;
    const handle = answer.response?.userHandle;
    if (handle && handle !== Buffer.from(userHandleOf(officerId)).toString('base64url')) return null;
    const result = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: (stored.transports ?? undefined) as AuthenticatorTransport[] | undefined,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
