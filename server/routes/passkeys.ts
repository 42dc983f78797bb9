import { z } from 'zod';
import type { App } from '../appType';
import { format, rc } from '../../src/domain/messages';
import { todayIn } from '../../src/domain/dates';
import { isSeparatedOn } from '../../src/domain/profile';
import { MAX_PASSKEYS, mustUseSecondFactor } from '../../src/domain/secondFactor';
import {
  passkeyAuthenticationBody,
  passkeyInfo,
  passkeyRegistrationBody,
  twoFactorStatus,
  webAuthnOptions,
} from '../../src/domain/schemas/secondFactor';
import { authorizeOwnFactors } from '../auth/guard';
import { badRequest, conflict, notFound, unauthorized } from '../errors';
import { MAX_PARAM_LENGTH } from '../frameworkErrors';
import { audit, auditRefusal } from '../audit';
import { signToken } from '../auth/tokens';
import { authenticationOptions, credentialIdOf, registrationOptions, relyingPartyOf, verifyAssertion, verifyRegistration } from '../auth/passkeys';
import { completeFactorEnrolment, dropRecoveryCodes, factorCount, lockOfficer } from '../auth/secondFactor';
import { mailFactorAdded } from '../auth/accountMail';
import { signInAttempt } from '../auth/signInAttempt';
import { createSession } from '../db/repositories/sessions';
import * as accounts from '../db/repositories/accounts';
import * as passkeys from '../db/repositories/passkeys';
import { sessionUserSchema, signedIn } from '../../src/domain/schemas/session';

/**
 * Passkeys (WebAuthn) of two-step sign-in (decision 029; contract in
 * src/domain/schemas/secondFactor.ts): an officer registers, lists and removes his own passkeys,
 * and signs in with one without a password. A passkey counts as both factors.
 */
