/**
 * The one-time set-password link of an officer an import added (he has no usable password):
 * mailed after the import's batch commits, followed on /secure/SetPassword (GET and PUT
 * /api/password/set in server/routes/passwordSetup.ts). Only the token's SHA-256 hash is stored.
 *
 * A link works once, within PASSWORD_SETUP_HOURS, and only while the officer has no usable
 * password another way: none set since the link was made (password_changed_date not after it)
 * and no temporary password issued (the administrator's Reset password). Setting the password
 * with one link uses up all of the officer's links.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import * as s from '../db/schema';
import type { Mailer } from '../mail';
import { audit, type AuditRequest } from '../audit';
import { tokenHash } from './accountMail';
import { format, rc } from '../../src/domain/messages';
import { PASSWORD_SETUP_HOURS } from '../../src/domain/constants';
import { importOfficerId } from '../../src/domain/imports';
import type { AddedRow } from '../imports/run';

export interface PasswordLinkDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** Where officers reach the app (PUBLIC_URL or the request's origin), without a trailing slash. */
  origin: string;
}

/** The officer ids of the rows an officers import added. */
export function addedOfficerIds(added: AddedRow[]): number[] {
  return added.map((a) => importOfficerId(a.cells.officerId ?? '')).filter((id): id is number => typeof id === 'number');
}

/**
 * Mails each officer of `officerIds` that has an e-mail address a set-password link: one link per
 * distinct address (department, then home), each confirming the address it went to. The links
 * and their audit entries ('password-setup-link') are written in one transaction first; a mail
 * that fails is logged and audited (outcome 'failure', 'mail failed') and does not stop the
 * others. Never throws: the import it follows stands whatever the mail does.
 */
export async function mailPasswordLinks(deps: PasswordLinkDeps, request: AuditRequest, officerIds: number[]): Promise<void> {
  if (!officerIds.length) return;
  try {
    const officers = await deps.db
      .select({ officerId: s.officer.officerId, login: s.officer.login, homeEmail: s.officer.homeEmail, deptEmail: s.officer.deptEmail })
      .from(s.officer)
      .where(inArray(s.officer.officerId, officerIds));
    const now = deps.now();
    const expiresAt = new Date(now.getTime() + PASSWORD_SETUP_HOURS * 3600_000);
    const links: Array<{ officerId: number; login: string; field: 'homeEmail' | 'deptEmail'; email: string; token: string }> = [];
    for (const o of officers) {
      const seen = new Set<string>();
      for (const field of ['deptEmail', 'homeEmail'] as const) {
        const email = o[field]?.trim();
        if (!email || seen.has(email.toLowerCase())) continue;
        seen.add(email.toLowerCase());
        links.push({ officerId: o.officerId, login: o.login, field, email, token: randomBytes(32).toString('base64url') });
      }
    }
    if (!links.length) return;
    await deps.db.transaction(async (tx) => {
      await tx.insert(s.passwordSetup).values(links.map((l) => ({ tokenHash: tokenHash(l.token), officerId: l.officerId, field: l.field, email: l.email, createdAt: now, expiresAt })));
      await audit(tx, request, links.map((l) => ({ action: 'password-setup-link', entity: 'officer', entityId: l.officerId, details: l.field })));
    });
    for (const l of links) {
      const link = `${deps.origin}/secure/SetPassword?token=${l.token}`;
      try {
        await deps.mailer.send({ to: l.email, subject: rc.auth.passwordSetup.mailSubject, text: format(rc.auth.passwordSetup.mailBody, { login: l.login, hours: PASSWORD_SETUP_HOURS, link }) });
      } catch (err) {
        deps.log.error({ err, officerId: l.officerId }, 'set-password mail failed');
        await deps.db
          .transaction((tx) => audit(tx, request, { action: 'password-setup-link', entity: 'officer', entityId: l.officerId, outcome: 'failure', details: 'mail failed' }))
          .catch((e: unknown) => deps.log.error({ err: e }, 'audit log write failed'));
      }
    }
  } catch (err) {
    deps.log.error({ err }, 'set-password links failed');
  }
}

/** A usable link's officer and address; undefined for an unknown, used or expired one, or one the officer no longer needs. */
export async function findUsableLink(db: Db, token: string, now: Date) {
  const p = s.passwordSetup;
  const o = s.officer;
  const [row] = await db
    .select({ officerId: p.officerId, field: p.field, email: p.email, login: o.login })
    .from(p)
    .innerJoin(o, eq(o.officerId, p.officerId))
    .where(
      and(
        eq(p.tokenHash, tokenHash(token)),
        isNull(p.usedAt),
        sql`${p.expiresAt} > ${now.toISOString()}::timestamptz`,
        isNull(o.tempPasswordHash),
        sql`(${o.passwordChangedDate} is null or ${o.passwordChangedDate} <= ${p.createdAt})`,
      ),
    );
  return row;
}

/**
 * Sets the officer's password by his link, in the caller's transaction: uses up the link (and his
 * other links) only if it is still usable (a racing second use finds it used: null), sets the hash
 * and the change date, clears any temporary password, ends his sessions, and confirms the address
 * the link went to while his field still holds it. Returns the officer and field, or null.
 */
export async function setPasswordByLink(tx: Db, token: string, hash: string, now: Date): Promise<{ officerId: number; field: string } | null> {
  const link = await findUsableLink(tx, token, now);
  if (!link) return null;
  const p = s.passwordSetup;
  const used = await tx
    .update(p)
    .set({ usedAt: now })
    .where(and(eq(p.tokenHash, tokenHash(token)), isNull(p.usedAt)))
    .returning({ officerId: p.officerId });
  if (!used.length) return null;
  await tx.update(p).set({ usedAt: now }).where(and(eq(p.officerId, link.officerId), isNull(p.usedAt)));
  const o = s.officer;
  const column = link.field === 'homeEmail' ? o.homeEmail : o.deptEmail;
  await tx
    .update(o)
    .set({ passwordHash: hash, passwordChangedDate: now, tempPasswordHash: null, tempPasswordExpires: null, updatedBy: link.officerId, updatedTimestamp: now })
    .where(eq(o.officerId, link.officerId));
  await tx
    .update(o)
    .set(link.field === 'homeEmail' ? { homeEmailConfirmed: true } : { deptEmailConfirmed: true })
    .where(and(eq(o.officerId, link.officerId), sql`lower(btrim(${column})) = lower(btrim(${link.email}))`));
  await tx.update(s.session).set({ revokedAt: now }).where(and(eq(s.session.officerId, link.officerId), isNull(s.session.revokedAt)));
  return { officerId: link.officerId, field: link.field };
}
