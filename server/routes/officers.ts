import { z } from 'zod';
import type { App } from '../app';
import { authorize } from '../auth/guard';
import { notFound } from '../errors';
import { rc } from '../../src/domain/messages';
import { todayIn, toIsoDate } from '../../src/domain/dates';
import { getOfficer, listOfficers, OFFICER_ORDER_BY, type OfficerOrderBy } from '../db/repositories/officers';

const errorBody = z.object({ statusCode: z.number(), error: z.string(), message: z.string() }).passthrough();
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['officers'];

const listQuery = z.object({
  excludeSeparated: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['Y', 'N']).optional()),
  orderBy: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.replace(/\s+/g, '').toLowerCase() : v),
    z.enum(Object.keys(OFFICER_ORDER_BY) as [OfficerOrderBy, ...OfficerOrderBy[]]).default('last_name,first_name'),
  ),
  accessTypeId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
});

const listRow = z.object({
  officerId: z.number(),
  lastName: z.string(),
  firstName: z.string(),
  mobile: z.string().nullable().optional(),
  rank: z.object({ rankId: z.number(), description: z.string() }).nullable().optional(),
  separationDate: z.string().nullable().optional(),
});

/** Officers, read side (spec §7): pickers, contact lists, one officer's record. */
export async function officerRoutes(app: App) {
  /**
   * GET /api/officer/getMultiple?excludeSeparated=Y&orderBy=last_name,first_name&accessTypeId=
   * -> [{officerId: 0, lastName: '', firstName: ''}, then {officerId, lastName, firstName, mobile,
   * rank {rankId, description}, separationDate MM/DD/YYYY|null}]. excludeSeparated drops officers
   * separated on or before today (ORG_TIMEZONE); orderBy is one of last_name,first_name |
   * first_name,last_name | officer_id (else 400). Every level but 3 (officer:list).
   */
  app.get(
    '/officer/getMultiple',
    { schema: { tags, summary: 'Officers for pickers and contact lists', querystring: listQuery, response: { 200: z.array(listRow), ...errors } } },
    async (request) => {
      authorize(request, 'officer:list');
      const q = request.query;
      const todayIso = toIsoDate(todayIn(app.ctx.config.ORG_TIMEZONE, app.ctx.now()));
      const rows = await listOfficers(app.ctx.db, { excludeSeparated: q.excludeSeparated === 'Y', accessTypeId: q.accessTypeId, orderBy: q.orderBy, todayIso });
      return [{ officerId: 0, lastName: '', firstName: '' }, ...rows];
    },
  );

  /**
   * GET /api/officer/getSingle/{id} -> the officer (spec §3) with dates MM/DD/YYYY, without
   * password material. The officer's own record, or anyone's at level 10+ (else 403); 404 unknown.
   */
  app.get(
    '/officer/getSingle/:id',
    { schema: { tags, summary: 'One officer', params: z.object({ id: z.coerce.number().int().min(1) }) } },
    async (request) => {
      authorize(request, 'officer:read', { officerId: request.params.id });
      const officer = await getOfficer(app.ctx.db, request.params.id);
      if (!officer) throw notFound(rc.errors.notFound);
      return officer;
    },
  );
}
