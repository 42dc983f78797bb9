/**
 * Upload wire shapes (spec §3 Upload, §5 Upload, §7 uploads calls), shared by the server (request
 * validation, OpenAPI) and the browser (form, accepted file types). Dates MM/DD/YYYY; timestamps
 * ISO 8601; sizes in bytes.
 */
import './jitless';
import { z } from 'zod';
import { wholeNumber, wholeNumberText } from './common';
import { US_DATE, usDateText, instantText } from './wire';
import { format, rc } from '../messages';
import { LIMITS, PAGE_SIZES, UPLOAD_TYPE } from '../constants';
import { hasNoBidiControls, hasNoControlCharacters, isAscii, isValidWebAddress } from '../validators';
import { isValidDate } from '../dates';

const v = rc.uploads.validation;

/**
 * The document groups of the Forms page (spec §2 Forms page), stored as uploads of these upload
 * types with the same storage and file rules as 159s and LOSAP notices. Types 1 and 2 are the
 * 159 Board and LOSAP Notices (spec §9).
 */
export const FORM_UPLOAD_TYPE = {
  DEPARTMENTAL_FORMS: 3,
  TEAM_FORMS: 4,
  REFERENCE_DOCUMENTS: 5,
  FIELD_TRAINING_FORMS: 6,
  HOLIDAY_DEPLOYMENT_FORMS: 7,
} as const;
export const FORM_UPLOAD_TYPE_IDS: readonly number[] = Object.values(FORM_UPLOAD_TYPE);
/** Every upload type id: 1 159 Board, 2 LOSAP Notices, 3-7 the Forms page groups. */
export const UPLOAD_TYPE_IDS: readonly number[] = [UPLOAD_TYPE.BOARD_159, UPLOAD_TYPE.LOSAP_NOTICES, ...FORM_UPLOAD_TYPE_IDS];

/** True for the Forms page groups, whose documents may also be plain links (docs/decisions.md). */
export const isFormUploadType = (uploadTypeId: number) => FORM_UPLOAD_TYPE_IDS.includes(uploadTypeId);

/** The accepted documents (spec §5 Upload): PDF, DOC, DOCX, by extension and stored content type. */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_TYPES;
/** The `accept` attribute of the file input: '.pdf,.doc,.docx,application/pdf,…'. */
export const DOCUMENT_ACCEPT = [...Object.keys(DOCUMENT_TYPES).map((k) => `.${k}`), ...Object.values(DOCUMENT_TYPES)].join(',');

/**
 * The document kind a file name claims by its extension ('Notice.PDF' -> 'pdf'), or null for any
 * other name. The server also checks the bytes (magic numbers); both must agree.
 */
export function documentKindOfName(filename: string): DocumentKind | null {
  const m = /\.(pdf|docx?)$/i.exec(filename.trim());
  return m ? (m[1].toLowerCase() as DocumentKind) : null;
}

/** A link of the Forms page: http:// or https:// and a valid web address, at most 2000 characters. */
export function isValidDocumentLink(value: string): boolean {
  return value.length <= 2000 && /^https?:\/\//i.test(value) && isValidWebAddress(value);
}

const tooLong = (max: number) => format(rc.validation.tooLong, { max });
const readOnly = z.unknown().optional();

/**
 * The jsonBodyData part of POST /api/uploads/insert and PUT /api/uploads/update (spec §5 Upload):
 * uploadType {uploadTypeId} ('Must select file type'), dateEntered MM/DD/YYYY ('Date is required'),
 * description (required, ASCII only, at most 535), linkUrl (Forms groups only, instead of a file).
 * The read-only fields of the upload JSON (filename, signoffTimestamp, …) are accepted and ignored,
 * so a record read from getSingle can be sent back; any other field is refused (400).
 */
