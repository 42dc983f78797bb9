import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { apiDownload, apiFetch, apiUpload, type ApiOptions, type QueryValue } from './http';
import { IDEMPOTENCY_HEADER } from '../domain/offline';

/** The API resources of spec §7 and their primary-key fields. */
export const PRIMARY_KEYS = {
  timeTickets: 'hoursWorkedId',
  events: 'eventId',
  locations: 'locationId',
  officer: 'officerId',
  news: 'newsId',
  uploads: 'uploadId',
  signup: 'signupId',
} as const;

export type RollCallResource = keyof typeof PRIMARY_KEYS;

/**
 * Lists that are not a resource's getMultiple: the 159 compliance report (spec §2 /DownloadReport),
 * read with getList('downloadReport', {filter: {uploadId} | {officerId}}) from
 * GET /uploads/downloadReport. Its rows are keyed by officerId (per document) or uploadId (per officer).
 * The auditors' queue (/AuditQueue): getList('ticketQueue') from GET /timeTickets/getQueue, time
 * tickets keyed by hoursWorkedId; updateMany('ticketQueue') is its review decision (reviewTickets).
 * The LOSAP Progress report: getList('losapProgress') from GET /losap/progressReport, its rows
 * keyed by the id (officer id) the server gives them. The LOSAP year end's review:
 * getList('losapReview') from GET /losap/review, rows keyed the same way.
 */
const LIST_PATHS: Record<string, string> = {
  downloadReport: '/uploads/downloadReport',
  ticketQueue: '/timeTickets/getQueue',
  losapProgress: '/losap/progressReport',
  losapReview: '/losap/review',
};

type Row = Record<string, unknown>;

function nestedId(row: Row, objectKey: string, idKey: string): unknown {
  const nested = row[objectKey];
  if (nested && typeof nested === 'object' && idKey in nested) return (nested as Row)[idKey];
  return row[idKey];
}

/**
 * A record's primary key: its pk field (timeTickets hoursWorkedId, events eventId, …); for signup
 * `${eventId}-${officerId}` from nested event/officer objects or flat eventId/officerId fields.
 */
export function primaryKeyOf(resource: string, row: Row): Identifier | undefined {
  if (resource === 'signup') {
    const eventId = nestedId(row, 'event', 'eventId');
    const officerId = nestedId(row, 'officer', 'officerId');
    if (eventId === undefined || officerId === undefined) return undefined;
    return `${eventId}-${officerId}`;
  }
  if (resource === 'downloadReport') return (row.officerId ?? row.uploadId) as Identifier | undefined;
  if (resource === 'ticketQueue') return row.hoursWorkedId as Identifier | undefined;
  const key = (PRIMARY_KEYS as Record<string, string>)[resource] ?? 'id';
  return row[key] as Identifier | undefined;
}

/** True for the spec's zero-id placeholder rows (pk 0, or a signup of event 0 or officer 0). */
function isPlaceholder(resource: string, row: Row): boolean {
  if (resource === 'signup') {
    return Number(nestedId(row, 'event', 'eventId')) === 0 || Number(nestedId(row, 'officer', 'officerId')) === 0;
  }
  const pk = primaryKeyOf(resource, row);
  return pk === undefined || pk === null || Number(pk) === 0;
}

function withId(resource: string, row: Row): RaRecord {
  return { ...row, id: primaryKeyOf(resource, row) as Identifier };
}

/** A react-admin filter as query parameters: primitives as they are, arrays joined by commas, the rest left out. */
function filterToQuery(filter: Row | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) query[key] = value.join(',');
    } else if (typeof value !== 'object') {
      query[key] = value as QueryValue;
    }
  }
  return query;
}

/**
 * The query of a list's request without paging: the filter (filterToQuery) and, when sorted,
 * _sort and _order ('ASC' | 'DESC'). getList adds _start and _end; an export route (ExportButton)
 * takes it as it is, with format=csv|xlsx.
 */
export function listQuery(filter: Row | undefined, sort: GetListParams['sort'] | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { ...filterToQuery(filter) };
  if (sort?.field) {
    query._sort = sort.field;
    query._order = sort.order === 'DESC' ? 'DESC' : 'ASC';
  }
  return query;
}

function withoutId(data: Row): Row {
  const copy = { ...data };
  delete copy.id;
  return copy;
}

/** The record of a saved upload without the File that was sent, so react-admin's cache never holds the bytes. */
function withoutFile(data: Row): Row {
  const copy = { ...data };
  delete copy.file;
  return copy;
}

function splitSignupId(id: Identifier): { eventId: string; officerId: string } {
  const [eventId, officerId] = String(id).split('-');
  return { eventId, officerId };
}

/** The spec §7 delete body: a dummy { id: 0, deleteStatus: '' } first, then each id with 'Y'. */
export function deleteBody(ids: Array<Identifier>): Array<{ id: number | string; deleteStatus: string }> {
  return [{ id: 0, deleteStatus: '' }, ...ids.map((id) => ({ id: Number.isFinite(Number(id)) ? Number(id) : id, deleteStatus: 'Y' }))];
}

