import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { App } from '../appType';
import { format, rc } from '../../src/domain/messages';
import { EMAIL_CONFIRM_HOURS, TEMP_PASSWORD_MINUTES } from '../../src/domain/constants';
import type { EmailField } from '../../src/domain/schemas/officers';
import { badRequest, HttpError } from '../errors';
import { fromInstant } from '../../src/domain/dates';
import { generatePassword, hashPassword } from './passwords';
import * as accounts from '../db/repositories/accounts';
import { audit, auditRefusal, type AuditEvent } from '../audit';

type OfficerRow = NonNullable<Awaited<ReturnType<typeof accounts.findOfficerById>>>;
const e = rc.auth.email;

/** SHA-256 of a link token, as stored: the token itself is only ever in the mail. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Mails a temporary password (single use, TEMP_PASSWORD_MINUTES) to the officer's confirmed
 * addresses only (spec §4 Password reset): an address an officer gave for himself counts once he
 * followed its link, so a stolen session cannot take the reset elsewhere. Used by the public
 * reset and by the roster administrator's Reset password. Errors: 400 'No e-mail address is on
 * file…' (none at all), 400 'No confirmed e-mail address is on file…' (none confirmed), 503 when
 * the mail cannot be sent (the temporary password is then stored but unknown to anybody).
 * `event` is the reset's audit entry: written in the transaction that stores the temporary
 * password, before the mail goes (no transaction is held open while mailing); when the mail then
 * fails, an entry of outcome 'failure' ('mail failed') follows it.
 */
export async function mailTemporaryPassword(app: App, request: FastifyRequest, officer: OfficerRow, event: AuditEvent): Promise<void> {
  if (!officer.homeEmail?.trim() && !officer.deptEmail?.trim()) throw badRequest(rc.auth.passwordReset.noEmail);
  const to = accounts.confirmedAddresses(officer);
  if (!to.length) throw badRequest(rc.auth.passwordReset.noConfirmedEmail);
  const temp = generatePassword();
  const now = app.ctx.now();
  const hash = await hashPassword(temp);
  await app.ctx.db.transaction(async (tx) => {
    await accounts.setTempPassword(tx, officer.officerId, hash, new Date(now.getTime() + TEMP_PASSWORD_MINUTES * 60_000));
    await audit(tx, request, event);
  });
  try {
    await app.ctx.mailer.send({
      to: to.join(', '),
      subject: rc.auth.passwordReset.mailSubject,
      text: format(rc.auth.passwordReset.mailBody, { login: officer.login, password: temp, minutes: TEMP_PASSWORD_MINUTES }),
    });
  } catch (err) {
    request.log.error({ err }, 'password reset mail failed');
    await auditRefusal(app.ctx.db, request, { ...event, outcome: 'failure', details: 'mail failed' });
    throw new HttpError(503, rc.auth.passwordReset.mailFailed);
  }
}

/** Where officers reach the app: PUBLIC_URL, else the address this request came to. */
export function publicOrigin(app: App, request: FastifyRequest): string {
  return app.ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}

/**
 * After an officer gave himself new e-mail addresses (already stored, unconfirmed): mails each
 * new address a link to /secure/ConfirmEmail valid EMAIL_CONFIRM_HOURS, and tells each old
 * address of the change. The change stands whatever the mail does; a failed mail is logged.
 */
export async function mailEmailChange(
  app: App,
  request: FastifyRequest,
  officer: { officerId: number; login: string },
  changes: Array<{ field: EmailField; before: string | null; after: string | null; confirm: boolean }>,
): Promise<void> {
  const now = app.ctx.now();
  const send = async (to: string, subject: string, text: string) => {
    try {
      await app.ctx.mailer.send({ to, subject, text });
    } catch (err) {
      request.log.error({ err }, 'e-mail change mail failed');
    }
  };
  for (const c of changes) {
    const fieldName = e.fieldNames[c.field];
    if (c.after?.trim() && c.confirm) {
      const token = randomBytes(32).toString('base64url');
      await accounts.createEmailConfirmation(app.ctx.db, {
        tokenHash: tokenHash(token),
        officerId: officer.officerId,
        field: c.field,
        email: c.after.trim(),
        now,
        expiresAt: new Date(now.getTime() + EMAIL_CONFIRM_HOURS * 3600_000),
      });
      const link = `${publicOrigin(app, request)}/secure/ConfirmEmail?token=${token}`;
      await send(c.after.trim(), e.confirmSubject, format(e.confirmBody, { field: fieldName, login: officer.login, hours: EMAIL_CONFIRM_HOURS, link }));
    }
    if (c.before?.trim()) {
      await send(c.before.trim(), e.changedSubject, format(e.changedBody, { field: fieldName, login: officer.login, before: c.before.trim(), after: c.after?.trim() || e.noAddress }));
    }
  }
}

/**
 * Tells an officer, at his confirmed addresses, of a change to how he signs in that he may not
 * have made himself (a second factor added or reset). Sent after the change's transaction; a
 * failed mail, or no confirmed address, is logged and the change stands. `officerId` names him.
 */
export async function mailAccountNotice(app: App, request: FastifyRequest, officerId: number, subject: string, text: (officer: OfficerRow) => string): Promise<void> {
  const officer = await accounts.findOfficerById(app.ctx.db, officerId);
  const to = officer ? accounts.confirmedAddresses(officer) : [];
  if (!officer || !to.length) {
    request.log.warn({ officerId }, 'account notice: no confirmed e-mail address to tell');
    return;
  }
  try {
    await app.ctx.mailer.send({ to: to.join(', '), subject, text: text(officer) });
  } catch (err) {
    request.log.error({ err, officerId }, 'account notice mail failed');
  }
}

/**
 * Tells an officer that a second factor was added to his sign-in (`what`: the catalog's words for
 * it, e.g. 'an authenticator app'), so a session that was not his cannot add one unseen.
 */
export async function mailFactorAdded(app: App, request: FastifyRequest, officerId: number, what: string): Promise<void> {
  const local = fromInstant(app.ctx.now(), app.ctx.config.ORG_TIMEZONE);
  await mailAccountNotice(app, request, officerId, rc.secondFactor.added.mailSubject, (o) =>
    format(rc.secondFactor.added.mailBody, { login: o.login, what, date: `${local.date} ${local.time}` }),
  );
}