export const uploadFields = z
  .object({
    uploadId: z.number().int().min(0).nullish(),
    uploadType: z
      .object({ uploadTypeId: z.number().int().nullish(), uploadTypeDescription: z.string().nullish() })
      .strict()
      .nullish(),
    dateEntered: z
      .string({ error: rc.validation.dateRequired })
      .trim()
      .min(1, rc.validation.dateRequired)
      .refine(isValidDate, rc.validation.invalidDate).meta(US_DATE),
    description: z
      .string({ error: v.descriptionRequired })
      .trim()
      .min(1, v.descriptionRequired)
      .max(LIMITS.UPLOAD_DESCRIPTION, tooLong(LIMITS.UPLOAD_DESCRIPTION))
      .refine(hasNoBidiControls, rc.validation.bidiControl)
      .refine(isAscii, v.descriptionAscii),
    linkUrl: z
      .string()
      .trim()
      .nullish()
      .refine((s) => !s || hasNoBidiControls(s), rc.validation.bidiControl)
      .refine((s) => !s || hasNoControlCharacters(s), rc.validation.controlCharacter)
      .refine((s) => !s || isValidDocumentLink(s), v.invalidLink),
    filename: readOnly,
    contentType: readOnly,
    fileSize: readOnly,
    enteredBy: readOnly,
    hasChildren: readOnly,
    signoffTimestamp: readOnly,
    updatedTimestamp: readOnly,
    downloadSignoffs: readOnly,
  })
  .strict()
  .superRefine((u, ctx) => {
    const typeId = u.uploadType?.uploadTypeId ?? 0;
    if (!UPLOAD_TYPE_IDS.includes(typeId)) {
      ctx.addIssue({ code: 'custom', path: ['uploadType', 'uploadTypeId'], message: v.mustSelectFileType });
    } else if (u.linkUrl && !isFormUploadType(typeId)) {
      ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: v.linkNotForType });
    }
  })
  .transform((u) => ({
    uploadId: u.uploadId ?? 0,
    uploadTypeId: u.uploadType?.uploadTypeId ?? 0,
    dateEntered: u.dateEntered,
    description: u.description,
    linkUrl: u.linkUrl || null,
  }));
export type UploadInput = z.infer<typeof uploadFields>;

/** The upload as the API answers it (spec §3 Upload); never the file bytes. */
export const uploadJson = z.object({
  uploadId: z.number(),
  uploadType: z.object({ uploadTypeId: z.number(), uploadTypeDescription: z.string() }),
  /** MM/DD/YYYY */
  dateEntered: usDateText(),
  description: z.string(),
  /** The stored file's name; null for a link. */
  filename: z.string().nullable(),
  /** The stored content type (application/pdf, application/msword, …docx); null for a link. */
  contentType: z.string().nullable(),
  /** File size in bytes; null for a link. */
  fileSize: z.number().nullable(),
  /** A Forms page link (http/https) instead of a file; null for a file. */
  linkUrl: z.string().nullable(),
  /** Officer id of the administrator who saved it last. */
  enteredBy: z.number().nullable(),
  /** Always 'N': an upload can always be removed (its sign-offs go with it). */
  hasChildren: z.enum(['Y', 'N']),
  /** When the officer asked about (the caller by default) signed it off, ISO 8601; null when unread. */
  signoffTimestamp: instantText().nullable(),
  /** ISO 8601 */
  updatedTimestamp: instantText(),
  /** How many officers have signed it off. */
  downloadSignoffs: z.number(),
});
export type UploadJson = z.infer<typeof uploadJson>;

const optionalId = z.preprocess((x) => (x === '' || x === null ? undefined : x), wholeNumberText(0).optional());
const optionalDate = z.preprocess((x) => (x === '' ? undefined : x), z.string().trim().max(10).optional());
const pageFields = {
  _order: z.preprocess((x) => (typeof x === 'string' ? x.toUpperCase() : x), z.enum(['ASC', 'DESC']).optional()),
  _start: wholeNumberText(0).optional(),
  _end: wholeNumberText(0).optional(),
};
/** Most rows one page holds: the largest page size of spec §9 (200). */
export const MAX_UPLOAD_PAGE = Math.max(...PAGE_SIZES);

export const UPLOAD_SORT_KEYS = ['uploadId', 'dateEntered', 'description', 'filename', 'uploadTypeId', 'signoffTimestamp'] as const;

