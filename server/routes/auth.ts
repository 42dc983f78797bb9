import { z } from 'zod';
import { instantText } from '../../src/domain/schemas/wire';
import { sessionUserSchema, signedIn } from '../../src/domain/schemas/session';
import { wholeNumberText } from '../../src/domain/schemas/common';
import type { App } from '../appType';
import { rc } from '../../src/domain/messages';
import { validateNewPassword } from '../../src/domain/password';
import { SESSION_ABSOLUTE_HOURS } from '../../src/domain/constants';
import { todayIn } from '../../src/domain/dates';
import { isSeparatedOn } from '../../src/domain/profile';
import { can } from '../../src/domain/access';
import { requireActor } from '../auth/guard';
import { forbidden, notFound, unauthorized, badRequest } from '../errors';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import { mailTemporaryPassword, tokenHash } from '../auth/accountMail';
import { signToken } from '../auth/tokens';
import { createSession, revokeSession } from '../db/repositories/sessions';
import * as accounts from '../db/repositories/accounts';
import { audit, auditRefusal } from '../audit';
import { signInAttempt } from '../auth/signInAttempt';
import { SECOND_FACTOR_STAGES, stageAfterPassword } from '../../src/domain/secondFactor';
import { factorCount } from '../auth/secondFactor';

const messageSchema = z.object({ message: z.string() });
const loginParam = z.object({ login: z.string().trim().min(1).max(100) });
const required = (max: number) => z.string({ error: rc.validation.required }).trim().min(1, rc.validation.required).max(max);

/**
 * Authentication and account calls of spec §7: sign-in, session check, logout,
 * last-login update, role lookup, password change and reset, login check.
 */
