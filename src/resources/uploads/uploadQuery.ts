import { UPLOAD_TYPE } from '../../domain/constants';
import { fromInstant } from '../../domain/dates';
import { rc } from '../../domain/messages';
import { FORM_UPLOAD_TYPE, isFormUploadType } from '../../domain/schemas/uploads';

const t = rc.uploads.titles;
const g = rc.uploads.formGroups;

/** The names of the upload types (spec §9: 1 159 Board, 2 LOSAP Notices; 3-7 the Forms page groups). */
export const UPLOAD_TYPE_NAMES: ReadonlyArray<{ id: number; name: string }> = [
  { id: UPLOAD_TYPE.BOARD_159, name: t.board159 },
  { id: UPLOAD_TYPE.LOSAP_NOTICES, name: t.losapNotices },
  { id: FORM_UPLOAD_TYPE.DEPARTMENTAL_FORMS, name: g.departmentalForms },
  { id: FORM_UPLOAD_TYPE.TEAM_FORMS, name: g.teamForms },
  { id: FORM_UPLOAD_TYPE.REFERENCE_DOCUMENTS, name: g.referenceDocuments },
  { id: FORM_UPLOAD_TYPE.FIELD_TRAINING_FORMS, name: g.fieldTrainingForms },
  { id: FORM_UPLOAD_TYPE.HOLIDAY_DEPLOYMENT_FORMS, name: g.holidayDeploymentForms },
];

/** The name of an upload type; 'Uploads' for none or an unknown id. */
export function uploadTypeName(uploadTypeId: number | undefined): string {
  return UPLOAD_TYPE_NAMES.find((u) => u.id === uploadTypeId)?.name ?? t.uploads;
}

/** The query of /UploadBrowse and /UploadEdit (spec §2): uploadTypeId and the dateEntered range (MM/DD/YYYY). */
export interface UploadQuery {
  uploadTypeId?: number;
  dateEntered1?: string;
  dateEntered2?: string;
}

/** Reads an /UploadBrowse query string; a type that is not a positive number is left out. */
export function parseUploadQuery(search: string): UploadQuery {
  const params = new URLSearchParams(search);
  const typeId = Number(params.get('uploadTypeId'));
  const q: UploadQuery = {};
  if (Number.isInteger(typeId) && typeId > 0) q.uploadTypeId = typeId;
  const since = params.get('dateEntered1');
  const until = params.get('dateEntered2');
  if (since) q.dateEntered1 = since;
  if (until) q.dateEntered2 = until;
  return q;
}

/** '?uploadTypeId=1&dateEntered1=…&dateEntered2=…' (empty values left out); '' when there are none. */
export function uploadQueryString(q: UploadQuery): string {
  const params = new URLSearchParams();
  if (q.uploadTypeId) params.set('uploadTypeId', String(q.uploadTypeId));
  if (q.dateEntered1) params.set('dateEntered1', q.dateEntered1);
  if (q.dateEntered2) params.set('dateEntered2', q.dateEntered2);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Where the upload form returns: the Forms page for its groups, else the upload list with the query kept. */
export function uploadBackTo(q: UploadQuery): string {
  return q.uploadTypeId && isFormUploadType(q.uploadTypeId) ? '/Forms' : `/UploadBrowse${uploadQueryString(q)}`;
}

/** A sign-off instant (ISO 8601) as 'MM/DD/YYYY HH:mm' in the organisation's time zone. */
export function formatSignoff(iso: string, tz: string): string {
  const { date, time } = fromInstant(iso, tz);
  return `${date} ${time}`;
}

/** A file size in bytes for people: '850 B', '12 KB', '1.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
