import { z } from 'zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../appType';
import { authorize, requireActor } from '../auth/guard';
import { badRequest, forbidden, notFound } from '../errors';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import { mailEmailChange, mailTemporaryPassword } from '../auth/accountMail';
import * as accounts from '../db/repositories/accounts';
import { can, type Actor } from '../../src/domain/access';
import { ACCESS, MAX_FAILED_LOGINS, PAGE_SIZES } from '../../src/domain/constants';
import { rc } from '../../src/domain/messages';
import { todayIn, toIsoDate } from '../../src/domain/dates';
import {
  changedAdminFields, changedEmailFields, officerContactSchema, officerInput, officerJson, officerListQuery, officerListRow, officerRulesSchema, PICKER_SORT_KEYS,
  type OfficerInput, type OfficerJson,
} from '../../src/domain/schemas/officers';
import { deleteList, idParams, idsToDelete } from '../../src/domain/schemas/common';
import * as repo from '../db/repositories/officers';
import { pageOf } from './listPage';
import { sendTotal } from '../reply';
import { errorHandler } from '../errorHandler';
import { audit } from '../audit';
import type { Db } from '../db/client';
import { exportDetails, exportFormat, exportRoute } from '../exports/columns';
import { exportName, pagedReader, sendExport } from '../exports/writeExport';
import { officerColumns } from '../exports/lists';

const m = rc.officers.errors;
const tags = ['officers'];
/** Largest roster page (spec §9 page sizes). */
const MAX_ROSTER_PAGE = Math.max(...PAGE_SIZES);

/** A 400 answer with the first §5 message and every issue ({field, message}), like a schema failure. */
class RuleFailure extends Error implements Partial<FastifyError> {
  constructor(readonly issues: Array<{ path: PropertyKey[]; message: string }>) {
    super(issues[0].message);
  }
}

function sendRuleFailure(reply: FastifyReply, err: RuleFailure) {
  const field = (i: { path: PropertyKey[] }) => i.path.map(String).join('.') || undefined;
  return reply.code(400).send({
    statusCode: 400,
    error: 'Bad Request',
    message: err.message,
    field: field(err.issues[0]),
    issues: err.issues.map((i) => ({ field: field(i), message: i.message })),
  });
}

/**
 * Officers (spec §2 /OfficerBrowse and Officer edit, §3 Officer, §5 officer save, §6, §7, §8):
 * pickers and the roster, one officer, add, change, remove. Writes are the roster
 * administrator's (level 10+); below level 10 an officer changes only the contact fields of his
 * own record. Every body is checked by officerRulesSchema (src/domain/schemas/officers.ts), which
 * the officer form runs too; the API answers its §5 alerts.
 */
