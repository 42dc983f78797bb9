import { useId } from 'react';
import { useInput, ValidationError, type ValidationErrorMessage } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Button, FormControl, FormHelperText, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { format, rc } from '../../domain/messages';
import { DOCUMENT_ACCEPT } from '../../domain/schemas/uploads';
import { formatFileSize } from './uploadQuery';

const f = rc.uploads.fields;

/** Hidden from sight but not from the keyboard or assistive technology (the button shows it). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * The file of an upload (spec §2 Uploads edit fields; §5 'Only PDF or Word Docs permitted!'): a
 * 'Choose File' button holding the real file input (accept: PDF, DOC, DOCX; Tab reaches it,
 * Space opens the picker), the chosen file's name and size, or the stored file's name on an
 * edit, and the accepted types or the field's message below. Choosing a file clears a Forms
 * document's link (a document is a file or a link, never both).
 */
export function UploadFileInput({ storedName }: { storedName?: string | null }) {
  const { field, fieldState, formState } = useInput({ source: 'file' });
  const { setValue, getValues } = useFormContext();
  const helperId = useId();
  const show = !!fieldState.error && (fieldState.isTouched || formState.isSubmitted);
  const chosen = field.value instanceof File ? field.value : null;
  const shown = chosen
    ? format(f.chosenFile, { name: chosen.name, size: formatFileSize(chosen.size) })
    : storedName
      ? format(f.currentFile, { name: storedName })
      : '';
  return (
    <FormControl error={show} sx={{ mb: 1, width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {/* a label that looks like a button: the file input inside is the one control (no role or tab stop of its own) */}
        <Button
          component="label"
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          startIcon={<UploadFileIcon />}
          sx={{ minHeight: 40, '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {f.chooseFile}
          <input
            type="file"
            name={field.name}
            accept={DOCUMENT_ACCEPT}
            aria-describedby={helperId}
            aria-invalid={show}
            style={visuallyHidden}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              field.onChange(file);
              field.onBlur();
              if (file && getValues('linkUrl')) setValue('linkUrl', '', { shouldDirty: true });
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {shown}
        </Typography>
      </Stack>
      <FormHelperText id={helperId}>
        {show && fieldState.error?.message ? <ValidationError error={fieldState.error.message as ValidationErrorMessage} /> : f.acceptedTypes}
      </FormHelperText>
    </FormControl>
  );
}
