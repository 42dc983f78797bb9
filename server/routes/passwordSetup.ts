import { z } from 'zod';
import type { App } from '../appType';
import { rc } from '../../src/domain/messages';
import { validateNewPassword } from '../../src/domain/password';
import { passwordSetupBody, passwordSetupLink, passwordSetupQuery } from '../../src/domain/schemas/passwordSetup';
import { badRequest } from '../errors';
import { hashPassword } from '../auth/passwords';
import { findUsableLink, setPasswordByLink } from '../auth/passwordSetup';
import { audit, auditRefusal } from '../audit';

/**
 * The set-password link mailed to an officer an import added (server/auth/passwordSetup.ts):
 * public (opened from the mail, without a session), rate-limited like the e-mail confirmation.
 */
export async function passwordSetupRoutes(app: App) {
  const { db } = app.ctx;
  const rateLimit = { max: app.ctx.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };

  /**
   * GET /api/password/set?token= -> {login}: whose link it is, for the page to show. 400
   * rc.auth.passwordSetup.invalidLink for an unknown, used or expired link, or one of an officer
   * who has had a password set or a temporary password issued since.
   */
  app.get(
    '/password/set',
    {
      config: { public: true, rateLimit, contract: { remove: [404, 409] } },
      schema: { tags: ['auth'], summary: 'Whose set-password link this is', security: [], querystring: passwordSetupQuery, response: { 200: passwordSetupLink } },
    },
    async (request) => {
      const link = await findUsableLink(db, request.query.token, app.ctx.now());
      if (!link) throw badRequest(rc.auth.passwordSetup.invalidLink);
      return { login: link.login };
    },
  );

  /**
   * PUT /api/password/set {token, newPassword, verifyPassword?} -> {message:
   * rc.auth.passwordSetup.done}: sets the officer's password by his link (spec §5's rule and
   * messages: 400), uses the link up (and his other links), confirms the address it went to and
   * ends any session of his; audited ('password-setup'). 400 invalidLink as the GET.
   */
  app.put(
    '/password/set',
    {
      config: { public: true, rateLimit, contract: { remove: [404, 409] } },
      schema: { tags: ['auth'], summary: 'Set a password by the link mailed to an imported officer', security: [], body: passwordSetupBody, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const { token, newPassword, verifyPassword } = request.body;
      const link = await findUsableLink(db, token, app.ctx.now());
      if (!link) throw badRequest(rc.auth.passwordSetup.invalidLink);
      const problem = validateNewPassword(newPassword, verifyPassword);
      if (problem) {
        await auditRefusal(db, request, { action: 'password-setup', entity: 'officer', entityId: link.officerId, actorId: link.officerId, outcome: 'failure', details: 'new password refused' });
        throw badRequest(problem);
      }
      const hash = await hashPassword(newPassword);
      const done = await db.transaction(async (tx) => {
        const set = await setPasswordByLink(tx, token, hash, app.ctx.now());
        if (set) await audit(tx, request, { action: 'password-setup', entity: 'officer', entityId: set.officerId, actorId: set.officerId, details: set.field });
        return set;
      });
      if (!done) throw badRequest(rc.auth.passwordSetup.invalidLink);
      return { message: rc.auth.passwordSetup.done };
    },
  );
}