export async function passkeyRoutes(app: App) {
  const { db, config } = app.ctx;
  const tz = config.ORG_TIMEZONE;
  const rateLimit = { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };

  /**
   * POST /api/passkeys/registration/options (no body) -> 200 {challengeId, options}: options for
   * the browser's navigator.credentials.create (his existing passkeys excluded); the challenge
   * works once within WEBAUTHN_CHALLENGE_MINUTES. 409 tooManyPasskeys at MAX_PASSKEYS.
   */
  app.post(
    '/passkeys/registration/options',
    {
      config: { secondFactorStep: ['enrol'] },
      schema: { tags: ['passkeys'], summary: 'Start registering a passkey', response: { 200: webAuthnOptions } },
    },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      const officer = await accounts.findOfficerById(db, actor.officerId);
      if (!officer) throw unauthorized(rc.errors.notAuthenticated);
      const existing = await passkeys.credentialsOf(db, officer.officerId);
      if (existing.length >= MAX_PASSKEYS) throw conflict(format(rc.secondFactor.errors.tooManyPasskeys, { max: MAX_PASSKEYS }));
      const options = await registrationOptions(
        relyingPartyOf(request, config),
        { officerId: officer.officerId, login: officer.login, displayName: `${officer.firstName} ${officer.lastName}` },
        existing,
      );
      const challengeId = await passkeys.saveChallenge(db, 'registration', options.challenge, officer.officerId, app.ctx.now());
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },
  );

  /**
   * POST /api/passkeys/registration {challengeId, name, response: RegistrationResponseJSON} ->
   * 201 {passkey, recoveryCodes?, user}: stores the new passkey under `name`, ends an 'enrol' stage
   * and, when he had no unused recovery codes, issues his first ones (shown once). 400
   * passkeyRefused when the answer does not check out (origin, challenge, attestation) or its
   * credential id is too long to be named in an address; 409 challengeExpired (unknown, used,
   * another officer's or expired challenge), tooManyPasskeys, or a credential already registered.
   */
  app.post(
    '/passkeys/registration',
    {
      config: { secondFactorStep: ['enrol'] },
      schema: {
        tags: ['passkeys'],
        summary: 'Register a passkey',
        body: passkeyRegistrationBody,
        response: { 201: z.object({ passkey: passkeyInfo, recoveryCodes: z.array(z.string()).optional(), user: sessionUserSchema }) },
      },
    },
    async (request, reply) => {
      const actor = authorizeOwnFactors(request);
      const { challengeId, name, response } = request.body;
      const now = app.ctx.now();
      const challenge = await passkeys.takeChallenge(db, challengeId, 'registration', actor.officerId, now);
      if (!challenge) throw conflict(rc.secondFactor.errors.challengeExpired);
      const credential = await verifyRegistration(relyingPartyOf(request, config), challenge, response);
      // DELETE /api/passkeys/{id} names the credential in its address: one too long for it could never be removed.
      if (!credential || credential.credentialId.length > MAX_PARAM_LENGTH) {
        await auditRefusal(db, request, { action: 'passkey-added', entity: 'officer', entityId: actor.officerId, outcome: 'failure', details: credential ? 'credential id too long' : 'passkey refused' });
        throw badRequest(rc.secondFactor.errors.passkeyRefused);
      }
      const added = await db.transaction(async (tx) => {
        await lockOfficer(tx, actor.officerId);
        if ((await passkeys.passkeyCount(tx, actor.officerId)) >= MAX_PASSKEYS) throw conflict(format(rc.secondFactor.errors.tooManyPasskeys, { max: MAX_PASSKEYS }));
        const passkey = await passkeys.insertPasskey(tx, actor.officerId, name, credential, now, tz);
        if (!passkey) throw conflict(rc.errors.duplicate);
        const recoveryCodes = await completeFactorEnrolment(tx, actor.officerId, request.sessionId ?? undefined, now);
        await audit(tx, request, { action: 'passkey-added', entity: 'officer', entityId: actor.officerId, details: name });
        return { passkey, recoveryCodes };
      });
      await mailFactorAdded(app, request, actor.officerId, format(rc.secondFactor.added.passkey, { name }));
      const stage = actor.secondFactor === 'enrol' ? null : (actor.secondFactor ?? null);
      const user = await accounts.loadSessionUser(db, actor.officerId, !!actor.passwordChangeOnly, stage);
      return reply.code(201).send({ passkey: added.passkey, ...(added.recoveryCodes ? { recoveryCodes: added.recoveryCodes } : {}), user: user! });
    },
  );

  /** GET /api/passkeys -> passkeyInfo[]: his own passkeys, oldest first. */
  app.get(
    '/passkeys',
    { schema: { tags: ['passkeys'], summary: 'My passkeys', response: { 200: z.array(passkeyInfo) } } },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      return passkeys.listPasskeys(db, actor.officerId, tz);
    },
  );

  /**
   * DELETE /api/passkeys/{id} (id: the credential id, base64url) -> 200 twoFactorStatus after the
   * removal. 404 passkeyNotFound when no passkey of his has that id (another officer's included);
   * 409 lastFactor when his access level must use a second factor and this is his last one; 409
   * superUserLastFactor for the super user's last factor, whatever his level.
   */
  app.delete(
    '/passkeys/:id',
    {
      schema: {
        tags: ['passkeys'],
        summary: 'Remove a passkey',
        params: z.object({ id: z.string().min(1).max(MAX_PARAM_LENGTH) }),
        response: { 200: twoFactorStatus },
      },
    },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      const { id } = request.params;
      const outcome = await db.transaction(async (tx) => {
        // held until commit: a racing removal of his other factor waits, then sees this one gone
        await lockOfficer(tx, actor.officerId);
        const found = await passkeys.ownPasskey(tx, actor.officerId, id);
        if (!found) return 'notFound' as const;
        const last = (await factorCount(tx, actor.officerId)) <= 1;
        if (last && actor.officerId === config.SUPER_USER_ID) return 'superUserLastFactor' as const;
        if (last && mustUseSecondFactor(actor.accessLevel, config.SECOND_FACTOR_LEVEL)) return 'lastFactor' as const;
        await passkeys.deletePasskey(tx, actor.officerId, id);
        // Recovery codes stand in for a factor; with none left they would open nothing, and a new
        // factor's enrolment issues fresh ones (as when the authenticator app is turned off).
        if (last) await dropRecoveryCodes(tx, actor.officerId);
        await audit(tx, request, { action: 'passkey-removed', entity: 'officer', entityId: actor.officerId, details: found.name });
        return 'removed' as const;
      });
      if (outcome === 'notFound') throw notFound(rc.secondFactor.errors.passkeyNotFound);
      if (outcome !== 'removed') {
        await auditRefusal(db, request, { action: 'passkey-removed', entity: 'officer', entityId: actor.officerId, outcome: 'denied', details: 'last factor' });
        throw conflict(rc.secondFactor.errors[outcome]);
      }
      return passkeys.twoFactorStatusOf(db, actor, actor.secondFactor ?? null, config.SECOND_FACTOR_LEVEL, tz);
    },
  );

  /**
   * POST /api/passkeys/authentication/options (no body; public, rate-limited like sign-in) -> 200
   * {challengeId, options}: options for navigator.credentials.get without allowCredentials, so the
   * browser offers the passkeys it holds for this site. The challenge works once within
   * WEBAUTHN_CHALLENGE_MINUTES.
   */
  app.post(
    '/passkeys/authentication/options',
    {
      config: { public: true, rateLimit, contract: { remove: [409] } },
      schema: { tags: ['passkeys'], summary: 'Start signing in with a passkey', security: [], response: { 200: webAuthnOptions } },
    },
    async (request) => {
      const options = await authenticationOptions(relyingPartyOf(request, config));
      const challengeId = await passkeys.saveChallenge(db, 'authentication', options.challenge, null, app.ctx.now());
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },
  );

  /**
   * POST /api/passkeys/authentication {challengeId, response: AuthenticationResponseJSON} -> 200
   * {jwt, user} as POST /api/authenticate answers, with a full session (a passkey is both
   * factors; password-change-only for an officer never signed in). The attempt counts toward the
   * login's lockout like a password: 401 'Invalid credentials!' while it is locked, and for a
   * separated officer. 400 passkeyRefused for an unknown passkey or an answer that does not check
   * out (origin, challenge, signature, counter); 409 challengeExpired for an unknown, used or
   * expired challenge.
   */
  app.post(
    '/passkeys/authentication',
    {
      config: { public: true, rateLimit, contract: { add: [401], unauthorizedMessage: rc.errors.invalidCredentials } },
      schema: {
        tags: ['passkeys'],
        summary: 'Sign in with a passkey',
        security: [],
        body: passkeyAuthenticationBody,
        response: { 200: signedIn },
      },
    },
    async (request) => {
      const { challengeId, response } = request.body;
      const now = app.ctx.now();
      const challenge = await passkeys.takeChallenge(db, challengeId, 'authentication', null, now);
      if (!challenge) throw conflict(rc.secondFactor.errors.challengeExpired);
      const credentialId = credentialIdOf(response);
      const found = credentialId ? await passkeys.findPasskey(db, credentialId) : undefined;
      if (!found) {
        await auditRefusal(db, request, { action: 'login-failed', entity: 'officer', entityId: null, outcome: 'failure', details: 'unknown passkey', actorId: null });
        throw badRequest(rc.secondFactor.errors.passkeyRefused);
      }
      const officerId = found.officerId;
      // Counted before the check like a password (signInAttempt): a locked login stays locked.
      const attempt = await signInAttempt(db, request, found.login, now);
      if (attempt.locked) {
        await attempt.refuse(officerId, 'locked');
        throw unauthorized(rc.errors.invalidCredentials);
      }
      const refuse = (reason: string) => attempt.refuse(officerId, reason);
      const counter = await verifyAssertion(relyingPartyOf(request, config), challenge, response, found, officerId);
      if (counter === null) {
        await refuse('passkey refused');
        throw badRequest(rc.secondFactor.errors.passkeyRefused);
      }
      if (isSeparatedOn(found.separationDate, todayIn(tz, now))) {
        await refuse('separated');
        throw unauthorized(rc.errors.invalidCredentials);
      }
      const passwordChangeOnly = !found.lastLoginDate;
      const session = await db.transaction(async (tx) => {
        await passkeys.recordPasskeyUse(tx, found.credentialId, counter, now);
        await accounts.clearFailedLogins(tx, found.login);
        const opened = await createSession(tx, officerId, now, passwordChangeOnly, null);
        await audit(tx, request, { action: 'login', entity: 'officer', entityId: officerId, actorId: officerId, details: 'passkey' });
        return opened;
      });
      const jwt = await signToken(app.ctx.jwtSecret, { sessionId: session.sessionId, officerId }, now, session.expiresAt);
      const user = await accounts.loadSessionUser(db, officerId, passwordChangeOnly, null);
      return { jwt, user: user!, secondFactor: user!.secondFactor };
    },
  );
}
