import { SelectInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, LinearProgress, Typography } from '@mui/material';
import { DateInput } from '../../common/DateTimeInputs';
import { FormToolbar } from '../../common/FormLayout';
import { LIMITS } from '../../domain/constants';
import { format, rc } from '../../domain/messages';
import { isFormUploadType, type UploadJson } from '../../domain/schemas/uploads';
import { UploadFileInput } from './UploadFileInput';
import { UPLOAD_TYPE_NAMES } from './uploadQuery';
import { validateUploadForm, type UploadFormValues } from './uploadFormValues';

const f = rc.uploads.fields;

/** The link of a Forms page document (types 3-7 only): a web address instead of a file. */
function LinkInput() {
  const typeId = Number(useWatch({ name: 'uploadType.uploadTypeId' }));
  if (!isFormUploadType(typeId)) return null;
  return <TextInput source="linkUrl" label={f.linkUrl} type="url" helperText={f.linkHelp} fullWidth />;
}

/** The upload progress bar while the file goes to the server (XMLHttpRequest upload progress). */
export function UploadProgress({ percent }: { percent: number }) {
  const label = format(rc.uploads.progress, { percent });
  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <Typography variant="body2" id="upload-progress-label">
        {label}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-labelledby="upload-progress-label" />
    </Box>
  );
}

/**
 * The upload edit fields of spec §2 (upload type, date, description, file) and, for a Forms page
 * document, its link; every spec §5 upload message on its field; the progress bar while saving
 * (`progress` in percent, null when idle); Save and Back (to `backTo`).
 */
export function UploadForm({ backTo, defaultValues, progress }: { backTo: string; defaultValues?: UploadFormValues; progress: number | null }) {
  const record = useRecordContext<UploadJson>();
  return (
    <SimpleForm
      validate={(v: Record<string, unknown>) => validateUploadForm(v as UploadFormValues)}
      toolbar={<FormToolbar backTo={backTo} />}
      defaultValues={defaultValues}
    >
      <SelectInput source="uploadType.uploadTypeId" label={f.uploadType} choices={[...UPLOAD_TYPE_NAMES]} emptyText="" fullWidth />
      <DateInput source="dateEntered" label={f.dateEntered} />
      <TextInput source="description" label={f.description} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.UPLOAD_DESCRIPTION } }} />
      <UploadFileInput storedName={record?.filename} />
      <LinkInput />
      {progress !== null && <UploadProgress percent={progress} />}
    </SimpleForm>
  );
}
