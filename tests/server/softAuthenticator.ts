import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/**
 * A software WebAuthn authenticator for the API tests only: it does what a browser and a platform
 * authenticator do for navigator.credentials.create / .get, with an ES256 (P-256) key pair per
 * credential, 'none' attestation, a signature counter, and discoverable credentials. It answers
 * the JSON shapes @simplewebauthn/browser hands the server (RegistrationResponseJSON,
 * AuthenticationResponseJSON).
 */

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** The credential public key as a COSE_Key map (EC2, ES256, P-256). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, CBORType>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return encodeCBOR(key);
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}

export interface CeremonyOptions {
  /** The origin the "browser" reports in clientDataJSON; default `http://<rpId>`. */
  origin?: string;
  /** False: the authenticator proves only that someone touched it (no PIN or biometric). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /**
   * navigator.credentials.create: makes a new credential for `options` (the server's
   * PublicKeyCredentialCreationOptionsJSON) and answers a RegistrationResponseJSON. `again`: answer
   * with a credential made before instead (an authenticator that ignores excludeCredentials).
   */
  register(options: Record<string, unknown>, opts: CeremonyOptions & { again?: SoftCredential } = {}) {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    let credential = opts.again;
    if (!credential) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      credential = { id: randomBytes(32), privateKey, publicKey, rpId: rp.id, userHandle: user.id, counter: 0 };
      this.credentials.push(credential);
    }
    const { publicKey } = credential;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([UP | UV | AT]),
      counterBytes(credential.counter),
      Buffer.alloc(16), // aaguid: none
      idLength,
      credential.id,
      Buffer.from(coseKey(publicKey)),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: opts.origin ?? `http://${rp.id}`, crossOrigin: false });
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get: signs `options.challenge` (PublicKeyCredentialRequestOptionsJSON)
   * with a credential of its rpId (the newest, or the one named by `credentialId`), counting its
   * signature counter up by one, and answers an AuthenticationResponseJSON.
   */
  authenticate(options: Record<string, unknown>, opts: CeremonyOptions & { credentialId?: string } = {}) {
    const rpId = options.rpId as string;
    const mine = this.credentials.filter((c) => c.rpId === rpId && (!opts.credentialId || b64url(c.id) === opts.credentialId));
    const credential = mine[mine.length - 1];
    if (!credential) throw new Error(`no credential for ${rpId}`);
    credential.counter += 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([opts.userVerified === false ? UP : UP | UV]), counterBytes(credential.counter)]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: opts.origin ?? `http://${rpId}`, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