async function getOneRecord(resource: string, id: Identifier): Promise<RaRecord> {
  const { json } = await apiFetch<Row>('GET', `/${resource}/getSingle/${encodeURIComponent(String(id))}`);
  return withId(resource, json ?? {});
}

/** What create and update of uploads take besides the record: `meta.onProgress(percent)` follows the upload. */
export type UploadMeta = {
  onProgress?: (percent: number) => void;
};

/**
 * What create of a time ticket takes besides the record: `meta.idempotencyKey` goes out as the
 * Idempotency-Key header (src/domain/offline.ts), so a retry after a lost answer makes no second ticket.
 */
export type CreateMeta = {
  idempotencyKey?: string;
};

/**
 * Saves an upload as spec §7 sends it: multipart with a `jsonBodyData` part (the record as JSON,
 * without react-admin's id and the file) and, when `data.file` holds a chosen File, a `file` part.
 */
async function saveUpload(method: 'POST' | 'PUT', path: string, data: Row, meta: UploadMeta | undefined): Promise<unknown> {
  const { file, ...record } = data;
  const form = new FormData();
  form.append('jsonBodyData', JSON.stringify(record));
  if (file instanceof Blob) form.append('file', file, file instanceof File ? file.name : 'upload');
  const { json } = await apiUpload(method, path, form, meta?.onProgress);
  return json;
}

async function deleteIds(resource: string, ids: Identifier[]): Promise<void> {
  if (resource === 'signup') {
    const byEvent = new Map<string, string[]>();
    for (const id of ids) {
      const { eventId, officerId } = splitSignupId(id);
      byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), officerId]);
    }
    for (const [eventId, officerIds] of byEvent) {
      await apiFetch('DELETE', '/signup/delete', { query: { eventId }, body: deleteBody(officerIds) });
    }
    return;
  }
  await apiFetch('DELETE', `/${resource}/delete`, { body: deleteBody(ids) });
}

/** What updateMany('ticketQueue') takes as `data`: the auditor's decision and, for a flag, its reason. */
export interface TicketReviewData {
  decision: 'accept' | 'flag';
  reason?: string;
}

/**
 * One review decision for many tickets of the auditors' queue: PUT /timeTickets/review with
 * {ids, decision, reason?} (one request however many tickets). Other fields of `data` (what the
 * list shows meanwhile) are not sent.
 */
async function reviewTickets(params: UpdateManyParams): Promise<void> {
  const { decision, reason } = params.data as TicketReviewData;
  await apiFetch('PUT', '/timeTickets/review', { body: { ids: params.ids.map(Number), decision, ...(reason === undefined ? {} : { reason }) } });
}

/** Fields a save may send that hold a password: never kept in the record react-admin caches. */
const PASSWORD_FIELDS = ['password', 'verifyPassword', 'currentPassword', 'oldPassword', 'newPassword'];

function savedRecord(resource: string, sent: Row, json: unknown, fallbackId?: Identifier): RaRecord {
  const kept: Row = { ...sent };
  for (const key of PASSWORD_FIELDS) delete kept[key];
  const merged: Row = { ...kept, ...(json && typeof json === 'object' && !Array.isArray(json) ? (json as Row) : {}) };
  const id = primaryKeyOf(resource, merged) ?? fallbackId;
  return { ...merged, id: id as Identifier };
}

/** Roll Call's dataProvider: react-admin CRUD over spec §7 plus `api` for the other calls. */
export type RollCallDataProvider = DataProvider & {
  /** Any other /api call (flagTicket, getTotals, lookups, signup insert, …): resolves to the response body. */
  api: <T = unknown>(method: string, path: string, opts?: ApiOptions) => Promise<T>;
  /**
   * The file of an upload (GET /uploads/download/{uploadId}?officerId): its bytes and the name
   * from Content-Disposition. Fails with 'Error downloading file, error code = {status}' (spec §8).
   */
  download: (uploadId: number, officerId: number, fallbackName: string) => Promise<{ blob: Blob; filename: string }>;
  /**
   * The roster administrator's Reset password (PUT /officer/resetPassword/{officerId}, no body):
   * the officer is e-mailed a temporary password; resolves to the server's {message}. Fails with
   * the server's message: 403 (below level 10, or the super user's record for anybody but him),
   * 404, 400 (no confirmed e-mail address on file), 503 (the mail could not be sent).
   */
  resetOfficerPassword: (officerId: number) => Promise<{ message: string }>;
};

