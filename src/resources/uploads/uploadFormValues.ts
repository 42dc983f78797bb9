import { zodFormErrors } from '../../common/zodFormErrors';
import { rc } from '../../domain/messages';
import { documentKindOfName, isFormUploadType, uploadFields, UPLOAD_TYPE_IDS, type UploadJson } from '../../domain/schemas/uploads';

const v = rc.uploads.validation;

/** Upload form values as react-admin holds them: the record's fields, the type id maybe '' until chosen, and the chosen File. */
export type UploadFormValues = Partial<Omit<UploadJson, 'uploadType'>> & {
  uploadType?: { uploadTypeId?: number | string | null };
  file?: File | null;
};

/** A new upload: of the list's type (when it is an upload type), dated `today`. */
export function newUploadDefaults(uploadTypeId: number | undefined, today: string): UploadFormValues {
  return {
    uploadType: { uploadTypeId: uploadTypeId && UPLOAD_TYPE_IDS.includes(uploadTypeId) ? uploadTypeId : '' },
    dateEntered: today,
    description: '',
    linkUrl: '',
    file: null,
  };
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What the dataProvider sends (spec §7 multipart): the jsonBodyData fields {uploadId?, uploadType:
 * {uploadTypeId}, dateEntered, description, linkUrl} trimmed, plus `file` when one was chosen.
 * Only the Forms page groups (types 3-7) keep a link; a chosen file replaces it.
 */
export function toUploadBody(values: UploadFormValues): Record<string, unknown> {
  const uploadTypeId = Number(values.uploadType?.uploadTypeId) || 0;
  const file = values.file instanceof File ? values.file : null;
  const link = isFormUploadType(uploadTypeId) && !file ? trim(values.linkUrl) : '';
  const body: Record<string, unknown> = {
    uploadType: { uploadTypeId },
    dateEntered: trim(values.dateEntered),
    description: trim(values.description),
    linkUrl: link || null,
  };
  if (values.uploadId) body.uploadId = values.uploadId;
  if (file) body.file = file;
  return body;
}

/**
 * The spec §5 upload messages for the form, from the schema the server uses ('Must select file
 * type', 'Date is required', 'Description is required', 'Description has non-ASCII characters.
 * Please remove!', at most 535), plus the file: 'Only PDF or Word Docs permitted!' for another
 * kind of file (by its name; the server also reads its bytes) or an empty one, 'File is required'
 * when there is neither a chosen nor a stored file nor a link, and 'Send either a file or a link,
 * not both.'.
 */
export function validateUploadForm(values: UploadFormValues): Record<string, unknown> {
  const errors = zodFormErrors(uploadFields, toUploadBody({ ...values, file: null }));
  const chosen = values.file instanceof File ? values.file : null;
  const typeId = Number(values.uploadType?.uploadTypeId) || 0;
  const link = isFormUploadType(typeId) ? trim(values.linkUrl) : '';
  if (chosen && (!documentKindOfName(chosen.name) || chosen.size === 0)) errors.file = v.onlyPdfOrWord;
  else if (chosen && link) errors.linkUrl ??= v.fileOrLink;
  else if (!chosen && !link && !values.filename) errors.file = v.fileRequired;
  return errors;
}
