import { z } from 'zod';
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import type { App } from '../appType';
import type { Db } from '../db/client';
import type { Tx } from '../audit';
import { audit, auditRefusal } from '../audit';
import * as s from '../db/schema';
import { format, rc } from '../../src/domain/messages';
import { can, type Actor } from '../../src/domain/access';
import { fromInstant } from '../../src/domain/dates';
import { wholeNumberText } from '../../src/domain/schemas/common';
import { codeBody, recoveryCodes, resetBody, totpConfirmed, totpSetup, twoFactorStatus, verified } from '../../src/domain/schemas/secondFactor';
import { mustUseSecondFactor, normaliseCode, SECOND_FACTOR_STAGES, type SecondFactorStage } from '../../src/domain/secondFactor';
import { authorize, authorizeOwnFactors, requireActor } from '../auth/guard';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors';
import * as accounts from '../db/repositories/accounts';
import { mailAccountNotice, mailFactorAdded } from '../auth/accountMail';
import { signInAttempt } from '../auth/signInAttempt';
import { revokeOfficerSessions } from '../db/repositories/sessions';
import { twoFactorStatusOf } from '../db/repositories/passkeys';
import {
  completeFactorEnrolment,
  completeVerification,
  dropRecoveryCodes,
  lockOfficer,
  confirmTotp,
  factorCount,
  issueRecoveryCodes,
  recoveryCodesLeft,
  removeAllFactors,
  startTotpSetup,
  totpState,
  totpUri,
  useSecondFactorCode,
} from '../auth/secondFactor';

const messageSchema = z.object({ message: z.string() });
const e = rc.secondFactor.errors;

/**
 * Two-step sign-in of one's own account (decision 029; shapes and statuses in
 * src/domain/schemas/secondFactor.ts): status, authenticator app set-up, confirmation and removal,
 * the 'required' step of sign-in, new recovery codes; and the level-10 reset of another officer's.
 * Secrets and codes are never logged nor audited: audit entries name only the kind of factor.
 */