export async function authRoutes(app: App) {
  const { db } = app.ctx;
  const rateLimit = { max: app.ctx.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };
  const isSeparated = (separationDate: string | null) => isSeparatedOn(separationDate, todayIn(app.ctx.config.ORG_TIMEZONE, app.ctx.now()));

  /**
   * POST /api/authenticate {username, password} -> 200 {jwt, user: SessionUser, secondFactor}.
   * 401 'Invalid credentials!' for a wrong password, an unknown or separated login, or a login
   * locked after 5 failures in a row (10 minutes): all answer alike. A temporary password works
   * once within 30 minutes and gives a session that may only change the password. `secondFactor`
   * (beside the user and in him) names the step still to do (decision 029): 'required' when he has
   * a second factor, 'enrol' when his level must have one and he has none; until it is done the
   * token reaches only that step's routes (403 'Finish the two-step sign-in first.').
   */
  app.post(
    '/authenticate',
    {
      config: { public: true, rateLimit, contract: { add: [401], remove: [409], unauthorizedMessage: rc.errors.invalidCredentials } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        security: [],
        body: z.strictObject({ username: required(100), password: z.string({ error: rc.validation.required }).min(1, rc.validation.required).max(200) }),
        response: { 200: signedIn },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const now = app.ctx.now();
      // Counted before the slow scrypt check (signInAttempt). The attempted login is never logged
      // as text (a password typed into it would be); a known officer is named by id.
      const attempt = await signInAttempt(db, request, username, now);
      if (attempt.locked) {
        await verifyDummy(password);
        const known = await accounts.findOfficerByLogin(db, username);
        await attempt.refuse(known?.officerId ?? null, 'locked');
        throw unauthorized(rc.errors.invalidCredentials);
      }
      const fail = async (officerId: number | null, reason: string) => {
        await attempt.refuse(officerId, reason);
        return unauthorized(rc.errors.invalidCredentials);
      };
      const officer = await accounts.findOfficerByLogin(db, username);
      if (!officer) {
        await verifyDummy(password);
        throw await fail(null, 'unknown login');
      }
      let usedTemp = false;
      let ok = await verifyPassword(password, officer.passwordHash);
      if (!ok && officer.tempPasswordHash && officer.tempPasswordExpires && officer.tempPasswordExpires.getTime() > now.getTime()) {
        ok = usedTemp = await verifyPassword(password, officer.tempPasswordHash);
      }
      if (!ok) throw await fail(officer.officerId, 'wrong password');
      if (isSeparated(officer.separationDate)) throw await fail(officer.officerId, 'separated');
      const passwordChangeOnly = usedTemp || !officer.lastLoginDate;
      // The temporary password used up, the failure count cleared (full sign-ins), the session and its 'login'
      // entry: one transaction. Null when a racing sign-in used the temporary password first.
      // The session waits for the second factor when he has one or his level must have one
      // (decision 029); that step comes before any password change.
      const session = await db.transaction(async (tx) => {
        if (usedTemp && !(await accounts.consumeTempPassword(tx, officer.officerId, now))) return null;
        const stage = stageAfterPassword(officer.accessTypeId, (await factorCount(tx, officer.officerId)) > 0, app.ctx.config.SECOND_FACTOR_LEVEL);
        // A half sign-in leaves the failure count to its second step: wrong codes count on, and
        // signing in with the password again must not wipe them (endless guesses at 6 digits).
        if (stage) await accounts.releaseLoginAttempt(tx, username);
        else await accounts.clearFailedLogins(tx, username);
        const opened = await createSession(tx, officer.officerId, now, passwordChangeOnly, stage);
        const details = [usedTemp ? 'temporary password' : null, stage ? `second factor: ${stage}` : null].filter(Boolean).join('; ') || null;
        await audit(tx, request, { action: 'login', entity: 'officer', entityId: officer.officerId, actorId: officer.officerId, details });
        return { ...opened, stage };
      });
      if (!session) throw await fail(officer.officerId, 'temporary password used');
      const jwt = await signToken(app.ctx.jwtSecret, { sessionId: session.sessionId, officerId: officer.officerId }, now, session.expiresAt);
      const user = await accounts.loadSessionUser(db, officer.officerId, passwordChangeOnly, session.stage);
      return { jwt, user: user!, secondFactor: user!.secondFactor };
    },
  );

  /**
   * GET /api/session -> {user} while the session is valid (the navigation check of spec §2); 401
   * otherwise. The user comes from the session check's own query (no second query).
   */
  app.get(
    '/session',
    {
      // The half-signed-in page asks which step it is on.
      config: { secondFactorStep: SECOND_FACTOR_STAGES },
      schema: { tags: ['auth'], summary: 'Session check', response: { 200: z.object({ user: sessionUserSchema }) } },
    },
    async (request) => {
      requireActor(request);
      const user = request.sessionUser;
      if (!user) throw unauthorized(rc.errors.notAuthenticated);
      return { user };
    },
  );

  /** POST /api/logout -> 204; the session is revoked and its token no longer works. */
  app.post('/logout', { config: { secondFactorStep: SECOND_FACTOR_STAGES, contract: { remove: [409] } }, schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null().describe('Signed out; the token no longer works') } } }, async (request, reply) => {
    requireActor(request);
    await revokeSession(db, request.sessionId!, app.ctx.now());
    return reply.code(204).send(null);
  });

  /** PUT /api/updateLastLoginDate/{officerId} (empty body) -> {lastLoginDate: ISO}. Own id only. */
  app.put(
    '/updateLastLoginDate/:officerId',
    {
      // Another officer's id is 403, never 404; nothing unique is written.
      config: { contract: { remove: [404, 409] } },
      schema: {
        tags: ['auth'],
        summary: 'Record the sign-in date',
        params: z.object({ officerId: wholeNumberText(1) }),
        response: { 200: z.object({ lastLoginDate: instantText() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (!can(actor, 'app:use') || actor.officerId !== request.params.officerId) throw forbidden(rc.errors.unauthorized);
      const at = await accounts.updateLastLoginDate(db, actor.officerId, app.ctx.now());
      return { lastLoginDate: at.toISOString() };
    },
  );

  /** GET /api/getRoleByUsername/{login} -> {accessTypeId, description}; own login, or any at level 10. */
  app.get(
    '/getRoleByUsername/:login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Access level of a login',
        params: loginParam,
        response: { 200: z.object({ accessTypeId: z.number(), description: z.string() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const role = await accounts.roleByLogin(db, request.params.login);
      const mayAnyone = can(actor, 'officer:write');
      if (!role) throw mayAnyone ? notFound(rc.errors.notFound) : forbidden(rc.errors.unauthorized);
      if (role.officerId !== actor.officerId && !mayAnyone) throw forbidden(rc.errors.unauthorized);
      return { accessTypeId: role.accessTypeId, description: role.description };
    },
  );

  /**
   * PUT /api/password/update {login, oldPassword, newPassword, verifyPassword?} -> {message: 'Password updated!'}.
   * Own login only. 400 'Current password incorrect!' or the spec §5 rule messages. Revokes the
   * officer's other sessions and lifts the password-change-only restriction of this one.
   */
  app.put(
    '/password/update',
    {
      config: { rateLimit, contract: { remove: [404, 409] } },
      schema: {
        tags: ['auth'],
        summary: 'Change password',
        body: z.strictObject({
          login: required(100),
          oldPassword: z.string({ error: rc.validation.required }).min(1, rc.validation.required).max(200),
          newPassword: z.string({ error: rc.validation.required }).min(1, rc.validation.required).max(200),
          verifyPassword: z.string().max(200).optional(),
        }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { login, oldPassword, newPassword, verifyPassword: verify } = request.body;
      const officer = await accounts.findOfficerById(db, actor.officerId);
      if (!officer || officer.login.toLowerCase() !== login.toLowerCase()) throw forbidden(rc.auth.notYourAccount);
      // A temporary password counts as the current one only in the restricted session it opened.
      const tempUsable =
        !!actor.passwordChangeOnly &&
        !!officer.tempPasswordHash &&
        !!officer.tempPasswordExpires &&
        officer.tempPasswordExpires.getTime() + SESSION_ABSOLUTE_HOURS * 3600_000 > app.ctx.now().getTime();
      const oldOk =
        (await verifyPassword(oldPassword, officer.passwordHash)) ||
        (tempUsable && (await verifyPassword(oldPassword, officer.tempPasswordHash!)));
      if (!oldOk) {
        // refusals change nothing: no transaction to write them in
        await auditRefusal(db, request, { action: 'password-change', entity: 'officer', entityId: officer.officerId, outcome: 'failure', details: 'current password incorrect' });
        throw badRequest(rc.auth.passwordChange.currentIncorrect);
      }
      const problem = validateNewPassword(newPassword, verify);
      if (problem) {
        await auditRefusal(db, request, { action: 'password-change', entity: 'officer', entityId: officer.officerId, outcome: 'failure', details: 'new password refused' });
        throw badRequest(problem);
      }
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await accounts.changePassword(tx, officer.officerId, hash, app.ctx.now(), request.sessionId!);
        await audit(tx, request, { action: 'password-change', entity: 'officer', entityId: officer.officerId });
      });
      return { message: rc.auth.passwordChange.updated };
    },
  );

  /**
   * PUT /api/password/reset {login} -> 200 {message: dispatched}; 204 for an invalid login.
   * E-mails a temporary password (single use, 30 minutes) to the officer's confirmed e-mail
   * addresses (mailTemporaryPassword: 400 when none is on file or none is confirmed, 503 when the
   * mail fails).
   */
  app.put(
    '/password/reset',
    {
      config: { public: true, rateLimit, contract: { add: [503], remove: [404, 409] } },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a temporary password',
        security: [],
        body: z.strictObject({ login: required(100) }),
        response: { 200: messageSchema, 204: z.null().describe('Invalid login') },
      },
    },
    async (request, reply) => {
      const officer = await accounts.findOfficerByLogin(db, request.body.login);
      if (!officer || isSeparated(officer.separationDate)) return reply.code(204).send(null);
      await mailTemporaryPassword(app, request, officer, { action: 'password-reset', entity: 'officer', entityId: officer.officerId, actorId: null, details: 'temporary password mailed' });
      return { message: rc.auth.passwordReset.dispatched };
    },
  );

  /**
   * PUT /api/email/confirm {token} -> 200 {message: 'Your e-mail address is confirmed.'}: follows
   * the link mailed to an address an officer gave for himself (/secure/ConfirmEmail?token=…), so
   * temporary passwords may go there. Public (the link is opened from the mail, often on another
   * device), rate-limited like sign-in. 400 'This confirmation link is invalid, already used or
   * expired. …' for an unknown, used or expired link, or one whose address was changed again.
   */
  app.put(
    '/email/confirm',
    {
      config: { public: true, rateLimit, contract: { remove: [404, 409] } },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address by its mailed link',
        security: [],
        body: z.strictObject({ token: z.string({ error: rc.validation.required }).min(1, rc.validation.required).max(200) }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const confirmed = await db.transaction(async (tx) => {
        const link = await accounts.confirmEmail(tx, tokenHash(request.body.token), app.ctx.now());
        if (link) await audit(tx, request, { action: 'email-confirm', entity: 'officer', entityId: link.officerId, actorId: link.officerId, details: link.field });
        return link;
      });
      if (!confirmed) throw badRequest(rc.auth.email.invalidLink);
      return { message: rc.auth.email.confirmed };
    },
  );

  /** GET /api/officer/isValidLogin/{login} -> 200 {valid: true} for an active login, 204 otherwise (spec §7). */
  app.get(
    '/officer/isValidLogin/:login',
    {
      config: { public: true, rateLimit, contract: { remove: [404] } },
      schema: { tags: ['auth'], summary: 'Is this a valid login', security: [], params: loginParam, response: { 200: z.object({ valid: z.literal(true) }), 204: z.null().describe('Not a valid login') } },
    },
    async (request, reply) => {
      const officer = await accounts.findOfficerByLogin(db, request.params.login);
      if (!officer || isSeparated(officer.separationDate)) return reply.code(204).send(null);
      return { valid: true as const };
    },
  );
}