export async function officerRoutes(app: App) {
  const { db } = app.ctx;
  const superUserId = app.ctx.config.SUPER_USER_ID;
  const tz = app.ctx.config.ORG_TIMEZONE;

  /** The §5 rules (alert wording) over a body; throws RuleFailure (400) with every issue. */
  function checkRules(schema: z.ZodType<OfficerInput>, body: OfficerInput): OfficerInput {
    const result = schema.safeParse(body);
    if (!result.success) throw new RuleFailure(result.error.issues);
    return result.data;
  }

  /** The officer as the API shows him (404 'Officer not found.'), read through `from` (the pool, or a write's transaction). */
  async function readOfficer(officerId: number, from: Db = db): Promise<OfficerJson> {
    const officer = await repo.getOfficer(from, officerId, { superUserId, withSoundex: true });
    if (!officer) throw notFound(m.notFound);
    return officer;
  }

  /** Route error handler of the writes: a RuleFailure is 400 with its issues; the rest goes to the app's handler. */
  const ruleErrors = {
    errorHandler: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      err instanceof RuleFailure ? sendRuleFailure(reply, err) : errorHandler(err, request, reply),
  };

  /**
   * GET /api/officer/getMultiple?excludeSeparated=Y&orderBy=last_name,first_name&accessTypeId=&_sort&_order&_start&_end
   * -> [{officerId: 0, lastName: '', firstName: ''}, ...rows] with X-Total-Count (officers matching,
   * placeholder not counted). Every row: officerId, lastName, firstName, mobile, rank {rankId,
   * description}, separationDate MM/DD/YYYY|null. Below level 5 mobile is null except on the
   * caller's own row and on auditors' rows (the flagged-ticket contact list). Level 10 rows add the roster columns (spec §2
   * /OfficerBrowse): precinct {precinctId, description}, lastLoginDate (ISO), accessType,
   * unreadMemos (unread 159s; 0 for exempt officers 1, 2, 3, 767, shown 'N/A', with exempt: true),
   * flaggedCount (flagged time tickets), hasChildren ('Y': cannot be removed). excludeSeparated=Y
   * drops officers separated on or before today (ORG_TIMEZONE). orderBy is last_name,first_name |
   * first_name,last_name | officer_id (else 400); _sort (officerId, lastName, firstName,
   * precinct.precinctId, precinct.description, lastLoginDate, mobile, separationDate, unreadMemos,
   * flaggedCount) overrides it, the roster columns only at level 10 (else 403). q (level 10, else
   * 403) keeps the officers whose last or first name, officer id ('A0007' or 7), login or badge
   * number each typed word begins (the officer picker's rule). Without _start/_end
   * every officer; a page holds at most 200 rows. One SQL statement. Every level but 3 (403).
   */
  app.get(
    '/officer/getMultiple',
    {
      schema: {
        tags,
        summary: 'Officers for pickers and contact lists; the roster columns at level 10',
        querystring: officerListQuery,
        response: { 200: z.array(officerListRow) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const paged = q._start !== undefined || q._end !== undefined;
      const page = paged ? pageOf(q, MAX_ROSTER_PAGE) : { offset: 0, limit: null };
      const { options } = await officerList(request, q);
      const { rows, total } = await repo.listOfficers(db, { ...options, ...page });
      sendTotal(reply, total);
      return [{ officerId: 0, lastName: '', firstName: '' }, ...rows];
    },
  );

  /**
   * The checks and options of the officer list (getMultiple and its export): every level but 3
   * (403 'Unauthorized!'); the roster's sort keys and search only at level 10 (403). `roster`:
   * whether the rows carry the roster columns.
   */
  async function officerList(request: FastifyRequest, q: z.infer<typeof officerListQuery>) {
    const actor = authorize(request, 'officer:list');
    const roster = can(actor, 'officer:roster');
    if (q._sort && !roster && !PICKER_SORT_KEYS.includes(q._sort)) throw forbidden(m.rosterOnly);
    // the search reaches logins and badge numbers: the roster's own filter
    if (q.q?.trim() && !roster) throw forbidden(m.searchRosterOnly);
    const options = {
      excludeSeparated: q.excludeSeparated === 'Y',
      officerIds: q.q?.trim() ? await repo.officerIdsMatching(db, q.q) : undefined,
      accessTypeId: q.accessTypeId,
      orderBy: q.orderBy,
      todayIso: toIsoDate(todayIn(tz, app.ctx.now())),
      roster,
      mobileOf: can(actor, 'officer:contacts') ? ('all' as const) : { viewerId: actor.officerId },
      superUserId,
      sort: q._sort,
      order: q._order,
    };
    return { roster, options };
  }

  /**
   * GET /api/officer/export?<the getMultiple query>&format=csv|xlsx -> the officer list as a
   * streamed CSV or XLSX file (server/exports) in the list's order, without the placeholder row:
   * officer id, names, mobile (as the list shows it), rank, separation date; at level 10 also
   * precinct, last login date, access level, unread 159s and flagged tickets. Refused exactly as
   * getMultiple; 400 for another format. Officers' personal data leaving the application: one
   * audit entry (action 'export', entity 'officer', the row count and the query in details).
   */
  app.get(
    '/officer/export',
    exportRoute(tags, 'The officer list as a CSV or XLSX file; the roster columns at level 10', officerListQuery),
    async (request, reply) => {
      const { format: _format, _start, _end, ...q } = request.query;
      const { roster, options } = await officerList(request, q);
      const format = exportFormat(request.query.format);
      const pages = await pagedReader((offset, limit) => repo.listOfficers(db, { ...options, offset, limit }));
      await app.ctx.db.transaction((tx) => audit(tx, request, { action: 'export', entity: 'officer', details: exportDetails(format, pages.total, q) }));
      const name = exportName(rc.exports.files.officers, todayIn(tz, app.ctx.now()));
      return sendExport(request, reply, { format, name, sheet: rc.exports.sheets.officers, columns: officerColumns(roster, tz), ...pages });
    },
  );

  /**
   * GET /api/officer/getSingle/{id} -> the officer (spec §3; officerJson in
   * src/domain/schemas/officers.ts): dates MM/DD/YYYY, lastLoginDate ISO, never password
   * material; soundex (drivers licence) included, since only level 10 and the officer himself may
   * read it. The officer's own record (also while his profile is incomplete), or anyone's at level
   * 10+ (else 403 'Unauthorized!'); 404 'Officer not found.'.
   */
  app.get(
    '/officer/getSingle/:id',
    { schema: { tags, summary: 'One officer (own record, or anyone at level 10)', params: idParams, response: { 200: officerJson } } },
    async (request) => {
      authorize(request, 'officer:read', { officerId: request.params.id });
      return readOfficer(request.params.id);
    },
  );

  /**
   * POST /api/officer/insert, body officerInput (the officer record with `password`) -> 201 the
   * officer. Level 10+ (403 'Unauthorized!'). 400 with the spec §5 'Officer save' alert or field
   * message of the first problem ('Officer ID required!', 'Numbers not allowed in first name!',
   * 'Must Select Precinct!', 'Rank required!', 'Invalid Zipcode!', 'Invalid Phone! Must be in
   * 999-999-9999 format!', 'Invalid Email Format!', 'Access level required!', 'Badge # must be an
   * integer value > zero!', 'Handcuff # be an integer value > zero!', 'Required', 'required',
   * 'Date is required', 'Zip code is required', the password rule) plus `field` and every issue in
   * `issues`. 409 'Duplicate record - unique constraint violated!' for a taken officer id or login
   * (spec §8: the form stays open). The password is stored as its scrypt hash; the officer has never
   * signed in, so his first sign-in may only change it.
   */
  app.post(
    '/officer/insert',
    {
      schema: { tags, summary: 'Add an officer (level 10)', body: officerInput, response: { 201: officerJson } },
      // Refused before the body is read: a level that may not add officers learns nothing of the rules.
      preValidation: async (request) => {
        authorize(request, 'officer:write');
      },
      ...ruleErrors,
    },
    async (request, reply) => {
      const actor = authorize(request, 'officer:write');
      const b = checkRules(officerRulesSchema({ isNew: true, superUserId, wording: 'alert' }), request.body);
      const cols = repo.adminColumns(b);
      if (b.officerId === superUserId) cols.accessTypeId = ACCESS.AUDITOR;
      // hashed before the transaction: scrypt is slow, and the transaction holds its locks meanwhile
      const passwordHash = await hashPassword(b.password!);
      const created = await db.transaction(async (tx) => {
        await repo.insertOfficer(tx, b.officerId!, cols, passwordHash, actor.officerId, app.ctx.now());
        const row = await readOfficer(b.officerId!, tx);
        await audit(tx, request, { action: 'create', entity: 'officer', entityId: row.officerId, after: { ...row, password: 'set' } });
        return row;
      });
      return reply.code(201).send(created);
    },
  );

  /**
   * The super user's access level and separation date stay as stored (spec §6): a body that
   * would change either is refused (403), one without them keeps them.
   */
  function assertSuperUserKept(b: OfficerInput, stored: OfficerJson) {
    const changed = changedAdminFields(b, stored);
    const accessChanged = changed.includes('accessType') && !!b.accessType?.accessTypeId;
    if (accessChanged || changed.includes('separationDate')) throw forbidden(m.superUserFixed);
  }

  /**
   * An officer changing his own e-mail address proves it is he (the current password), so a
   * stolen session or an unlocked phone cannot move his password resets elsewhere. Failures
   * count toward the sign-in lockout of his login. 400 with field currentPassword.
   */
  async function assertCurrentPassword(actor: Actor, currentPassword: string | null | undefined) {
    const me = await accounts.findOfficerById(db, actor.officerId);
    if (!me) throw forbidden(rc.errors.unauthorized);
    if (!currentPassword) throw new RuleFailure([{ path: ['currentPassword'], message: rc.auth.email.currentPasswordRequired }]);
    const attempt = await accounts.claimLoginAttempt(db, me.login, app.ctx.now());
    const ok = attempt <= MAX_FAILED_LOGINS ? await verifyPassword(currentPassword, me.passwordHash) : (await verifyDummy(currentPassword), false);
    if (!ok) throw new RuleFailure([{ path: ['currentPassword'], message: rc.auth.passwordChange.currentIncorrect }]);
    await accounts.clearFailedLogins(db, me.login);
  }

  /**
   * Level 10+: every field (officer id fixed: it names the record) but the password, which an
   * existing record never takes (Reset password mails a temporary one; one's own is changed on
   * Change Password); only the super user changes the super user's login and e-mail addresses.
   * Below 10: only the contact fields of one's own record; any other field that differs from the
   * stored record is refused (403, nothing written), the rest is ignored. Changing one's own
   * e-mail needs the current password and leaves the new address unconfirmed; an address the
   * roster administrator enters for somebody else counts as confirmed. Returns the columns to
   * write and the e-mail fields that change (with whether each needs its confirmation link).
   */
  async function planUpdate(actor: Actor, body: OfficerInput, stored: OfficerJson) {
    const own = actor.officerId === stored.officerId;
    const emails = changedEmailFields(body, stored);
    let cols: ReturnType<typeof repo.adminColumns>;
    if (can(actor, 'officer:write')) {
      const b = checkRules(officerRulesSchema({ isNew: false, superUserId, wording: 'alert' }), body);
      if (b.password) throw forbidden(m.passwordNotHere);
      cols = repo.adminColumns(b);
      if (b.officerId === superUserId) {
        assertSuperUserKept(b, stored);
        if (!own && (emails.length || changedAdminFields(b, stored).includes('login'))) throw forbidden(m.superUserAccount);
        delete cols.accessTypeId;
        delete cols.separationDate;
      }
    } else {
      if (changedAdminFields(body, stored).length) throw forbidden(m.contactOnly);
      cols = repo.presentContactColumns(checkRules(officerContactSchema({ isNew: false, superUserId, wording: 'alert' }), body));
    }
    if (own && emails.length) await assertCurrentPassword(actor, body.currentPassword);
    for (const field of emails) cols[field === 'homeEmail' ? 'homeEmailConfirmed' : 'deptEmailConfirmed'] = !own;
    return { cols, emails: emails.map((field) => ({ field, before: stored[field], after: (cols[field] as string | null | undefined) ?? null, confirm: own })) };
  }

  /**
   * PUT /api/officer/update, body officerInput with the officer's officerId -> 200 the officer.
   * Level 10+ changes every field but the officer id (it names the record): 400 with the §5
   * messages as for insert; the password stays blank (403 'A password is not set by saving an
   * officer. …': PUT /api/officer/resetPassword/{id} mails a temporary one); the super user's
   * access level and separation date cannot change (403 "The super user's access level and
   * separation date cannot be changed."), nor, by anybody but him, his login and e-mail addresses
   * (403 "Only the super user can change the super user's login, password and e-mail
   * addresses."). A separation date of today or earlier ends the officer's sessions. Changing
   * one's own e-mail address needs `currentPassword` (400, field currentPassword: 'Enter your
   * current password …' or 'Current password incorrect!'; failures count toward the lockout); the
   * new address stays unconfirmed until the link mailed to it is followed, and the old address is
   * told. An address level 10 enters for another officer counts as confirmed. Below level 10 an officer
   * changes only the contact fields (address, city, state, zip, phone, mobile, e-mails) of his own
   * record, also while his profile is incomplete: any other field that differs from his record
   * (access level, login, rank, precinct, names, badge, password, ...) is refused with 403 'You can
   * change only your own address, phones and e-mails. …' and nothing changes. Another officer's
   * record below level 10: 403 'Unauthorized!'. 404 'Officer not found.'; 409 for a taken login.
   */
  app.put(
    '/officer/update',
    { schema: { tags, summary: 'Change an officer (level 10; contact fields of one\'s own record below)', body: officerInput, response: { 200: officerJson } }, ...ruleErrors },
    async (request) => {
      const body = request.body;
      const officerId = body.officerId;
      if (typeof officerId !== 'number' || !Number.isInteger(officerId) || officerId < 1) throw badRequest(rc.officers.alerts.officerIdRequired);
      const actor = requireActor(request);
      if (!can(actor, 'officer:write') && !can(actor, 'officer:update-contact', { officerId })) throw forbidden(rc.errors.unauthorized);
      const stored = await readOfficer(officerId);
      const plan = await planUpdate(actor, body, stored);
      const today = toIsoDate(todayIn(tz, app.ctx.now()));
      // Separating an officer (as of today or earlier) ends his sessions: clearing the date later
      // must not bring old tokens back.
      const separates = !!plan.cols.separationDate && plan.cols.separationDate <= today;
      const updated = await db.transaction(async (tx) => {
        await repo.updateOfficer(tx, officerId, plan.cols, { endSessions: separates, actorId: actor.officerId, now: app.ctx.now() });
        const after = await readOfficer(officerId, tx);
        await audit(tx, request, { action: 'update', entity: 'officer', entityId: officerId, before: stored, after });
        return after;
      });
      // mailed once the change is stored (the links it stores point at the new addresses)
      if (plan.emails.length) await mailEmailChange(app, request, { officerId, login: updated.login }, plan.emails);
      return updated;
    },
  );

  /**
   * PUT /api/officer/resetPassword/{id} (no body) -> 200 {message: 'A temporary password has been
   * e-mailed to the officer.'}: the roster administrator's Reset password on an existing record.
   * Mails a temporary password (single use, 30 minutes) to the officer's confirmed addresses, as
   * the public reset does; his password keeps working until the temporary one is used. Audited.
   * Level 10+ (403 'Unauthorized!'); the super user's by nobody but him (403 "Only the super user
   * can …"). 404 'Officer not found.'; 400 when no address, or no confirmed one, is on file; 503
   * when the mail cannot be sent.
   */
  app.put(
    '/officer/resetPassword/:id',
    {
      config: { contract: { add: [503], remove: [409] } },
      schema: { tags, summary: 'E-mail an officer a temporary password (level 10)', params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const actor = authorize(request, 'officer:write');
      const officerId = request.params.id;
      if (officerId === superUserId && actor.officerId !== superUserId) throw forbidden(m.superUserAccount);
      const officer = await accounts.findOfficerById(db, officerId);
      if (!officer) throw notFound(m.notFound);
      await mailTemporaryPassword(app, request, officer, { action: 'password-reset', entity: 'officer', entityId: officerId, details: 'temporary password mailed by the roster administrator' });
      return { message: rc.officers.resetPassword.done };
    },
  );

  /**
   * DELETE /api/officer/delete, body [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}] (spec §7)
   * -> {deleted: n}. Level 10+. All or nothing: the super user (409 'The super user cannot be
   * removed.'), oneself (409 'You cannot remove yourself.') and officers with dependent records
   * (hasChildren 'Y': time tickets, sign-ups, 159 sign-offs, records they entered; 409) are refused;
   * 404 for an unknown id; 400 'Nothing selected to remove.' without a 'Y' row.
   */
  app.delete(
    '/officer/delete',
    {
      schema: {
        tags,
        summary: 'Remove officers without dependent records (level 10)',
        body: deleteList,
        response: { 200: z.object({ deleted: z.number() }) },
      },
    },
    async (request) => {
      const actor = authorize(request, 'officer:write');
      const ids = idsToDelete(request.body);
      if (!ids.length) throw badRequest(rc.errors.nothingToDelete);
      return db.transaction(async (tx) => {
        const before: Array<OfficerJson | null> = [];
        for (const id of ids) before.push(await repo.getOfficer(tx, id, { superUserId, withSoundex: true }));
        const deleted = await repo.deleteOfficers(tx, ids, { superUserId, actorId: actor.officerId });
        await audit(tx, request, ids.map((id, i) => ({ action: 'delete', entity: 'officer', entityId: id, before: before[i] ?? null, after: null })));
        return { deleted };
      });
    },
  );
}