/**
 * Query of GET /api/uploads/getMultiple (spec §7): officerId (whose sign-offs the rows show;
 * the caller by default), dateEntered1/dateEntered2 (MM/DD/YYYY, inclusive), uploadTypeId (one id
 * or several separated by commas, e.g. '3,4,5,6,7' for the Forms page), plus react-admin's
 * _sort/_order/_start/_end (_sort 'id' is uploadId, react-admin's default).
 */
export const uploadListQuery = z.object({
  officerId: optionalId,
  dateEntered1: optionalDate,
  dateEntered2: optionalDate,
  uploadTypeId: z.preprocess(
    (x) => (x === '' || x === undefined || x === null ? undefined : String(x).split(',').map((p) => p.trim()).filter((p) => p && p !== '0').map(Number)),
    z.array(wholeNumber(1)).max(20).optional(),
  ),
  _sort: z.preprocess(
    (x) => (x === '' ? undefined : x === 'id' ? 'uploadId' : x === 'uploadType.uploadTypeId' ? 'uploadTypeId' : x),
    z.enum(UPLOAD_SORT_KEYS).optional(),
  ),
  ...pageFields,
});
export type UploadListQuery = z.infer<typeof uploadListQuery>;

/** ?officerId of getSingle, download and markCheckedAsRead: the caller by default. */
export const officerQuery = z.object({ officerId: optionalId });

/**
 * Body of PUT /api/uploads/markCheckedAsRead (spec §7): [{id, deleteStatus}], 'Y' signs the
 * 159 off now, anything else unticks it. Entries with id 0 (the spec's dummy) are skipped.
 */
export const signoffList = z
  .array(z.object({ id: z.number().int().min(0), deleteStatus: z.string().max(1).nullish() }).strict())
  .min(1)
  .max(500);
export type SignoffList = z.infer<typeof signoffList>;

/** Answer of markCheckedAsRead: each 159 of the body with the officer's sign-off now (ISO 8601 or null). */
export const signoffResult = z.array(z.object({ id: z.number(), signoffTimestamp: instantText().nullable() }));

export const REPORT_OFFICER_SORT_KEYS = ['officerId', 'lastName', 'firstName', 'precinct', 'signoffTimestamp'] as const;
export const REPORT_UPLOAD_SORT_KEYS = ['uploadId', 'dateEntered', 'description', 'signoffTimestamp'] as const;

/**
 * Query of GET /api/uploads/downloadReport (spec §2 /DownloadReport): exactly one of uploadId (per
 * document: every active, non-exempt officer) or officerId (per officer: every 159), plus
 * _sort/_order/_start/_end ('status' sorts like signoffTimestamp; 'id' is the default order).
 */
export const reportQuery = z.object({
  uploadId: optionalId,
  officerId: optionalId,
  _sort: z.preprocess(
    (x) => (x === '' || x === 'id' ? undefined : x === 'status' ? 'signoffTimestamp' : x),
    z.enum([...new Set([...REPORT_OFFICER_SORT_KEYS, ...REPORT_UPLOAD_SORT_KEYS])] as [string, ...string[]]).optional(),
  ),
  ...pageFields,
});
export type ReportQuery = z.infer<typeof reportQuery>;

const status = z.string().describe("'UNREAD', or the sign-off time MM/DD/YYYY HH:mm in ORG_TIMEZONE");

/** Per-document report row: an officer and his sign-off of the 159. */
export const reportOfficerRow = z.object({
  officerId: z.number(),
  lastName: z.string(),
  firstName: z.string(),
  precinct: z.object({ precinctId: z.number(), description: z.string() }).nullable(),
  signoffTimestamp: instantText().nullable(),
  status,
});
/** Per-officer report row: a 159 and the officer's sign-off of it. */
export const reportUploadRow = z.object({
  uploadId: z.number(),
  dateEntered: usDateText(),
  description: z.string(),
  signoffTimestamp: instantText().nullable(),
  status,
});
export type ReportOfficerRow = z.infer<typeof reportOfficerRow>;
export type ReportUploadRow = z.infer<typeof reportUploadRow>;

/** ?olderThanDays of GET /api/countUnread159s/{officerId}: count only 159s entered more than that many days ago. */
export const unreadCountQuery = z.object({ olderThanDays: z.coerce.number().int().min(0).max(36500).optional() });