export async function twoFactorRoutes(app: App) {
  const { db, config } = app.ctx;
  const rateLimit = { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };
  const status = (actor: Actor, stage: SecondFactorStage | null, tx: Db | Tx = db) =>
    twoFactorStatusOf(tx, actor, stage, config.SECOND_FACTOR_LEVEL, config.ORG_TIMEZONE);

  /**
   * GET /api/twoFactor -> twoFactorStatus of the caller: whether his level must keep a factor,
   * his authenticator app (since MM/DD/YYYY), unused recovery codes, passkeys, and the session's
   * pending step. Also answers while a step is pending, so its page shows what he has.
   */
  app.get(
    '/twoFactor',
    {
      config: { secondFactorStep: SECOND_FACTOR_STAGES },
      schema: { tags: ['twoFactor'], summary: 'My two-step sign-in', response: { 200: twoFactorStatus } },
    },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      return status(actor, actor.secondFactor ?? null);
    },
  );

  /**
   * POST /api/twoFactor/totp/setup -> 200 totpSetup: a new secret (base32), its otpauth:// URI
   * (issuer ORG_NAME, label his login) and the URI as an SVG QR code; replaces a set-up still
   * waiting for its code. 409 totpAlreadyOn when his authenticator app is on.
   */
  app.post(
    '/twoFactor/totp/setup',
    {
      config: { secondFactorStep: ['enrol'] },
      schema: { tags: ['twoFactor'], summary: 'Start setting up an authenticator app', response: { 200: totpSetup } },
    },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      const officer = await accounts.findOfficerById(db, actor.officerId);
      if (!officer) throw forbidden(rc.errors.unauthorized);
      const secret = await db.transaction(async (tx) => {
        const started = await startTotpSetup(tx, app.ctx.totpKey, actor.officerId, app.ctx.now());
        if (started) await audit(tx, request, { action: 'second-factor-setup', entity: 'officer', entityId: actor.officerId, details: 'totp' });
        return started;
      });
      if (!secret) throw conflict(e.totpAlreadyOn);
      const otpauthUri = totpUri(secret, config.ORG_NAME, officer.login);
      return { secret, otpauthUri, qrSvg: await QRCode.toString(otpauthUri, { type: 'svg' }) };
    },
  );

  /**
   * POST /api/twoFactor/totp/confirm {code} -> 200 {recoveryCodes?, user}: the first code of the
   * waiting set-up turns the authenticator app on and ends an 'enrol' step; recoveryCodes (shown
   * once) when he had none unused. 401 invalidCode; 409 noTotpSetup when no set-up waits.
   */
  app.post(
    '/twoFactor/totp/confirm',
    {
      config: { secondFactorStep: ['enrol'], rateLimit, contract: { add: [401] } },
      schema: { tags: ['twoFactor'], summary: 'Turn the authenticator app on with its first code', body: codeBody, response: { 200: totpConfirmed } },
    },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      const now = app.ctx.now();
      const outcome = await db.transaction(async (tx) => {
        const result = await confirmTotp(tx, app.ctx.totpKey, actor.officerId, request.body.code, now);
        if (result !== 'confirmed') return { result };
        const codes = await completeFactorEnrolment(tx, actor.officerId, request.sessionId ?? undefined, now);
        await audit(tx, request, { action: 'second-factor-enrol', entity: 'officer', entityId: actor.officerId, details: 'totp' });
        return { result, codes };
      });
      if (outcome.result === 'noSetup') throw conflict(e.noTotpSetup);
      if (outcome.result === 'invalid') {
        await auditRefusal(db, request, { action: 'second-factor-enrol', entity: 'officer', entityId: actor.officerId, outcome: 'failure', details: 'wrong code' });
        throw unauthorized(e.invalidCode);
      }
      await mailFactorAdded(app, request, actor.officerId, rc.secondFactor.added.totp);
      const user = await accounts.loadSessionUser(db, actor.officerId, !!actor.passwordChangeOnly, null);
      return { ...(outcome.codes ? { recoveryCodes: outcome.codes } : {}), user: user! };
    },
  );

  /**
   * POST /api/twoFactor/verify {code} -> 200 {user, recoveryCodesLeft?} (the count after a recovery code): a current code of his
   * authenticator app (each 30-second step once) or an unused recovery code ends the session's
   * 'required' step. A wrong code is 401 invalidCode and counts as a failed sign-in of his login:
   * 5 in a row lock it for 10 minutes (then every code and the right password fail); a right
   * code clears the count. Rate-limited like sign-in. Only in a session waiting to verify (403
   * otherwise).
   */
  app.post(
    '/twoFactor/verify',
    {
      config: { secondFactorStep: ['required'], rateLimit, contract: { add: [401], remove: [409], unauthorizedMessage: e.invalidCode } },
      schema: { tags: ['twoFactor'], summary: 'Give the second factor of sign-in', body: codeBody, response: { 200: verified } },
    },
    async (request) => {
      const actor = requireActor(request);
      if (actor.secondFactor !== 'required') throw forbidden(rc.errors.unauthorized);
      const officer = await accounts.findOfficerById(db, actor.officerId);
      if (!officer) throw unauthorized(rc.errors.notAuthenticated);
      const now = app.ctx.now();
      // Counted before the check like a password (signInAttempt), in the same count.
      const attempt = await signInAttempt(db, request, officer.login, now, officer.officerId);
      const refuse = async (reason: string) => {
        await attempt.refuse(officer.officerId, reason);
        return unauthorized(e.invalidCode);
      };
      if (attempt.locked) throw await refuse('locked');
      const kind = await db.transaction(async (tx) => {
        const used = await useSecondFactorCode(tx, app.ctx.totpKey, officer.officerId, request.body.code, now);
        if (!used) return null;
        await completeVerification(tx, request.sessionId!);
        await accounts.clearFailedLogins(tx, officer.login);
        await audit(tx, request, [
          ...(used === 'recovery' ? [{ action: 'recovery-code-used', entity: 'officer', entityId: officer.officerId }] : []),
          { action: 'second-factor-verify', entity: 'officer', entityId: officer.officerId, details: used },
        ]);
        return used;
      });
      if (!kind) throw await refuse('wrong second factor');
      const user = await accounts.loadSessionUser(db, officer.officerId, !!actor.passwordChangeOnly, null);
      // How many codes are left only after a recovery code, so the page's warning means something.
      return kind === 'recovery' ? { user: user!, recoveryCodesLeft: await recoveryCodesLeft(db, officer.officerId) } : { user: user! };
    },
  );

  /**
   * DELETE /api/twoFactor/totp {code} -> 200 twoFactorStatus: turns his authenticator app off,
   * given a current code of it or a recovery code. When it was his last factor his recovery codes
   * go too. 409 noFactor when it is off; 409 lastFactor when his level must keep a factor and it
   * is his last; the super user removes his last only with a recovery code (409
   * superUserLastFactor); 401 invalidCode for a wrong code. Rate-limited like sign-in.
   */
  app.delete(
    '/twoFactor/totp',
    {
      config: { rateLimit, contract: { add: [401], remove: [404] } },
      schema: { tags: ['twoFactor'], summary: 'Turn the authenticator app off', body: codeBody, response: { 200: twoFactorStatus } },
    },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      const now = app.ctx.now();
      const typed = normaliseCode(request.body.code);
      const outcome = await db.transaction(async (tx) => {
        // The same lock as a passkey's removal: two removals at once cannot both find the other
        // factor still there and leave him with none.
        await lockOfficer(tx, actor.officerId);
        if (!(await totpState(tx, actor.officerId))?.confirmedAt) throw conflict(e.noFactor);
        const last = (await factorCount(tx, actor.officerId)) <= 1;
        if (last && actor.officerId === config.SUPER_USER_ID) {
          // Nobody can reset the super user's factors: he keeps his last unless he shows he still holds his codes.
          if (typed.kind !== 'recovery') throw conflict(e.superUserLastFactor);
        } else if (last && mustUseSecondFactor(actor.accessLevel, config.SECOND_FACTOR_LEVEL)) {
          throw conflict(e.lastFactor);
        }
        const used = await useSecondFactorCode(tx, app.ctx.totpKey, actor.officerId, request.body.code, now);
        if (!used) return null;
        await tx.delete(s.officerTotp).where(eq(s.officerTotp.officerId, actor.officerId));
        // Recovery codes stand in for a factor; with none left they would open nothing.
        if (last) await dropRecoveryCodes(tx, actor.officerId);
        await audit(tx, request, [
          ...(used === 'recovery' ? [{ action: 'recovery-code-used', entity: 'officer', entityId: actor.officerId }] : []),
          { action: 'second-factor-remove', entity: 'officer', entityId: actor.officerId, details: 'totp' },
        ]);
        return status(actor, null, tx);
      });
      if (!outcome) {
        await auditRefusal(db, request, { action: 'second-factor-remove', entity: 'officer', entityId: actor.officerId, outcome: 'failure', details: 'wrong code' });
        throw unauthorized(e.invalidCode);
      }
      return outcome;
    },
  );

  /**
   * POST /api/twoFactor/recoveryCodes -> 200 {recoveryCodes}: RECOVERY_CODE_COUNT new codes
   * (shown once) replace all his old ones, used or not. 409 noFactor without a second factor.
   */
  app.post(
    '/twoFactor/recoveryCodes',
    { schema: { tags: ['twoFactor'], summary: 'Make new recovery codes', response: { 200: recoveryCodes } } },
    async (request) => {
      const actor = authorizeOwnFactors(request);
      const codes = await db.transaction(async (tx) => {
        // two at once would each delete only the codes they see and leave twenty
        await lockOfficer(tx, actor.officerId);
        if ((await factorCount(tx, actor.officerId)) === 0) return null;
        const made = await issueRecoveryCodes(tx, actor.officerId, app.ctx.now());
        await audit(tx, request, { action: 'recovery-codes-regenerated', entity: 'officer', entityId: actor.officerId });
        return made;
      });
      if (!codes) throw conflict(e.noFactor);
      await mailFactorAdded(app, request, actor.officerId, rc.secondFactor.added.recoveryCodes);
      return { recoveryCodes: codes };
    },
  );

  /**
   * POST /api/officers/{officerId}/twoFactor/reset {reason} -> 200 {message}: level 10 removes
   * another officer's authenticator app, recovery codes and passkeys and ends all his sessions,
   * audited with the reason in one transaction; then he is mailed at his confirmed addresses (a
   * failed mail is logged and the reset stands). 403 resetSuperUser / resetSelf, 404 unknown
   * officer, 400 nothingToReset.
   */
  app.post(
    '/officers/:officerId/twoFactor/reset',
    {
      config: { contract: { remove: [409] } },
      schema: {
        tags: ['twoFactor'],
        summary: "Reset an officer's two-step sign-in",
        params: z.object({ officerId: wholeNumberText(1) }),
        body: resetBody,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const actor = authorize(request, 'officer:reset-second-factor');
      const { officerId } = request.params;
      if (officerId === config.SUPER_USER_ID) throw forbidden(e.resetSuperUser);
      if (!can(actor, 'officer:reset-second-factor', { officerId })) throw forbidden(e.resetSelf);
      const officer = await accounts.findOfficerById(db, officerId);
      if (!officer) throw notFound(rc.errors.notFound);
      const now = app.ctx.now();
      const reset = await db.transaction(async (tx) => {
        const removed = await removeAllFactors(tx, officerId);
        if (!removed.totp && !removed.recoveryCodes && !removed.passkeys) return false;
        await revokeOfficerSessions(tx, officerId, now);
        await audit(tx, request, { action: 'second-factor-reset', entity: 'officer', entityId: officerId, details: request.body.reason });
        return true;
      });
      if (!reset) throw badRequest(e.nothingToReset);
      const by = await accounts.findOfficerById(db, actor.officerId);
      const local = fromInstant(now, config.ORG_TIMEZONE);
      await mailAccountNotice(app, request, officerId, rc.secondFactor.reset.mailSubject, (o) =>
        format(rc.secondFactor.reset.mailBody, {
          login: o.login,
          by: by ? `${by.lastName}, ${by.firstName}` : String(actor.officerId),
          date: `${local.date} ${local.time}`,
          reason: request.body.reason,
        }),
      );
      return { message: rc.secondFactor.reset.done };
    },
  );
}