/**
 * The dataProvider of spec §7:
 * - getList: GET /{resource}/getMultiple?{filter}&_sort&_order&_start&_end; placeholder rows (pk 0)
 *   dropped; with X-Total-Count the server paged, else sorted and sliced here.
 * - getOne GET /{resource}/getSingle/{id}; getMany = getOne each; getManyReference = getList on {target: id}.
 * - create POST /{resource}/insert (with meta.idempotencyKey: the Idempotency-Key header); update PUT /{resource}/update (data without id, with its pk);
 *   uploads as multipart (a jsonBodyData part and a file part from data.file), progress to meta.onProgress.
 * - updateMany('ticketQueue', {ids, data: {decision, reason?}}): PUT /timeTickets/review, one request for all.
 * - delete/deleteMany DELETE /{resource}/delete with [{id:0,deleteStatus:''}, {id, deleteStatus:'Y'}…];
 *   signup: DELETE /signup/delete?eventId with the officer ids.
 * Errors are HttpError with the spec §8 messages (see http.ts).
 */
export const dataProvider: RollCallDataProvider = {
  async getList<R extends RaRecord>(resource: string, params: GetListParams) {
    const { pagination, sort, filter } = params;
    const query = listQuery(filter, sort);
    const start = pagination ? (pagination.page - 1) * pagination.perPage : undefined;
    const end = pagination && start !== undefined ? start + pagination.perPage : undefined;
    if (start !== undefined) {
      query._start = start;
      query._end = end;
    }
    const { json, headers } = await apiFetch<Row[]>('GET', LIST_PATHS[resource] ?? `/${resource}/getMultiple`, { query });
    const rows = (Array.isArray(json) ? json : []).filter((row) => !isPlaceholder(resource, row)).map((row) => withId(resource, row));
    const totalHeader = headers.get('X-Total-Count');
    if (totalHeader !== null && totalHeader !== '' && Number.isFinite(Number(totalHeader))) {
      return { data: rows as R[], total: Number(totalHeader) };
    }
    // the sorting (MM/DD/YYYY dates as dates) comes with the first list that needs it
    const { sortRows } = await import('./sortRows');
    const sorted = sortRows(rows, sort);
    const data = start !== undefined ? sorted.slice(start, end) : sorted;
    return { data: data as R[], total: sorted.length };
  },

  async getOne<R extends RaRecord>(resource: string, params: GetOneParams) {
    return { data: (await getOneRecord(resource, params.id)) as R };
  },

  async getMany<R extends RaRecord>(resource: string, params: GetManyParams) {
    const data = await Promise.all(params.ids.map((id) => getOneRecord(resource, id)));
    return { data: data as R[] };
  },

  async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
    const { target, id, filter, ...rest } = params;
    return dataProvider.getList<R>(resource, { ...rest, filter: { ...filter, [target]: id } });
  },

  async create<R extends RaRecord>(resource: string, params: CreateParams) {
    const data = withoutId(params.data as Row);
    const key = (params.meta as CreateMeta | undefined)?.idempotencyKey;
    const headers = key ? { [IDEMPOTENCY_HEADER]: key } : undefined;
    const json = resource === 'uploads' ? await saveUpload('POST', '/uploads/insert', data, params.meta) : (await apiFetch('POST', `/${resource}/insert`, { body: data, headers })).json;
    return { data: savedRecord(resource, withoutFile(data), json) as R };
  },

  async update<R extends RaRecord>(resource: string, params: UpdateParams) {
    const data = withoutId(params.data as Row);
    const pkField = (PRIMARY_KEYS as Record<string, string>)[resource];
    if (pkField && resource !== 'signup' && (data[pkField] === undefined || data[pkField] === null)) {
      data[pkField] = Number.isFinite(Number(params.id)) ? Number(params.id) : params.id;
    }
    const json = resource === 'uploads' ? await saveUpload('PUT', '/uploads/update', data, params.meta) : (await apiFetch('PUT', `/${resource}/update`, { body: data })).json;
    return { data: savedRecord(resource, withoutFile(data), json, params.id) as R };
  },

  async updateMany(resource: string, params: UpdateManyParams) {
    if (resource === 'ticketQueue') {
      await reviewTickets(params);
      return { data: params.ids };
    }
    for (const id of params.ids) {
      await dataProvider.update(resource, { id, data: params.data, previousData: { id } });
    }
    return { data: params.ids };
  },

  async delete<R extends RaRecord>(resource: string, params: DeleteParams) {
    await deleteIds(resource, [params.id]);
    return { data: (params.previousData ?? { id: params.id }) as R };
  },

  async deleteMany(resource: string, params: DeleteManyParams) {
    await deleteIds(resource, params.ids);
    return { data: params.ids };
  },

  async api<T = unknown>(method: string, path: string, opts: ApiOptions = {}): Promise<T> {
    const { json } = await apiFetch<T>(method, path, opts);
    return json;
  },

  download(uploadId: number, officerId: number, fallbackName: string) {
    return apiDownload(`/uploads/download/${uploadId}`, { officerId }, fallbackName);
  },

  async resetOfficerPassword(officerId: number) {
    const { json } = await apiFetch<{ message: string }>('PUT', `/officer/resetPassword/${encodeURIComponent(String(officerId))}`);
    return json;
  },
};
